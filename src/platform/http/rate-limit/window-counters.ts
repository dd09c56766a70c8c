/**
 * Fixed-window request counters of one process that take part in a count shared by several (ADR 0060). Pure
 * bookkeeping, time passed in: the store around it does the I/O.
 *
 * Each key's view is `shared + inFlight + pending`:
 * - `shared`: the total across every process as the database last reported it (this process's synced hits included);
 * - `inFlight`: hits of this process being added to the database right now;
 * - `pending`: hits of this process not yet sent.
 * A request is answered from this view at once; the view misses only what other processes counted since the
 * last sync, which bounds the overshoot (docs/deployment.md).
 *
 * Windows are aligned on the clock (`floor(now / window) * window`), so every process agrees on which window a
 * hit belongs to without talking to the others.
 */
export interface CounterEntry {
  windowStart: number;
  windowMs: number;
  max: number;
  shared: number;
  inFlight: number;
  pending: number;
  /** False until the database's count for a key this process has not seen in this or the previous window is read. */
  loaded: boolean;
}

export interface SyncBatch {
  keys: string[];
  windowStarts: number[];
  /** Hits to add; 0 means only read the current total. */
  increments: number[];
}

export const windowStartOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

export function createWindowCounters(options: { maxKeys?: number } = {}) {
  const maxKeys = options.maxKeys ?? 100_000;
  const entries = new Map<string, CounterEntry>();

  const view = (e: CounterEntry) => e.shared + e.inFlight + e.pending;

  return {
    entries,
    view,

    /** The entry for `key` in the window of `now`, made when the key is new or its window has passed. */
    entryFor(key: string, now: number, windowMs: number, max: number): CounterEntry {
      const windowStart = windowStartOf(now, windowMs);
      let e = entries.get(key);
      if (e && e.windowStart === windowStart) return e;
      // A key counted in the window just ended has nothing new in the database yet but other processes' first
      // hits: start the window at zero. A key not seen for longer (or ever) must read what the others counted.
      const continuing = e !== undefined && e.windowStart === windowStart - windowMs;
      if (e) entries.delete(key);
      else if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!); // the oldest key forgets its view
      e = { windowStart, windowMs, max, shared: 0, inFlight: 0, pending: 0, loaded: continuing };
      entries.set(key, e);
      return e;
    },

    /** Counts one request. */
    hit(e: CounterEntry, now: number): { current: number; ttl: number } {
      e.pending += 1;
      return { current: view(e), ttl: e.windowStart + e.windowMs - now };
    },

    /** The database's total for a newly seen key (other processes' hits; none of this process's are synced yet). */
    loaded(e: CounterEntry, total: number) {
      if (!e.loaded) e.shared = Math.max(e.shared, total);
      e.loaded = true;
    },

    /**
     * What the next sync sends: every key with unsent hits (they move to in flight), and keys with nothing new
     * whose view is at least half their limit, re-read so that another process's traffic is seen before this
     * one lets a request through. Entries of windows that have ended are forgotten.
     */
    takeBatch(now: number): SyncBatch {
      const batch: SyncBatch = { keys: [], windowStarts: [], increments: [] };
      for (const [key, e] of entries) {
        if (e.windowStart + 2 * e.windowMs <= now) {
          entries.delete(key);
          continue;
        }
        if (e.windowStart + e.windowMs <= now || !e.loaded || e.inFlight > 0) continue;
        if (e.pending > 0) {
          batch.keys.push(key); batch.windowStarts.push(e.windowStart); batch.increments.push(e.pending);
          e.inFlight = e.pending;
          e.pending = 0;
        } else if (view(e) * 2 >= e.max) {
          batch.keys.push(key); batch.windowStarts.push(e.windowStart); batch.increments.push(0);
        }
      }
      return batch;
    },

    /** Totals returned by the database for a batch; keys it did not return had no row (nothing counted yet). */
    applied(batch: SyncBatch, totals: Map<string, number>) {
      batch.keys.forEach((key, i) => {
        const e = entries.get(key);
        if (!e || e.windowStart !== batch.windowStarts[i]) return;
        e.inFlight = 0;
        const total = totals.get(`${key} ${e.windowStart}`);
        if (total !== undefined) e.shared = Math.max(e.shared, total);
      });
    },

    /** A failed sync: its hits go back to pending, to be sent with the next batch. */
    failed(batch: SyncBatch) {
      batch.keys.forEach((key, i) => {
        const e = entries.get(key);
        if (!e || e.windowStart !== batch.windowStarts[i]) return;
        e.pending += e.inFlight;
        e.inFlight = 0;
      });
    },
  };
}
