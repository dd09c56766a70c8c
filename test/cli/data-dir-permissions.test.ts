import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * DATA_DIR holds the embedded database, the keys, the stored documents and the CLI socket: its user's alone.
 * The processes run under umask 000 (the worst a container gives), on a DATA_DIR an earlier version left
 * world-writable, and every real file under it is then stat-ed.
 */
const root = mkdtempSync(path.join(tmpdir(), 'kyc-perm-'));
const dataDir = path.join(root, 'data');
const port = 20000 + Math.floor(Math.random() * 1000);
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKERS: 'false', DATABASE_URL: '', ENCRYPTION_KEY: '', JWT_PRIVATE_KEY: '' };
// `sh -c 'umask 000; exec node ...'`: the child starts as permissive as it can be.
const permissive = (args: string[]) => ['-c', 'umask 000; exec "$@"', 'sh', process.execPath, '--import', 'tsx', ...args];
let service: ChildProcess | undefined;

afterAll(async () => {
  if (service && service.exitCode === null) {
    service.kill('SIGTERM');
    await new Promise((r) => service!.once('exit', r));
  }
  rmSync(root, { recursive: true, force: true });
});

function entries(dir: string): { file: string; mode: number; kind: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    const stat = lstatSync(full);
    const here = { file: path.relative(dataDir, full), mode: stat.mode & 0o777, kind: stat.isDirectory() ? 'dir' : stat.isSocket() ? 'socket' : 'file' };
    return e.isDirectory() ? [here, ...entries(full)] : [here];
  });
}

const openToOthers = () => entries(dataDir).filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.file} ${e.mode.toString(8)}`);

describe('DATA_DIR permissions', () => {
  it('the CLI, on a DATA_DIR left world-writable, tightens it and creates the database and keys 0600 / 0700', async () => {
    mkdirSync(path.join(dataDir, 'files', 'old'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'old', 'document.bin'), 'sealed bytes');
    for (const p of [dataDir, path.join(dataDir, 'files'), path.join(dataDir, 'files', 'old')]) chmodSync(p, 0o777);
    chmodSync(path.join(dataDir, 'files', 'old', 'document.bin'), 0o666);

    await run('sh', permissive(['bin/kyc.js', 'clients', 'create', '--name', 'Permissions', '--json']), { cwd: ROOT, env });
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    const all = entries(dataDir);
    expect(all.map((e) => e.file)).toEqual(expect.arrayContaining([path.join('pgdata', 'PG_VERSION'), path.join('files', 'old', 'document.bin')]));
    expect(all.some((e) => e.file.startsWith('keys/'))).toBe(true);
    expect(all.length).toBeGreaterThan(100); // PGlite's whole cluster, not a handful
    expect(openToOthers()).toEqual([]);
    expect(all.filter((e) => e.kind === 'file').every((e) => e.mode === 0o600)).toBe(true);
    expect(all.filter((e) => e.kind === 'dir').every((e) => e.mode === 0o700)).toBe(true);
  }, 120_000);

  it('the service under umask 000 keeps it so, the CLI socket included', async () => {
    chmodSync(dataDir, 0o755); // loosened again: the service tightens it at start
    service = spawn('sh', permissive(['src/main.ts']), { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let ready = false;
    for (let i = 0; i < 600 && !ready; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(true);
    // A write through the running service (over the socket) while it holds the database.
    const created = JSON.parse((await run('sh', permissive(['bin/kyc.js', 'clients', 'create', '--name', 'While running', '--sandbox', '--credits', '5', '--json']), { cwd: ROOT, env })).stdout);
    // A stored document: a photo uploaded through the hosted flow.
    const base = `http://127.0.0.1:${port}`;
    const json = async (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
      (await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json();
    const token = (await json('POST', '/oauth/token', { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret })).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const account = await json('POST', `/clients/${created.clientId}/accounts`, { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com' } }, auth);
    const report = await json('PUT', `/clients/${created.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/onboarding`, { config: { parameters: { suppress_invitation_mail: 'true', selfie: 'true' } } }, auth);
    const link = String(report.data.onboarding_url).split('/verify/')[1];
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a6' } }).jpeg().toBuffer();
    const upload = await fetch(`${base}/verify/${link}/uploads/selfie`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const all = entries(dataDir);
    expect(all.filter((e) => e.file.startsWith('files/onboarding/') && e.kind === 'file').length).toBeGreaterThan(0);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(all.find((e) => e.kind === 'socket')).toMatchObject({ file: 'admin.sock', mode: 0o600 });
    expect(openToOthers()).toEqual([]);
  }, 120_000);
});
