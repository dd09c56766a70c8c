-- Data protection (ADR 75, ADR 76): per-owner data keys wrapped by the key-encryption key, retention policies,
-- records kept after a relationship ended, erasure requests. Nothing here holds personal data in the clear.

-- One data key per owner: 'system', an account (acc_...) or a contact (ctc_...). `wrapped` is the key sealed
-- by the KEK named in `kek_id`. Deliberately no foreign key to contacts or accounts: a contact's key outlives
-- its live rows while its record is retained, and deleting the key row is what erases (crypto-shredding).
CREATE TABLE data_keys (
  owner_id     text PRIMARY KEY,
  client_id    text REFERENCES clients(id) ON DELETE CASCADE,
  kek_id       text NOT NULL,
  wrapped      bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  rewrapped_at timestamptz
);
CREATE INDEX data_keys_kek ON data_keys (kek_id, owner_id);

-- Retention per client; no row means the default (5 years for live clients, 0 for sandbox clients).
CREATE TABLE retention_policies (
  client_id         text PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  aml_records_years integer NOT NULL CHECK (aml_records_years BETWEEN 0 AND 10),
  revision          integer NOT NULL DEFAULT 1,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A record kept after the relationship ended (a DELETE, or an erasure request), until the retention period
-- runs out. `rows` are the live rows as they were, sealed columns still sealed under the owner's data key.
CREATE TABLE retained_records (
  owner_id      text PRIMARY KEY,
  client_id     text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id    text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('CONTACT', 'ACCOUNT')),
  reason        text NOT NULL CHECK (reason IN ('DELETED', 'ERASURE_REQUESTED')),
  ended_at      timestamptz NOT NULL,
  erasure_id    text,                        -- the erasure request that ended it, if one did
  rows          jsonb NOT NULL,
  storage_keys  text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX retained_records_client ON retained_records (client_id, ended_at);
CREATE INDEX retained_records_account ON retained_records (client_id, account_id);
CREATE INDEX retained_records_erasure ON retained_records (erasure_id) WHERE erasure_id IS NOT NULL;

-- Erasure requests: ids and states only. RESTRICTED while the record is kept, COMPLETED once it is deleted.
CREATE TABLE erasure_requests (
  seq          bigserial UNIQUE,
  id           text PRIMARY KEY,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id   text NOT NULL,
  contact_id   text,
  status       text NOT NULL CHECK (status IN ('RESTRICTED', 'COMPLETED')),
  requested_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX erasure_requests_client ON erasure_requests (client_id, seq);
CREATE INDEX erasure_requests_subject ON erasure_requests (client_id, account_id) WHERE status = 'RESTRICTED';
