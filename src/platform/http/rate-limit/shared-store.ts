import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/db.ts';
import type { Throttle } from './throttle.ts';
import { createWindowCounters, type CounterEntry } from './window-counters.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

// Adds a batch of hits and reads totals in one round trip. Rows are written in key order, so two processes
// adding overlapping batches lock the rows in the same order and cannot deadlock.
const SYNC = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS t(key, window_start, n)
), added AS (
  INSERT INTO rate_limit_counters AS c (key, window_start, count)
  SELECT key, window_start, n FROM input WHERE n > 0 ORDER BY key, window_start
  ON CONFLICT (key, window_start) DO UPDATE SET count = c.count + EXCLUDED.count
  RETURNING c.key, c.window_start, c.count
)
SELECT key, window_start, count FROM added
UNION ALL
SELECT c.key, c.window_start, c.count FROM rate_limit_counters c JOIN input i USING (key, window_start) WHERE i.n = 0`;

export interface SharedRateLimit {
  /** The store class @fastify/rate-limit instantiates. */
  Store: FastifyRateLimitStoreCtor;
  /** The public pages' throttles, counted in the same shared table (windows aligned on the clock). */
  throttle: Throttle;
  /** Sends what is pending now (the timer does this every `syncMs`). */
  sync(): Promise<void>;
  /** Stops the timer and sends the last hits, so the other processes count them. */
  close(): Promise<void>;
}

/**
 * The rate limit counted across API processes on one PostgreSQL (ADR 0060). Requests are answered from this
 * process's view, never waiting on the database, except the first request of a key this process has not seen
 * for a window (one read, shared by the requests that arrive meanwhile). Every `syncMs` one statement adds this
 * process's new hits to the shared counters and brings back the totals, which include the other processes'.
 * If the database is unreachable the process goes on counting alone and retries the sync.
 */
export function createSharedRateLimit(deps: {
  db: Db;
  syncMs: number;
  /** The key as stored in the table (addresses are personal data: service.ts stores them as keyed hashes). */
  storedKey?: (key: string) => string;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}): SharedRateLimit {
  const { db } = deps;
  const storedKey = deps.storedKey ?? ((key: string) => key);
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => undefined);
  const counters = createWindowCounters();
  const loading = new WeakMap<CounterEntry, Promise<void>>();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let longestWindow = 0;
  let lastCleanup = 0;

  function load(key: string, e: CounterEntry): Promise<void> {
    let p = loading.get(e);
    if (!p) {
      p = db.query<{ count: number | string }>('SELECT count FROM rate_limit_counters WHERE key = $1 AND window_start = $2', [storedKey(key), e.windowStart])
        .then((rows) => counters.loaded(e, Number(rows[0]?.count ?? 0)))
        .catch((error) => {
          log('rate limit: reading the shared count failed; counting in this process', error);
          counters.loaded(e, 0);
        });
      loading.set(e, p);
    }
    return p;
  }

  async function syncOnce() {
    const at = now();
    const batch = counters.takeBatch(at);
    if (batch.keys.length > 0) {
      try {
        const stored = new Map(batch.keys.map((key) => [storedKey(key), key]));
        const rows = await db.query<{ key: string; window_start: number | string; count: number | string }>(SYNC, [[...stored.keys()], batch.windowStarts, batch.increments]);
        counters.applied(batch, new Map(rows.map((r) => [`${stored.get(r.key)} ${Number(r.window_start)}`, Number(r.count)])));
      } catch (error) {
        counters.failed(batch);
        log('rate limit: adding hits to the shared count failed; will retry', error);
      }
    }
    // Windows that ended before the previous one are of no use to anyone: each process clears them once a window.
    if (longestWindow > 0 && at - lastCleanup >= longestWindow) {
      lastCleanup = at;
      await db.query('DELETE FROM rate_limit_counters WHERE window_start < $1', [at - 2 * longestWindow])
        .catch((error) => log('rate limit: clearing old windows failed', error));
    }
  }

  const sync = () => (running ??= syncOnce().finally(() => { running = undefined; }));

  const tick = () => {
    timer = setTimeout(() => {
      void sync().finally(() => { if (!closed) tick(); });
    }, deps.syncMs);
    timer.unref();
  };
  tick();

  /**
   * Runs `use` with the counter of `key` in the current window: at once when this process knows the key (the
   * rate limit's path on every request, no promise), otherwise after one read of the shared count.
   */
  function withEntry(key: string, windowMs: number, max: number, use: (e: CounterEntry) => void) {
    if (windowMs > longestWindow) longestWindow = windowMs;
    const e = counters.entryFor(key, now(), windowMs, max);
    if (e.loaded) use(e);
    else void load(key, e).then(() => use(e));
  }
  const viewOf = (e: CounterEntry) => ({ current: counters.view(e), ttl: e.windowStart + e.windowMs - now() });

  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      withEntry(key, timeWindow, max, (e) => callback(null, counters.hit(e, now())));
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      withEntry(key, timeWindow, max, (e) => callback(null, viewOf(e)));
    }

    child(): FastifyRateLimitStore {
      return this; // one budget per key, whatever the route
    }
  }

  const throttle: Throttle = {
    hit: (key, windowMs, max) => new Promise((resolve) => withEntry(key, windowMs, max, (e) => resolve(counters.hit(e, now())))),
    peek: (key, windowMs, max) => new Promise((resolve) => withEntry(key, windowMs, max, (e) => resolve(viewOf(e)))),
  };

  return {
    Store: SharedStore,
    throttle,
    sync,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
      await sync();
    },
  };
}

/**
 * Counter keys as stored: client ids as they are; callers' addresses (`ip:...`, and `signin:...` for failed
 * console sign-ins), verification-link tokens (`upload:...`) and the client_id strings callers send with wrong
 * secrets (`secret:...`, any text a caller chooses) as an HMAC under `secret` (a key derived from
 * the deployment's data key: `cipher.deriveKey`), so the table never holds an address or a link, and every
 * process files one under the same row. (A plain hash would not do: all IPv4 addresses can be tried in minutes.)
 */
export function pseudonymousAddresses(secret: Buffer): (key: string) => string {
  return (key) => {
    const kind = /^(ip|signin|upload|secret):/.exec(key)?.[1];
    return kind ? `${kind}:${createHmac('sha256', secret).update(key).digest('base64url').slice(0, 22)}` : key;
  };
}
