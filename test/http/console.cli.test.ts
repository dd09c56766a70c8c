import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/service.ts';

/**
 * `npx kyc users create|list` as a real process on the embedded database in its own DATA_DIR (no service running,
 * so the command opens the database itself), then the created users are checked by signing in through a service.
 */
const run = promisify(execFile);
const kyc = path.resolve(import.meta.dirname, '../../bin/kyc.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-users-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://kyc.example' };
const cli = (...args: string[]) => run(process.execPath, [kyc, ...args], { env, encoding: 'utf8' });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each command opens the embedded database (~10 s here): run once, in the PGlite project only.
describe.skipIf(databaseKind === 'postgres')('kyc users', () => {
  it('creates a user with a password, one with a name and an invitation link, lists them, and refuses a bad role and name at once', async () => {
    const client = JSON.parse((await cli('clients', 'create', '--name', 'CLI firm')).stdout).clientId as string;
    const withPassword = JSON.parse((await cli('users', 'create', '--client', client, '--email', 'lead@cli.test', '--role', 'administrator', '--password', 'a long enough passphrase')).stdout);
    expect(withPassword.user).toMatchObject({ email: 'lead@cli.test', name: null, role: 'administrator', status: 'active', client_id: client });
    expect(withPassword.invitation_url).toBeUndefined();
    const invited = await cli('users', 'create', '--client', client, '--email', 'anna@cli.test', '--role', 'reviewer', '--name', 'Anna Reviewer');
    const body = JSON.parse(invited.stdout);
    expect(body.user).toMatchObject({ status: 'invited', name: 'Anna Reviewer' });
    expect(body.invitation_url).toMatch(/^https:\/\/kyc\.example\/console\/invite\/[0-9a-z]{50,}$/);
    expect(invited.stderr).toContain(body.invitation_url);
    const list = JSON.parse((await cli('users', 'list', '--client', client)).stdout) as { email: string; name: string | null; status: string }[];
    expect(list.map((u) => [u.email, u.name, u.status])).toEqual([['lead@cli.test', null, 'active'], ['anna@cli.test', 'Anna Reviewer', 'invited']]);
    const bad = await cli('users', 'create', '--client', client, '--email', 'x@cli.test', '--role', 'owner', '--name', '  ').then(() => 0, (e: { code: number; stderr: string }) => {
      expect(e.stderr).toContain('role must be administrator, reviewer or read-only; name must not be empty');
      return e.code;
    });
    expect(bad).toBe(1);
    const usage = await cli('users', 'create', '--client', client).then(() => 0, (e: { code: number }) => e.code);
    expect(usage).toBe(2);
  }, 120_000);
});
