import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_DIST } from '../../src/modules/onboarding/pages.routes.ts';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { onboardingSteps } from '../helpers/onboarding.ts';
import { staffUser } from './console-helpers.ts';

/**
 * Where the hosted flow may be embedded (issue 25, ADR 0145): the client's allowed origins, set through the API
 * or the console, checked one error per bad entry, become the flow page's frame-ancestors and the meta tag the
 * page posts its events to; another client's links keep 'none'; the portal is never framed.
 */
let fixture: Fixture;
let t: TestService;
let c: TestClient;
let other: TestClient;
beforeAll(async () => {
  fixture = await startFixture({ client: 'Embedding firm', other: 'Other firm', credits: 5, workers: false });
  ({ t, c, other } = fixture);
}, 120_000);
afterAll(async () => fixture?.close());

const { contact, trigger, tokenOf } = onboardingSteps(() => fixture);
const built = existsSync(path.join(VERIFY_DIST, 'index.html'));
const put = (client: TestClient, allowed_origins: unknown) =>
  t.app.inject({ method: 'PUT', url: `/clients/${client.clientId}/embedding`, headers: client.auth, payload: { allowed_origins } });

describe('embedding settings (API)', () => {
  it('starts empty, refuses each bad origin with its own pointer, stores origins as browsers write them', async () => {
    const empty = await t.app.inject({ url: `/clients/${c.clientId}/embedding`, headers: c.auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ allowed_origins: [] });

    const bad = await put(c, ['https://ok.example', 'http://shop.example', 'https://shop.example/onboarding', 'https://*.example']);
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['content-type']).toMatch(/problem\+json/);
    expect(bad.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/allowed_origins/1', '/allowed_origins/2', '/allowed_origins/3']);
    expect((await t.app.inject({ url: `/clients/${c.clientId}/embedding`, headers: c.auth })).json().allowed_origins).toEqual([]);

    const ok = await put(c, ['https://Shop.Example', 'https://shop.example:443/', 'http://localhost:5173']);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().allowed_origins).toEqual(['https://shop.example', 'http://localhost:5173']);
    expect(ok.headers.etag).toBeDefined();
  });

  it('is the client\'s own: another client cannot read or set it', async () => {
    const read = await t.app.inject({ url: `/clients/${c.clientId}/embedding`, headers: other.auth });
    expect([403, 404]).toContain(read.statusCode);
    expect((await put(other, []).then(() => t.app.inject({ url: `/clients/${c.clientId}/embedding`, headers: c.auth }))).json().allowed_origins).toContain('https://shop.example');
  });

  it('the console writes the same setting, administrators only', async () => {
    const admin = await staffUser(t, c.clientId, 'embed-admin@example.com', 'administrator');
    const reviewer = await staffUser(t, c.clientId, 'embed-reviewer@example.com', 'reviewer');
    const denied = await t.app.inject({ method: 'PUT', url: '/console/api/settings/embedding', headers: reviewer.headers, payload: { allowed_origins: [] } });
    expect(denied.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/console/api/settings/embedding', headers: admin.headers, payload: { allowed_origins: ['ftp://x.example'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].pointer).toBe('/allowed_origins/0');
    const saved = await t.app.inject({ method: 'PUT', url: '/console/api/settings/embedding', headers: admin.headers, payload: { allowed_origins: ['https://shop.example', 'https://app.shop.example'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: '/console/api/settings/embedding', headers: reviewer.headers })).json().allowed_origins).toEqual(['https://shop.example', 'https://app.shop.example']);
    // Branding saved afterwards keeps the origins (one row, two settings).
    await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: 'Shop', brand_colour: null, logo_url: null } });
    expect((await t.app.inject({ url: `/clients/${c.clientId}/embedding`, headers: c.auth })).json().allowed_origins).toHaveLength(2);
  });
});

describe.skipIf(!built)('the flow page under the setting', () => {
  it('lists the client\'s origins in frame-ancestors and the meta tag; another client\'s flow and the portal stay unframeable', async () => {
    const mine = await contact(c);
    const token = tokenOf((await trigger(c, mine.url, { suppress_invitation_mail: 'true', personal_details: 'true' })).json());
    const page = await t.app.inject({ url: `/verify/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://shop.example https://app.shop.example');
    expect(page.body).toContain('<meta name="kyc-embed-origins" content="https://shop.example https://app.shop.example" />');

    const theirs = await contact(other);
    await t.services.credits.add(other.clientId, 1, 'test');
    const otherToken = tokenOf((await trigger(other, theirs.url, { suppress_invitation_mail: 'true', personal_details: 'true' })).json());
    const otherPage = await t.app.inject({ url: `/verify/${otherToken}` });
    expect(otherPage.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(otherPage.body).not.toContain('kyc-embed-origins');

    const unknown = await t.app.inject({ url: `/verify/${'a'.repeat(43)}` });
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const portal = await t.app.inject({ url: `/portal/${'b'.repeat(43)}` });
    expect(portal.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
