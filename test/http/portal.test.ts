import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startWorkers } from '../../src/workers.ts';

/**
 * Spec endpoints 10 and 11 and Enhanced Portal Insights: the portal link, the account's completion flag as
 * its contacts' requests move, ENTITY_UPDATED to ACCOUNT subscribers, and the partner-key-guarded breakdown.
 */
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
  c = await t.newClient('Portal firm');
  other = await t.newClient('Other firm');
  await t.services.credits.add(c.clientId, 20, 'test credits');
  const sub = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: c.auth,
    payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'portal-webhook-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
  });
  expect(sub.statusCode, sub.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

/** Moves the clock; access tokens expire with it, so both clients get fresh ones. */
async function advance(ms: number) {
  clock += ms;
  for (const client of [c, other]) {
    const r = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret } });
    client.auth.authorization = `Bearer ${r.json().access_token}`;
  }
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A company account with two contacts, each asked for their home address (no engines involved). */
async function company(client = c) {
  const created = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: 'Hartley & Reyes Ltd', type: 'COMPANY', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const account = created.json();
  const second = await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts/${account.id}/contacts`, headers: client.auth, payload: { first_name: 'Luis', last_name: 'Reyes', email: 'luis@example.com' } });
  expect(second.statusCode, second.body).toBe(201);
  const base = `/clients/${client.clientId}/accounts/${account.id}`;
  return { accountId: account.id as string, base, contacts: [account.primary_contact.id as string, second.json().id as string] };
}

const request = async (base: string, contactId: string, parameters: Record<string, string> = { personal_details: 'true' }) => {
  const r = await t.app.inject({ method: 'PUT', url: `${base}/contacts/${contactId}/reports/onboarding`, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', ...parameters } } } });
  expect(r.statusCode, r.body).toBe(202);
  return (r.json().data.onboarding_url as string).split('/verify/')[1]!;
};
const finish = async (token: string) => {
  const saved = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' } } });
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } });
  expect(sent.statusCode, sent.body).toBe(202);
};
const account = (base: string) => t.app.inject({ url: base, headers: c.auth }).then((r) => r.json());
const share = (base: string, on: boolean, client = c) => t.app.inject({ method: 'PATCH', url: base, headers: client.auth, payload: { client_onboarding: { share_progress: on } } });
const portalToken = (link: string) => link.split('/portal/')[1]!;
const accountUpdates = (accountId: string) => receiver.events().filter((e) => e.json.account_id === accountId && e.json.event === 'ENTITY_UPDATED');

describe('the portal link (endpoints 10 and 11)', () => {
  it('is issued by the PATCH, shown by the GET, refreshed by repeating the PATCH and stops working when switched off', async () => {
    const { base } = await company();
    const before = await account(base);
    expect(before.client_onboarding).toMatchObject({ link: null, expires_at: null, share_progress: false });

    const enabled = await share(base, true);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const link = enabled.json().client_onboarding.link as string;
    expect(link).toMatch(/\/portal\/[0-9a-z]{52}$/);
    expect(Date.parse(enabled.json().client_onboarding.expires_at) - clock).toBe(30 * 86_400_000);
    expect((await account(base)).client_onboarding).toMatchObject({ link, share_progress: true });
    expect((await t.app.inject({ url: `/portal/${portalToken(link)}/view` })).statusCode).toBe(200);

    await advance(20 * 86_400_000); // close to expiry: the caller repeats the PATCH (spec endpoint rule 8)
    const refreshed = (await share(base, true)).json().client_onboarding;
    expect(refreshed.link).toBe(link);
    expect(Date.parse(refreshed.expires_at) - clock).toBe(30 * 86_400_000);

    const off = await share(base, false);
    expect(off.json().client_onboarding).toMatchObject({ link: null, expires_at: null, share_progress: false });
    const gone = await t.app.inject({ url: `/portal/${portalToken(link)}/view` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().reason).toBe('LINK_INVALID');
    expect((await t.app.inject({ url: `/portal/${portalToken(link)}` })).statusCode).toBe(200); // the page loads and explains
  });

  it('expires: the page data says LINK_EXPIRED with the firm\'s name, and nothing about the contacts', async () => {
    await t.db.query(`INSERT INTO console_settings (client_id, firm_name) VALUES ($1, 'Hartley Accountants') ON CONFLICT (client_id) DO UPDATE SET firm_name = EXCLUDED.firm_name`, [c.clientId]);
    const { base } = await company();
    const link = (await share(base, true)).json().client_onboarding.link as string;
    await advance(31 * 86_400_000);
    const expired = await t.app.inject({ url: `/portal/${portalToken(link)}/view` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ reason: 'LINK_EXPIRED', firm_name: 'Hartley Accountants' });
    expect(expired.body).not.toContain('Hartley &');
    expect(expired.body).not.toContain('Ada');
  });

  it('refuses malformed and unknown tokens the same way, without touching another client\'s portal', async () => {
    for (const token of ['short', 'x'.repeat(52), '0'.repeat(52)]) {
      const r = await t.app.inject({ url: `/portal/${token}/view` });
      expect(r.statusCode).toBe(404);
      expect(r.json().reason).toBe('LINK_INVALID');
    }
    const { base } = await company();
    const theirs = await share(`/clients/${c.clientId}${base.slice(base.indexOf('/accounts'))}`, true, other);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('branding of the hosted pages', () => {
  it('the flow and the portal carry the firm\'s name, colour and logo; the page CSP allows only that logo\'s origin', async () => {
    await t.db.query(`INSERT INTO console_settings (client_id, firm_name, brand_colour, logo_url) VALUES ($1, 'Hartley Accountants', '#5b2a86', 'https://cdn.hartley.example/logo.png')
                      ON CONFLICT (client_id) DO UPDATE SET firm_name = EXCLUDED.firm_name, brand_colour = EXCLUDED.brand_colour, logo_url = EXCLUDED.logo_url`, [c.clientId]);
    const { base, contacts } = await company();
    const token = await request(base, contacts[0]!);
    const portal = portalToken((await share(base, true)).json().client_onboarding.link);
    const branding = { firm_name: 'Hartley Accountants', brand_colour: '#5b2a86', logo_url: 'https://cdn.hartley.example/logo.png' };
    expect((await t.app.inject({ url: `/verify/${token}/flow` })).json().branding).toEqual(branding);
    expect((await t.app.inject({ url: `/portal/${portal}/view` })).json().branding).toEqual(branding);
    for (const url of [`/verify/${token}`, `/portal/${portal}`]) {
      const csp = (await t.app.inject({ url })).headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' blob: data: https://cdn.hartley.example;");
    }
    // Another firm's page (and an unknown token) allows no outside image.
    const plain = (await t.app.inject({ url: `/portal/${'0'.repeat(52)}` })).headers['content-security-policy'] as string;
    expect(plain).toContain("img-src 'self' blob: data:;");
  });
});

describe('client_onboarding.completed (spec rule 3)', () => {
  it('is false while a contact has an outstanding request, true when both are done; each flip reaches ACCOUNT subscribers', async () => {
    const { accountId, base, contacts } = await company();
    expect((await account(base)).client_onboarding.completed).toBe(true); // nothing requested: nothing outstanding

    const first = await request(base, contacts[0]!);
    expect((await account(base)).client_onboarding.completed).toBe(false);
    const second = await request(base, contacts[1]!);
    const portal = portalToken((await share(base, true)).json().client_onboarding.link);

    let view = (await t.app.inject({ url: `/portal/${portal}/view` })).json();
    expect(view).toMatchObject({ account_name: 'Hartley & Reyes Ltd', completed: false });
    expect(view.contacts.map((x: { name: string; state: string }) => [x.name, x.state])).toEqual([['Ada Hartley', 'TO_DO'], ['Luis Reyes', 'TO_DO']]);
    expect(view.contacts[0].tasks).toEqual([{ task: 'personal_details', status: 'NOT_STARTED' }, { task: 'review', status: 'NOT_STARTED' }]);
    expect(view.contacts[0].verify_url).toMatch(new RegExp(`/verify/${first}$`));
    expect(JSON.stringify(view)).not.toContain('ada@example.com');

    await finish(first);
    await until(() => t.app.inject({ url: `${base}/contacts/${contacts[0]}/reports/onboarding`, headers: c.auth }).then((r) => r.json().status), (s) => s === 'READY');
    expect((await account(base)).client_onboarding.completed).toBe(false); // Luis has not started
    view = (await t.app.inject({ url: `/portal/${portal}/view` })).json();
    expect(view.contacts.map((x: { state: string }) => x.state)).toEqual(['DONE', 'TO_DO']);
    expect(view.contacts[0]).toMatchObject({ verify_url: null, progress: { done: 2, total: 2 } });

    const flipsBefore = accountUpdates(accountId).length;
    await finish(second);
    const done = await until(() => account(base), (a) => a.client_onboarding.completed === true);
    expect(done.client_onboarding.completed).toBe(true);
    const update = await until(async () => accountUpdates(accountId), (list) => list.some((e) => e.json.revision === done.revision));
    expect(update.length).toBeGreaterThan(flipsBefore);
    expect((await t.app.inject({ url: `/portal/${portal}/view` })).json().completed).toBe(true);

    // A new request for one contact makes the account outstanding again.
    await request(base, contacts[1]!);
    expect((await account(base)).client_onboarding.completed).toBe(false);
  });

  it('follows deletions and expiries: deleting the only waiting contact, or its link expiring, completes the account', async () => {
    const { base, contacts } = await company();
    await request(base, contacts[1]!);
    expect((await account(base)).client_onboarding.completed).toBe(false);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${base}/contacts/${contacts[1]}`, headers: c.auth });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await account(base)).client_onboarding.completed).toBe(true);

    const again = await company();
    await request(again.base, again.contacts[0]!);
    expect((await account(again.base)).client_onboarding.completed).toBe(false);
    await advance((t.services.config.onboardingLinkTtlDays + 1) * 86_400_000);
    await t.services.onboarding.onboarding.sweep();
    expect((await account(again.base)).client_onboarding.completed).toBe(true);
  });
});

describe('Enhanced Portal Insights', () => {
  it('needs the bearer and a partner key: missing or wrong 401, another partner scope 403, another client\'s account 404', async () => {
    const { base, contacts } = await company();
    const token = await request(base, contacts[0]!, { personal_details: 'true', proof_of_address: 'true' });
    const url = `${base}/portal/insights`;
    const open = await t.services.partners.create({ name: 'Open partner' });
    const scoped = await t.services.partners.create({ name: 'Scoped partner', clientIds: [other.clientId] });

    expect((await t.app.inject({ url, headers: { 'x-partner-api-key': open.api_key } })).statusCode).toBe(401); // no bearer
    const missing = await t.app.inject({ url, headers: c.auth });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json().reason).toBe('PARTNER_KEY_MISSING');
    expect((await t.app.inject({ url, headers: { ...c.auth, 'x-partner-api-key': 'kyp_wrong' } })).json().reason).toBe('PARTNER_KEY_INVALID');
    const forbidden = await t.app.inject({ url, headers: { ...c.auth, 'x-partner-api-key': scoped.api_key } });
    expect(forbidden.statusCode).toBe(403);
    const elsewhere = await t.app.inject({ url: `/clients/${other.clientId}/accounts/${base.split('/').pop()}/portal/insights`, headers: { ...other.auth, 'x-partner-api-key': scoped.api_key } });
    expect(elsewhere.statusCode).toBe(404);

    // Half-way: the address answered, the proof not yet uploaded.
    await advance(60_000);
    await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' } } });
    const ok = await t.app.inject({ url, headers: { ...c.auth, 'x-partner-api-key': open.api_key } });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json();
    expect(body).toMatchObject({ name: 'Hartley & Reyes Ltd', summary: { contacts: 2, outstanding_requests: 1, completed_requests: 0 }, client_onboarding: { completed: false } });
    const ada = body.contacts.find((x: { contact_id: string }) => x.contact_id === contacts[0]);
    expect(ada).toMatchObject({ first_name: 'Ada', portal_state: 'IN_PROGRESS', report_status: 'IN_PROGRESS', progress: { done: 1, total: 3 } });
    expect(ada.onboarding_link).toMatch(new RegExp(`/verify/${token}$`));
    expect(ada.tasks).toEqual([
      { task: 'personal_details', status: 'COMPLETED', started_at: new Date(clock).toISOString(), completed_at: new Date(clock).toISOString() },
      { task: 'proof_of_address', status: 'NOT_STARTED', started_at: null, completed_at: null },
      { task: 'review', status: 'NOT_STARTED', started_at: null, completed_at: null },
    ]);
    const luis = body.contacts.find((x: { contact_id: string }) => x.contact_id === contacts[1]);
    expect(luis).toMatchObject({ portal_state: 'NOT_REQUESTED', report_status: null, onboarding_link: null, tasks: [] });

    await t.services.partners.revoke(open.partner_id);
    expect((await t.app.inject({ url, headers: { ...c.auth, 'x-partner-api-key': open.api_key } })).json().reason).toBe('PARTNER_KEY_INVALID');
    const stored = await t.db.query<{ key_hash: string }>('SELECT key_hash FROM partners WHERE id = $1', [open.partner_id]);
    expect(stored[0]!.key_hash).not.toContain(open.api_key.slice(4));
  });
});
