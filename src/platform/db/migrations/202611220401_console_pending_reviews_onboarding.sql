-- Second-reviewer approval for onboarding reports too (issue 10): a proposal on an onboarding report whose
-- document decision is ALERT waits in the same table, one row per contact and kind.
ALTER TABLE console_pending_reviews DROP CONSTRAINT console_pending_reviews_kind_check;
ALTER TABLE console_pending_reviews ADD CONSTRAINT console_pending_reviews_kind_check CHECK (kind IN ('AML', 'ONBOARDING'));
