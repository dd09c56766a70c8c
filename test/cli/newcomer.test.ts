import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const KYC = path.join(ROOT, 'bin/kyc.js');
const MAIN = path.join(ROOT, 'src/main.ts');
// `npm start` from another folder: tsx is found from here, not from the folder the service runs in.
const TSX = import.meta.resolve('tsx');

/** The environment of a newcomer's shell: no DATA_DIR, no DATABASE_URL (and none of the test runner's). */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'HOST', 'TEST_DATABASE']) if (!(name in extra)) delete env[name];
  return env;
}

type Result = { code: number; stdout: string; stderr: string };
async function kycIn(cwd: string, args: string[], env = shellEnv()): Promise<Result> {
  return run(process.execPath, [KYC, ...args], { cwd, env }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** The README's `npx kyc clients create ...` line, as words (its quotes honoured). */
function readmeClientsCreate(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const line = readme.split('\n').find((l) => l.startsWith('npx kyc clients create'));
  if (!line) throw new Error('README.md has no `npx kyc clients create` line');
  const words = [...line.replace(/\s+#.*$/, '').matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
  return words.slice(2); // without `npx kyc`
}

/**
 * A newcomer's first hour, with the real `kyc` command and the real service on the embedded database:
 * the CLI run from another folder, a register that does not exist, the README's client with credits and the
 * quick start's synthetic registers and watchlist giving a READY AML report, the service on loopback only.
 */
describe('a newcomer on the embedded database', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'kyc-newcomer-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('kyc run from a folder without a database and without DATA_DIR refuses, naming the absolute folder, and creates nothing', async () => {
    const elsewhere = mkdtempSync(path.join(work, 'elsewhere-'));
    const result = await kycIn(elsewhere, ['clients', 'create', '--name', 'Oops', '--json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`no database in ${path.join(elsewhere, 'data')}`);
    expect(result.stderr).toMatch(/set DATA_DIR/);
    expect(result.stderr).toMatch(/--init/);
    expect(existsSync(path.join(elsewhere, 'data'))).toBe(false);
  }, 60_000);

  it('--init creates the database and says where; the next command says which one it uses', async () => {
    const fresh = mkdtempSync(path.join(work, 'fresh-'));
    const created = await kycIn(fresh, ['clients', 'create', '--init', '--name', 'First', '--json']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ clientId: expect.stringMatching(/^cli_/) });
    expect(created.stderr).toContain(`creating a new embedded database in ${path.join(fresh, 'data')}`);
    const listed = await kycIn(fresh, ['clients', 'list', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((c: { name: string }) => c.name)).toEqual(['First']);
    expect(listed.stderr).toContain(`embedded database in ${path.join(fresh, 'data')}`);
    expect(listed.stderr).not.toContain('creating');
  }, 180_000); // a new embedded database is migrated first: slow on a busy machine

  it('an explicit DATA_DIR may create a new database (as scripts and tests do)', async () => {
    const dataDir = path.join(work, 'explicit');
    const created = await kycIn(work, ['clients', 'create', '--name', 'Scripted', '--json'], shellEnv({ DATA_DIR: dataDir }));
    expect(created.code).toBe(0);
    expect(created.stderr).toContain(`creating a new embedded database in ${dataDir}`);
  }, 180_000);

  it('a register that does not exist stops the start with one line naming EIDV_REGISTERS, no stack trace, no DATA_DIR made', async () => {
    const dataDir = path.join(work, 'never-made');
    const started = await run(process.execPath, ['--import', TSX, MAIN], {
      cwd: work, env: shellEnv({ DATA_DIR: dataDir, PORT: '0', EIDV_REGISTERS: 'electoral_roll=./roll.csv,credit_header=./credit.csv' }),
    }).catch((e: Result) => e) as Result;
    expect(started.code).toBe(1);
    const lines = started.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: EIDV_REGISTERS names \.\/roll\.csv \(.*\/roll\.csv\), \.\/credit\.csv \(.*\/credit\.csv\), which does not exist/);
    expect(existsSync(dataDir)).toBe(false);

    const list = await run(process.execPath, ['--import', TSX, MAIN], {
      cwd: work, env: shellEnv({ DATA_DIR: dataDir, PORT: '0', SCREENING_LISTS: '/nowhere/lists' }),
    }).catch((e: Result) => e) as Result;
    expect(list.code).toBe(1);
    expect(list.stderr.trim()).toMatch(/^Invalid configuration: SCREENING_LISTS names \/nowhere\/lists \(\/nowhere\/lists\), which does not exist[^\n]*$/);
  }, 60_000);

  describe('the quick start, with the shipped test data', () => {
    const folder = mkdtempSync(path.join(work, 'repo-'));
    const port = 21000 + Math.floor(Math.random() * 1000);
    // As docs/quick-start.md starts it (paths made absolute: the test runs from another folder).
    const lists = `test_watchlist=${ROOT}/examples/test-data/watchlist.ftm.json`;
    const registers = `electoral_roll=${ROOT}/examples/test-data/electoral-roll.csv,credit_header=${ROOT}/examples/test-data/credit-header.csv`;
    const env = shellEnv({ PORT: String(port), SCREENING_LISTS: lists, EIDV_REGISTERS: registers, WORKERS: 'true' });
    let service: ChildProcess | undefined;

    beforeAll(async () => {
      service = spawn(process.execPath, ['--import', TSX, MAIN], { cwd: folder, env, stdio: ['ignore', 'ignore', 'inherit'] });
      let ready = false;
      for (let i = 0; i < 600 && !ready; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(true);
    }, 120_000);
    afterAll(async () => {
      if (service && service.exitCode === null) {
        service.kill('SIGTERM');
        await new Promise((r) => service!.once('exit', r));
      }
    });

    it('the doc starts the service with exactly these test files', () => {
      const doc = readFileSync(path.join(ROOT, 'docs/quick-start.md'), 'utf8');
      expect(doc).toContain(`SCREENING_LISTS=${lists.replace(`${ROOT}/`, '')}`);
      expect(doc).toContain(`EIDV_REGISTERS=${registers.replaceAll(`${ROOT}/`, '')}`);
    });

    it('listens on loopback only by default', async () => {
      const outside = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal);
      if (!outside) return; // a machine with loopback only: nothing else to try
      const reached = await fetch(`http://${outside.address}:${port}/readyz`, { signal: AbortSignal.timeout(3000) }).then(() => true, () => false);
      expect(reached).toBe(false);
    });

    it("the README's client gets credits, and the quick start's contact a READY AML report that PASSes on the two test registers", async () => {
      const args = readmeClientsCreate();
      expect(args).toContain('--credits');
      const created = await kycIn(folder, args, env);
      expect(created.code).toBe(0);
      expect(created.stderr).toContain(`through the running service on the embedded database in ${path.join(folder, 'data')}`);
      const client = JSON.parse(created.stdout) as { clientId: string; client_id: string; client_secret: string; credits: number };
      expect(client.credits).toBeGreaterThan(0);

      const base = `http://127.0.0.1:${port}`;
      const token = await fetch(`${base}/oauth/token`, {
        method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
      const account = await fetch(`${base}/clients/${client.clientId}/accounts`, {
        method: 'POST', headers,
        body: JSON.stringify({
          name: 'Ada Hartley', type: 'INDIVIDUAL',
          primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB', type: 'PRIMARY' } },
        }),
      }).then((r) => r.json() as Promise<{ id: string; primary_contact: { id: string } }>);
      const report = `${base}/clients/${client.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
      const requested = await fetch(report, { method: 'PUT', headers, body: JSON.stringify({ config: { ttl_in_days: 365 } }) });
      expect(requested.status).toBe(202);
      expect((await requested.json()).status).toBe('INITIAL');
      let aml: { status: string; data: { decision: string; pep_matches: string; sanctions_matches: string; reasons: string[] } } | undefined;
      for (let i = 0; i < 300; i++) {
        aml = await fetch(report, { headers }).then((r) => r.json());
        if (aml!.status !== 'INITIAL') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(aml).toMatchObject({ status: 'READY', data: { decision: 'PASS', pep_matches: 'No Match', sanctions_matches: 'No Match' } });
      expect(aml!.data.reasons).toEqual(['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED']);
    }, 120_000);
  });
});
