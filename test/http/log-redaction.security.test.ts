import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { redactUrl } from '../../src/platform/http/log-redaction.ts';

/**
 * The secret links (an administrator's invitation, a contact's verification flow, an account's portal) carry
 * their credential in the path. The service's own request log (pino, as configured in app.ts) is read here line
 * by line: no link token and no query value may appear in it, whatever the route answered.
 */
let t: TestService;
let c: TestClient;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestService({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  c = await t.newClient();
  await t.services.credits.add(c.clientId, 5, 'test credits');
});
afterAll(async () => t?.close());

async function secrets() {
  const invite = await t.services.staff.createUser(c.clientId, { email: 'invitee@example.com', role: 'administrator' });
  const inviteToken = invite.invitation_url!.split('/console/invite/')[1]!;
  const created = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Hartley Ltd', type: 'COMPANY', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const base = `/clients/${c.clientId}/accounts/${created.json().id}`;
  const onboarding = await t.app.inject({
    method: 'PUT', url: `${base}/contacts/${created.json().primary_contact.id}/reports/onboarding`, headers: c.auth,
    payload: { config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true' } } },
  });
  expect(onboarding.statusCode, onboarding.body).toBe(202);
  const verifyToken = (onboarding.json().data.onboarding_url as string).split('/verify/')[1]!;
  const shared = await t.app.inject({ method: 'PATCH', url: base, headers: c.auth, payload: { client_onboarding: { share_progress: true } } });
  const portalToken = (shared.json().client_onboarding.link as string).split('/portal/')[1]!;
  return { inviteToken, verifyToken, portalToken };
}

describe('the request log', () => {
  it('never holds a link token, in any logged URL, whatever the route answered', async () => {
    const { inviteToken, verifyToken, portalToken } = await secrets();
    const calls = [
      { url: `/console/invite/${inviteToken}` },
      { url: `/verify/${verifyToken}` },
      { url: `/verify/${verifyToken}/flow` },
      { url: `/verify/${verifyToken}/steps/personal_details`, method: 'PUT' as const, payload: { address: { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' } } },
      { url: `/verify/${verifyToken}/no-such-step` },
      { url: `//verify/${verifyToken}/flow` },
      { url: `/portal/${portalToken}` },
      { url: `/portal/${portalToken}/view` },
      { url: `/sandbox/verify/${verifyToken}/complete`, method: 'POST' as const, payload: {} },
      { url: `/console/api/accounts?q=${verifyToken}` },
      { url: `/healthz?client_secret=${portalToken}` },
    ];
    const before = lines.length;
    for (const call of calls) {
      const r = await t.app.inject({ method: call.method ?? 'GET', url: call.url, ...(call.payload ? { payload: call.payload } : {}) });
      expect(r.statusCode).toBeLessThan(500);
    }
    const written = lines.slice(before).map((l) => JSON.parse(l) as { req?: { url: string } });
    const urls = written.flatMap((l) => (l.req ? [l.req.url] : []));
    // Each call was logged, so the test would see a leak.
    expect(urls.length).toBe(calls.length);
    const text = lines.slice(before).join('');
    for (const secret of [inviteToken, verifyToken, portalToken]) expect(text).not.toContain(secret);
    expect(urls).toContain('/console/invite/[redacted]');
    expect(urls).toContain('/verify/[redacted]/flow');
    expect(urls).toContain('/portal/[redacted]/view');
    expect(urls).toContain('/sandbox/verify/[redacted]/complete');
    expect(urls).toContain('/healthz?[redacted]');
  });

  it('keeps what an operator needs: the route and the ids of the API paths', () => {
    expect(redactUrl('/clients/cli_1/accounts/acc_2?limit=5')).toBe('/clients/cli_1/accounts/acc_2?[redacted]');
    expect(redactUrl('/verify/abc/uploads/front#x')).toBe('/verify/[redacted]/uploads/front');
    expect(redactUrl('/VERIFY/abc')).toBe('/VERIFY/[redacted]');
    expect(redactUrl('/%76erify/abc/flow')).toBe('/verify/[redacted]/flow');
    expect(redactUrl('/portal/abc%zz/view')).toBe('/portal/[redacted]/view');
    expect(redactUrl('/console/accounts')).toBe('/console/accounts');
    expect(redactUrl('/verify/assets/index-abc.js')).toBe('/verify/assets/index-abc.js');
  });
});
