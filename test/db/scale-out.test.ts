import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneWindow, windowWithRoom } from '../helpers/clock-window.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { createClientsService } from '../../src/modules/auth/clients.service.ts';
import { createCreditsService } from '../../src/modules/credits/index.ts';
import { startCluster, sharedSecrets, type Cluster } from '../helpers/cluster.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startS3Server, type S3Server } from '../helpers/s3-server.ts';
import { databaseKind, freshDatabase } from '../helpers/service.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/screening/fixtures');
const LIMIT = 150; // requests per client per minute
const CHECKS = 12;

/**
 * Scale-out (docs/deployment.md, "N API processes and M workers"): two API processes and one worker process,
 * separate operating-system processes sharing one PostgreSQL database and one S3-compatible server. What must
 * hold across processes: one rate-limit budget per client, one side effect per Idempotency-Key, each AML
 * check run once with one credit, each webhook event delivered once.
 */
describe.skipIf(databaseKind !== 'postgres')('two API processes and a worker on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let s3: S3Server;
  let receiver: Receiver;
  let cluster: Cluster;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    [s3, receiver] = await Promise.all([startS3Server(), startReceiver({ fallback: { status: 204 } })]);
    cluster = await startCluster({
      apis: 2, workers: 1,
      env: {
        ...sharedSecrets(), ...s3.env(), DATABASE_URL: database.url!, WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMIT_PER_MINUTE: String(LIMIT),
        PUBLIC_URL: 'http://kyc.test',
      },
      workerEnv: { SCREENING_LISTS: ['un.xml', 'ofac_sdn.xml', 'ftm.json'].map((f) => path.join(FIXTURES, f)).join(',') },
    });
    [a, b] = cluster.apis.map((p) => p.url) as [string, string];
  }, 150_000);
  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
    await s3?.close();
    await database?.drop();
  });

  /** A client made directly in the database (as `kyc clients create` would), with a token from API process `via`. */
  async function newClient(via: string, credits = 0) {
    const created = await createClientsService({ db }).createClient({ name: 'Scale-out firm', sandbox: true });
    if (credits) await createCreditsService({ db }).add(created.clientId, credits, 'test credits');
    const response = await fetch(`${via}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret }),
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    const call = (base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/clients/${created.clientId}${url}`, {
        method, body: body === undefined ? undefined : JSON.stringify(body),
        headers: { authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      });
    return { clientId: created.clientId, call };
  }

  const person = (i: number) => ({
    name: `Scale ${i}`, type: 'INDIVIDUAL',
    primary_contact: { first_name: 'Ada', last_name: `Passmore`, email: `ada${i}@example.com`, date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } },
  });

  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('the same Idempotency-Key sent to both API processes at once makes one account', async () => {
    const c = await newClient(a);
    for (let i = 0; i < 8; i++) {
      const body = person(100 + i);
      const send = (base: string) => c.call(base, 'POST', '/accounts', body, { 'idempotency-key': `race-${i}` });
      const answers = await Promise.all([send(a), send(b)]);
      // One ran the request; the other replayed it, or (still running) asked for a retry, which then replays.
      const fresh = answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') !== 'true');
      expect(fresh).toHaveLength(1);
      for (const r of answers) expect([201, 409]).toContain(r.status);
      const created = (await fresh[0]!.json()) as { id: string };
      const retried = await until('replay', async () => {
        const r = await send(b);
        return r.status === 409 ? undefined : r;
      });
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(((await retried.json()) as { id: string }).id).toBe(created.id);
    }
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE client_id = $1', [c.clientId]);
    expect(rows[0]!.n).toBe(8);
  });

  it('AML checks triggered through either process run once each, spend one credit each, and every webhook arrives once', async () => {
    const c = await newClient(b, CHECKS);
    const subscribed = await c.call(a, 'POST', '/subscriptions', {
      callback_url: `${receiver.url}/hook`, type: 'WEBHOOK',
      config: { api_secret: 'scale-out-signing-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }, { entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED'] }] },
    });
    expect(subscribed.status).toBe(201);

    const reports: string[] = [];
    for (let i = 0; i < CHECKS; i++) {
      const [first, second] = i % 2 ? [a, b] : [b, a];
      const account = (await (await c.call(first, 'POST', '/accounts', person(i))).json()) as { id: string; primary_contact: { id: string } };
      const url = `/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
      // The caller's retry goes to the other process (a load balancer gives no stickiness): one check, one credit.
      const triggers = await Promise.all([first, second].map((base) => c.call(base, 'PUT', url, { config: {} }, { 'idempotency-key': `aml-${i}` })));
      expect(triggers.filter((r) => r.status === 202)).not.toHaveLength(0);
      for (const r of triggers) expect([202, 409]).toContain(r.status);
      reports.push(url);
    }

    // Each report is read back through the process that did not trigger it.
    for (const [i, url] of reports.entries()) {
      const report = await until(`report ${i}`, async () => {
        const r = (await (await c.call(i % 2 ? b : a, 'GET', url)).json()) as { status: string; data: { decision: string } };
        return r.status === 'INITIAL' ? undefined : r;
      });
      expect(report.status).toBe('READY');
      expect(report.data.decision).toBe('PASS');
    }
    const spent = await db.query<{ reference: string }>('SELECT reference FROM credit_ledger WHERE client_id = $1 AND amount < 0', [c.clientId]);
    expect(spent).toHaveLength(CHECKS);
    const ready = await db.query<{ contact_id: string; n: number }>(
      "SELECT contact_id, count(*)::int AS n FROM events WHERE client_id = $1 AND event = 'REPORT_READY' GROUP BY contact_id", [c.clientId]);
    expect(ready).toHaveLength(CHECKS);
    expect(ready.every((r) => r.n === 1)).toBe(true);
    const jobs = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'aml-check' AND data->>'clientId' = $1", [c.clientId]);
    expect(jobs[0]!.n).toBe(CHECKS);

    // Webhooks: every event of this client reaches the receiver exactly once.
    const events = await db.query<{ id: string }>('SELECT id FROM events WHERE client_id = $1', [c.clientId]);
    expect(events.length).toBe(CHECKS * 3); // ENTITY_UPDATED (account created), REPORT_INITIATED, REPORT_READY
    await receiver.waitFor(() => new Set(receiver.events().filter((e) => e.json.client_id === c.clientId).map((e) => e.json.id)).size >= events.length, 60_000);
    const counts = new Map<string, number>();
    for (const e of receiver.events().filter((x) => x.json.client_id === c.clientId)) counts.set(e.json.id, (counts.get(e.json.id) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(events.map((e) => e.id).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('files uploaded through one API process are processed by the worker from the shared bucket', async () => {
    const c = await newClient(a, 5);
    const account = (await (await c.call(a, 'POST', '/accounts', person(200))).json()) as { id: string; primary_contact: { id: string } };
    const url = `/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/onboarding`;
    const requested = await c.call(a, 'PUT', url, { config: { parameters: { idscan: 'true', face_match: 'true', suppress_invitation_mail: 'true' } } });
    expect(requested.status).toBe(202);
    const link = ((await requested.json()) as { data: { onboarding_url: string } }).data.onboarding_url.split('/verify/')[1]!;
    // The scripted contact (sandbox) uploads a document and a selfie through B; the worker reads them from S3.
    expect((await fetch(`${b}/sandbox/verify/${link}/complete`, { method: 'POST' })).status).toBe(202);
    const keys = s3.objects().map((o) => o.key).filter((k) => k.includes(account.primary_contact.id.toLowerCase()));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const report = await until('onboarding report', async () => {
      const r = (await (await c.call(a, 'GET', url)).json()) as { status: string; data: { idscan: { document_decision: string; face_match_decision: string } } };
      return ['INITIAL', 'IN_PROGRESS'].includes(r.status) ? undefined : r;
    });
    expect(report.status).toBe('READY');
    expect(report.data.idscan).toMatchObject({ document_decision: 'PASSED', face_match_decision: 'PASSED' });
  });

  it('the rate limit is one budget per client across both API processes', async () => {
    // The budget is per clock minute. Each attempt starts with at least 40 s of its minute left, and one that
    // still straddles a boundary starts again: the test's timeout covers that.
    for (let attempt = 0; ; attempt++) {
      const minute = await windowWithRoom(60_000, 40_000);
      const c = await newClient(a);
      const half = LIMIT / 2;
      for (let i = 0; i < half; i++) expect((await c.call(a, 'GET', '/accounts')).status).toBe(200);
      const counted = async () => Number((await db.query<{ n: string }>('SELECT coalesce(sum(count), 0) AS n FROM rate_limit_counters WHERE key = $1', [`client:${c.clientId}`]))[0]!.n);
      await until('A\'s hits in the shared counter', async () => ((await counted()) >= half ? true : undefined));

      // B starts from A's count: it lets exactly the other half through.
      let allowedByB = 0;
      let refused: Response | undefined;
      while (!refused && allowedByB < LIMIT) {
        const r = await c.call(b, 'GET', '/accounts');
        if (r.status === 429) refused = r;
        else { expect(r.status).toBe(200); allowedByB += 1; }
      }
      // A, which has served only half the budget itself, refuses once it has synced B's hits.
      await until('B\'s hits in the shared counter', async () => ((await counted()) > LIMIT ? true : undefined));
      let allowedByA = half;
      const fromA = await until('a 429 from A', async () => {
        const r = await c.call(a, 'GET', '/accounts');
        if (r.status === 429) return r;
        allowedByA += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      }, 20_000);
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 2) continue;

      expect(allowedByB).toBe(half);
      expect(refused!.status).toBe(429);
      expect(refused!.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused!.headers.get('ratelimit-remaining')).toBe('0');
      expect(((await refused!.json()) as { code: string }).code).toBe('rate_limited');
      expect(fromA.status).toBe(429);
      expect(allowedByA).toBeLessThan(LIMIT); // a limiter counting per process would have let A reach LIMIT
      return;
    }
  }, 240_000);

  it('failed console sign-ins are one count per address across both API processes', async () => {
    const signInFails = (via: string) => fetch(`${via}/console/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@spray.test', password: 'guessed password' }) });
    const counted = async () => Number((await db.query<{ n: string }>("SELECT coalesce(sum(count), 0) AS n FROM rate_limit_counters WHERE key LIKE 'signin:%'"))[0]!.n);
    const fromB = await inOneWindow(60_000, 20_000, async () => {
      for (let i = 0; i < 15; i++) expect((await signInFails(a)).status).toBe(401);
      await until('A\'s failures in the shared counter', async () => ((await counted()) >= 15 ? true : undefined));
      const statuses: number[] = [];
      for (let i = 0; i < 17; i++) statuses.push((await signInFails(b)).status);
      return statuses;
    });
    // 30 a minute from one address: B lets through the 15 that A left, then refuses.
    expect(fromB.slice(0, 15).every((status) => status === 401)).toBe(true);
    expect(fromB.slice(15)).toEqual([429, 429]);
  }, 120_000);

  it('wrong client secrets are one count per credential across both API processes', async () => {
    const target = await createClientsService({ db }).createClient({ name: 'Guessed firm' });
    const wrong = (via: string) => fetch(`${via}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: target.client_id, client_secret: 'guessed' }),
    });
    const counted = async () => Number((await db.query<{ n: string }>("SELECT coalesce(sum(count), 0) AS n FROM rate_limit_counters WHERE key LIKE 'secret:%'"))[0]!.n);
    const fromB = await inOneWindow(60_000, 20_000, async () => {
      for (let i = 0; i < 6; i++) expect((await wrong(a)).status).toBe(401);
      await until('A\'s wrong secrets in the shared counter', async () => ((await counted()) >= 6 ? true : undefined));
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await wrong(b)).status);
      return statuses;
    });
    // 10 a minute per credential (WRONG_SECRETS_PER_MINUTE): B lets through the 4 that A left, then refuses.
    expect(fromB).toEqual([401, 401, 401, 401, 429, 429]);
  }, 120_000);
});
