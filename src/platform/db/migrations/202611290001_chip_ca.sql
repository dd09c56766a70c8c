-- Chip authentication checked by the server (issue 22, ADR 0198): a challenge row may also hold a chip
-- authentication session, the session keys (K_enc, K_mac) the server derived from its own ephemeral key and the
-- chip's DG14 key, with the protocol, the chip key and what was read. Sealed under the contact's data key (AES-GCM,
-- bound to the contact), never in clear: whoever held them could answer for the chip. The
-- ephemeral private key is not kept. Used once, with the challenge, by the chip upload; NULL for an active
-- authentication challenge alone.
ALTER TABLE onboarding_chip_challenges ADD COLUMN ca_session_enc bytea;
