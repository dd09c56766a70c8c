import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_BATCH_LIMIT, createAuditService } from '../../src/modules/audit/audit.service.ts';
import { databaseKind, sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';

let t: TestService;
let c: TestClient;
let accountId: string;
let contactId: string;

beforeAll(async () => {
  t = await startTestService();
  c = await t.newClient();
  const account = (await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth, payload: sampleAccount() })).json();
  accountId = account.id;
  contactId = account.primary_contact.id;
  await t.app.inject({ url: `/clients/${c.clientId}/accounts/${accountId}/contacts/${contactId}`, headers: c.auth });
  await t.app.inject({ url: `/clients/${c.clientId}/accounts/${accountId}/contacts/ctc_missing`, headers: c.auth });
  await t.services.audit.flush();
});
afterAll(async () => t?.close());

describe('audit trail', () => {
  it('records who read and changed personal data, with ids only', async () => {
    const entries = await t.services.audit.list(c.clientId, {});
    expect(entries.map((e) => [e.action, e.subject])).toEqual([
      ['account.create', `accounts/${accountId}`],
      ['contact.read', `${accountId}/${contactId}`],
    ]);
    expect(entries[1]).toMatchObject({ actor: `api:${c.client_id}`, client_id: c.clientId, details: { method: 'GET', status: 200 } });
    expect(JSON.stringify(entries)).not.toMatch(/Hartley|ada@example/);
  });

  it('the chain verifies while untouched', async () => {
    expect(await t.services.audit.verify()).toMatchObject({ ok: true, entries: 2, problems: [] });
  });

  it('the database refuses updates and deletes of audit entries', async () => {
    await expect(t.db.query("UPDATE audit_log SET action = 'x' WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log WHERE seq = 1')).rejects.toThrow(/append-only/);
  });

  it('verify detects a changed, a deleted and a reordered entry (tampering with the trigger disabled)', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/clients/${c.clientId}/accounts/${accountId}`, headers: c.auth });
    await t.services.audit.flush();
    await t.db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
    try {
      await t.db.query("UPDATE audit_log SET details = '{\"method\":\"GET\",\"status\":404}' WHERE seq = 2");
      expect((await t.services.audit.verify()).problems).toContainEqual({ seq: 2, problem: 'changed' });
      await t.db.query('DELETE FROM audit_log WHERE seq = 4');
      expect((await t.services.audit.verify()).problems).toContainEqual({ seq: 5, problem: 'missing before' });
      // Swap the content of two entries.
      await t.db.query("UPDATE audit_log SET seq = -1 WHERE seq = 3");
      await t.db.query("UPDATE audit_log SET seq = 3 WHERE seq = 5");
      await t.db.query("UPDATE audit_log SET seq = 5 WHERE seq = -1");
      const result = await t.services.audit.verify();
      expect(result.ok).toBe(false);
      expect(result.problems.map((p) => p.seq)).toEqual(expect.arrayContaining([3, 5]));
    } finally {
      await t.db.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
    }
  });
});

describe('audit buffer', () => {
  it('flushes a full batch at once, without waiting for the timer, and keeps the chain whole', async () => {
    const own = await startTestService(); // the chain above was tampered with on purpose
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the 100 ms timer never fires here
    const transactions: Promise<unknown>[] = [];
    const db = { ...own.db, tx: <T>(fn: Parameters<typeof own.db.tx<T>>[0]) => { const done = own.db.tx(fn); transactions.push(done); return done; } };
    const audit = createAuditService({ db, now: () => new Date() });
    const entries = async () => (await own.services.audit.verify()).entries;
    const settle = () => new Promise((resolve) => setImmediate(resolve)); // after every queued microtask
    try {
      const read = (i: number) => audit.record({ client_id: null, actor: 'test', action: 'contact.read', subject: `burst/${i}` });
      for (let i = 1; i < AUDIT_BATCH_LIMIT; i++) read(i);
      await settle();
      expect(transactions).toHaveLength(0); // under the limit: left for the timer
      read(AUDIT_BATCH_LIMIT);
      await settle();
      expect(transactions).toHaveLength(1); // full: flushed at once
      for (let i = 1; i <= 50; i++) read(AUDIT_BATCH_LIMIT + i); // arrive while that flush runs: left for the timer
      await transactions[0];
      expect(await entries()).toBe(AUDIT_BATCH_LIMIT);
      expect(transactions).toHaveLength(1);
      await audit.close(); // the rest, as at shutdown
      expect(await own.services.audit.verify()).toEqual({ ok: true, entries: AUDIT_BATCH_LIMIT + 50, problems: [] });
    } finally {
      vi.useRealTimers();
      await own.close();
    }
  }, 120_000); // a service of its own to start and close: 20-30 s on PGlite on a loaded machine
});

// The CLI is a second process: it reaches the test's PostgreSQL database, not a test's in-memory PGlite.
describe.skipIf(databaseKind !== 'postgres')('npx kyc audit verify', () => {
  it('exits 0 on an intact chain and 1 on a tampered one', async () => {
    const own = await startTestService();
    const dataDir = own.config.dataDir;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: own.databaseUrl ?? '', LOG_LEVEL: 'silent' };
    try {
      const client = await own.newClient();
      await own.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth, payload: sampleAccount() });
      await own.services.audit.flush();
      const kyc = path.resolve(import.meta.dirname, '../../bin/kyc.js');
      const ok = JSON.parse(execFileSync(process.execPath, [kyc, 'audit', 'verify'], { env, encoding: 'utf8' }));
      expect(ok).toMatchObject({ ok: true, entries: 1 });
      await own.db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
      await own.db.query("UPDATE audit_log SET actor = 'someone else'");
      let code = 0;
      try {
        execFileSync(process.execPath, [kyc, 'audit', 'verify'], { env, encoding: 'utf8' });
      } catch (error) {
        code = (error as { status: number }).status;
      }
      expect(code).toBe(1);
    } finally {
      await own.close();
    }
  }, 120_000); // a service of its own and two CLI processes to start, on a loaded machine
});
