import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { portalSteps } from '../helpers/portal.ts';

/**
 * The portal's refusals: an expired link is explained with the firm's name, and nothing about the contacts.
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

const { advance, company, share, portalToken } = portalSteps(() => fixture, (ms) => { clock += ms; });

describe('the portal link (endpoints 10 and 11)', () => {
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
});
