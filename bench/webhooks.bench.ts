/**
 * npm run bench:webhooks — webhook deliveries end to end: events committed by the API (POST account, each an
 * ENTITY_UPDATED) are delivered to a local receiver. Prints deliveries per second and the p50/p99 delay from
 * the event's commit to its arrival, on PGlite (one process) and on PostgreSQL (API process + two `kyc worker`
 * processes). A second PostgreSQL row drains a burst of 20,000 events written at once, to show throughput
 * when the producer is not the limit.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, createClient, load, printTable, startServer, tempPostgres, token } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const BURST = Number(process.env.BENCH_BURST ?? 20_000);

async function receiver() {
  const delays: number[] = [];
  const seen = new Set<string>();
  let first = 0;
  let last = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: string; occurred_at: string };
      if (!seen.has(body.id)) {
        seen.add(body.id);
        delays.push(now - Date.parse(body.occurred_at));
        first ||= now;
        last = now;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: () => seen.size,
    stats() {
      const sorted = [...delays].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      return { delivered: seen.size, perSecond: Math.round(seen.size / Math.max(0.001, (last - first) / 1000)), p50: q(0.5), p99: q(0.99) };
    },
    reset() { delays.length = 0; seen.clear(); first = 0; last = 0; },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function waitFor(predicate: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!predicate() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

const account = { name: 'Bench Ltd', type: 'COMPANY', primary_contact: { first_name: 'A', last_name: 'B', email: 'a@b.co' } };

async function run(label: string, env: Record<string, string>, workers: number) {
  const rx = await receiver();
  const server = await startServer({ ...env, WEBHOOK_ALLOW_PRIVATE: 'true', WORKERS: workers > 0 ? 'false' : 'true' });
  const children = Array.from({ length: workers }, () =>
    spawn(process.execPath, [path.join(ROOT, 'bin/kyc.js'), 'worker'], { cwd: ROOT, env: server.env, stdio: 'ignore' }));
  const rows = [];
  try {
    const client = createClient(server.env);
    const auth = `Bearer ${await token(server.url, client)}`;
    await fetch(`${server.url}/clients/${client.clientId}/subscriptions`, {
      method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ callback_url: rx.url, type: 'WEBHOOK', config: { api_secret: 'bench-signing-secret-0123', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } }),
    });
    await new Promise((r) => setTimeout(r, 3000)); // workers start
    const produced = await load({
      url: `${server.url}/clients/${client.clientId}/accounts`, method: 'POST', duration: DURATION, connections: 16,
      headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(account),
    });
    const total = produced.rps * DURATION;
    await waitFor(() => rx.count() >= total * 0.99, 60_000);
    const s = rx.stats();
    rows.push({ setup: label, load: `API at ${produced.rps} events/s`, delivered: s.delivered, 'deliveries/s': s.perSecond, 'p50 delay ms': s.p50, 'p99 delay ms': s.p99 });

    if (env.DATABASE_URL) {
      rx.reset();
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      const { rows: [acc] } = await db.query('SELECT id FROM accounts LIMIT 1');
      await db.query(
        `INSERT INTO events (id, client_id, event, entity, account_id, revision)
         SELECT 'evt_burst_' || g, $1, 'ENTITY_UPDATED', 'ACCOUNT', $2, g::text FROM generate_series(1, $3) g`,
        [client.clientId, acc.id, BURST],
      );
      await db.end();
      await waitFor(() => rx.count() >= BURST, 120_000);
      const b = rx.stats();
      rows.push({ setup: label, load: `burst of ${BURST} at once`, delivered: b.delivered, 'deliveries/s': b.perSecond, 'p50 delay ms': b.p50, 'p99 delay ms': b.p99 });
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await server.stop();
    await rx.close();
  }
  return rows;
}

const keys = {
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const rows = [];
if (!process.env.BENCH_DATABASE || process.env.BENCH_DATABASE === 'pglite') rows.push(...(await run('PGlite, 1 process', keys, 0)));
if (!process.env.BENCH_DATABASE || process.env.BENCH_DATABASE === 'postgres') {
  const database = await tempPostgres();
  try {
    rows.push(...(await run('PostgreSQL, API + 2 workers', { ...keys, DATABASE_URL: database.url }, 2)));
  } finally {
    await database.drop();
  }
}
console.log(`\nWebhook benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, receiver answers 204 at once\n`);
printTable(rows);
