import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { randomBytes } from 'node:crypto';
import { createSharedRateLimit, pseudonymousAddresses, type SharedRateLimit } from '../../src/platform/http/rate-limit/shared-store.ts';
import { inOneWindow } from '../helpers/clock-window.ts';
import { databaseKind, freshDatabase } from '../helpers/service.ts';

/**
 * The shared rate-limit counters (ADR 0060) on a real database: two stores over one database stand for two API
 * processes. The timers are set far off, so each test decides when a process syncs. PostgreSQL only: the
 * embedded database has one process and counts in memory. Counts are per window of the clock (minutes, hours):
 * a test that compares them runs inside one window (inOneWindow).
 */
const MINUTE = 60_000;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
const opened: SharedRateLimit[] = [];

beforeAll(async () => {
  if (databaseKind !== 'postgres') return;
  database = await freshDatabase();
  db = database.db;
  await migrate(db);
});
afterAll(async () => {
  for (const s of opened) await s.close();
  await database?.drop();
});

function processWith(sql: Db = db, storedKey?: (key: string) => string) {
  const shared = createSharedRateLimit({ db: sql, syncMs: 3_600_000, storedKey });
  opened.push(shared);
  const store = new shared.Store({});
  const hit = (key: string, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), MINUTE, max));
  return { shared, hit };
}

const total = async (key: string) =>
  Number((await db.query<{ count: number }>('SELECT sum(count) AS count FROM rate_limit_counters WHERE key = $1', [key]))[0]?.count ?? 0);

describe.skipIf(databaseKind !== 'postgres')('rate limit shared by API processes', () => {
  it('a second process starts from what the first counted, and the first sees the second\'s hits after a sync', async () => {
    const a = processWith();
    const b = processWith();
    await inOneWindow(MINUTE, 10_000, async () => {
      for (let i = 1; i <= 6; i++) expect((await a.hit('client:one', 10)).current).toBe(i);
      await a.shared.sync();
      expect(await total('client:one')).toBe(6);
      // B has never seen the key: it reads the shared count before answering.
      const seen = [];
      for (let i = 0; i < 5; i++) seen.push((await b.hit('client:one', 10)).current);
      expect(seen).toEqual([7, 8, 9, 10, 11]); // the fifth is over the limit of 10: refused by the plugin
      await b.shared.sync();
      expect(await total('client:one')).toBe(11);
      // A had nothing new, but it is past half its limit: its sync re-reads the total.
      await a.shared.sync();
      expect((await a.hit('client:one', 10)).current).toBe(12);
    });
  });

  it('concurrent syncs of overlapping keys from several processes add every hit exactly once', async () => {
    const processes = [processWith(), processWith(), processWith(), processWith()];
    const keys = Array.from({ length: 20 }, (_, i) => `client:many-${i}`);
    let hits = 0;
    for (let round = 0; round < 5; round++) {
      await Promise.all(processes.map(async (p, n) => {
        // Each process touches the keys in its own order: the sync must still not deadlock.
        const order = n % 2 ? [...keys].reverse() : keys;
        for (const key of order) { await p.hit(key, 1_000_000); hits += 1; }
      }));
      await Promise.all(processes.map((p) => p.shared.sync()));
    }
    const sum = Number((await db.query<{ n: number }>("SELECT sum(count) AS n FROM rate_limit_counters WHERE key LIKE 'client:many-%'"))[0]!.n);
    expect(sum).toBe(hits);
  });

  it('callers\' addresses are stored as keyed hashes that every process of the deployment shares', async () => {
    const dataKey = randomBytes(32);
    const a = processWith(db, pseudonymousAddresses(dataKey));
    const b = processWith(db, pseudonymousAddresses(dataKey));
    await inOneWindow(MINUTE, 10_000, async () => {
      for (let i = 0; i < 4; i++) await a.hit('ip:203.0.113.7', 100);
      await a.shared.sync();
      expect((await b.hit('ip:203.0.113.7', 100)).current).toBe(5);
    });
    const keys = (await db.query<{ key: string }>("SELECT key FROM rate_limit_counters WHERE key LIKE 'ip:%'")).map((r) => r.key);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('203.0.113');
    expect(pseudonymousAddresses(randomBytes(32))('ip:203.0.113.7')).not.toBe(keys[0]); // another deployment, another key
    expect(pseudonymousAddresses(dataKey)('client:cli_1')).toBe('client:cli_1');
    // The public pages' throttles: sign-in addresses, verification links and the client_id strings sent with wrong
    // secrets (any text a caller chooses) are hashed the same way.
    for (const key of ['signin:203.0.113.7', 'upload:Lk3v9fQ2link-token', 'secret:kci_whatever-the-caller-sent']) {
      const stored = pseudonymousAddresses(dataKey)(key);
      expect(stored.startsWith(key.split(':')[0]! + ':')).toBe(true);
      expect(stored).not.toContain(key.split(':')[1]!);
    }
  });

  it('the throttle counts one key across processes, and peeks without counting', async () => {
    const c = processWith(db, pseudonymousAddresses(Buffer.alloc(32, 7)));
    const d = processWith(db, pseudonymousAddresses(Buffer.alloc(32, 7)));
    await inOneWindow(3_600_000, 10_000, async () => {
      for (let i = 0; i < 3; i++) await c.shared.throttle.hit('signin:198.51.100.2', 3_600_000, 30);
      await c.shared.sync();
      const seen = await d.shared.throttle.peek('signin:198.51.100.2', 3_600_000, 30);
      expect(seen.current).toBe(3);
      expect(seen.ttl).toBeGreaterThan(0);
      expect((await d.shared.throttle.peek('signin:198.51.100.2', 3_600_000, 30)).current).toBe(3); // peeking adds nothing
      expect((await d.shared.throttle.hit('signin:198.51.100.2', 3_600_000, 30)).current).toBe(4);
    });
  });

  it('closing a process sends its last hits', async () => {
    const a = processWith();
    for (let i = 0; i < 3; i++) await a.hit('client:closing', 100);
    await a.shared.close();
    expect(await total('client:closing')).toBe(3);
  });

  it('with the database unreachable a process keeps counting alone, and adds its hits once the database is back', async () => {
    let down = true;
    const flaky: Db = { ...db, query: (text, params) => (down ? Promise.reject(new Error('connection refused')) : db.query(text, params)) };
    const a = processWith(flaky);
    await inOneWindow(MINUTE, 10_000, async () => {
      expect((await a.hit('client:flaky', 100)).current).toBe(1);
      expect((await a.hit('client:flaky', 100)).current).toBe(2);
      await a.shared.sync();
      expect((await a.hit('client:flaky', 100)).current).toBe(3);
    });
    down = false;
    await a.shared.sync();
    expect(await total('client:flaky')).toBe(3);
  });
});
