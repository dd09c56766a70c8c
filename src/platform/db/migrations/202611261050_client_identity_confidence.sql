-- The GPG 45 confidence a client requires for an AML identity PASS (issue 23, ADR 0135): LOW, MEDIUM (the default,
-- what UK regulated firms commonly accept) or HIGH. Two independent authoritative sources confirming the person
-- pass whatever it is. Set with `npx kyc clients confidence --client ID --level medium`.
ALTER TABLE clients ADD COLUMN identity_confidence text NOT NULL DEFAULT 'MEDIUM'
  CHECK (identity_confidence IN ('LOW', 'MEDIUM', 'HIGH'));
