import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { staffUser, type ConsoleLogin } from './console-helpers.ts';

/**
 * Issue 25: pictures of what was sent. The flow's review page gets small pictures of the uploads and the
 * liveness frame through the link only, while the flow is open; the console gets the two faces the face match
 * compared, cut out where the engine found them (never the whole page), tenant-checked, uncached, audited.
 * A sandbox client: its face engine places every face at (300, 250) 400x480 in a 1000x1000 frame, no model loads.
 */
let t: TestService;
let sandbox: TestClient;
let reviewer: ConsoleLogin;
let stranger: ConsoleLogin;
let clock = Date.parse('2026-11-28T10:00:00Z');
const RED = { r: 220, g: 20, b: 20 };

/** A 1000x1000 grey picture with a red block where the sandbox says the face is, so a crop shows where it was cut. */
const marked = () => sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: 90, g: 90, b: 90 } } })
  .composite([{ input: { create: { width: 400, height: 480, channels: 3, background: RED } }, left: 300, top: 250 }]).jpeg().toBuffer();
const frame = () => sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } }).jpeg().toBuffer();
const centre = async (jpeg: Buffer) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
};

beforeAll(async () => {
  t = await startTestService({}, { now: () => new Date(clock) });
  const created = await t.services.clients.createClient({ name: 'Sandbox pictures firm', sandbox: true });
  const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } });
  sandbox = { ...created, token: token.json().access_token, auth: { authorization: `Bearer ${token.json().access_token}` } };
  await t.services.credits.add(sandbox.clientId, 30, 'sandbox credits');
  reviewer = await staffUser(t, sandbox.clientId, 'rev@pictures.test', 'reviewer');
  stranger = await staffUser(t, (await t.newClient('Other pictures firm')).clientId, 'admin@other-pictures.test', 'administrator');
}, 120_000);
afterAll(async () => t?.close());

async function request(parameters: Record<string, string>) {
  const r = await t.app.inject({
    method: 'POST', url: `/clients/${sandbox.clientId}/accounts`, headers: sandbox.auth,
    payload: { name: 'Passmore account', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Passmore', email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  expect(r.statusCode, r.body).toBe(201);
  const account = r.json();
  const contactId = account.primary_contact.id as string;
  const report = await t.app.inject({ method: 'PUT', url: `/clients/${sandbox.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding`, headers: sandbox.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', ...parameters } } } });
  expect(report.statusCode, report.body).toBe(202);
  return { accountId: account.id as string, contactId, token: (report.json().data.onboarding_url as string).split('/verify/')[1]! };
}
const upload = async (token: string, slot: string, bytes: Buffer, type = 'image/jpeg') => {
  const r = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/${slot}`, headers: { 'content-type': type }, payload: bytes });
  expect(r.statusCode, r.body).toBe(201);
};
/** A sandbox capture session acted as asked (the sandbox engine acts each prompt; the real rules judge it). */
async function capture(token: string) {
  const s = (await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions`, payload: {} })).json();
  for (let step = 0; step <= s.challenges.length; step++) {
    for (let i = 0; i < 3; i++) {
      clock += 300;
      const r = await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions/${s.session_id}/frames`, headers: { 'content-type': 'image/jpeg', 'x-liveness-nonce': s.nonce, 'x-liveness-step': String(step) }, payload: await frame() });
      expect(r.statusCode, r.body).toBe(201);
    }
  }
  const done = await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions/${s.session_id}/finish`, payload: { nonce: s.nonce } });
  expect(done.json()).toMatchObject({ decision: 'PASSED' });
}
const thumbnail = (token: string, name: string) => t.app.inject({ url: `/verify/${token}/thumbnails/${name}` });

let flow: Awaited<ReturnType<typeof request>>;
describe('the review page\'s pictures (hosted flow)', () => {
  beforeAll(async () => {
    flow = await request({ idscan: 'true', face_match: 'true' });
    await upload(flow.token, 'document_front', await marked());
    await upload(flow.token, 'selfie', await marked());
    await capture(flow.token);
  }, 180_000); // the engines read each upload and frame: as long as the other hooks may take on a loaded machine

  it('an upload\'s picture is a small JPEG of it, uncached, not sent to other sites', async () => {
    const r = await thumbnail(flow.token, 'document_front');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' });
    expect(await sharp(r.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 240 });
    // The picture is of the upload: its middle is the red block.
    expect((await centre(r.rawPayload)).r).toBeGreaterThan(180);
  });

  it('the liveness picture is a frame of the finished capture session', async () => {
    const r = await thumbnail(flow.token, 'liveness');
    expect(r.statusCode, r.body).toBe(200);
    expect(await sharp(r.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
  });

  it('nothing uploaded, a PDF, an unknown name: 404 NO_THUMBNAIL; another or a made-up link: 404', async () => {
    expect((await thumbnail(flow.token, 'document_back')).json()).toMatchObject({ status: 404, reason: 'NO_THUMBNAIL' });
    expect((await thumbnail(flow.token, 'proof_of_identity')).json()).toMatchObject({ status: 404, reason: 'NO_THUMBNAIL' });
    const other = await request({ idscan: 'true', proof_of_address: 'true' });
    await upload(other.token, 'proof_of_address', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'application/pdf');
    expect((await thumbnail(other.token, 'proof_of_address')).json()).toMatchObject({ status: 404, reason: 'NO_THUMBNAIL' });
    expect((await thumbnail(other.token, 'document_front')).json()).toMatchObject({ status: 404, reason: 'NO_THUMBNAIL' });
    expect((await thumbnail('0'.repeat(48), 'document_front')).json()).toMatchObject({ status: 404, reason: 'LINK_INVALID' });
  });
});

describe('the face match\'s faces in the console', () => {
  let base: string;
  beforeAll(async () => {
    const submitted = await t.app.inject({ method: 'POST', url: `/verify/${flow.token}/submit`, payload: { consent: true } });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const [row] = await t.db.query<{ run_id: string }>('SELECT run_id FROM onboarding_reports WHERE contact_id = $1', [flow.contactId]);
    await t.services.onboarding.processor.process({ clientId: sandbox.clientId, contactId: flow.contactId, runId: row!.run_id }, { retryCount: 0 });
    base = `/console/api/accounts/${flow.accountId}/contacts/${flow.contactId}/onboarding/face-crops`;
  }, 180_000); // a whole processing run, engines included

  it('once submitted the link shows no picture (409)', async () => {
    expect((await thumbnail(flow.token, 'document_front')).json()).toMatchObject({ status: 409, reason: 'ALREADY_SUBMITTED' });
  });

  it('the document\'s face is cut where the engine found it, not the whole page; uncached; audited', async () => {
    const r = await t.app.inject({ url: `${base}/document`, headers: reviewer.headers });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'no-store' });
    // The face box widened by 30% each side: 768 px of the 800 px decode's 1000 px frame, scaled to 320.
    const meta = await sharp(r.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 320 });
    expect((await centre(r.rawPayload)).r).toBeGreaterThan(180);
    await t.services.audit.flush();
    const entries = await t.services.audit.list(sandbox.clientId, { limit: 1000 });
    expect(entries.find((e) => e.action === 'console.document.view' && (e.details as { face_crop?: string }).face_crop === 'document')).toMatchObject({ actor: `user:${reviewer.userId}` });
  });

  it('the probe is the live frame the match used, cut the same way', async () => {
    const r = await t.app.inject({ url: `${base}/probe`, headers: reviewer.headers });
    expect(r.statusCode, r.body).toBe(200);
    const meta = await sharp(r.rawPayload).metadata();
    // The 160x120 frame, cut around the (scaled) face box: smaller than the frame.
    expect(meta.width).toBeLessThan(160);
    expect(meta.height).toBeLessThanOrEqual(120);
  });

  it("another client's staff gets 404; no session 401; an unknown side is refused", async () => {
    expect((await t.app.inject({ url: `${base}/document`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base}/document` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${base}/passport`, headers: reviewer.headers })).statusCode).toBe(422);
  });

  it('a report without a face match has no crop (404)', async () => {
    const plain = await request({ idscan: 'true' });
    const r = await t.app.inject({ url: `/console/api/accounts/${plain.accountId}/contacts/${plain.contactId}/onboarding/face-crops/document`, headers: reviewer.headers });
    expect(r.statusCode).toBe(404);
  });
});
