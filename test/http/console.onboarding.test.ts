import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { onboardingRepo } from '../../src/modules/onboarding/onboarding.repo.ts';
import type { OnboardingData } from '../../src/modules/onboarding/onboarding.service.ts';
import { staffUser, type ConsoleLogin } from './console-helpers.ts';

/** The onboarding report in the console: its uploaded documents decrypted for viewing only, every view audited; the review. */
let t: TestService;
let c: TestClient;
let reviewer: ConsoleLogin;
let admin: ConsoleLogin;
let reader: ConsoleLogin;
let other: ConsoleLogin;
let base: string;
let photo: Buffer;
let apiUrl: string;

beforeAll(async () => {
  t = await startTestService();
  c = await t.newClient('Onboarding console firm');
  await t.services.credits.add(c.clientId, 20, 'test');
  reviewer = await staffUser(t, c.clientId, 'rev@onb.test', 'reviewer');
  admin = await staffUser(t, c.clientId, 'admin@onb.test', 'administrator');
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
}, 180_000); // a service, four staff users (argon2) and an upload the document engine reads: a minute on a loaded machine is possible
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
    expect(own.json()).toEqual({ idscan: null, reasons: [], details: {}, can_review: false, pending_review: null, me: `user:${reader.userId}` });
    expect((await t.app.inject({ url: `${base}/details`, headers: other.headers })).statusCode).toBe(404);
    await t.services.audit.flush();
    const entries = await t.services.audit.list(c.clientId, { limit: 1000 });
    expect(entries.some((e) => e.action === 'console.onboarding_report.read' && e.actor === `user:${reader.userId}`)).toBe(true);
  });
});

/**
 * A READY report as processing writes it (the sealed data, the plain decision columns, the events), without
 * running the engines: the browser test runs the real pipeline on a specimen; here the console's rules are tested.
 */
async function readyReport(name: { first: string; last: string }, decision: 'ALERT' | 'REFER') {
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: `${name.first} ${name.last}`, type: 'INDIVIDUAL', primary_contact: { first_name: name.first, last_name: name.last, email: 'x@example.com', primary_address: { street: '2 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  })).json();
  const contactId = account.primary_contact.id as string;
  const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding`;
  expect((await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } })).statusCode).toBe(202);
  const finish = async () => {
    const row = (await onboardingRepo.byContact(t.db, c.clientId, contactId))!;
    const data: OnboardingData = {
      personal_details: null, reasons: decision === 'ALERT' ? ['SPECIMEN'] : ['DOC_EXPIRED'],
      idscan: { document_decision: decision, document_type: 'Passport', document_decision_date: new Date().toISOString(), date_of_birth: '1974-08-12', document_given_names: name.first.toUpperCase(), document_last_name: name.last.toUpperCase(), document_expiry_date: '2030-01-01', passport_number: 'L898902C3' },
      details: { document: { decision, reasons: [{ code: reasonFor(decision), severity: decision, detail: 'fixture' }] } },
    };
    await t.db.tx(async (tx) => {
      const saved = (await onboardingRepo.finishRun(tx, c.clientId, contactId, row.run_id, {
        status: 'READY', dataEnc: await t.services.onboarding.onboarding.seal(tx, contactId, 'data', data), documentDecision: decision, faceMatchDecision: null,
        needsReview: true, error: null, completedAt: new Date(), expiresAt: new Date(Date.now() + 365 * 86_400_000),
      }))!;
      await t.services.onboarding.store.event(tx, saved, 'REPORT_READY');
      await t.services.onboarding.store.event(tx, saved, 'REPORT_IN_REVIEW');
    });
  };
  await finish();
  return { url, finish, base: `/console/api/accounts/${account.id}/contacts/${contactId}/onboarding`, accountId: account.id as string, contactId };
}
const reasonFor = (d: string) => (d === 'ALERT' ? 'SPECIMEN' : 'DOC_EXPIRED');

async function audit() {
  await t.services.audit.flush();
  return t.services.audit.list(c.clientId, { limit: 5000 });
}

async function secondReviewRule(on: boolean) {
  const r = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: null, brand_colour: null, logo_url: null, second_review_for_alert: on } });
  expect(r.statusCode, r.body).toBe(200);
}

describe('onboarding review audit', () => {
  it('a console review is recorded with its audit entry (actor user:<id>) and REPORT_REVIEW_COMPLETED', async () => {
    await secondReviewRule(false);
    const r = await readyReport({ first: 'Rita', last: 'Referred' }, 'REFER');
    const saved = await t.app.inject({ method: 'POST', url: `${r.base}/review`, headers: reviewer.headers, payload: { decision: 'PASSED', notes: 'Expired last month; renewal seen.' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pending_approval: false, review: { decision: 'PASSED', reviewed_by: `user:${reviewer.userId}` } });
    const entries = (await audit()).filter((e) => e.action === 'onboarding.review' && e.subject === `${r.accountId}/${r.contactId}`);
    // Exactly one entry: the service writes it in the review's transaction; the console route no longer adds its own.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: `user:${reviewer.userId}`, details: { decision: 'PASSED', revision: saved.json().revision } });
    const events = (await t.app.inject({ url: `/clients/${c.clientId}/events?limit=200`, headers: c.auth })).json();
    expect(JSON.stringify(events)).toContain('REPORT_REVIEW_COMPLETED');
  });

  it('a review through the public API is audited with actor api:<credential>', async () => {
    const r = await readyReport({ first: 'Arno', last: 'Apiview' }, 'REFER');
    const saved = await t.app.inject({ method: 'POST', url: `${r.url}/review`, headers: c.auth, payload: { decision: 'FAILED', notes: 'by the client system' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = (await audit()).find((e) => e.action === 'onboarding.review' && e.subject === `${r.accountId}/${r.contactId}`);
    expect(entry).toMatchObject({ actor: `api:${c.client_id}`, details: { decision: 'FAILED', revision: saved.json().revision } });
  });

  it('a refused review (report not READY) leaves no audit entry', async () => {
    const before = (await audit()).filter((e) => e.action === 'onboarding.review').length;
    expect((await t.app.inject({ method: 'POST', url: `${apiUrl}/review`, headers: c.auth, payload: { decision: 'PASSED' } })).statusCode).toBe(422);
    expect((await audit()).filter((e) => e.action === 'onboarding.review')).toHaveLength(before);
  });
});

describe('second reviewer for an onboarding ALERT', () => {
  it('with the rule on, a REFER is recorded at once; an ALERT review is a proposal until another person approves it', async () => {
    await secondReviewRule(true);
    const refer = await readyReport({ first: 'Rosa', last: 'Refer' }, 'REFER');
    const direct = await t.app.inject({ method: 'POST', url: `${refer.base}/review`, headers: reviewer.headers, payload: { decision: 'PASSED' } });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().pending_approval).toBe(false);

    const r = await readyReport({ first: 'Uto', last: 'Specimen' }, 'ALERT');
    const proposed = await t.app.inject({ method: 'POST', url: `${r.base}/review`, headers: reviewer.headers, payload: { decision: 'FAILED', notes: 'Specimen passport: refuse.' } });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({ pending_approval: true, review: { empty: true } });
    expect((await t.app.inject({ url: r.url, headers: c.auth })).json().review).toEqual({ empty: true });

    const page = (await t.app.inject({ url: `${r.base}/details`, headers: admin.headers })).json();
    expect(page).toMatchObject({ can_review: true, me: `user:${admin.userId}`, pending_review: { kind: 'ONBOARDING', proposed_by: `user:${reviewer.userId}`, proposal: { decision: 'FAILED', notes: 'Specimen passport: refuse.' } } });
    const named = { proposal_id: page.pending_review.proposal_id, proposal_revision: page.pending_review.proposal_revision };
    // The proposal is sealed at rest like the report (its notes may hold personal data).
    const stored = await t.db.query<{ proposal_enc: Uint8Array }>("SELECT proposal_enc FROM console_pending_reviews WHERE contact_id = $1 AND kind = 'ONBOARDING'", [r.contactId]);
    expect(Buffer.from(stored[0]!.proposal_enc).toString('latin1')).not.toContain('Specimen passport');

    // The proposer can neither approve nor reject; a read-only user cannot; another client's staff sees nothing.
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review/approve`, headers: reviewer.headers, payload: named })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review/reject`, headers: reviewer.headers, payload: named })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review/approve`, headers: reader.headers, payload: named })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review/approve`, headers: other.headers, payload: named })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review/reject`, headers: other.headers, payload: named })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${r.base}/details`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review`, headers: other.headers, payload: { decision: 'PASSED' } })).statusCode).toBe(404);
    // The AML side of the same contact has nothing waiting.
    expect((await t.app.inject({ method: 'POST', url: `${r.base.replace(/onboarding$/, 'aml')}/review/approve`, headers: admin.headers, payload: named })).statusCode).toBe(404);

    const approved = await t.app.inject({ method: 'POST', url: `${r.base}/review/approve`, headers: admin.headers, payload: named });
    expect(approved.statusCode, approved.body).toBe(200);
    const report = (await t.app.inject({ url: r.url, headers: c.auth })).json();
    // Recorded as the proposer's decision; the approver is in the trail.
    expect(report.review).toMatchObject({ status: 'COMPLETE', decision: 'FAILED', notes: 'Specimen passport: refuse.', reviewed_by: `user:${reviewer.userId}` });
    const entries = (await audit()).filter((e) => e.subject === `${r.accountId}/${r.contactId}`);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['console.review.proposed', 'onboarding.review', 'console.review.approved']));
    expect(entries.find((e) => e.action === 'onboarding.review')).toMatchObject({ actor: `user:${reviewer.userId}`, details: { decision: 'FAILED' } });
    expect(entries.find((e) => e.action === 'console.review.approved')).toMatchObject({ actor: `user:${admin.userId}`, details: { kind: 'ONBOARDING', proposed_by: `user:${reviewer.userId}` } });
    expect((await t.app.inject({ method: 'POST', url: `${r.base}/review/approve`, headers: admin.headers, payload: named })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${r.base}/details`, headers: admin.headers })).json().pending_review).toBeNull();
  });

  it('another reviewer can reject the proposal: nothing is recorded, the report waits for a new review', async () => {
    await secondReviewRule(true);
    const r = await readyReport({ first: 'Ivy', last: 'Rejected' }, 'ALERT');
    const proposed = await t.app.inject({ method: 'POST', url: `${r.base}/review`, headers: admin.headers, payload: { decision: 'PASSED' } });
    expect(proposed.statusCode).toBe(202);
    const named = { proposal_id: proposed.json().proposal.proposal_id, proposal_revision: proposed.json().proposal.proposal_revision };
    const rejected = await t.app.inject({ method: 'POST', url: `${r.base}/review/reject`, headers: reviewer.headers, payload: named });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ rejected: true });
    expect((await t.app.inject({ url: r.url, headers: c.auth })).json()).toMatchObject({ status: 'READY', review: { empty: true } });
    expect((await t.app.inject({ url: `${r.base}/details`, headers: reviewer.headers })).json().pending_review).toBeNull();
    const entries = (await audit()).filter((e) => e.subject === `${r.accountId}/${r.contactId}`);
    expect(entries.find((e) => e.action === 'console.review.rejected')).toMatchObject({ actor: `user:${reviewer.userId}`, details: { kind: 'ONBOARDING', proposed_by: `user:${admin.userId}` } });
    expect(entries.some((e) => e.action === 'onboarding.review')).toBe(false);
  });

  it('a report changed since the proposal is refused with 409 and the proposal dropped', async () => {
    await secondReviewRule(true);
    const r = await readyReport({ first: 'Cora', last: 'Changed' }, 'ALERT');
    const proposed = await t.app.inject({ method: 'POST', url: `${r.base}/review`, headers: reviewer.headers, payload: { decision: 'PASSED' } });
    expect(proposed.statusCode).toBe(202);
    const named = { proposal_id: proposed.json().proposal.proposal_id, proposal_revision: proposed.json().proposal.proposal_revision };
    await r.finish(); // processing wrote the report again (a new revision)
    const late = await t.app.inject({ method: 'POST', url: `${r.base}/review/approve`, headers: admin.headers, payload: named });
    expect(late.statusCode, late.body).toBe(409);
    expect((await t.app.inject({ url: `${r.base}/details`, headers: admin.headers })).json().pending_review).toBeNull();
    expect((await t.app.inject({ url: r.url, headers: c.auth })).json().review).toEqual({ empty: true });
  });

  it('with the rule off, an ALERT review is recorded at once', async () => {
    await secondReviewRule(false);
    const r = await readyReport({ first: 'Olga', last: 'Direct' }, 'ALERT');
    const saved = await t.app.inject({ method: 'POST', url: `${r.base}/review`, headers: reviewer.headers, payload: { decision: 'FAILED' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pending_approval: false, review: { decision: 'FAILED' } });
  });
});
