import { expect } from 'vitest';
import type { Fixture, TestClient } from './fixture.ts';

/**
 * The portal tests' steps over HTTP, bound to the file's fixture (read when a step runs). `tick` moves the
 * file's clock, which the service reads.
 */
export function portalSteps(fixture: () => Fixture, tick: (ms: number) => void) {
  /** Moves the clock; access tokens expire with it, so both clients get fresh ones. */
  async function advance(ms: number) {
    const { t, c, other } = fixture();
    tick(ms);
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
  async function company(client: TestClient = fixture().c) {
    const { t } = fixture();
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
    const { t, c } = fixture();
    const r = await t.app.inject({ method: 'PUT', url: `${base}/contacts/${contactId}/reports/onboarding`, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', ...parameters } } } });
    expect(r.statusCode, r.body).toBe(202);
    return (r.json().data.onboarding_url as string).split('/verify/')[1]!;
  };
  const finish = async (token: string) => {
    const { t } = fixture();
    const saved = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } });
    expect(sent.statusCode, sent.body).toBe(202);
  };
  const account = (base: string) => fixture().t.app.inject({ url: base, headers: fixture().c.auth }).then((r) => r.json());
  const share = (base: string, on: boolean, client: TestClient = fixture().c) =>
    fixture().t.app.inject({ method: 'PATCH', url: base, headers: client.auth, payload: { client_onboarding: { share_progress: on } } });
  const portalToken = (link: string) => link.split('/portal/')[1]!;
  const accountUpdates = (accountId: string) => fixture().receiver.events().filter((e) => e.json.account_id === accountId && e.json.event === 'ENTITY_UPDATED');

  return { advance, until, company, request, finish, account, share, portalToken, accountUpdates };
}
