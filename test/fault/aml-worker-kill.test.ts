import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestService, type TestService } from '../helpers/service.ts';
import { sharedSecrets } from '../helpers/cluster.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHECKS = 120;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * AML checks and their webhooks when worker processes die: separate `kyc worker` processes run the checks
 * (pg-boss jobs) and deliver the webhooks on PostgreSQL; one is killed with SIGKILL in the middle, then a second
 * one. Every check finishes exactly once (one READY, one revision step, one REPORT_READY event), every check
 * spent exactly one credit (the ledger), and every REPORT_READY reaches the receiver; a check that fails on every
 * attempt ends in ERROR (pg-boss dead-letter queue) rather than staying INITIAL. Prints its figures.
 */
describe.skipIf(databaseKind !== 'postgres')('AML checks and deliveries survive killed workers (PostgreSQL, separate processes)', () => {
  let t: TestService;
  let receiver: Receiver;
  const workers: ChildProcess[] = [];
  let logs = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-fault-aml-'));
  const env = {
    ...sharedSecrets(),
    // A killed worker's checks are retried after this; production keeps the defaults (300 s, 120 s). Not shorter:
    // a batch of four checks that outlasts it on a loaded machine is presumed lost too, which spends attempts the
    // kills are meant to spend.
    AML_CHECK_TIMEOUT_SECONDS: '8',
    JOBS_MAINTENANCE_SECONDS: '1',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_SCHEDULE: '0ms,200ms,200ms,200ms,200ms,200ms',
    SCREENING_LISTS: path.join(dir, 'list.ftm.json'),
    EIDV_REGISTERS: `roll=${path.join(dir, 'roll.csv')},credit=${path.join(dir, 'credit.csv')}`,
  };
  writeFileSync(env.SCREENING_LISTS, `${JSON.stringify({ id: 'fault-pep-1', schema: 'Person', properties: { name: ['Margaret Politica Hale'], birthDate: ['1970-05-06'], topics: ['role.pep'] } })}\n`);
  const register = 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased\n' +
    Array.from({ length: CHECKS }, (_, i) => `Clara,,Check${i},1984-02-10,12 River Road,LS1 4AB,Leeds,GB,false`).join('\n');
  writeFileSync(path.join(dir, 'roll.csv'), register);
  writeFileSync(path.join(dir, 'credit.csv'), register);

  const startWorker = () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/kyc.js'), 'worker'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATABASE_URL: t.databaseUrl!, DATA_DIR: mkdtempSync(path.join(dir, 'worker-')), WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d) => { logs = (logs + d).slice(-3000); });
    workers.push(child);
    return child;
  };
  // A process ended by a signal keeps exitCode null: signalCode says it is gone.
  const alive = (w: ChildProcess) => w.exitCode === null && w.signalCode === null;
  const kill = async (child: ChildProcess) => {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  };

  beforeAll(async () => {
    t = await startTestService(env);
    receiver = await startReceiver({ fallback: { status: 200, delayMs: 5 } });
  });
  afterAll(async () => {
    for (const w of workers) if (alive(w)) w.kill('SIGKILL');
    await receiver?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes every check exactly once, spends one credit per check, and announces every result', async () => {
    const client = await t.newClient();
    await t.services.credits.add(client.clientId, CHECKS, 'fault test');
    const sub = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'aml-worker-kill-signing-secret', entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY', 'REPORT_ERROR'] }] } },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const reports: { url: string; contactId: string; revision: number }[] = [];
    for (let i = 0; i < CHECKS; i++) {
      const account = (await t.app.inject({
        method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
        payload: { name: `Check ${i}`, type: 'INDIVIDUAL', primary_contact: { first_name: 'Clara', last_name: `Check${i}`, email: 'c@example.com', date_of_birth: '1984-02-10', primary_address: { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' } } },
      })).json();
      const url = `/clients/${client.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
      const triggered = await t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: {} } });
      expect(triggered.statusCode, triggered.body).toBe(202);
      reports.push({ url, contactId: account.primary_contact.id, revision: Number(triggered.json().revision) });
    }
    // One check cannot succeed however often it runs (its contact's sealed data no longer opens): after its
    // attempts it must end in ERROR through the dead-letter queue, not stay INITIAL for ever.
    const broken = reports[CHECKS - 1]!;
    await t.db.query("UPDATE contacts SET pii = '\\x00'::bytea WHERE id = $1", [broken.contactId]);
    const ready = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM aml_reports WHERE client_id = $1 AND status <> 'INITIAL'", [client.clientId]))[0]!.n;

    // Two workers start on the queue; each is killed once checks are flowing, and a fresh one takes its place.
    const started = Date.now();
    const first = startWorker();
    startWorker();
    const kills: { at: number; finished: number; active: number }[] = [];
    for (const [victim, after] of [[first, CHECKS / 4], [undefined, CHECKS / 2]] as const) {
      while ((await ready()) < after && Date.now() - started < 60_000) await sleep(20);
      const target = victim ?? workers.filter(alive)[0]!;
      // Jobs the victim holds right now (it and its peers): the ones it held are stranded until they expire.
      const active = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'aml-check' AND state = 'active'"))[0]!.n;
      await kill(target);
      kills.push({ at: Date.now() - started, finished: await ready(), active });
      startWorker();
    }
    while ((await ready()) < CHECKS && Date.now() - started < 120_000) await sleep(100);
    const allDoneMs = Date.now() - started;
    if ((await ready()) < CHECKS) console.log(`workers' stderr: ${logs}`);
    const readyEvents = () => new Set(receiver.events().filter((e) => e.json.report_type === 'AML').map((e) => e.json.id as string));
    const expectedEvents = await t.db.query<{ id: string; contact_id: string; event: string }>(
      "SELECT id, contact_id, event FROM events WHERE client_id = $1 AND report_type = 'AML' AND event IN ('REPORT_READY', 'REPORT_ERROR')", [client.clientId]);
    await receiver.waitFor(() => readyEvents().size >= expectedEvents.length, 30_000).catch(() => undefined);

    const rows = await t.db.query<{ contact_id: string; status: string; revision: number; run_id: string; error: string | null }>('SELECT contact_id, status, revision, run_id, error FROM aml_reports WHERE client_id = $1', [client.clientId]);
    const ledger = await t.db.query<{ reference: string; amount: number }>("SELECT reference, amount FROM credit_ledger WHERE client_id = $1 AND reference LIKE 'aml:%'", [client.clientId]);
    const retried = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'aml-check' AND retry_count > 0"))[0]!.n;
    const attempts = receiver.events().filter((e) => e.json.report_type === 'AML');
    const terminalPerContact = new Map<string, number>();
    for (const e of expectedEvents) terminalPerContact.set(e.contact_id, (terminalPerContact.get(e.contact_id) ?? 0) + 1);
    const balance = await t.services.credits.balance(client.clientId);

    console.log([
      `fault: SIGKILL of kyc worker processes during ${CHECKS} AML checks and their webhooks (AML_CHECK_TIMEOUT_SECONDS=${env.AML_CHECK_TIMEOUT_SECONDS}, JOBS_MAINTENANCE_SECONDS=${env.JOBS_MAINTENANCE_SECONDS})`,
      ...kills.map((k, i) => `  kill ${i + 1} at ${k.at} ms: ${k.finished} checks finished, ${k.active} jobs active in all workers at that moment`),
      `  all ${rows.filter((r) => r.status !== 'INITIAL').length} of ${CHECKS} checks finished after ${allDoneMs} ms; jobs retried (their worker died, or they failed): ${retried}`,
      `  statuses: ${JSON.stringify(rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {}))}; finishing events per check: ${JSON.stringify([...terminalPerContact.values()].reduce<Record<string, number>>((m, n) => ({ ...m, [n]: (m[n] ?? 0) + 1 }), {}))}`,
      `  the check that cannot succeed: ${rows.find((r) => r.contact_id === broken.contactId)!.status} (${(await t.db.query<{ error: string }>('SELECT error FROM aml_reports WHERE contact_id = $1', [broken.contactId]))[0]!.error})`,
      `  credits: ${ledger.length} ledger entries for ${CHECKS} checks, ${new Set(ledger.map((l) => l.reference)).size} distinct, balance ${balance}`,
      `  webhooks: ${readyEvents().size} of ${expectedEvents.length} result events received, ${attempts.length - readyEvents().size} duplicate deliveries (at least once)`,
    ].join('\n'));

    expect(rows).toHaveLength(CHECKS);
    // Status and error of each check that is not READY, so that a failure says what became of the others.
    expect(rows.filter((r) => r.status !== 'READY').map((r) => ({ contact: r.contact_id, status: r.status, error: r.error })), 'every check READY but the broken one')
      .toEqual([{ contact: broken.contactId, status: 'ERROR', error: expect.stringMatching(/^CHECK_NOT_COMPLETED/) }]);
    for (const r of reports) {
      // The trigger answered revision n; the one finish of its run made it n + 1, however often the job ran.
      expect(rows.find((row) => row.contact_id === r.contactId)!.revision, r.contactId).toBe(r.revision + 1);
      expect(terminalPerContact.get(r.contactId), `one result event for ${r.contactId}`).toBe(1);
    }
    expect(ledger).toHaveLength(CHECKS);
    expect(ledger.every((l) => l.amount === -1)).toBe(true);
    expect(new Set(ledger.map((l) => l.reference))).toEqual(new Set(rows.map((r) => `aml:${r.run_id}`)));
    expect(balance).toBe(0);
    const received = readyEvents();
    expect(expectedEvents.filter((e) => !received.has(e.id)), 'every result announced').toEqual([]);

    // The exact case a kill can cause, made certain: a job whose check committed runs again (its worker died
    // before pg-boss recorded it done). The second run changes nothing and announces nothing.
    const [row] = rows;
    const accountId = (await t.db.query<{ account_id: string }>('SELECT account_id FROM aml_reports WHERE contact_id = $1', [row!.contact_id]))[0]!.account_id;
    await t.services.aml.runCheck({ clientId: client.clientId, accountId, contactId: row!.contact_id, runId: row!.run_id }, { retryCount: 1 });
    const after = await t.db.query<{ revision: number }>('SELECT revision FROM aml_reports WHERE contact_id = $1', [row!.contact_id]);
    const eventsAfter = await t.db.query("SELECT id FROM events WHERE contact_id = $1 AND event IN ('REPORT_READY', 'REPORT_ERROR')", [row!.contact_id]);
    expect(after[0]!.revision).toBe(row!.revision);
    expect(eventsAfter).toHaveLength(1);
  }, 180_000);
});
