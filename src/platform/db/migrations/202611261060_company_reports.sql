-- Company verification (KYB, issue 24): one company check per COMPANY account, against Companies House.
-- What the register says of the company and its people (names, month and year of birth, addresses) is sealed
-- under the account's data key (ADR 75); the clear columns are what queues, monitoring and the console filter on.
CREATE TABLE company_reports (
  account_id      text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  client_id       text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  status          text NOT NULL CHECK (status IN ('INITIAL', 'READY', 'ERROR')),
  revision        integer NOT NULL DEFAULT 1,
  run_id          text NOT NULL,            -- the current check; a superseded job sees another id and stops
  company_number  text NOT NULL,
  source          text,                     -- companies_house_api or companies_house_bulk
  decision        text,
  needs_review    boolean NOT NULL DEFAULT false,
  data_enc        bytea,
  monitored       boolean NOT NULL DEFAULT true,
  error           text,
  requested_at    timestamptz NOT NULL,
  refreshed_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_reports_client ON company_reports (client_id, updated_at DESC);
CREATE INDEX company_reports_monitored ON company_reports (refreshed_at) WHERE monitored AND status = 'READY';

-- Register people added as contacts of the account: the contact, the register's id of the person and their
-- role; what the register says of them (the identity source for their AML check) sealed under the contact's key.
CREATE TABLE company_people (
  contact_id   text NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id   text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  person_id    text NOT NULL,            -- one person can be an officer and a PSC: two rows, one contact
  kind         text NOT NULL CHECK (kind IN ('OFFICER', 'PSC')),
  role         text NOT NULL,
  source_enc   bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contact_id, person_id),
  UNIQUE (account_id, person_id)
);
CREATE INDEX company_people_client ON company_people (client_id, account_id);

-- The bulk products (basic company data, PSC snapshot) imported for installs without internet: a copy of the
-- public register, shared by every client (no tenant data), as the API would answer it.
CREATE TABLE companies_register (
  company_number  text PRIMARY KEY,
  profile         jsonb NOT NULL,
  imported_at     timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE companies_register_pscs (
  company_number  text NOT NULL,
  psc_id          text NOT NULL,
  psc             jsonb NOT NULL,
  PRIMARY KEY (company_number, psc_id)
);
CREATE TABLE companies_register_imports (
  file         text PRIMARY KEY,
  size         bigint NOT NULL,
  mtime_ms     bigint NOT NULL,
  records      integer NOT NULL,
  imported_at  timestamptz NOT NULL DEFAULT now()
);

-- The streaming API: the last timepoint handled per stream, so a restart resumes where it stopped.
CREATE TABLE companies_stream_state (
  stream      text PRIMARY KEY,
  timepoint   bigint NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
