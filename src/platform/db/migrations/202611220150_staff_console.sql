-- Staff users of each client (issue 10): the people who use the console. Passwords are argon2id hashes;
-- the TOTP secret is sealed with the data key; invitation and session tokens are stored as SHA-256 hashes.
CREATE TABLE staff_users (
  id               text PRIMARY KEY,
  client_id        text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  email            text NOT NULL,
  role             text NOT NULL CHECK (role IN ('administrator', 'reviewer', 'read-only')),
  password_hash    text,
  totp_secret_enc  bytea,
  totp_pending_enc bytea,
  failed_logins    integer NOT NULL DEFAULT 0,
  locked_until     timestamptz,
  invite_hash      text UNIQUE,
  invite_expires_at timestamptz,
  disabled_at      timestamptz,
  last_login_at    timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- One login name across the service: the login form does not ask for the client.
CREATE UNIQUE INDEX staff_users_email ON staff_users (lower(email));
CREATE INDEX staff_users_client ON staff_users (client_id);

CREATE TABLE staff_sessions (
  token_hash   text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  -- 'totp': the password was right, the second factor is still due; 'full': signed in.
  stage        text NOT NULL CHECK (stage IN ('totp', 'full')),
  csrf_token   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX staff_sessions_user ON staff_sessions (user_id);

-- Console settings per client: branding of the hosted pages, the second-approval rule.
CREATE TABLE console_settings (
  client_id    text PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  firm_name    text,
  brand_colour text,
  logo_url     text,
  second_review_for_alert boolean NOT NULL DEFAULT false,
  revision     integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
