-- Credits: a balance per client and a ledger of every change. A spend carries a reference (one per report
-- trigger) that is unique per client, so a retried trigger can never spend twice.
CREATE TABLE credit_balances (
  client_id  text PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  balance    integer NOT NULL DEFAULT 0 CHECK (balance >= 0)
);

CREATE TABLE credit_ledger (
  seq        bigserial PRIMARY KEY,
  client_id  text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  amount     integer NOT NULL,               -- positive: added; negative: spent
  reason     text NOT NULL,
  reference  text NOT NULL,
  balance_after integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, reference)
);
CREATE INDEX credit_ledger_client ON credit_ledger (client_id, seq);
