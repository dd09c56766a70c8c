import { normaliseParameters, slotsOf, stepsFor, BOOLEAN_PARAMETERS } from '../../src/modules/onboarding/domain/parameters.ts';
import { sampleAccount, type TestClient, type TestService } from '../helpers/service.ts';

/** The real records behind one set of path ids: every id a route can take, all of the same client. */
export interface IdContext {
  clientId: string;
  accountId: string;
  contactId: string;
  subscriptionId: string;
  deliveryId: string;
  /** An onboarding link token of this contact (`/verify/{token}`). */
  verifyToken: string;
  /** The account's portal token (`/portal/{token}`). */
  portalToken: string;
  /** Ids of path parameters the fixture does not make itself, found through their collection (openapi-fuzzer.ts). */
  extra: Record<string, string>;
}

export interface Fixture {
  /** The tenant the fuzzer calls as: a sandbox client, so uploads get simulated engines and stay fast. */
  a: TestClient;
  /** Another tenant whose records A must never reach. */
  b: TestClient;
  partnerKey: string;
  contexts: IdContext[];
  foreign: IdContext[];
  steps: string[];
  slots: string[];
}

const ALL_ON = Object.fromEntries(BOOLEAN_PARAMETERS.map((p) => [p, 'true'])) as Record<(typeof BOOLEAN_PARAMETERS)[number], 'true'>;

async function call(t: TestService, client: TestClient, method: string, url: string, payload?: unknown) {
  const r = await t.app.inject({ method: method as 'GET', url, headers: client.auth, payload: payload as object | undefined });
  if (r.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.statusCode === 204 ? undefined : r.json();
}

/**
 * One client's records, `count` of each: accounts with a primary and an additional contact, an AML and an
 * onboarding report (so the report routes have rows), a portal link, a subscription whose deliveries exist.
 */
async function seedTenant(t: TestService, client: TestClient, count: number): Promise<IdContext[]> {
  await t.services.credits.add(client.clientId, 1000, 'fuzzing credits');
  const base = `/clients/${client.clientId}`;
  const subscription = await call(t, client, 'POST', `${base}/subscriptions`, {
    // A reserved name (RFC 2606): deliveries fail fast, nothing leaves the machine.
    callback_url: 'https://hooks.example.invalid/kyc', type: 'WEBHOOK',
    config: { api_secret: 'fuzz-webhook-secret-0001', entities: [{ entity: 'CONTACT', report_types: ['AML', 'ONBOARDING'], events: ['REPORT_INITIATED', 'REPORT_READY'] }, { entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] },
  });
  const contexts: IdContext[] = [];
  for (let i = 0; i < count; i++) {
    const account = await call(t, client, 'POST', `${base}/accounts`, sampleAccount({ name: `Fuzz firm ${i}` }));
    const acc = `${base}/accounts/${account.id}`;
    const extra = await call(t, client, 'POST', `${acc}/contacts`, { first_name: 'Luis', last_name: 'Reyes', email: 'luis@example.com', date_of_birth: '1979-02-03', primary_address: { street: '2 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } });
    for (const contactId of [account.primary_contact.id, extra.id]) {
      await call(t, client, 'PUT', `${acc}/contacts/${contactId}/reports/aml`, { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } });
      const onboarding = await call(t, client, 'PUT', `${acc}/contacts/${contactId}/reports/onboarding`, { config: { parameters: { ...ALL_ON, suppress_invitation_mail: 'true', face_match_mobile: i % 2 ? 'true' : 'false' } } });
      const patched = await call(t, client, 'PATCH', acc, { client_onboarding: { share_progress: true } });
      const verifyToken = String(onboarding.data.onboarding_url).split('/verify/')[1]!;
      // A liveness capture session of this link (its nonce stays unknown to the fuzzer: frames and finish answer 403).
      const session = (await t.app.inject({ method: 'POST', url: `/verify/${verifyToken}/liveness/sessions`, payload: {} })).json().session_id as string;
      contexts.push({
        clientId: client.clientId, accountId: account.id, contactId, subscriptionId: subscription.id, deliveryId: '',
        verifyToken: String(onboarding.data.onboarding_url).split('/verify/')[1]!,
        portalToken: String(patched.client_onboarding.link).split('/portal/')[1]!,
        extra: { session },
      });
    }
  }
  // The outbox's events become deliveries (they fail: the host does not exist), so delivery ids are real.
  await t.services.dispatcher.runOnce();
  const deliveries = (await call(t, client, 'GET', `${base}/subscriptions/${subscription.id}/deliveries?limit=200`)).data as { id: string }[];
  if (deliveries.length === 0) throw new Error('fixture: no deliveries were made');
  contexts.forEach((c, i) => (c.deliveryId = deliveries[i % deliveries.length]!.id));
  return contexts;
}

export async function buildFixture(t: TestService, options: { count?: number } = {}): Promise<Fixture> {
  const count = options.count ?? 3;
  // A is a sandbox client (simulated image reading), created the way `kyc clients create --sandbox` does.
  const sandbox = await t.services.clients.createClient({ name: 'Fuzz sandbox A', sandbox: true });
  const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: sandbox.client_id, client_secret: sandbox.client_secret } });
  const aSandbox: TestClient = { ...sandbox, token: token.json().access_token, auth: { authorization: `Bearer ${token.json().access_token}` } };
  const b = await t.newClient('Fuzz tenant B');
  const contexts = await seedTenant(t, aSandbox, count);
  const foreign = await seedTenant(t, b, 1);
  const partner = await t.services.partners.create({ name: 'Fuzz partner' });
  const all = normaliseParameters(ALL_ON);
  return {
    a: aSandbox, b, partnerKey: partner.api_key, contexts, foreign,
    steps: stepsFor(all).map((s) => s.id),
    slots: [...slotsOf(all).keys(), ...slotsOf(normaliseParameters({ ...ALL_ON, face_match_mobile: 'true' })).keys()].filter((v, i, l) => l.indexOf(v) === i),
  };
}
