-- Active authentication challenges for passport chips (issue 22, ADR 0127): 8 random bytes the server gives the
-- mobile reader for one onboarding run, signed by the chip and sent back with the chip data. Single use (used_at,
-- and the chip upload that used it), short-lived (expires_at). A nonce, no personal data; the rows go with the
-- contact's onboarding report.
CREATE TABLE onboarding_chip_challenges (
  contact_id  text NOT NULL REFERENCES onboarding_reports(contact_id) ON DELETE CASCADE,
  client_id   text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  run_id      text NOT NULL,
  challenge   text NOT NULL,             -- 16 hex digits
  issued_at   timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  file_id     text,                      -- the chip upload (onboarding_files.id) that used it
  PRIMARY KEY (contact_id, run_id, challenge)
);
CREATE INDEX onboarding_chip_challenges_client ON onboarding_chip_challenges (client_id, contact_id);
