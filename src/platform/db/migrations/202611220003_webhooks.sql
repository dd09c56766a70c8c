-- Webhook subscriptions (endpoint 9), and one delivery per (subscription, event): both the delivery queue
-- (status, next_attempt_at, locked_until) and the delivery log, with every attempt kept in webhook_attempts.
CREATE TABLE webhook_subscriptions (
  seq          bigserial UNIQUE,
  id           text PRIMARY KEY,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  callback_url text NOT NULL,
  type         text NOT NULL DEFAULT 'WEBHOOK',
  secret_enc   bytea NOT NULL,               -- needed to sign, so sealed rather than hashed
  entities     jsonb NOT NULL,
  enabled      boolean NOT NULL DEFAULT true,
  revision     integer NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_subscriptions_client ON webhook_subscriptions (client_id, seq);

CREATE TABLE webhook_deliveries (
  seq              bigserial UNIQUE,
  id               text PRIMARY KEY,
  client_id        text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  subscription_id  text NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
  event_id         text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  status           text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts         integer NOT NULL DEFAULT 0,   -- attempts in the current series (redelivery starts a new one)
  next_attempt_at  timestamptz,
  locked_until     timestamptz,                  -- lease of the worker sending it; a dead worker's lease runs out
  last_status_code integer,
  last_error       text,
  last_latency_ms  integer,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (client_id, subscription_id, seq);

CREATE TABLE webhook_attempts (
  id           bigserial PRIMARY KEY,
  delivery_id  text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL,
  status_code  integer,
  error        text,
  latency_ms   integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
