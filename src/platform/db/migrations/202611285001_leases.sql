-- Named leases (src/platform/lease.ts): work that exactly one process may do at a time, such as following the
-- Companies House streams. The holder renews `expires_at`; once it passes, another process may take the lease.
CREATE TABLE leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
