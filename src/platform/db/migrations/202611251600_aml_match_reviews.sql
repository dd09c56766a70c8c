-- Review memory (issue 18): each potential match a person dismissed or confirmed, per contact and listed entity,
-- with the entity's content hash at the time. Refreshes, re-triggers and monitoring carry the review over while
-- the hash is the same and reopen it when the entity changes. Who, why and the match as reviewed are sealed
-- under the contact's data key (ADR 75) like the rest of the AML data; the clear columns are what lookups need.
CREATE TABLE aml_match_reviews (
  contact_id   text NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  entity_id    text NOT NULL,            -- the listed entity (`list:source id`)
  entity_hash  text NOT NULL,            -- its content hash when reviewed; 'delisted' when reviewed after its removal
  status       text NOT NULL CHECK (status IN ('MATCH_DISMISSED', 'MATCH_CONFIRMED')),
  review_enc   bytea NOT NULL,           -- { reviewed_by, notes, match } as the reviewer saw them
  reviewed_at  timestamptz NOT NULL,
  PRIMARY KEY (contact_id, entity_id)
);
CREATE INDEX aml_match_reviews_client ON aml_match_reviews (client_id, contact_id);
