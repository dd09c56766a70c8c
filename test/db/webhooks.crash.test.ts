import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestService, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EVENTS = 300;

/**
 * At least once, even when a worker dies: separate `kyc worker` processes share the outbox on PostgreSQL; one is
 * killed with SIGKILL in the middle of a batch, and every event still reaches the receiver.
 */
describe.skipIf(databaseKind !== 'postgres')('webhook delivery survives a killed worker (PostgreSQL, separate processes)', () => {
  let t: TestService;
  let receiver: Receiver;
  const workers: ChildProcess[] = [];
  const env = {
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_SCHEDULE: '0ms,200ms,200ms,200ms,200ms,200ms',
  };

  const startWorker = () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/kyc.js'), 'worker'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATABASE_URL: t.databaseUrl!, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kyc-worker-')), WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    t = await startTestService(env);
    receiver = await startReceiver({ fallback: { status: 200, delayMs: 20 } });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await receiver?.close();
    await t?.close();
  });

  it('loses no event when a worker is killed mid-batch and another takes over', async () => {
    const client = await t.newClient();
    const created = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'crash-test-signing-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
    });
    expect(created.statusCode).toBe(201);
    const account = (await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
      payload: { name: 'Crash Ltd', type: 'COMPANY', primary_contact: { first_name: 'A', last_name: 'B', email: 'a@b.co' } },
    })).json();
    await t.db.tx(async (tx) => {
      for (let i = 0; i < EVENTS - 1; i++) {
        await t.services.events.record(tx, { clientId: client.clientId, event: 'ENTITY_UPDATED', entity: 'ACCOUNT', accountId: account.id, revision: String(i + 2) });
      }
    });

    const victim = startWorker();
    startWorker();
    await receiver.waitFor(() => receiver.events().length >= 40, 60_000);
    victim.kill('SIGKILL');
    await new Promise((r) => victim.once('exit', r));
    startWorker(); // the restart
    await receiver.waitFor(() => new Set(receiver.events().map((e) => e.json.id)).size >= EVENTS, 90_000);

    const ids = new Set(receiver.events().map((e) => e.json.id));
    const expected = await t.db.query<{ id: string }>('SELECT id FROM events WHERE client_id = $1', [client.clientId]);
    expect(expected).toHaveLength(EVENTS);
    for (const { id } of expected) expect(ids.has(id), id).toBe(true);
    // The receiver answers before the worker records the attempt: give the last records a moment.
    let pending: unknown[] = [];
    for (let i = 0; i < 100; i++) {
      pending = await t.db.query("SELECT id FROM webhook_deliveries WHERE status <> 'DELIVERED'");
      if (pending.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(pending).toEqual([]);
  }, 180_000);
});
