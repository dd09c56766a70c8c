-- Set inside the first transaction a request with an Idempotency-Key commits (ADR 65 addendum): when its answer
-- is lost (the COMMIT's reply, or a later step failing), the key is kept, not released, so a retry cannot make
-- the change a second time.
ALTER TABLE idempotency_keys ADD COLUMN committed_at timestamptz;
