import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import { takeLease } from '../../src/platform/lease.ts';
import { followStreams, STREAM_LEASE } from '../../src/modules/companies/index.ts';
import { CH_STREAM_KEY, startCompaniesHouse, type CompaniesHouseStandIn } from '../helpers/companies-house.ts';
import { databaseKind, freshDatabase } from '../helpers/service.ts';

// Short lease settings: a holder renews every 500 ms; a dead one's lease is free 3 s after its last renewal.
// Not shorter: the renewal interval is also how long one renewal may take (a slower one counts as failed), and
// the margin by which a holder cut off from the database stops before its lease expires; a loaded machine
// stretches queries and timers by hundreds of milliseconds.
const LEASE = { ttlMs: 3_000, renewMs: 500 };

let database: Awaited<ReturnType<typeof freshDatabase>>;
let dbs: Db[];
const standIns: CompaniesHouseStandIn[] = [];
const running: Array<ReturnType<typeof followStreams>> = [];

beforeAll(async () => {
  database = await freshDatabase();
  await migrate(database.db);
  // On PostgreSQL each follower has its own pool (as separate worker processes would); PGlite is one process's.
  dbs = databaseKind === 'postgres' ? [database.db, createPostgresDb(database.url!), createPostgresDb(database.url!)] : [database.db, database.db, database.db];
});
afterAll(async () => {
  for (const f of running) await f.stop();
  for (const s of standIns) await s.close();
  for (const db of new Set(dbs.slice(1))) if (db !== database.db) await db.close();
  await database?.drop();
});

/** A follower on its own stand-in (so the stand-in's requests show which follower connected). */
async function follower(db: Db) {
  const ch = await startCompaniesHouse();
  standIns.push(ch);
  const companies: string[] = [];
  const streams = followStreams({
    key: CH_STREAM_KEY, baseUrl: `${ch.url}/stream`, db, reconnectMs: 20, lease: LEASE,
    onCompany: async (n) => void companies.push(n),
  });
  running.push(streams);
  const connections = () => ch.requests.filter((r) => r.path.startsWith('/stream/')).length;
  return { ch, streams, companies, connections };
}

async function until(predicate: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const leaseHolder = async () =>
  (await database.db.query<{ holder: string }>('SELECT holder FROM leases WHERE name = $1', [STREAM_LEASE.name]))[0]?.holder;

describe(`one Companies House stream follower at a time on ${databaseKind}`, () => {
  it('of two followers only the lease holder connects; stopping it lets the other take over within the lease time', async () => {
    const a = await follower(dbs[0]!);
    await until(() => a.connections() > 0);
    const b = await follower(dbs[1]!);
    // B tries every renewal (100 ms) for longer than a lease lasts: A keeps renewing, so B never connects.
    await pause(LEASE.ttlMs + 5 * LEASE.renewMs);
    expect(b.connections()).toBe(0);
    expect([a.streams.holding, b.streams.holding]).toEqual([true, false]);
    expect(await leaseHolder()).toBe(a.streams.holder);

    // A still follows: an event on its stand-in reaches its handler.
    a.ch.streams.set('companies', [JSON.stringify({ resource_kind: 'company-profile', resource_uri: '/company/09876543', resource_id: '09876543', data: {}, event: { timepoint: 7, published_at: '2026-11-28T06:00:00', type: 'changed' } })]);
    await until(() => a.companies.length > 0);
    expect(a.companies).toEqual(['09876543']);

    const stoppedAt = Date.now();
    await a.streams.stop();
    await until(() => b.connections() > 0);
    const aAfterStop = a.connections();
    expect(Date.now() - stoppedAt).toBeLessThan(LEASE.ttlMs + LEASE.renewMs);
    expect(b.streams.holding).toBe(true);
    expect(await leaseHolder()).toBe(b.streams.holder);
    await pause(5 * LEASE.renewMs);
    expect(a.connections()).toBe(aAfterStop); // A stopped for good
    await b.streams.stop();
    expect(await leaseHolder()).toBeUndefined(); // released on stop
  });

  it('a holder that died without releasing: the lease is taken over once it has expired, not before', async () => {
    // Read before the lease is taken: its expiry (the database's clock) is then at least ttlMs after diedAt.
    const diedAt = Date.now();
    expect(await takeLease(database.db, STREAM_LEASE.name, 'dead-worker', LEASE.ttlMs)).toBe(true);
    const c = await follower(dbs[2]!);
    await pause(LEASE.ttlMs / 2);
    expect(c.connections()).toBe(0);
    await until(() => c.connections() > 0);
    const after = Date.now() - diedAt;
    expect(after).toBeGreaterThanOrEqual(LEASE.ttlMs - 50); // the database's clock decides; a little slack between clocks
    expect(after).toBeLessThan(LEASE.ttlMs + LEASE.renewMs + 2_000);
    expect(await leaseHolder()).toBe(c.streams.holder);
    await c.streams.stop();
  });

  it('a holder that finds its lease taken stops following; only one of two processes taking a free lease gets it', async () => {
    const d = await follower(dbs[0]!);
    await until(() => d.connections() > 0);
    await database.db.query(`UPDATE leases SET holder = 'other-worker', expires_at = now() + interval '1 hour' WHERE name = $1`, [STREAM_LEASE.name]);
    await until(() => !d.streams.holding);
    await pause(500); // a request sent just before the stop may still be on its way
    const count = d.connections();
    await pause(5 * LEASE.renewMs);
    expect(d.connections()).toBe(count);
    expect(await leaseHolder()).toBe('other-worker');

    await database.db.query('DELETE FROM leases WHERE name = $1', ['race']);
    const taken = await Promise.all(Array.from({ length: 6 }, (_, i) => takeLease(dbs[i % dbs.length]!, 'race', `worker-${i}`, 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    await d.streams.stop();
    await database.db.query('DELETE FROM leases');
  });

  it('a holder that cannot reach the database to renew stops following before its lease can have expired', async () => {
    let reachable = true;
    const base = dbs[1]!;
    // The real database, made unreachable on demand for this follower only (as a network fault would).
    const flaky: Db = { ...base, query: (text, params) => (reachable ? base.query(text, params) : Promise.reject(new Error('connect ECONNREFUSED'))) };
    const e = await follower(flaky);
    await until(() => e.connections() > 0);
    reachable = false;
    const cutAt = Date.now();
    await until(() => !e.streams.holding);
    expect(Date.now() - cutAt).toBeLessThan(LEASE.ttlMs);
    reachable = true;
    await until(() => e.streams.holding); // its lease had not expired: it is still its own, taken again
    await e.streams.stop();
  });
});
