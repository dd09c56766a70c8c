import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture, type Receiver, type TestClient, type TestService } from '../helpers/fixture.ts';
import { onboardingSteps } from '../helpers/onboarding.ts';

/**
 * The onboarding report's refusals and failure paths: missing e-mail or mail connection, malformed parameters,
 * an empty credit balance, an expired link, a step answer that is not valid.
 */
const SECRET = 'onboarding-webhook-secret';
let clock = Date.parse('2026-11-22T10:00:00Z');
let fixture: Fixture;
let t: TestService;
let c: TestClient;
let receiver: Receiver;

beforeAll(async () => {
  fixture = await startFixture({
    now: () => new Date(clock), client: 'Onboarding firm', other: 'Other firm', credits: 20,
    subscription: { secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_REVIEW_COMPLETED'] }] },
  });
  ({ t, c, receiver } = fixture);
}, 120_000);
afterAll(async () => fixture?.close());

const { contact, trigger, tokenOf, eventsFor } = onboardingSteps(() => fixture);

describe('onboarding report: trigger and read (endpoints 5 and 6)', () => {
  it('a contact without an e-mail address: 422 naming the field', async () => {
    const p = await contact(c, null);
    const response = await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ pointer: '/contact/email', message: expect.any(String) }]);
  });

  it('invitation mail without an e-mail connection: 422 naming the setting; with one: 202 and an invitation queued', async () => {
    const p = await contact(c);
    const response = await trigger(c, p.url, { suppress_invitation_mail: 'false', idscan: 'true' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ missing_setting: 'email-connection', detail: expect.stringContaining('/settings/email-connection') });
    const omitted = await trigger(c, p.url, { idscan: 'true' });
    expect(omitted.statusCode, 'an absent suppress_invitation_mail means "false": mail is sent').toBe(422);
  });

  it('refuses malformed parameters: booleans, unknown names, a bad ttl, a request for nothing', async () => {
    const p = await contact(c);
    for (const [body, pointer] of [
      [{ config: { parameters: { suppress_invitation_mail: true, idscan: 'true' } } }, '/config/parameters/suppress_invitation_mail'],
      [{ config: { parameters: { suppress_invitation_mail: 'true', passport: 'true' } } }, '/config/parameters'],
      [{ config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' }, ttl_in_days: 0 } }, '/config/ttl_in_days'],
      [{ config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' }, ttl_in_days: 3651 } }, '/config/ttl_in_days'],
      [{ config: { parameters: { suppress_invitation_mail: 'true' } } }, '/config/parameters'],
    ] as const) {
      const response = await t.app.inject({ method: 'PUT', url: p.url, headers: c.auth, payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors.map((e: { pointer: string }) => e.pointer).join(' '), JSON.stringify(body)).toContain(pointer);
    }
  });

  it('spends one credit per request; at zero: CREDIT_BALANCE_EXCEEDED, no link, REPORT_CREDIT_LIMIT_EXCEEDED', async () => {
    const poor = await t.newClient('No credits');
    await t.app.inject({
      method: 'POST', url: `/clients/${poor.clientId}/subscriptions`, headers: poor.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_CREDIT_LIMIT_EXCEEDED'] }] } },
    });
    const p = await contact(poor);
    const response = await trigger(poor, p.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ status: 'CREDIT_BALANCE_EXCEEDED', data: { onboarding_url: null } });
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_CREDIT_LIMIT_EXCEEDED'));

    const before = (await t.app.inject({ url: `/clients/${c.clientId}/credits`, headers: c.auth })).json().balance;
    const q = await contact(c);
    await trigger(c, q.url, { suppress_invitation_mail: 'true', idscan: 'true' });
    const after = (await t.app.inject({ url: `/clients/${c.clientId}/credits`, headers: c.auth })).json().balance;
    expect(after).toBe(before - 1);
  });
});

describe('the hosted flow over HTTP', () => {
  it('an unused link expires after ONBOARDING_LINK_TTL_DAYS; the sweep marks the report EXPIRED', async () => {
    const p = await contact(c);
    const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' })).json());
    expect((await t.app.inject({ url: `/verify/${token}/flow` })).statusCode).toBe(200);
    const saved = clock;
    clock += 31 * 86_400_000;
    try {
      const expired = await t.app.inject({ url: `/verify/${token}/flow` });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().reason).toBe('LINK_EXPIRED');
      expect(await t.services.onboarding.onboarding.sweep()).toMatchObject({ expired: expect.any(Number) });
    } finally {
      clock = saved; // the bearer token is only valid on the real clock
    }
    expect((await t.app.inject({ url: p.url, headers: c.auth })).json().status).toBe('EXPIRED');
  });

  it('the unique e-mail step takes an address and refuses what is not one', async () => {
    const p = await contact(c);
    const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', unique_email: 'true' })).json());
    const step = (email: string) => t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/unique_email`, payload: { email } });
    const saved = await step('ada.hartley@example.com');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().answers.unique_email).toEqual({ email: 'ada.hartley@example.com' });
    const refused = await step('not an address');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].pointer).toBe('/email');
  });
});
