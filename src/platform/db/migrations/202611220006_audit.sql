-- The audit trail: append-only and hash-chained (each entry holds the hash of the one before), so a changed,
-- deleted or reordered entry is detected by `kyc audit verify`. Entries hold ids and action names only.
CREATE TABLE audit_log (
  seq        bigint PRIMARY KEY,             -- 1, 2, 3, ... assigned under the head lock, no gaps
  at         timestamptz NOT NULL,
  client_id  text,
  actor      text NOT NULL,
  action     text NOT NULL,
  subject    text,
  details    jsonb NOT NULL DEFAULT '{}',
  prev_hash  text NOT NULL,
  hash       text NOT NULL
);
CREATE INDEX audit_log_client ON audit_log (client_id, seq);

CREATE TABLE audit_head (
  id    integer PRIMARY KEY CHECK (id = 1),
  seq   bigint NOT NULL,
  hash  text NOT NULL
);
INSERT INTO audit_head (id, seq, hash) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');

-- Append-only for the application: updates and deletes are refused by the database itself.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
