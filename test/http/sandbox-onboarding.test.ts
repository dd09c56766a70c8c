import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';

/**
 * Issue 11's sandbox for onboarding: personas (the contact's last name) drive the document and face outcomes
 * through the real flow API, the real processing and the real decision functions; the scripted contact
 * completes a link without a browser; live clients cannot use either.
 */
let t: TestService;
let sandbox: TestClient;
let live: TestClient;

beforeAll(async () => {
  t = await startTestService();
  const created = await t.services.clients.createClient({ name: 'Sandbox firm', sandbox: true });
  const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } });
  sandbox = { ...created, token: token.json().access_token, auth: { authorization: `Bearer ${token.json().access_token}` } };
  live = await t.newClient('Live firm');
  await t.services.credits.add(sandbox.clientId, 30, 'sandbox credits');
  await t.services.credits.add(live.clientId, 5, 'live credits');
}, 120_000);
afterAll(async () => t?.close());

const FULL = { personal_details: 'true', idscan: 'true', face_match: 'true', suppress_invitation_mail: 'true' };

async function contactWith(client: TestClient, lastName: string, extra: Record<string, unknown> = {}, type = 'INDIVIDUAL') {
  const r = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: `${lastName} account`, type, primary_contact: { first_name: 'Ada', last_name: lastName, email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' }, ...extra } },
  });
  expect(r.statusCode, r.body).toBe(201);
  const account = r.json();
  return { base: `/clients/${client.clientId}/accounts/${account.id}`, contactId: account.primary_contact.id as string };
}

async function requestAndComplete(client: TestClient, base: string, contactId: string, parameters: Record<string, string> = FULL) {
  const url = `${base}/contacts/${contactId}/reports/onboarding`;
  const r = await t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: { parameters } } });
  expect(r.statusCode, r.body).toBe(202);
  const token = (r.json().data.onboarding_url as string).split('/verify/')[1]!;
  const done = await t.app.inject({ method: 'POST', url: `/sandbox/verify/${token}/complete` });
  return { url, token, done };
}

/** Runs the processing job as the worker would (no worker in this file: each test decides when). */
async function processNow(contactId: string, retryCount = 0) {
  const [row] = await t.db.query<{ run_id: string; client_id: string }>('SELECT run_id, client_id FROM onboarding_reports WHERE contact_id = $1', [contactId]);
  await t.services.onboarding.processor.process({ clientId: row!.client_id, contactId, runId: row!.run_id }, { retryCount });
}

const report = (url: string, client = sandbox) => t.app.inject({ url, headers: client.auth }).then((r) => r.json());

describe('onboarding personas in the sandbox', () => {
  it('any name: a passport matching the contact, document PASSED and face PASSED', async () => {
    const { base, contactId } = await contactWith(sandbox, 'Passmore');
    const { url, done } = await requestAndComplete(sandbox, base, contactId);
    expect(done.statusCode, done.body).toBe(202);
    await processNow(contactId);
    const out = await report(url);
    expect(out.status).toBe('READY');
    expect(out.data.idscan).toMatchObject({
      document_decision: 'PASSED', face_match_decision: 'PASSED', document_type: 'Passport', document_last_name: 'PASSMORE', document_given_names: 'ADA', date_of_birth: '1985-04-12',
      passport_number: expect.stringMatching(/^SBX\d/),
    });
    expect(out.data.personal_details).toEqual({ street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' });
  });

  it.each([
    ['Lapsed', {}, 'REFER', 'DOC_EXPIRED'],
    ['Specimen', {}, 'ALERT', 'SPECIMEN'],
    ['Stranger', {}, 'REFER', 'CONTACT_MISMATCH_NAME'],
    ['Young', { date_of_birth: `${new Date().getUTCFullYear() - 16}-01-15` }, 'ALERT', 'UNDERAGE'],
  ])('%s: the real decision over the simulated passport gives %s', async (lastName, extra, decision, reason) => {
    const { base, contactId } = await contactWith(sandbox, lastName, extra);
    const { url } = await requestAndComplete(sandbox, base, contactId);
    await processNow(contactId);
    const out = await report(url);
    expect(out.data.idscan.document_decision).toBe(decision);
    expect(out.data.reasons.some((r: string) => r.includes(reason))).toBe(true);
  });

  it('Lookalike: face match FAILED while the document PASSED', async () => {
    const { base, contactId } = await contactWith(sandbox, 'Lookalike');
    const { url } = await requestAndComplete(sandbox, base, contactId);
    await processNow(contactId);
    const out = await report(url);
    expect(out.data.idscan).toMatchObject({ document_decision: 'PASSED', face_match_decision: 'FAILED' });
    expect(out.data.reasons).toContain('FACE_MISMATCH');
  });

  it('Outage: processing fails, is retried, and ends in ERROR with REPORT_ERROR', async () => {
    const { base, contactId } = await contactWith(sandbox, 'Outage');
    const { url } = await requestAndComplete(sandbox, base, contactId);
    await expect(processNow(contactId, 0)).rejects.toThrow(/unavailable/);
    await processNow(contactId, 2);
    const out = await report(url);
    expect(out.status).toBe('ERROR');
    const events = await t.db.query<{ event: string }>('SELECT event FROM events WHERE client_id = $1 AND contact_id = $2 ORDER BY seq', [sandbox.clientId, contactId]);
    expect(events.map((e) => e.event)).toContain('REPORT_ERROR');
  });

  it('the scripted contact completes a company\'s portal: completed turns true', async () => {
    const { base, contactId } = await contactWith(sandbox, 'Passmore', {}, 'COMPANY');
    const second = await t.app.inject({ method: 'POST', url: `${base}/contacts`, headers: sandbox.auth, payload: { first_name: 'Luis', last_name: 'Reyes', email: 'luis@example.com' } });
    const parameters = { personal_details: 'true', proof_of_address: 'true', suppress_invitation_mail: 'true' };
    const links = [];
    for (const id of [contactId, second.json().id as string]) {
      const r = await t.app.inject({ method: 'PUT', url: `${base}/contacts/${id}/reports/onboarding`, headers: sandbox.auth, payload: { config: { parameters } } });
      links.push({ id, url: `${base}/contacts/${id}/reports/onboarding`, token: (r.json().data.onboarding_url as string).split('/verify/')[1]! });
    }
    expect((await report(base)).client_onboarding.completed).toBe(false);
    for (const [i, link] of links.entries()) {
      expect((await t.app.inject({ method: 'POST', url: `/sandbox/verify/${link.token}/complete` })).statusCode).toBe(202);
      await processNow(link.id);
      const out = await report(link.url);
      expect(out.status).toBe('READY');
      // The bill the scripted contact uploads names them at their address: the real proof-of-address check reads it.
      expect(out.data.reasons.filter((r: string) => r.startsWith('PROOF_OF_ADDRESS'))).toEqual([]);
      expect((await report(base)).client_onboarding.completed).toBe(i === 1);
    }
  });

  it('only sandbox links: a live client\'s link and an unknown token are 404, a submitted one 409', async () => {
    const { base, contactId } = await contactWith(live, 'Passmore');
    const r = await t.app.inject({ method: 'PUT', url: `${base}/contacts/${contactId}/reports/onboarding`, headers: live.auth, payload: { config: { parameters: FULL } } });
    const token = (r.json().data.onboarding_url as string).split('/verify/')[1]!;
    const refused = await t.app.inject({ method: 'POST', url: `/sandbox/verify/${token}/complete` });
    expect(refused.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/verify/${token}/flow` })).json().missing.length).toBeGreaterThan(0); // nothing was answered
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/verify/${'0'.repeat(52)}/complete` })).statusCode).toBe(404);

    const mine = await contactWith(sandbox, 'Passmore');
    const { token: done } = await requestAndComplete(sandbox, mine.base, mine.contactId);
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/verify/${done}/complete` })).statusCode).toBe(409);
  });

  it('the catalogue lists the onboarding personas', async () => {
    const personas = (await t.app.inject({ url: '/sandbox/personas' })).json().personas as { trigger: string; outcome: string }[];
    for (const name of ['Lapsed', 'Specimen', 'Stranger', 'Lookalike']) expect(personas.some((p) => p.trigger.includes(`"${name}"`))).toBe(true);
    expect(personas.some((p) => p.trigger.includes('/sandbox/verify/{token}/complete'))).toBe(true);
  });
});
