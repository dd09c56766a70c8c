-- The API rate limit shared by every API process on one PostgreSQL (ADR 0060): one row per key (a client or an
-- address) and fixed window. Processes count locally and add their counts here in short batches. UNLOGGED: the
-- counters live for a minute; after a server crash they restart at zero, which only forgives one window.
CREATE UNLOGGED TABLE rate_limit_counters (
  key          text   NOT NULL,
  window_start bigint NOT NULL,   -- milliseconds since the epoch, a multiple of the window length
  count        bigint NOT NULL,
  PRIMARY KEY (key, window_start)
);
