import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestService } from '../../../test/helpers/service.ts';
import { createKycClient, KycNotFoundError, KycValidationError, type KycClient } from '../src/index.ts';

let t: TestService;
let baseUrl: string;
let creds: { clientId: string; client_id: string; client_secret: string };
const calls: string[] = [];
let failNextAccountPost = false;

/** The real fetch, recording each call; it can turn one answer into a 503 after the server handled it. */
const recordingFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  calls.push(`${method} ${new URL(url).pathname}`);
  const response = await fetch(input, init);
  if (failNextAccountPost && method === 'POST' && /\/accounts$/.test(url)) {
    failNextAccountPost = false;
    return new Response(JSON.stringify({ status: 503 }), { status: 503, headers: { 'retry-after': '0' } });
  }
  return response;
};

let client: KycClient;

beforeAll(async () => {
  t = await startTestService();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  creds = await t.services.clients.createClient({ name: 'SDK' });
  client = createKycClient({ baseUrl, clientId: creds.client_id, clientSecret: creds.client_secret, fetch: recordingFetch, backoffMs: 10 });
});
afterAll(async () => t?.close());

describe('the typed client against the real service', () => {
  it('fetches a token once and reuses it', async () => {
    calls.length = 0;
    const account = await client.accounts.create(sampleAccount() as never);
    await client.accounts.get(account.id);
    await client.contacts.get(account.id, account.primary_contact.id);
    expect(calls.filter((c) => c === 'POST /oauth/token')).toHaveLength(1);
    expect(await client.tenant()).toBe(creds.clientId);
  });

  it('reads, merges and replaces a contact guarded by its revision', async () => {
    const account = await client.accounts.create(sampleAccount() as never);
    const updated = await client.contacts.merge(account.id, account.primary_contact.id, { passport_number: 'X1234567', metadata: { external_reference: 'crm-9' } });
    expect(updated).toMatchObject({ passport_number: 'X1234567', first_name: 'Ada', metadata: { external_reference: 'crm-9' }, revision: '2' });
  });

  it('a write retried after a lost answer is applied once (automatic Idempotency-Key)', async () => {
    const before = (await client.accounts.list({ limit: 200 })).data.length;
    failNextAccountPost = true;
    calls.length = 0;
    const account = await client.accounts.create(sampleAccount({ name: 'Retried Ltd' }) as never);
    expect(calls.filter((c) => c.endsWith('/accounts') && c.startsWith('POST'))).toHaveLength(2);
    const after = (await client.accounts.list({ limit: 200 })).data;
    expect(after.length).toBe(before + 1);
    expect(after.filter((a) => a.name === 'Retried Ltd').map((a) => a.id)).toEqual([account.id]);
  });

  it('problems become typed exceptions', async () => {
    await expect(client.accounts.get('acc_missing')).rejects.toBeInstanceOf(KycNotFoundError);
    const error = await client.accounts.create(sampleAccount({ type: 'TRUST' }) as never).catch((e) => e);
    expect(error).toBeInstanceOf(KycValidationError);
    expect(error.code).toBe('validation_failed');
    expect(error.fieldErrors['/type']).toMatch(/must be "INDIVIDUAL" or "COMPANY"/);
  });

  it('iterates every page', async () => {
    const other = await t.services.clients.createClient({ name: 'Pages' });
    const paged = createKycClient({ baseUrl, clientId: other.client_id, clientSecret: other.client_secret });
    for (let i = 0; i < 5; i++) await paged.accounts.create(sampleAccount({ name: `Firm ${i}` }) as never);
    const names: string[] = [];
    for await (const account of paged.accounts.all()) names.push(account.name);
    expect(names).toEqual(['Firm 0', 'Firm 1', 'Firm 2', 'Firm 3', 'Firm 4']);
    const events: string[] = [];
    for await (const e of paged.events.since()) events.push(e.event);
    expect(events).toHaveLength(5);
  });

  it('a revoked credential gets no new token', async () => {
    const temp = await t.services.clients.createCredential(creds.clientId, { name: 'temp' });
    const c2 = createKycClient({ baseUrl, clientId: temp.client_id, clientSecret: temp.client_secret });
    await c2.accounts.list();
    await t.services.clients.revokeCredential(creds.clientId, temp.client_id);
    const c3 = createKycClient({ baseUrl, clientId: temp.client_id, clientSecret: temp.client_secret });
    await expect(c3.accounts.list()).rejects.toThrow(/token request failed: 401/);
  });

  it('onboarding, the portal and its insights through typed methods', async () => {
    await t.services.credits.add(creds.clientId, 2, 'sdk test');
    const account = await client.accounts.create(sampleAccount({ name: 'Portal SDK Ltd' }) as never);
    const report = await client.onboarding.trigger(account.id, account.primary_contact.id, { parameters: { personal_details: 'true', suppress_invitation_mail: 'true' } as never });
    expect(report.status).toBe('INITIAL');
    expect(report.data.onboarding_url).toMatch(/\/verify\/[0-9a-z]{52}$/);
    expect((await client.onboarding.get(account.id, account.primary_contact.id)).revision).toBe(report.revision);
    const shared = await client.accounts.sharePortal(account.id);
    expect(shared.client_onboarding).toMatchObject({ completed: false, link: expect.stringMatching(/\/portal\//) });
    const partner = await t.services.partners.create({ name: 'SDK partner' });
    const insights = await client.accounts.portalInsights(account.id, partner.api_key);
    expect(insights.contacts[0]).toMatchObject({ portal_state: 'TO_DO', tasks: [{ task: 'personal_details', status: 'NOT_STARTED' }, { task: 'review', status: 'NOT_STARTED' }] });
    await expect(client.accounts.portalInsights(account.id, 'kyp_wrong')).rejects.toMatchObject({ status: 401 });
    // No list is loaded in this service: ad hoc screening says so (503) rather than "No Match".
    await expect(client.screening.search({ name: 'Ada Hartley' } as never)).rejects.toMatchObject({ status: 503 });
    expect((await client.screening.lists()) as unknown).toBeTruthy();
    const personas = await client.sandbox.personas();
    expect(personas.personas.length).toBeGreaterThan(0);
  });
});
