import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { portalSteps } from '../helpers/portal.ts';

/**
 * What guards the portal: malformed, unknown and other clients' tokens refused alike, and Enhanced Portal Insights
 * behind the bearer and a partner key, scoped to the partner's clients.
 */
let clock = Date.parse('2026-11-22T10:00:00Z');
let fixture: Fixture;
let t: TestService;
let c: TestClient;
let other: TestClient;

beforeAll(async () => {
  fixture = await startFixture({
    now: () => new Date(clock), client: 'Portal firm', other: 'Other firm', credits: 20,
    subscription: { secret: 'portal-webhook-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] },
  });
  ({ t, c, other } = fixture);
}, 120_000);
afterAll(async () => fixture?.close());

const { advance, company, request, share } = portalSteps(() => fixture, (ms) => { clock += ms; });

describe('the portal link (endpoints 10 and 11)', () => {
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
