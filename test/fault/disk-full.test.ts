import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestService, type TestService } from '../helpers/service.ts';

/**
 * A really full disk under the document store: a 2 MiB tmpfs mounted for the test (this needs root, as on the
 * project's machines and CI; elsewhere the test is skipped and docs/fault-tolerance.md gives the same steps by
 * hand). An upload that does not fit is a 507 problem+json with Retry-After, leaves no partial file in the
 * store, and changes nothing in the flow; once space is freed the same upload works. Runs once, in the postgres pass (the fault suite's).
 */
const mountpoint = path.join(tmpdir(), `kyc-full-disk-${process.pid}-${Date.now()}`);
function mountTmpfs(): boolean {
  if (databaseKind !== 'postgres' || process.getuid?.() !== 0) return false;
  mkdirSync(mountpoint);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', mountpoint], { stdio: 'ignore' });
    return true;
  } catch {
    rmSync(mountpoint, { recursive: true, force: true });
    return false;
  }
}
const mounted = mountTmpfs();
const unmount = () => {
  try {
    execFileSync('umount', ['-l', mountpoint], { stdio: 'ignore' });
  } catch { /* not mounted */ }
};
if (mounted) process.once('exit', unmount);

/** Every file under the store, relative, except the filler. */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name !== 'filler').map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
const free = () => { const s = statfsSync(mountpoint); return s.bavail * s.bsize; };

describe.skipIf(!mounted)('a full disk while storing an upload (tmpfs)', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ STORAGE_DIR: path.join(mountpoint, 'files') });
  });
  afterAll(async () => {
    await t?.close();
    unmount();
    process.off('exit', unmount);
    rmSync(mountpoint, { recursive: true, force: true });
  });

  it('answers 507 with Retry-After, keeps no partial file, changes nothing, and the retry works once there is room', async () => {
    const c = await t.newClient('Full disk firm');
    await t.services.credits.add(c.clientId, 5, 'test');
    const account = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
    })).json();
    const reportUrl = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/onboarding`;
    const triggered = await t.app.inject({ method: 'PUT', url: reportUrl, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true', proof_of_address: 'true' } } } });
    expect(triggered.statusCode, triggered.body).toBe(202);
    const token = triggered.json().data.onboarding_url.split('/verify/')[1] as string;
    expect((await t.app.inject({ url: `/verify/${token}/flow` })).statusCode).toBe(200);

    // A photo of a statement (noise does not compress: about 200 KB once normalised and sealed).
    const photo = await sharp(Buffer.from(Array.from({ length: 500 * 500 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 500, height: 500, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const upload = () => t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/proof_of_address`, headers: { 'content-type': 'image/jpeg' }, payload: photo });
    const before = { report: (await t.app.inject({ url: reportUrl, headers: c.auth })).json(), flow: (await t.app.inject({ url: `/verify/${token}/flow` })).json() };

    // Fill the file system to within 16 KB.
    const size = statfsSync(mountpoint).blocks * statfsSync(mountpoint).bsize;
    writeFileSync(path.join(mountpoint, 'filler'), Buffer.alloc(Math.max(0, free() - 16 * 1024)));
    const freeWhenFull = free();
    const full = await upload();
    const filesWhenFull = filesIn(mountpoint);
    const after = { report: (await t.app.inject({ url: reportUrl, headers: c.auth })).json(), flow: (await t.app.inject({ url: `/verify/${token}/flow` })).json() };

    // Room again: the same request succeeds.
    rmSync(path.join(mountpoint, 'filler'));
    const retried = await upload();
    const filesAfterRetry = filesIn(mountpoint);
    const flowAfterRetry = (await t.app.inject({ url: `/verify/${token}/flow` })).json();

    console.log([
      `fault: disk full while storing an upload (tmpfs of ${size / 1024} KiB at STORAGE_DIR)`,
      `  upload of ${photo.length} bytes with ${freeWhenFull} bytes free: ${full.statusCode} ${full.headers['content-type']}, Retry-After ${full.headers['retry-after']}, code ${full.json().code}: "${full.json().detail}"`,
      `  files in the store after the refusal: ${filesWhenFull.length} ${JSON.stringify(filesWhenFull)}; report revision ${before.report.revision} -> ${after.report.revision}, uploads ${before.flow.uploads.length} -> ${after.flow.uploads.length}`,
      `  after freeing space, the same upload: ${retried.statusCode}; files in the store: ${filesAfterRetry.length}; uploads in the flow: ${flowAfterRetry.uploads.length}`,
    ].join('\n'));

    expect(full.statusCode).toBe(507);
    expect(full.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(full.headers['retry-after']).toBeDefined();
    expect(full.json()).toMatchObject({ code: 'insufficient_storage', status: 507 });
    expect(filesWhenFull, 'no partial or temporary file left').toEqual([]);
    expect(after.report.revision).toBe(before.report.revision);
    expect(after.report.status).toBe(before.report.status);
    expect(after.flow.uploads).toEqual(before.flow.uploads);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(filesAfterRetry).toHaveLength(1);
    expect(filesAfterRetry[0]).toMatch(/\.bin$/);
    expect(flowAfterRetry.uploads.map((u: { slot: string }) => u.slot)).toEqual(['proof_of_address']);
  }, 60_000);
});
