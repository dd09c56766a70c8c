-- A display name for each console user (issue 25): the pages name a reviewer "Anna Reviewer <anna@firm.test>"
-- instead of by e-mail alone (ADR 0175). NULL for every user made before this, and for one made without a
-- name: the pages then show the e-mail address alone, as before. Trimmed, 1 to 100 characters, one line and
-- free of control and bidirectional characters (checked in src/modules/staff/domain/display-name.ts); the
-- length is held here too so no other writer can store more.
ALTER TABLE staff_users ADD COLUMN name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 100);
