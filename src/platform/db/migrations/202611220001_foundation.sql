-- Tenants, their API credentials, accounts and contacts, idempotency records.
-- Personal data lives in encrypted columns (*_enc, pii); blind indexes (*_index) allow exact lookups.

CREATE TABLE clients (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  sandbox     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_credentials (
  id           text PRIMARY KEY,           -- the OAuth client_id
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name         text NOT NULL DEFAULT 'default',
  secret_hash  text NOT NULL,
  scopes       text NOT NULL,               -- space-separated, as in the token's scope claim
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_credentials_client ON api_credentials (client_id);

CREATE TABLE accounts (
  seq          bigserial UNIQUE,
  id           text PRIMARY KEY,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  type         text NOT NULL CHECK (type IN ('INDIVIDUAL', 'COMPANY')),
  name_enc     bytea NOT NULL,
  reg_number   text,
  revision     integer NOT NULL DEFAULT 1,
  -- Client portal (endpoint 10): the link is a bearer secret, kept encrypted to show it again, hashed to look it up.
  portal_token_enc  bytea,
  portal_token_hash text UNIQUE,
  portal_expires_at timestamptz,
  onboarding_completed boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_client_seq ON accounts (client_id, seq);

CREATE TABLE contacts (
  seq          bigserial UNIQUE,
  id           text PRIMARY KEY,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id   text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  role         text NOT NULL CHECK (role IN ('PRIMARY', 'ADDITIONAL')),
  pii          bytea NOT NULL,
  email_index  text,
  revision     integer NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_account_seq ON contacts (client_id, account_id, seq);
CREATE INDEX contacts_client_seq ON contacts (client_id, seq);
CREATE INDEX contacts_email_index ON contacts (client_id, email_index);
CREATE UNIQUE INDEX contacts_one_primary ON contacts (account_id) WHERE role = 'PRIMARY';

CREATE TABLE idempotency_keys (
  client_id     text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  key           text NOT NULL,
  method        text NOT NULL,
  path          text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer,                     -- null while the first request is still running
  response_enc  bytea,                       -- encrypted: replayed bodies may hold personal data
  response_type text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
