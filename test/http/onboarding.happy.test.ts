import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture, type Receiver, type TestClient, type TestService } from '../helpers/fixture.ts';
import { documentPhoto, onboardingSteps } from '../helpers/onboarding.ts';

/**
 * Spec steps 4 to 6 as they should go: trigger the onboarding report, open the link as the contact would, answer,
 * upload, submit, and read the report the engines filled; review, automatic refresh and idempotent retries.
 */
const SECRET = 'onboarding-webhook-secret';
let clock = Date.parse('2026-11-22T10:00:00Z');
let fixture: Fixture;
let t: TestService;
let c: TestClient;
let other: TestClient;
let receiver: Receiver;

beforeAll(async () => {
  fixture = await startFixture({
    now: () => new Date(clock), client: 'Onboarding firm', other: 'Other firm', credits: 20,
    subscription: { secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_REVIEW_COMPLETED'] }] },
  });
  ({ t, c, other, receiver } = fixture);
}, 120_000);
afterAll(async () => fixture?.close());

const { contact, trigger, tokenOf, eventsFor } = onboardingSteps(() => fixture);
const pdf = textPdf;

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
    // The document step says which documents this request accepts (idscan: passport or driving licence); no other step has the list.
    expect(flow.json().steps.find((s: { id: string }) => s.id === 'id_document').documents).toEqual(['passport', 'driving_licence']);
    expect(flow.json().steps.filter((s: { documents?: unknown }) => s.documents !== undefined)).toHaveLength(1);
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
    const good = await run(['British Gas', 'www.britishgas.co.uk', 'Ms Ada Hartley', '7 Queen St', 'Leeds LS1 2AB', 'Statement date 1 November 2026', 'Account number 8500 1234 5678', 'Gas 1,204 kWh', 'Amount due 98.72 GBP']);
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
});
