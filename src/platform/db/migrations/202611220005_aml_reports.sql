-- AML reports (endpoints 7 and 8): one per contact. Results and reviews are sealed (they describe a person);
-- the columns in the clear are what queues and the console filter on.
CREATE TABLE aml_reports (
  contact_id        text PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
  client_id         text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id        text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status            text NOT NULL CHECK (status IN ('INITIAL', 'READY', 'CREDIT_BALANCE_EXCEEDED', 'ERROR')),
  revision          integer NOT NULL DEFAULT 1,
  run_id            text NOT NULL,            -- the current check; a superseded job sees another id and stops
  ttl_in_days       integer NOT NULL,
  auto_refresh      boolean NOT NULL,
  decision          text,
  pep_matches       text,
  sanctions_matches text,
  match_ids         text[] NOT NULL DEFAULT '{}',
  data_enc          bytea,
  review_enc        bytea,
  needs_review      boolean NOT NULL DEFAULT false,
  error             text,
  requested_at      timestamptz NOT NULL,
  last_decision_at  timestamptz,
  refreshed_at      timestamptz,
  expires_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aml_reports_client ON aml_reports (client_id, account_id);
CREATE INDEX aml_reports_refresh ON aml_reports (expires_at) WHERE auto_refresh;
CREATE INDEX aml_reports_review ON aml_reports (client_id) WHERE needs_review;
CREATE INDEX aml_reports_active ON aml_reports (contact_id) WHERE status = 'READY';
