import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { portalSteps } from '../helpers/portal.ts';

/**
 * The portal as it should go (spec endpoints 10 and 11): the link issued, refreshed and switched off, the hosted
 * pages' branding, and the account's completion flag as its contacts' requests move, with ENTITY_UPDATED to ACCOUNT subscribers.
 */
let clock = Date.parse('2026-11-22T10:00:00Z');
let fixture: Fixture;
let t: TestService;
let c: TestClient;

beforeAll(async () => {
  fixture = await startFixture({
    now: () => new Date(clock), client: 'Portal firm', other: 'Other firm', credits: 20,
    subscription: { secret: 'portal-webhook-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] },
  });
  ({ t, c } = fixture);
}, 120_000);
afterAll(async () => fixture?.close());

const { advance, until, company, request, finish, account, share, portalToken, accountUpdates } = portalSteps(() => fixture, (ms) => { clock += ms; });

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
