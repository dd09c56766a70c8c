import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneWindow } from '../helpers/clock-window.ts';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { onboardingSteps } from '../helpers/onboarding.ts';

/**
 * What the onboarding report and its link keep to themselves: the token stored only hashed and sealed, a replaced
 * link dead, another client's report a 404, uploads limited per link, a verified document for its own client only,
 * guessed tokens refused alike.
 */
const SECRET = 'onboarding-webhook-secret';
let clock = Date.parse('2026-11-22T10:00:00Z');
let fixture: Fixture;
let t: TestService;
let c: TestClient;
let other: TestClient;

beforeAll(async () => {
  fixture = await startFixture({
    now: () => new Date(clock), client: 'Onboarding firm', other: 'Other firm', credits: 20,
    subscription: { secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_REVIEW_COMPLETED'] }] },
  });
  ({ t, c, other } = fixture);
}, 120_000);
afterAll(async () => fixture?.close());

const { contact, trigger, tokenOf } = onboardingSteps(() => fixture);

describe('onboarding report: trigger and read (endpoints 5 and 6)', () => {
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
    // No liveness challenge before a capture session starts (issue 21): the flow never shows one.
    expect(fresh.json()).not.toHaveProperty('liveness_challenge');
    // The replaced request's upload is deleted by the cleanup (store and row).
    expect(await t.services.onboarding.flow.cleanup()).toBeGreaterThanOrEqual(1);
    await expect(t.services.onboarding.files.get(kept!.storage_key)).rejects.toThrow();
    expect(await t.db.query('SELECT 1 FROM onboarding_files WHERE contact_id = $1', [p.contactId])).toEqual([]);
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
  }, 180_000); // up to 60 s waiting for a fresh hour, then the uploads

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

  it('a guessed or malformed token is refused the same way', async () => {
    for (const token of ['a'.repeat(52), 'x', '../../etc/passwd']) {
      const response = await t.app.inject({ url: `/verify/${encodeURIComponent(token)}/flow` });
      expect(response.statusCode).toBe(404);
    }
  });
});
