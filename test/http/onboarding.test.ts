import sharp from 'sharp';
import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneWindow } from '../helpers/clock-window.ts';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startWorkers } from '../../src/workers.ts';

/**
 * Spec steps 4 to 6 over HTTP: trigger the onboarding report, open the link as the contact would, answer,
 * upload, submit, and read the report the engines filled; with preconditions, credits and link security.
 */
const SECRET = 'onboarding-webhook-secret';
let clock = Date.parse('2026-11-22T10:00:00Z');
let t: TestService;
let c: TestClient;
let other: TestClient;
let receiver: Receiver;
let workers: { stop(): Promise<void> };

beforeAll(async () => {
  t = await startTestService({}, { now: () => new Date(clock) });
  workers = await startWorkers(t.services);
  receiver = await startReceiver();
  c = await t.newClient('Onboarding firm');
  other = await t.newClient('Other firm');
  await t.services.credits.add(c.clientId, 20, 'test credits');
  const sub = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: c.auth,
    payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_REVIEW_COMPLETED'] }] } },
  });
  expect(sub.statusCode, sub.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

async function contact(client: TestClient, email: string | null = 'ada@example.com') {
  const response = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const account = response.json();
  let contactId = account.primary_contact.id as string;
  if (email === null) {
    const second = await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts/${account.id}/contacts`, headers: client.auth, payload: { first_name: 'Noel', last_name: 'Nomail' } });
    expect(second.statusCode, second.body).toBe(201);
    contactId = second.json().id;
  }
  return { accountId: account.id as string, contactId, url: `/clients/${client.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding` };
}

const trigger = (client: TestClient, url: string, parameters: Record<string, string>, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: { parameters, ...extra } } });
const tokenOf = (report: { data: { onboarding_url: string } }) => report.data.onboarding_url.split('/verify/')[1]!;
const eventsFor = (contactId: string) => receiver.events().filter((e) => e.json.contact_id === contactId).map((e) => e.json.event as string);

const pdf = textPdf;

async function documentPhoto(): Promise<Buffer> {
  // A sharp, evenly lit card-like photo with no MRZ: usable as a picture, unreadable as a document.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="900"><rect width="1400" height="900" fill="#e8e4d8"/>
    <rect x="60" y="60" width="1280" height="780" rx="30" fill="#f6f3ea" stroke="#333" stroke-width="6"/>
    <text x="120" y="200" font-size="64" font-family="sans-serif" fill="#111">SPECIMEN CARD</text>
    <text x="120" y="320" font-size="40" font-family="sans-serif" fill="#222">NOT AN IDENTITY DOCUMENT 0123456789</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).withExifMerge({ IFD0: { Copyright: 'secret-exif-marker' } }).toBuffer();
}

describe('onboarding report: trigger and read (endpoints 5 and 6)', () => {
  it('returns 202 INITIAL with every parameter as a string boolean and a single-contact link', async () => {
    const p = await contact(c);
    const response = await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true', frontend_redirect_url: 'https://app.example.com/done' }, { ttl_in_days: 90 });
    expect(response.statusCode, response.body).toBe(202);
    const report = response.json();
    expect(report).toMatchObject({
      id: `${p.accountId}--${p.contactId}`, account_id: p.accountId, client_id: c.clientId, contact_id: p.contactId, type: 'ONBOARDING', status: 'INITIAL', revision: '1',
      config: { ttl_in_days: 90, is_automatic_refresh_enabled: false },
      data: { personal_details: null, idscan: null, request_sent_at: '2026-11-22T10:00:00.000Z', refreshed_at: null },
      review: { empty: true },
    });
    expect(report.config.parameters).toEqual({
      suppress_invitation_mail: 'true', personal_details: 'false', idscan: 'true', face_match: 'false', face_match_mobile: 'false', unique_email: 'false',
      legal_names_history: 'false', home_address_history: 'false', selfie: 'false', proof_of_identity: 'false', proof_of_address: 'false',
      frontend_redirect_url: 'https://app.example.com/done',
    });
    expect(report.data.onboarding_url).toMatch(/^http:\/\/kyc\.test\/verify\/[0-9a-z]{52}$/);
    expect(report.data.report_link).toMatch(/^http:\/\/kyc\.test\/console\//);
    expect(response.headers.etag).toBe('"1"');
    const read = await t.app.inject({ url: p.url, headers: c.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(report);
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_INITIATED'));
    const initiated = receiver.events().find((e) => e.json.contact_id === p.contactId)!;
    expect(() => new Webhook(SECRET, { format: 'raw' }).verify(initiated.body, initiated.headers as Record<string, string>)).not.toThrow();
    expect(initiated.json).toMatchObject({ report_type: 'ONBOARDING', report_id: `${p.accountId}--${p.contactId}` });
  });

  it('stores the link token only hashed and sealed, never in the clear', async () => {
    const p = await contact(c);
    const report = (await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' })).json();
    const token = tokenOf(report);
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM onboarding_reports WHERE contact_id = $1', [p.contactId]);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Buffer.from(row!.link_enc as Uint8Array).includes(Buffer.from(token))).toBe(false);
  });

  it('a new request replaces the link: the old one stops working, the new one works', async () => {
    const p = await contact(c);
    const first = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' })).json());
    expect((await t.app.inject({ url: `/verify/${first}/flow` })).statusCode).toBe(200);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 200, b: 200 } } }).jpeg().toBuffer();
    expect((await t.app.inject({ method: 'POST', url: `/verify/${first}/uploads/document_back`, headers: { 'content-type': 'image/jpeg' }, payload: photo })).statusCode).toBe(201);
    const [kept] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM onboarding_files WHERE contact_id = $1', [p.contactId]);
    const second = (await trigger(c, p.url, { suppress_invitation_mail: 'true', face_match: 'true' })).json();
    expect(second.revision).not.toBe('1');
    const old = await t.app.inject({ url: `/verify/${first}/flow` });
    expect(old.statusCode).toBe(404);
    expect(old.json().reason).toBe('LINK_INVALID');
    const fresh = await t.app.inject({ url: `/verify/${tokenOf(second)}/flow` });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().steps.map((s: { id: string }) => s.id)).toEqual(['id_document', 'selfie', 'liveness', 'review']);
    expect(['turn_left', 'turn_right']).toContain(fresh.json().liveness_challenge);
    // The replaced request's upload is deleted by the cleanup (store and row).
    expect(await t.services.onboarding.flow.cleanup()).toBeGreaterThanOrEqual(1);
    await expect(t.services.onboarding.files.get(kept!.storage_key)).rejects.toThrow();
    expect(await t.db.query('SELECT 1 FROM onboarding_files WHERE contact_id = $1', [p.contactId])).toEqual([]);
  });

  it('a contact without an e-mail address: 422 naming the field', async () => {
    const p = await contact(c, null);
    const response = await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ pointer: '/contact/email', message: expect.any(String) }]);
  });

  it('invitation mail without an e-mail connection: 422 naming the setting; with one: 202 and an invitation queued', async () => {
    const p = await contact(c);
    const response = await trigger(c, p.url, { suppress_invitation_mail: 'false', idscan: 'true' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ missing_setting: 'email-connection', detail: expect.stringContaining('/settings/email-connection') });
    const omitted = await trigger(c, p.url, { idscan: 'true' });
    expect(omitted.statusCode, 'an absent suppress_invitation_mail means "false": mail is sent').toBe(422);
  });

  it('refuses malformed parameters: booleans, unknown names, a bad ttl, a request for nothing', async () => {
    const p = await contact(c);
    for (const [body, pointer] of [
      [{ config: { parameters: { suppress_invitation_mail: true, idscan: 'true' } } }, '/config/parameters/suppress_invitation_mail'],
      [{ config: { parameters: { suppress_invitation_mail: 'true', passport: 'true' } } }, '/config/parameters'],
      [{ config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' }, ttl_in_days: 0 } }, '/config/ttl_in_days'],
      [{ config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' }, ttl_in_days: 3651 } }, '/config/ttl_in_days'],
      [{ config: { parameters: { suppress_invitation_mail: 'true' } } }, '/config/parameters'],
    ] as const) {
      const response = await t.app.inject({ method: 'PUT', url: p.url, headers: c.auth, payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors.map((e: { pointer: string }) => e.pointer).join(' '), JSON.stringify(body)).toContain(pointer);
    }
  });

  it('spends one credit per request; at zero: CREDIT_BALANCE_EXCEEDED, no link, REPORT_CREDIT_LIMIT_EXCEEDED', async () => {
    const poor = await t.newClient('No credits');
    await t.app.inject({
      method: 'POST', url: `/clients/${poor.clientId}/subscriptions`, headers: poor.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_CREDIT_LIMIT_EXCEEDED'] }] } },
    });
    const p = await contact(poor);
    const response = await trigger(poor, p.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ status: 'CREDIT_BALANCE_EXCEEDED', data: { onboarding_url: null } });
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_CREDIT_LIMIT_EXCEEDED'));

    const before = (await t.app.inject({ url: `/clients/${c.clientId}/credits`, headers: c.auth })).json().balance;
    const q = await contact(c);
    await trigger(c, q.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    const after = (await t.app.inject({ url: `/clients/${c.clientId}/credits`, headers: c.auth })).json().balance;
    expect(after).toBe(before - 1);
  });

  it('another client\'s report is a 404; no token is a 401', async () => {
    const p = await contact(c);
    await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    expect((await t.app.inject({ url: p.url.replace(c.clientId, other.clientId), headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: p.url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: p.url })).statusCode).toBe(401);
    expect((await trigger(other, p.url.replace(c.clientId, other.clientId), { suppress_invitation_mail: 'true', idscan: 'true' })).statusCode).toBe(404);
  });
});

describe('the hosted flow over HTTP', () => {
  it('answers, uploads with feedback, submission, processing: READY with personal_details and idscan, in review', async () => {
    const p = await contact(c);
    const report = (await trigger(c, p.url, { suppress_invitation_mail: 'true', personal_details: 'true', idscan: 'true', home_address_history: 'true' })).json();
    const token = tokenOf(report);
    const flow = await t.app.inject({ url: `/verify/${token}/flow` });
    expect(flow.statusCode).toBe(200);
    expect(flow.headers['cache-control']).toBe('no-store');
    expect(flow.json()).toMatchObject({ state: 'open', first_name: 'Ada', missing: ['personal_details', 'home_address_history', 'id_document'] });
    expect((await t.app.inject({ url: p.url, headers: c.auth })).json().status).toBe('IN_PROGRESS');

    const early = await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } });
    expect(early.statusCode).toBe(422);
    expect(early.json().missing_steps).toEqual(['personal_details', 'home_address_history', 'id_document']);

    const address = { street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country: 'GB' };
    const bad = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { ...address, country: 'Britain' } } });
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address } })).statusCode).toBe(200);
    const short = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/home_address_history`, payload: { addresses: [{ ...address, from: '2026-09-01' }] } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0].message).toMatch(/12 months/);
    expect((await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/home_address_history`, payload: { addresses: [{ ...address, from: '2026-03-01' }, { ...address, street: '2 Old Road', from: '2019-01-01', to: '2026-02-28' }] } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/selfie`, payload: {} })).statusCode, 'a step not asked for').toBe(404);

    const html = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: Buffer.from('<html><script>alert(1)</script></html>') });
    expect(html.statusCode, 'the type comes from the bytes, not the header').toBe(415);
    const photo = await documentPhoto();
    expect(photo.includes(Buffer.from('secret-exif-marker'))).toBe(true);
    const upload = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: photo });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({ slot: 'document_front', media_type: 'image/jpeg', feedback: { usable: false, problems: expect.arrayContaining(['DOCUMENT_NOT_READ']) } });
    const wrongSlot = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/selfie`, headers: { 'content-type': 'image/jpeg' }, payload: photo });
    expect(wrongSlot.statusCode).toBe(404);

    // Stored sealed and re-encoded: neither the pixels' JPEG nor the EXIF marker is on disk in the clear.
    const [file] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM onboarding_files WHERE contact_id = $1', [p.contactId]);
    const stored = await t.services.onboarding.files.get(file!.storage_key);
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    const { readFile } = await import('node:fs/promises');
    const raw = await readFile(`${t.config.storageDir}/${file!.storage_key}.bin`);
    expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    // Resumable: a fresh read shows the answers and the upload.
    const resumed = (await t.app.inject({ url: `/verify/${token}/flow` })).json();
    expect(resumed.answers.personal_details.address).toEqual(address);
    expect(resumed.uploads.map((u: { slot: string }) => u.slot)).toEqual(['document_front']);
    expect(resumed.missing).toEqual([]);

    expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: false } })).statusCode).toBe(422);
    const submitted = await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true, language: 'en' } });
    expect(submitted.statusCode, submitted.body).toBe(202);
    expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } })).statusCode).toBe(409);
    // Submitted: the link now tells only that the flow is finished, nothing the contact gave or is.
    const finished = await t.app.inject({ url: `/verify/${token}/flow` });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ state: expect.stringMatching(/^(submitted|complete)$/), first_name: '', answers: {}, uploads: [], steps: [], missing: [], handover_url: null });
    for (const given of ['7 Queen Street', 'Leeds', 'LS1 2AB', 'Ada', 'document_front', '2 Old Road']) expect(finished.body).not.toContain(given);

    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_READY'), 90_000);
    const done = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(done).toMatchObject({
      status: 'READY',
      data: { personal_details: { street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country: 'GB' }, refreshed_at: '2026-11-22', idscan: { document_decision: 'REFER', document_type: 'Unknown' } },
    });
    expect(done.data.idscan).not.toHaveProperty('face_match_decision');
    expect(done.data.idscan).not.toHaveProperty('passport_number');
    expect(done.data.reasons.length).toBeGreaterThan(0);
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_IN_REVIEW'));
    const complete = await t.app.inject({ url: `/verify/${token}/flow` });
    expect(complete.json().state).toBe('complete');
    expect(complete.body).not.toContain('7 Queen Street');
  }, 120_000);

  it('proof of address (PDF) is checked against the name and the address the contact gave', async () => {
    const run = async (lines: string[]) => {
      const p = await contact(c);
      const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', personal_details: 'true', proof_of_address: 'true' })).json());
      await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country: 'GB' } } });
      const up = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/proof_of_address`, headers: { 'content-type': 'application/pdf' }, payload: pdf(lines) });
      expect(up.statusCode, up.body).toBe(201);
      expect(up.json().media_type).toBe('application/pdf');
      expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } })).statusCode).toBe(202);
      await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_READY'), 60_000);
      return { report: (await t.app.inject({ url: p.url, headers: c.auth })).json(), events: eventsFor(p.contactId) };
    };
    const good = await run(['Northern Power plc', 'Ms Ada Hartley', '7 Queen Street', 'Leeds LS1 2AB', 'Statement date 1 November 2026']);
    expect(good.report).toMatchObject({ status: 'READY', data: { idscan: null, personal_details: { postcode: 'LS1 2AB' } } });
    expect(good.report.data.reasons).toEqual([]);
    expect(good.events).not.toContain('REPORT_IN_REVIEW');
    const stranger = await run(['Northern Power plc', 'Mr K Jones', '9 Elm Road', 'York YO1 7HH', 'Statement date 1 November 2026']);
    expect(stranger.report.data.reasons).toEqual(['PROOF_OF_ADDRESS_REFER']);
    await receiver.waitFor(() => eventsFor(stranger.report.contact_id).includes('REPORT_IN_REVIEW'));

    // A reviewer records a decision: review is no longer empty, REPORT_REVIEW_COMPLETED follows.
    const reviewUrl = `/clients/${c.clientId}/accounts/${stranger.report.account_id}/contacts/${stranger.report.contact_id}/reports/onboarding/review`;
    expect((await t.app.inject({ method: 'POST', url: reviewUrl, headers: c.auth, payload: { decision: 'MAYBE' } })).statusCode).toBe(422);
    const reviewed = await t.app.inject({ method: 'POST', url: reviewUrl, headers: c.auth, payload: { decision: 'FAILED', notes: 'The bill is for another person.' } });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().review).toMatchObject({ empty: false, status: 'COMPLETE', decision: 'FAILED', notes: 'The bill is for another person.' });
    expect(Number(reviewed.json().revision)).toBeGreaterThan(Number(stranger.report.revision));
    await receiver.waitFor(() => eventsFor(stranger.report.contact_id).includes('REPORT_REVIEW_COMPLETED'));
    expect((await t.app.inject({ method: 'POST', url: reviewUrl.replace(c.clientId, other.clientId), headers: other.auth, payload: { decision: 'PASSED' } })).statusCode).toBe(404);
  }, 120_000);

  it('an unused link expires after ONBOARDING_LINK_TTL_DAYS; the sweep marks the report EXPIRED', async () => {
    const p = await contact(c);
    const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' })).json());
    expect((await t.app.inject({ url: `/verify/${token}/flow` })).statusCode).toBe(200);
    const saved = clock;
    clock += 31 * 86_400_000;
    try {
      const expired = await t.app.inject({ url: `/verify/${token}/flow` });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().reason).toBe('LINK_EXPIRED');
      expect(await t.services.onboarding.onboarding.sweep()).toMatchObject({ expired: expect.any(Number) });
    } finally {
      clock = saved; // the bearer token is only valid on the real clock
    }
    expect((await t.app.inject({ url: p.url, headers: c.auth })).json().status).toBe('EXPIRED');
  });

  it('automatic refresh: a READY report near its expiry is requested again (new link, one more credit); without it, it expires', async () => {
    const withRefresh = await contact(c);
    const without = await contact(c);
    const tokens: string[] = [];
    for (const [p, refresh] of [[withRefresh, true], [without, false]] as const) {
      const report = (await trigger(c, p.url, { suppress_invitation_mail: 'true', personal_details: 'true' }, { ttl_in_days: 30, is_automatic_refresh_enabled: refresh })).json();
      const token = tokenOf(report);
      tokens.push(token);
      await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { street: '1 A St', city: 'York', postcode: 'YO1 1AA', country: 'GB' } } });
      expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } })).statusCode).toBe(202);
      await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_READY'), 60_000);
    }
    const balance = async () => (await t.app.inject({ url: `/clients/${c.clientId}/credits`, headers: c.auth })).json().balance as number;
    const before = await balance();
    const saved = clock;
    clock += 28 * 86_400_000; // inside the last tenth of 30 days for the first; the second is still valid
    try {
      expect(await t.services.onboarding.onboarding.sweep()).toEqual({ refreshed: 1, expired: 0 });
      clock += 3 * 86_400_000;
      expect((await t.services.onboarding.onboarding.sweep()).refreshed).toBe(0);
    } finally {
      clock = saved;
    }
    expect(await balance()).toBe(before - 1);
    const refreshed = (await t.app.inject({ url: withRefresh.url, headers: c.auth })).json();
    expect(refreshed.status).toBe('INITIAL');
    expect(tokenOf(refreshed)).not.toBe(tokens[0]);
    expect(refreshed.data.personal_details, 'the previous result stays readable until replaced').toMatchObject({ city: 'York' });
    expect((await t.app.inject({ url: without.url, headers: c.auth })).json().status).toBe('EXPIRED');
  }, 120_000);

  it('a retried trigger with the same Idempotency-Key replays the answer and spends no second credit', async () => {
    const p = await contact(c);
    const balance = async () => (await t.app.inject({ url: `/clients/${c.clientId}/credits`, headers: c.auth })).json().balance as number;
    const before = await balance();
    const send = () => t.app.inject({ method: 'PUT', url: p.url, headers: { ...c.auth, 'idempotency-key': 'onb-retry-1' }, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(b.json().data.onboarding_url).toBe(a.json().data.onboarding_url);
    expect(await balance()).toBe(before - 1);
  });

  it('uploads are limited per link (the engines are expensive): 429 with Retry-After past the hourly budget', async () => {
    const junk = Buffer.from('not an image at all, just text that is long enough');
    // On PostgreSQL the budget is counted in the clock's hours (shared across processes).
    const { statuses, limited } = await inOneWindow(3_600_000, 60_000, async () => {
      const p = await contact(c);
      const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' })).json());
      const upload = () => t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: junk });
      const answers: number[] = [];
      for (let i = 0; i < 121; i++) answers.push((await upload()).statusCode);
      return { statuses: answers, limited: await upload() };
    });
    expect(statuses.slice(0, 120).every((s) => s === 415)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A made-up link is refused as unknown (its budget is spent only once a link is known to be live).
    const unknown = await t.app.inject({ method: 'POST', url: `/verify/${'x'.repeat(43)}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: junk });
    expect(unknown.statusCode).toBe(404);
  });

  it('a PASSED, unexpired document feeds the eIDV document source (name and date of birth) for the same client only', async () => {
    const p = await contact(c);
    await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    // The shared specimens are all expired, so a PASSED result is written as the processing job would write it.
    const svc = t.services.onboarding.onboarding;
    const idscan = { document_decision: 'PASSED', document_type: 'Passport', document_decision_date: '2026-11-22T10:00:00.000Z', date_of_birth: '1985-04-12', document_given_names: 'ADA', document_last_name: 'HARTLEY', document_expiry_date: '2031-01-01', passport_number: 'X1234567' };
    await t.db.query(`UPDATE onboarding_reports SET status = 'READY', document_decision = 'PASSED', data_enc = $2, expires_at = $3 WHERE contact_id = $1`,
      [p.contactId, await svc.seal(t.db, p.contactId, 'data', { personal_details: null, idscan, reasons: [], details: {} }), new Date(clock + 86_400_000)]);
    const person = { first_name: 'Ada', middle_name: '', last_name: 'Hartley', date_of_birth: '1985-04-12', address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } };
    const result = await t.services.eidv.verify(person, { clientId: c.clientId, contactId: p.contactId, sandbox: false, today: '2026-11-22' });
    expect(result.sources).toContainEqual(expect.objectContaining({ source: 'identity_document', nameDob: true, nameAddress: false }));
    const elsewhere = await t.services.eidv.verify(person, { clientId: other.clientId, contactId: p.contactId, sandbox: false, today: '2026-11-22' });
    expect(elsewhere.sources.map((s) => s.source)).not.toContain('identity_document');
    expect(await svc.verifiedDocument(c.clientId, p.contactId)).toEqual({ document_type: 'Passport', document_given_names: 'ADA', document_last_name: 'HARTLEY', date_of_birth: '1985-04-12' });
    await t.db.query(`UPDATE onboarding_reports SET document_decision = 'REFER' WHERE contact_id = $1`, [p.contactId]);
    expect(await svc.verifiedDocument(c.clientId, p.contactId)).toBeUndefined();
  });

  it('the unique e-mail step takes an address and refuses what is not one', async () => {
    const p = await contact(c);
    const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', unique_email: 'true' })).json());
    const step = (email: string) => t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/unique_email`, payload: { email } });
    const saved = await step('ada.hartley@example.com');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().answers.unique_email).toEqual({ email: 'ada.hartley@example.com' });
    const refused = await step('not an address');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].pointer).toBe('/email');
  });

  it('a guessed or malformed token is refused the same way', async () => {
    for (const token of ['a'.repeat(52), 'x', '../../etc/passwd']) {
      const response = await t.app.inject({ url: `/verify/${encodeURIComponent(token)}/flow` });
      expect(response.statusCode).toBe(404);
    }
  });
});
