-- Screening list versions: one row per (list, content hash) ever loaded, with the per-entity hashes that
-- let the AML module compute what changed (added, changed, removed) after a restart or on another process.
-- List content is public reference data, not tenant data: no client_id.

CREATE TABLE screening_list_versions (
  list_id        text NOT NULL,
  content_hash   text NOT NULL,
  format         text NOT NULL,
  source         text NOT NULL,
  entity_count   integer NOT NULL,
  loaded_at      timestamptz NOT NULL,
  entity_hashes  jsonb NOT NULL,            -- {"<entity id>": "<sha256>", ...}
  PRIMARY KEY (list_id, content_hash)
);

CREATE INDEX screening_list_versions_latest ON screening_list_versions (list_id, loaded_at DESC);
