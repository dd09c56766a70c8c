-- Onboarding reports (endpoints 5 and 6): one per contact. What the contact supplied and what the engines
-- decided are sealed (AES-256-GCM, bound to the contact); the columns in the clear are what queues, the link
-- lookup and the console filter on. The link token is stored as a SHA-256 hash (for lookup) and sealed (so
-- endpoint 6 can show it again); a new request replaces both, which revokes the old link.
CREATE TABLE onboarding_reports (
  contact_id          text PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
  client_id           text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id          text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status              text NOT NULL CHECK (status IN ('INITIAL', 'IN_PROGRESS', 'READY', 'EXPIRED', 'ERROR', 'CREDIT_BALANCE_EXCEEDED')),
  revision            integer NOT NULL DEFAULT 1,
  run_id              text NOT NULL,          -- the current request; jobs of a replaced request see another id and stop
  parameters          jsonb NOT NULL,         -- config.parameters as the caller sent them (string booleans)
  ttl_in_days         integer NOT NULL,
  auto_refresh        boolean NOT NULL,
  link_hash           text UNIQUE,
  link_enc            bytea,
  link_expires_at     timestamptz,
  flow_enc            bytea,                  -- the contact's answers so far (resumable flow)
  data_enc            bytea,                  -- personal_details, idscan, engine reasons
  review_enc          bytea,
  document_decision   text,
  face_match_decision text,
  needs_review        boolean NOT NULL DEFAULT false,
  error               text,
  requested_at        timestamptz NOT NULL,
  request_sent_at     timestamptz,
  started_at          timestamptz,
  submitted_at        timestamptz,
  completed_at        timestamptz,
  refreshed_at        timestamptz,
  expires_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX onboarding_reports_client ON onboarding_reports (client_id, account_id);
CREATE INDEX onboarding_reports_expiry ON onboarding_reports (expires_at) WHERE status = 'READY';
CREATE INDEX onboarding_reports_link_expiry ON onboarding_reports (link_expires_at) WHERE status IN ('INITIAL', 'IN_PROGRESS');

-- Files the contact uploaded: the bytes live in the file store (sealed); this row says which slot of which
-- request they fill. A new upload to the same slot replaces the old one.
CREATE TABLE onboarding_files (
  id          text PRIMARY KEY,
  contact_id  text NOT NULL REFERENCES onboarding_reports(contact_id) ON DELETE CASCADE,
  client_id   text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  run_id      text NOT NULL,
  slot        text NOT NULL,
  storage_key text NOT NULL,
  media_type  text NOT NULL,
  size_bytes  integer NOT NULL,
  sha256      text NOT NULL,
  feedback_enc bytea,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contact_id, run_id, slot)
);

-- Each client's e-mail connection (SMTP) for invitation mail; the whole setting is sealed (it holds a password).
CREATE TABLE email_connections (
  client_id   text PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  config_enc  bytea NOT NULL,
  revision    integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Invitation e-mails: one row per request, so failures are visible (status, attempts, last error).
CREATE TABLE onboarding_invitations (
  id          text PRIMARY KEY,
  client_id   text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  contact_id  text NOT NULL REFERENCES onboarding_reports(contact_id) ON DELETE CASCADE,
  run_id      text NOT NULL,
  status      text NOT NULL CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  message_id  text,
  sent_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX onboarding_invitations_contact ON onboarding_invitations (client_id, contact_id, created_at);
