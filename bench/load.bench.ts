/**
 * npm run bench:load — the scale-out deployment under load (docs/deployment.md, "N API processes and M
 * workers"): many simulated callers each run the typical integration again and again (token, create an
 * account, trigger its AML check, wait for the REPORT_READY webhook, read the report) against 1, 2 and 3
 * API processes plus `kyc worker` processes, on PostgreSQL and an S3-compatible server, with the shared rate
 * limiter on. Each API process runs under a CPU quota of its own (bench/cpu-quota.ts): API nodes with cores of
 * their own, simulated on one machine. One caller request in 20 is sent twice (a client's retry, to the other process, same Idempotency-Key).
 * Prints throughput, p50/p99 latency and errors per setup, then checks the side effects in the database and
 * at the webhook receiver: each account made once, each AML check run and paid once, each event delivered once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { createClientsService } from '../src/modules/auth/clients.service.ts';
import { createCreditsService } from '../src/modules/credits/index.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import type { Db } from '../src/platform/db/db.ts';
import { startCluster, sharedSecrets } from '../test/helpers/cluster.ts';
import { startS3Server } from '../test/helpers/s3-server.ts';
import { printTable, startFloorServer, tempPostgres, token as fetchToken, ROOT } from './lib.ts';
import { loadEachWithWrk, wrkInstalled, wrkRequestsScript } from './wrk.ts';
import { cpuSeconds, machineIdle, postgresPids } from './cpu-usage.ts';
import { cpuQuotaUnavailable, limitCpu, statSince, type CpuQuota, type CpuStat } from './cpu-quota.ts';

// 96: with the API processes under a quota a sequence spends seconds waiting for the worker's webhook, and 48
// callers then cannot keep 3 API processes busy (docs/benchmarks.md).
const CALLERS = Number(process.env.BENCH_CALLERS ?? 96);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SETUPS = (process.env.BENCH_APIS ?? '1,2,3').split(',').map(Number).filter((n) => n > 0);
// 2: one worker's AML checks (batches of 4, one batch at a time) were the limit of 3 API processes (docs/benchmarks.md).
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const READ_SECONDS = Number(process.env.BENCH_READ_DURATION ?? 10);
const RETRY_EVERY = 20;
/**
 * Each API process's CPU quota in cores (BENCH_API_CPU, 0 for none): API nodes with cores of their own, simulated
 * with a cgroup per process, so that the API tier and not the shared machine is the limit. Where quotas cannot be
 * set (not Linux, not root, no cgroup v1) the bench says so and runs without.
 */
const API_CPU_ASKED = Number(process.env.BENCH_API_CPU ?? 0.1);
const QUOTA_MISSING = API_CPU_ASKED > 0 ? cpuQuotaUnavailable() : undefined;
const API_CPU = QUOTA_MISSING ? 0 : API_CPU_ASKED;
const QUOTA_PERIOD_US = 1000 * Number(process.env.BENCH_API_CPU_PERIOD_MS ?? 100);
/** round-robin: every request to the next API process (a plain load balancer); sticky: each caller keeps to one. */
const ROUTING = process.env.BENCH_ROUTING === 'sticky' ? 'sticky' : 'round-robin';
const useWrk = process.env.BENCH_LOAD_GENERATOR !== 'autocannon' && wrkInstalled();
const sharedLists = path.resolve(ROOT, process.env.KYC_SHARED_DATA ?? '../shared/data', 'lists');
const lists = existsSync(sharedLists) ? sharedLists : ['un.xml', 'ofac_sdn.xml', 'ftm.json'].map((f) => path.join(ROOT, 'test/screening/fixtures', f)).join(',');
const FINAL = new Set(['REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED']);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!) : 0;
};

/** The callers' webhook endpoint: counts every delivery by event id and wakes the caller waiting for its report. */
async function startWebhookReceiver() {
  const received = new Map<string, number>();
  const delays: number[] = [];
  const waiting = new Map<string, () => void>();
  const finished = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: string; event: string; contact_id?: string; occurred_at: string };
      const seen = received.get(body.id) ?? 0;
      received.set(body.id, seen + 1);
      if (seen === 0) delays.push(Date.now() - Date.parse(body.occurred_at));
      if (FINAL.has(body.event) && body.contact_id) {
        finished.add(body.contact_id);
        waiting.get(body.contact_id)?.();
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    delays,
    /** Resolves when the contact's report has a final event, or after `ms` (the caller then reads the report anyway). */
    reportDone: (contactId: string, ms: number) => new Promise<boolean>((resolve) => {
      if (finished.has(contactId)) return resolve(true);
      const timer = setTimeout(() => { waiting.delete(contactId); resolve(false); }, ms);
      waiting.set(contactId, () => { clearTimeout(timer); waiting.delete(contactId); resolve(true); });
    }),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** CPU seconds by role, to see which part of the machine a setup was short of. */
function cpuByRole(cluster: { apis: { process: { pid?: number } }[]; workers: { process: { pid?: number } }[] }, database: string) {
  const sum = (pids: (number | undefined)[]) => pids.reduce<number>((total, pid) => total + cpuSeconds(pid), 0);
  return {
    api: sum(cluster.apis.map((p) => p.process.pid)),
    apiEach: cluster.apis.map((p) => cpuSeconds(p.process.pid)),
    worker: sum(cluster.workers.map((p) => p.process.pid)),
    postgres: new Map(postgresPids(database).map((pid) => [pid, cpuSeconds(pid)])),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  };
}
/** CPU seconds by role between two readings; a PostgreSQL backend that began in between counts from its start. */
const cpuSince = (before: ReturnType<typeof cpuByRole>, after: ReturnType<typeof cpuByRole>) => ({
  api: after.api - before.api, apiEach: after.apiEach.map((s, i) => s - before.apiEach[i]!), worker: after.worker - before.worker,
  postgres: [...after.postgres].reduce((total, [pid, s]) => total + s - (before.postgres.get(pid) ?? 0), 0), generator: after.generator - before.generator,
});
const quotaStats = (quotas: CpuQuota[]) => quotas.map((q) => q.stat());
const quotaStatsSince = (before: CpuStat[], after: CpuStat[]) => after.map((s, i) => statSince(before[i]!, s));

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
interface Tenant { clientId: string; client_id: string; client_secret: string }

async function setUpTenants(db: Db, receiverUrl: string, api: string): Promise<Tenant[]> {
  const clients = createClientsService({ db });
  const credits = createCreditsService({ db });
  const tenants: Tenant[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const t = await clients.createClient({ name: `Load ${i}`, sandbox: true });
    await credits.add(t.clientId, 1_000_000, 'load test');
    const token = await fetchToken(api, t);
    const r = await fetch(`${api}/clients/${t.clientId}/subscriptions`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ callback_url: receiverUrl, type: 'WEBHOOK', config: { api_secret: 'load-test-signing-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }, { entity: 'CONTACT', report_types: ['AML'], events: [...FINAL, 'REPORT_INITIATED'] }] } }),
    });
    if (r.status !== 201) throw new Error(`subscription: ${r.status} ${await r.text()}`);
    tenants.push(t);
  }
  return tenants;
}

/** The callers: each runs the sequence until the time is up; requests go round-robin to the API processes. */
async function drive(apis: string[], tenants: Tenant[], receiver: Receiver, runId: string, callers = CALLERS, seconds = DURATION_S) {
  const pools = apis.map((url) => new Pool(url, { connections: callers, pipelining: 1 }));
  let next = 0;
  const latency: Record<string, number[]> = { token: [], 'create account': [], 'trigger AML': [], 'read report': [], sequence: [] };
  const errors: string[] = [];
  let requests = 0;
  let retries = 0;
  let accountKeys = 0;
  let triggers = 0;

  const route = (caller: number) => pools[(ROUTING === 'sticky' ? caller : next++) % pools.length]!;
  async function call(step: string | undefined, method: string, url: string, body: unknown, headers: Record<string, string>, pool: Pool) {
    const started = performance.now();
    requests += 1;
    const r = await pool.request({ method: method as 'GET', path: url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await r.body.json().catch(() => undefined)) as Record<string, any>;
    if (step) latency[step]!.push(performance.now() - started);
    return { status: r.statusCode, json };
  }
  const expect = (what: string, status: number, ok: number[]) => { if (!ok.includes(status)) errors.push(`${what}: ${status}`); return ok.includes(status); };
  /** A client's retry of the same request (same key, other process): must replay, or ask to retry while the first runs. */
  async function retry(what: string, method: string, url: string, body: unknown, headers: Record<string, string>, caller: number) {
    retries += 1;
    const r = await call(undefined, method, url, body, headers, pools[(caller + 1) % pools.length]!); // the other process, if there are two
    expect(`${what} (retry)`, r.status, [200, 201, 202, 409]);
  }

  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  let sequences = 0;
  const done: { url: string; auth: Record<string, string>; via: number }[] = [];
  await Promise.all(Array.from({ length: callers }, async (_, caller) => {
    const tenant = tenants[caller % tenants.length]!;
    for (let i = 0; i === 0 || Date.now() < deadline; i++) { // at least one sequence each
      try {
        const t0 = performance.now();
        const token = await call('token', 'POST', '/oauth/token', { grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }, {}, route(caller));
        if (!expect('token', token.status, [200])) continue;
        const auth = { authorization: `Bearer ${token.json.access_token}` };
        const key = `${runId}-${caller}-${i}`;
        const account = { name: `Load ${key}`, type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Passmore', email: `c${caller}.${i}@example.com`, date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } };
        const accountsUrl = `/clients/${tenant.clientId}/accounts`;
        const created = await call('create account', 'POST', accountsUrl, account, { ...auth, 'idempotency-key': `acc-${key}` }, route(caller));
        if (i % RETRY_EVERY === caller % RETRY_EVERY) await retry('create account', 'POST', accountsUrl, account, { ...auth, 'idempotency-key': `acc-${key}` }, caller);
        if (!expect('create account', created.status, [201])) continue;
        accountKeys += 1;
        const reportUrl = `${accountsUrl}/${created.json.id}/contacts/${created.json.primary_contact.id}/reports/aml`;
        const triggered = await call('trigger AML', 'PUT', reportUrl, { config: {} }, { ...auth, 'idempotency-key': `aml-${key}` }, route(caller));
        if (i % RETRY_EVERY === (caller + 7) % RETRY_EVERY) await retry('trigger AML', 'PUT', reportUrl, { config: {} }, { ...auth, 'idempotency-key': `aml-${key}` }, caller);
        if (!expect('trigger AML', triggered.status, [202])) continue;
        triggers += 1;
        // Wait for the webhook; a caller that has not heard in 2 s reads the report anyway (and again if INITIAL).
        let report;
        for (let polls = 0; polls < 60; polls++) {
          await receiver.reportDone(created.json.primary_contact.id, 2000);
          report = await call('read report', 'GET', reportUrl, undefined, auth, route(caller));
          if (report.status !== 200 || report.json.status !== 'INITIAL') break;
        }
        if (!expect('read report', report!.status, [200])) continue;
        if (report!.json.status !== 'READY') errors.push(`report status ${report!.json.status}`);
        latency.sequence!.push(performance.now() - t0);
        done.push({ url: reportUrl, auth, via: caller % pools.length });
        sequences += 1;
      } catch (error) {
        errors.push(`network: ${(error as Error).message}`);
      }
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(pools.map((p) => p.close()));
  return { latency, errors, requests, retries, accountKeys, triggers, sequences, seconds: elapsed, done };
}

/**
 * The read-heavy part on its own: callers read finished reports (GET AML report) back to back. Unlike the full
 * sequence this leaves the worker idle, so the API processes, not the AML checks, are what is measured.
 * With wrk installed (BENCH_LOAD_GENERATOR=autocannon keeps the in-process callers) one wrk per API process
 * holds its share of the connections, as a load balancer that spreads connections does: a C generator leaves the
 * cores to the API processes, where this process's own callers took a large part of them.
 */
async function readReports(apis: string[], reports: { url: string; auth: Record<string, string>; via: number }[]) {
  const idleBefore = machineIdle();
  const result = useWrk ? await readReportsWithWrk(apis, reports) : await readReportsInProcess(apis, reports);
  return { ...result, idle: machineIdle(idleBefore) };
}

/**
 * Before the reads are timed every API process reads every finished report once: a long-running process has its
 * caches of verified tokens and of contacts' data keys (ADR 75) filled, and the timed reads measure that steady
 * state. Without it a process that did not create a contact pays for a cold cache on each report's first read,
 * and the reads of a few seconds measure mostly that.
 */
async function warmReads(apis: string[], reports: { url: string; auth: Record<string, string> }[]) {
  await Promise.all(apis.map(async (url) => {
    const pool = new Pool(url, { connections: 8 });
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < reports.length) {
        const report = reports[next++]!;
        const r = await pool.request({ method: 'GET', path: report.url, headers: report.auth });
        await r.body.dump();
      }
    }));
    await pool.close();
  }));
}

async function readReportsWithWrk(apis: string[], reports: { url: string; auth: Record<string, string> }[]) {
  const script = wrkRequestsScript(reports.map((r) => ({ path: r.url, headers: r.auth })));
  // A process held to a small CPU quota answers 48 waiting connections slowly (a second or more at p99 with one
  // process at 0.15 of a core): a slow answer is a latency here, not an error.
  const run = await loadEachWithWrk(apis, { connections: CALLERS, duration: READ_SECONDS, script, timeoutSeconds: 30 });
  return { rps: run.rps, p50: run.p50, p99: run.p99, errors: run.errors + run.non2xx };
}

async function readReportsInProcess(apis: string[], reports: { url: string; auth: Record<string, string>; via: number }[]) {
  const pools = apis.map((url) => new Pool(url, { connections: CALLERS, pipelining: 1 }));
  const latency: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = Date.now() + READ_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: CALLERS }, async (_, caller) => {
    for (let i = caller; Date.now() < deadline; i += CALLERS) {
      const report = reports[i % reports.length]!;
      const t0 = performance.now();
      try {
        const r = await pools[(ROUTING === 'sticky' ? report.via : next++) % pools.length]!.request({ method: 'GET', path: report.url, headers: report.auth });
        await r.body.dump();
        if (r.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latency.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pools.map((p) => p.close()));
  return { rps: Math.round(latency.length / seconds), p50: quantile(latency, 0.5), p99: quantile(latency, 0.99), errors };
}

/** The side effects, counted where they happened. */
async function check(db: Db, receiver: Receiver, expected: { accountKeys: number; triggers: number }) {
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0]!.n);
  const deadline = Date.now() + 120_000;
  const pause = () => new Promise((r) => setTimeout(r, 200));
  // Checks still running (a caller gave up waiting) finish first; then their events reach the receiver.
  while ((await count("SELECT count(*) AS n FROM aml_reports WHERE status = 'INITIAL'")) > 0 && Date.now() < deadline) await pause();
  const events = await count('SELECT count(*) AS n FROM events');
  while (receiver.received.size < events && Date.now() < deadline) await pause();
  const deliveries = [...receiver.received.values()].reduce((a, b) => a + b, 0);
  return {
    accounts: await count('SELECT count(*) AS n FROM accounts'),
    reportsDone: await count("SELECT count(*) AS n FROM aml_reports WHERE status <> 'INITIAL'"),
    spends: await count('SELECT count(*) AS n FROM credit_ledger WHERE amount < 0'),
    checkJobs: await count("SELECT count(*) AS n FROM pgboss.job WHERE name = 'aml-check'"),
    readyTwice: await count("SELECT count(*) AS n FROM (SELECT contact_id FROM events WHERE event = 'REPORT_READY' GROUP BY contact_id HAVING count(*) > 1) t"),
    events,
    delivered: receiver.received.size,
    duplicates: deliveries - receiver.received.size,
    webhookDelay: `${quantile(receiver.delays, 0.5)}/${quantile(receiver.delays, 0.99)}`,
    ...expected,
  };
}

async function run(apis: number) {
  const database = await tempPostgres();
  const s3 = await startS3Server();
  const receiver = await startWebhookReceiver();
  const db = createPostgresDb(database.url, { max: 4 });
  const databaseName = new URL(database.url).pathname.slice(1);
  const cluster = await startCluster({
    apis, workers: WORKERS, inheritOutput: true,
    env: { ...sharedSecrets(), ...s3.env(), DATABASE_URL: database.url, PUBLIC_URL: 'http://kyc.bench', WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
    workerEnv: { SCREENING_LISTS: lists },
  });
  const quotas: CpuQuota[] = [];
  try {
    if (API_CPU) cluster.apis.forEach((a, i) => quotas.push(limitCpu(a.process.pid!, API_CPU, `api-${i + 1}`, { periodUs: QUOTA_PERIOD_US })));
    const urls = cluster.apis.map((a) => a.url);
    const tenants = await setUpTenants(db, receiver.url, urls[0]!);
    // Lists load in the worker in the background: one sequence per process warms up before the clock starts.
    await drive(urls, tenants, receiver, 'warm', urls.length, 0);
    const before = await db.query<{ a: number; t: number }>("SELECT (SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM credit_ledger WHERE amount < 0) AS t");
    // CPU seconds by role over each timed phase: on a shared machine they say more than the rates do.
    const cpuBefore = cpuByRole(cluster, databaseName);
    const quotaBefore = quotaStats(quotas);
    const idleBefore = machineIdle();
    const load = await drive(urls, tenants, receiver, `run${apis}`);
    const idle = machineIdle(idleBefore).percent;
    const cpuAfter = cpuByRole(cluster, databaseName);
    const quotaAfter = quotaStats(quotas);
    const cpu = cpuSince(cpuBefore, cpuAfter);
    await warmReads(urls, load.done);
    const [cpuReadBefore, quotaReadBefore] = [cpuByRole(cluster, databaseName), quotaStats(quotas)];
    const read = await readReports(urls, load.done);
    const reads = { ...read, cpu: cpuSince(cpuReadBefore, cpuByRole(cluster, databaseName)), throttled: quotaStatsSince(quotaReadBefore, quotaStats(quotas)) };
    const sideEffects = await check(db, receiver, { accountKeys: load.accountKeys + Number(before[0]!.a), triggers: load.triggers + Number(before[0]!.t) });
    return { apis, load, sideEffects, cpu, idle, throttled: quotaStatsSince(quotaBefore, quotaAfter), reads };
  } finally {
    await cluster.stop();
    for (const q of quotas) q.remove();
    await db.close();
    await receiver.close();
    await s3.close();
    await database.drop();
  }
}

/**
 * The same question asked of the floor (bench/floor-server.ts: Fastify and pg alone, a GET by primary key) with
 * 1 and 2 processes under the same wrk load: what a second process can add on this machine at all, whatever the
 * service does, so the service's reads can be read against it.
 */
async function floorScaling(processes: number) {
  const database = await tempPostgres();
  const floors = [];
  try {
    for (let i = 0; i < processes; i++) floors.push(await startFloorServer(database.url));
    const urls = floors.map((f) => f.url);
    await loadEachWithWrk(urls, { connections: CALLERS, duration: 2 }); // warm-up
    const cpuBefore = floors.reduce((sum, f) => sum + cpuSeconds(f.process.pid), 0);
    const idleBefore = machineIdle();
    const run = await loadEachWithWrk(urls, { connections: CALLERS, duration: READ_SECONDS });
    const idle = machineIdle(idleBefore).percent;
    const cpu = floors.reduce((sum, f) => sum + cpuSeconds(f.process.pid), 0) - cpuBefore;
    return { processes, rps: run.rps, p99: run.p99, cpu, idle, errors: run.errors + run.non2xx };
  } finally {
    for (const f of floors) await f.stop();
    await database.drop();
  }
}

/**
 * The shared rate limit under fire: two API processes, a small budget, every caller hammering one client's
 * `GET /accounts` round-robin until both processes refuse. Counts what was let through in the window against
 * the budget: the overshoot that ADR 0060 bounds.
 */
async function measureOvershoot(limit: number) {
  const database = await tempPostgres();
  const db = createPostgresDb(database.url, { max: 2 });
  const cluster = await startCluster({
    apis: 2, workers: 0, inheritOutput: true,
    env: { ...sharedSecrets(), DATABASE_URL: database.url, PUBLIC_URL: 'http://kyc.bench', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: String(limit) },
  });
  try {
    const urls = cluster.apis.map((a) => a.url);
    const tenant = await createClientsService({ db }).createClient({ name: 'Overshoot', sandbox: true });
    const token = await fetchToken(urls[0]!, tenant);
    const pools = urls.map((url) => new Pool(url, { connections: CALLERS }));
    // All of it inside one clock minute (the budget's window): start early in a minute, stop at its end.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 500));
    const minute = Math.floor(Date.now() / 60_000);
    const admitted = new Map<number, number>(); // clock minute -> 2xx
    let refusedSince = 0;
    let next = 0;
    const started = performance.now();
    let sent = 0;
    await Promise.all(Array.from({ length: CALLERS }, async () => {
      // Until both processes have refused everything for a second.
      while (Math.floor(Date.now() / 60_000) === minute && !(refusedSince && Date.now() - refusedSince > 1000)) {
        const r = await pools[next++ % pools.length]!.request({ method: 'GET', path: `/clients/${tenant.clientId}/accounts`, headers: { authorization: `Bearer ${token}` } });
        await r.body.dump();
        sent += 1;
        if (r.statusCode === 200) {
          const minute = Math.floor(Date.now() / 60_000);
          admitted.set(minute, (admitted.get(minute) ?? 0) + 1);
          refusedSince = 0;
        } else if (r.statusCode === 429) refusedSince ||= Date.now();
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(pools.map((p) => p.close()));
    return { limit, admitted: [...admitted.values()], rate: Math.round(sent / seconds) };
  } finally {
    await cluster.stop();
    await db.close();
    await database.drop();
  }
}

const results: Awaited<ReturnType<typeof run>>[] = [];
for (const apis of SETUPS) results.push(await run(apis));
const floors = useWrk && process.env.BENCH_FLOOR !== 'false' ? await (async () => {
  const out = [];
  for (const processes of SETUPS) out.push(await floorScaling(processes));
  return out;
})() : [];
const overshoot = process.env.BENCH_OVERSHOOT === '0' ? undefined : await measureOvershoot(Number(process.env.BENCH_OVERSHOOT_LIMIT ?? 3000));

const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`\nLoad benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, PostgreSQL on this machine, ${CALLERS} callers over ${CLIENTS} clients, ${DURATION_S} s per setup, ${WORKERS} worker process(es), ${ROUTING} routing, load average now ${load}`);
console.log(API_CPU
  ? `Each API process limited to ${API_CPU} of a core (its own cgroup: CFS quota ${Math.round(API_CPU * QUOTA_PERIOD_US / 1000)} ms per ${QUOTA_PERIOD_US / 1000} ms period; BENCH_API_CPU): API nodes with cores of their own, simulated. The worker, PostgreSQL and the load generator have no quota.\n`
  : `No CPU quota on the API processes (${QUOTA_MISSING ? `BENCH_API_CPU=${API_CPU_ASKED} asked, but ${QUOTA_MISSING}` : 'BENCH_API_CPU=0'}): they share the machine's cores with everything else.\n`);
printTable(results.map(({ apis, load: l }) => ({
  setup: `${apis} API + ${WORKERS} worker`, sequences: l.sequences, 'sequences/s': (l.sequences / l.seconds).toFixed(1), 'requests/s': Math.round(l.requests / l.seconds),
  'token p50/p99': `${quantile(l.latency.token!, 0.5)}/${quantile(l.latency.token!, 0.99)}`,
  'create p50/p99': `${quantile(l.latency['create account']!, 0.5)}/${quantile(l.latency['create account']!, 0.99)}`,
  'trigger p50/p99': `${quantile(l.latency['trigger AML']!, 0.5)}/${quantile(l.latency['trigger AML']!, 0.99)}`,
  'read p50/p99': `${quantile(l.latency['read report']!, 0.5)}/${quantile(l.latency['read report']!, 0.99)}`,
  'sequence p50/p99': `${quantile(l.latency.sequence!, 0.5)}/${quantile(l.latency.sequence!, 0.99)}`,
  errors: l.errors.length,
})));
console.log('\nLatencies in ms. A sequence: token, create account, trigger AML, wait for its webhook, read the report.');
console.log(`CPU during the timed run, in % of one core (the machine has ${os.cpus().length} cores = ${100 * os.cpus().length}%; PostgreSQL: this database's sessions and the server's background processes)${API_CPU ? `; "throttled": the share of the API processes' ${QUOTA_PERIOD_US / 1000} ms periods in which they used up their quota` : ''}:\n`);
const pct = (cpuSeconds: number, seconds: number) => Math.round((100 * cpuSeconds) / seconds);
const perSequence = (cpuSeconds: number, sequences: number) => ((1000 * cpuSeconds) / Math.max(1, sequences)).toFixed(1);
const quotaColumns = (each: number[], throttled: CpuStat[], seconds: number): Record<string, string> => ({
  [`each API process %${API_CPU ? ` (quota ${Math.round(100 * API_CPU)})` : ''}`]: each.map((s) => pct(s, seconds)).join(' / '),
  ...(API_CPU ? { 'throttled %': throttled.map((t) => Math.round((100 * t.throttled) / Math.max(1, t.periods))).join(' / ') } : {}),
});
printTable(results.map(({ apis, cpu, idle, throttled, load: l }) => ({
  setup: `${apis} API + ${WORKERS} worker`, 'API processes %': pct(cpu.api, l.seconds), ...quotaColumns(cpu.apiEach, throttled, l.seconds), 'worker %': pct(cpu.worker, l.seconds), 'PostgreSQL %': pct(cpu.postgres, l.seconds),
  'load generator (+ receiver, S3) %': pct(cpu.generator, l.seconds), 'CPU ms per sequence: API / all': `${perSequence(cpu.api, l.sequences)} / ${perSequence(cpu.api + cpu.worker + cpu.postgres + cpu.generator, l.sequences)}`,
  'machine idle %': idle,
})));
console.log('');
console.log(`Reading finished reports only (GET AML report, ${CALLERS} connections, ${READ_SECONDS} s, ${useWrk ? 'one wrk per API process' : `this process's callers, ${ROUTING}`}; the workers idle):\n`);
printTable(results.map(({ apis, reads }) => ({
  setup: `${apis} API`, 'reads/s': reads.rps, 'p50 ms': reads.p50, 'p99 ms': reads.p99, errors: reads.errors,
  'API processes %': pct(reads.cpu.api, READ_SECONDS), ...quotaColumns(reads.cpu.apiEach, reads.throttled, READ_SECONDS), 'PostgreSQL %': pct(reads.cpu.postgres, READ_SECONDS),
  'API CPU ms per read': ((1000 * reads.cpu.api) / Math.max(1, reads.rps * READ_SECONDS)).toFixed(2),
  'machine idle %': reads.idle.percent,
})));
if (floors.length) {
  console.log(`\nThe floor under the same reads (bench/floor-server.ts: Fastify and pg alone, GET by primary key, ${CALLERS} connections, one wrk per process, no CPU quota):\n`);
  printTable(floors.map((f) => ({
    setup: `${f.processes} floor process${f.processes > 1 ? 'es' : ''}`, 'reads/s': f.rps, 'p99 ms': f.p99, errors: f.errors, 'server processes %': pct(f.cpu, READ_SECONDS),
    'server CPU µs per read': Math.round((1e6 * f.cpu) / Math.max(1, f.rps * READ_SECONDS)), 'machine idle %': f.idle,
  })));
}
console.log('');
printTable(results.map(({ apis, load: l, sideEffects: s }) => ({
  setup: `${apis} API + ${WORKERS} worker`, 'retries sent': l.retries,
  'accounts (expected)': `${s.accounts} (${s.accountKeys})`, 'AML done / paid / jobs (expected)': `${s.reportsDone} / ${s.spends} / ${s.checkJobs} (${s.triggers})`,
  'READY twice': s.readyTwice, 'events delivered / total': `${s.delivered} / ${s.events}`, 'duplicate deliveries': s.duplicates,
  'webhook delay p50/p99 ms': s.webhookDelay,
})));
let failed = false;
for (const { apis, load: l, sideEffects: s } of results) {
  const problems = [
    ...new Set(l.errors).values(),
    ...(s.accounts !== s.accountKeys ? [`${s.accounts} accounts for ${s.accountKeys} keys`] : []),
    ...(s.reportsDone !== s.triggers || s.spends !== s.triggers || s.checkJobs !== s.triggers ? [`AML ${s.reportsDone} done, ${s.spends} paid, ${s.checkJobs} jobs for ${s.triggers} triggers`] : []),
    ...(s.readyTwice ? [`${s.readyTwice} reports READY twice`] : []),
    ...(s.delivered !== s.events ? [`${s.events - s.delivered} events not delivered`] : []),
    ...(s.duplicates ? [`${s.duplicates} duplicate deliveries`] : []),
  ];
  if (problems.length) { failed = true; console.log(`\n${apis} API: ${problems.slice(0, 10).join('; ')}`); }
}
/** The median of a list (the middle two's mean for an even count): one slow run on a shared machine moves it least. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const medianOf = <T extends { apis?: number; processes?: number }>(rows: T[], n: number, f: (r: T) => number) => median(rows.filter((r) => (r.apis ?? r.processes) === n).map(f));
if (results.some((r) => r.apis === 1)) {
  const perSecond = (r: Awaited<ReturnType<typeof run>>) => r.load.sequences / r.load.seconds;
  console.log('');
  for (const n of [...new Set(SETUPS)].filter((n) => n > 1)) {
    const runs = results.filter((r) => r.apis === n).length;
    console.log(`${n} API processes (median of ${runs} run${runs > 1 ? 's' : ''} against the median of one process's): ${(medianOf(results, n, perSecond) / medianOf(results, 1, perSecond)).toFixed(2)}x the sequences per second of one, ${(medianOf(results, n, (r) => r.reads.rps) / medianOf(results, 1, (r) => r.reads.rps)).toFixed(2)}x the report reads per second.`);
    if (floors.some((f) => f.processes === 1) && floors.some((f) => f.processes === n)) console.log(`  ${n} floor processes (Fastify + pg alone, no quota): ${(medianOf(floors, n, (f) => f.rps) / medianOf(floors, 1, (f) => f.rps)).toFixed(2)}x the reads per second of one.`);
  }
}
for (const { apis, reads } of results) if (reads.errors) { failed = true; console.log(`${apis} API: ${reads.errors} failed report reads`); }
if (overshoot) {
  const windows = overshoot.admitted.map((n) => `${n} (${n - overshoot.limit >= 0 ? '+' : ''}${n - overshoot.limit})`).join(', then ');
  console.log(`\nShared rate limit, 2 API processes, ${CALLERS} callers hammering one client at ${overshoot.rate} req/s: admitted ${windows} of a budget of ${overshoot.limit} per clock minute.`);
}
console.log(failed ? '\nSIDE EFFECTS: problems above.' : '\nSide effects: every account once, every AML check done and paid once, every event delivered once, no errors.');
process.exit(failed ? 1 : 0);
