-- Partners (issue 9): integrators allowed to call Enhanced Portal Insights with an X-Partner-Api-Key as well as
-- the client's bearer token. The key is shown once and kept only as a SHA-256 hash; its first characters are
-- kept in the clear so an operator can tell keys apart. `client_ids` NULL means the partner may serve any
-- client (the bearer token still limits each call to its own client); otherwise only the listed clients.
CREATE TABLE partners (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  key_hash    text NOT NULL UNIQUE,
  key_prefix  text NOT NULL,
  client_ids  text[],
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);

