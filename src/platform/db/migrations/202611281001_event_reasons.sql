-- Why an event happened, as codes without personal data (ADR 0151): a company check's ENTITY_UPDATED names what
-- monitoring saw change on the register (NEW_OFFICER, NEW_PSC, PSC_CEASED, STATUS_CHANGED, ...). NULL for events
-- that carry no reason (every event before this, and every other kind).
ALTER TABLE events ADD COLUMN reasons text[];
