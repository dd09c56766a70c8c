import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { staffUser, type ConsoleLogin } from './console-helpers.ts';

/** The onboarding report in the console: its uploaded documents decrypted for viewing only, every view audited; the review. */
let t: TestService;
let c: TestClient;
let reviewer: ConsoleLogin;
let reader: ConsoleLogin;
let other: ConsoleLogin;
let base: string;
let photo: Buffer;
let apiUrl: string;

beforeAll(async () => {
  t = await startTestService();
  c = await t.newClient('Onboarding console firm');
  await t.services.credits.add(c.clientId, 5, 'test');
  reviewer = await staffUser(t, c.clientId, 'rev@onb.test', 'reviewer');
  reader = await staffUser(t, c.clientId, 'ro@onb.test', 'read-only');
  const o = await t.newClient('Other');
  other = await staffUser(t, o.clientId, 'admin@other-onb.test', 'administrator');
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  })).json();
  apiUrl = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/onboarding`;
  const report = await t.app.inject({ method: 'PUT', url: apiUrl, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } });
  expect(report.statusCode, report.body).toBe(202);
  const token = new URL(report.json().data.onboarding_url).pathname.split('/')[2];
  photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 180, g: 190, b: 200 } } }).jpeg().toBuffer();
  const up = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: photo });
  expect(up.statusCode, up.body).toBe(201);
  base = `/console/api/accounts/${account.id}/contacts/${account.primary_contact.id}/onboarding`;
}, 60_000);
afterAll(async () => t?.close());

describe('onboarding documents in the console', () => {
  it('lists the files of the current request and serves the decrypted bytes, uncached, each view audited', async () => {
    const list = await t.app.inject({ url: `${base}/files`, headers: reader.headers });
    expect(list.statusCode, list.body).toBe(200);
    const [file] = list.json().data;
    expect(file).toMatchObject({ slot: 'document_front', media_type: 'image/jpeg' });
    const view = await t.app.inject({ url: `${base}/files/${file.id}`, headers: reader.headers });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/jpeg');
    expect(view.headers['cache-control']).toBe('no-store');
    // The flow stores the upload normalised (metadata stripped), so compare what the image is, not its bytes.
    expect(view.rawPayload.length).toBe(file.size_bytes);
    expect(await sharp(view.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
    const stored = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM onboarding_files WHERE id = $1', [file.id]);
    expect(Buffer.compare(await t.services.onboarding.files.get(stored[0]!.storage_key), view.rawPayload)).toBe(0);
    await t.services.audit.flush();
    const entries = await t.services.audit.list(c.clientId, { limit: 1000 });
    expect(entries.find((e) => e.action === 'console.document.view')).toMatchObject({ actor: `user:${reader.userId}`, details: { file: file.id, slot: 'document_front' } });
  });

  it("another client's staff gets 404 for the list and the file; no session gets 401", async () => {
    const list = (await t.app.inject({ url: `${base}/files`, headers: reviewer.headers })).json().data;
    expect((await t.app.inject({ url: `${base}/files`, headers: other.headers })).json().data).toEqual([]);
    expect((await t.app.inject({ url: `${base}/files/${list[0].id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base}/files/${list[0].id}` })).statusCode).toBe(401);
  });

  it('review: a read-only user is refused (403); a report not READY is refused with the reason (422)', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reader.headers, payload: { decision: 'PASSED' } })).statusCode).toBe(403);
    const early = await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reviewer.headers, payload: { decision: 'PASSED' } });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toMatch(/READY/);
  });

  it('details: what the engines found (empty before processing), audited as a read; another client 404', async () => {
    const own = await t.app.inject({ url: `${base}/details`, headers: reader.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ idscan: null, reasons: [], details: {} });
    expect((await t.app.inject({ url: `${base}/details`, headers: other.headers })).statusCode).toBe(404);
    await t.services.audit.flush();
    const entries = await t.services.audit.list(c.clientId, { limit: 1000 });
    expect(entries.some((e) => e.action === 'console.onboarding_report.read' && e.actor === `user:${reader.userId}`)).toBe(true);
  });
});
