import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const KYC = path.join(ROOT, 'bin/kyc.js');

/**
 * The service and the CLI as a newcomer runs them: real processes on the embedded database. The CLI works
 * with the service stopped (it opens the database) and running (it goes through the service's socket),
 * and a second service on the same DATA_DIR is refused with a clear message.
 */
describe('npm start and npx kyc on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-proc-'));
  const port = 19000 + Math.floor(Math.random() * 1000);
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', WORKERS: 'false' };
  let service: ChildProcess | undefined;

  const kyc = async (...args: string[]) => (await run(process.execPath, [KYC, ...args], { cwd: ROOT, env })).stdout;

  beforeAll(async () => {
    // With the service stopped, the CLI opens the database itself.
    const created = JSON.parse(await kyc('clients', 'create', '--name', 'Before start', '--json'));
    expect(created).toMatchObject({ clientId: expect.stringMatching(/^cli_/), client_id: expect.stringMatching(/^kci_/), client_secret: expect.stringMatching(/^kcs_/) });
  }, 180_000); // a new embedded database is migrated first: slow on a busy machine
  afterAll(async () => {
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await new Promise((r) => service!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, answers /readyz, and the CLI reaches its database through it', async () => {
    service = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let ready = false;
    for (let i = 0; i < 1200 && !ready; i++) { // up to 2 minutes: a busy machine migrates a new database slowly
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(true);

    const created = JSON.parse(await kyc('clients', 'create', '--name', 'While running', '--credits', '5', '--json'));
    const token = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret }),
    });
    expect(token.status).toBe(200);
    const list = await kyc('clients', 'list', '--json');
    expect(JSON.parse(list).map((c: { name: string }) => c.name)).toEqual(['Before start', 'While running']);
    const credits = JSON.parse(await kyc('credits', 'show', created.clientId));
    expect(credits.balance).toBe(5);
  }, 180_000);

  it('a second service on the same DATA_DIR is refused with a message naming the problem', async () => {
    const second = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: { ...env, PORT: String(port + 1) } }).catch((e) => e);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/embedded database in .* is in use by another process \(pid \d+\)/);
  }, 60_000);

  it('a bad setting stops start-up with a message naming the variable', async () => {
    const bad = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: { ...env, PORT: 'eighty' } }).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/PORT must be a whole number/);
  }, 60_000);

  it('credentials can be created, listed and revoked from the CLI', async () => {
    const [client] = JSON.parse(await kyc('clients', 'list', '--json'));
    const extra = JSON.parse(await kyc('credentials', 'create', '--client', client.clientId, '--scopes', 'accounts:read', '--json'));
    expect(extra.scopes).toBe('accounts:read');
    const revoked = JSON.parse(await kyc('credentials', 'revoke', '--client', client.clientId, '--credential', extra.client_id));
    expect(revoked).toEqual({ revoked: extra.client_id });
  }, 60_000);

  it('partners: a key is issued once through the running service, works on the insights endpoint, is stored hashed and can be revoked', async () => {
    const [client] = JSON.parse(await kyc('clients', 'list', '--json'));
    const created = JSON.parse(await kyc('partners', 'create', '--name', 'Portal partner', '--json'));
    expect(created).toMatchObject({ partner_id: expect.stringMatching(/^ptn_/), api_key: expect.stringMatching(/^kyp_[0-9a-z]{52}$/) });
    const scoped = JSON.parse(await kyc('partners', 'create', '--name', 'Scoped partner', '--client', client.clientId, '--json'));
    expect(scoped.client_ids).toEqual([client.clientId]);
    const listed = JSON.parse(await kyc('partners', 'list', '--json'));
    expect(listed.map((p: { name: string }) => p.name)).toEqual(['Portal partner', 'Scoped partner']);
    expect(JSON.stringify(listed)).not.toContain(created.api_key);

    const credential = JSON.parse(await kyc('credentials', 'create', '--client', client.clientId, '--json'));
    const token = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: credential.client_id, client_secret: credential.client_secret }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    const account = await fetch(`http://127.0.0.1:${port}/clients/${client.clientId}/accounts`, {
      method: 'POST', headers, body: JSON.stringify({ name: 'Partnered Ltd', type: 'COMPANY', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } }),
    }).then((r) => r.json());
    const insights = (key: string) => fetch(`http://127.0.0.1:${port}/clients/${client.clientId}/accounts/${account.id}/portal/insights`, { headers: { ...headers, 'x-partner-api-key': key } });
    expect((await insights(created.api_key)).status).toBe(200);
    expect((await insights(scoped.api_key)).status).toBe(200);
    await kyc('partners', 'revoke', '--partner', created.partner_id);
    expect((await insights(created.api_key)).status).toBe(401);
  }, 180_000); // six CLI processes, each loading the service's modules
});
