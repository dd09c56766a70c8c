-- The record ids a stored idempotent response names (its body and path), kept in the clear beside the sealed
-- response: ids are not personal data, and deleting a record can then drop the responses that would replay it
-- without decrypting every response of the client (ADR 76). NULL on rows stored before this column existed.
ALTER TABLE idempotency_keys ADD COLUMN subject_ids text[];
