-- Four eyes that check what the second person saw (issue 19, ADR 0077): a proposal keeps one id while it is
-- pending and a revision that grows with every change; an approval or rejection names both, so an answer to an
-- earlier version of a proposal is refused.
ALTER TABLE console_pending_reviews ADD COLUMN proposal_id text;
ALTER TABLE console_pending_reviews ADD COLUMN proposal_revision integer NOT NULL DEFAULT 1;
UPDATE console_pending_reviews SET proposal_id = 'prp_' || substr(md5(contact_id || ':' || kind || ':' || proposed_at::text), 1, 20);
ALTER TABLE console_pending_reviews ALTER COLUMN proposal_id SET NOT NULL;
