-- Second-reviewer approval (issue 10): a review of an ALERT proposed by one person, waiting for another.
-- The proposal holds the decision and notes (possibly personal data), so it is sealed like the report.
CREATE TABLE console_pending_reviews (
  contact_id      text NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('AML')),
  client_id       text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  account_id      text NOT NULL,
  proposal_enc    bytea NOT NULL,
  proposed_by     text NOT NULL,
  report_revision text NOT NULL,
  proposed_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contact_id, kind)
);
