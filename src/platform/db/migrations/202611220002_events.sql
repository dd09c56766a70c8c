-- The transactional outbox: one row per event, written in the transaction of the change that caused it.
-- Rows hold ids only (the thin webhook payload), never personal data.
CREATE TABLE events (
  seq          bigserial UNIQUE,
  id           text PRIMARY KEY,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  event        text NOT NULL,
  entity       text NOT NULL,
  report_type  text,
  account_id   text NOT NULL,
  contact_id   text,
  report_id    text,
  revision     text,
  occurred_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  dispatched   boolean NOT NULL DEFAULT false
);
CREATE INDEX events_client_seq ON events (client_id, seq);
CREATE INDEX events_undispatched ON events (seq) WHERE NOT dispatched;
