import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AML_SECRET, CLARA, contactFor, startAmlFixture, triggerAndWait, type AmlFixture } from '../helpers/aml.ts';

/**
 * The AML report (endpoints 7 and 8) when something is missing or fails: a contact without what a check needs,
 * a bad setting, no credit left, an identity source that keeps failing. Each is an answer, never a lost check.
 */
let f: AmlFixture;
beforeAll(async () => {
  f = await startAmlFixture();
}, 120_000);
afterAll(async () => {
  await f?.close();
});

describe('AML report errors', () => {
  it('a contact without date of birth or address is a 422 that lists what is missing', async () => {
    const { t, c } = f;
    const response = await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Thin', type: 'INDIVIDUAL', primary_contact: { first_name: 'Thin', last_name: 'Record', email: 't@example.com' } },
    });
    const account = response.json();
    const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
    const refused = await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { ttl_in_days: 365 } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().missing_fields).toEqual(['date_of_birth', 'primary_address.street', 'primary_address.postcode', 'primary_address.city', 'primary_address.country_code']);
    expect((await t.app.inject({ url, headers: c.auth })).statusCode).toBe(404);
  });

  it('ttl_in_days outside 1-3650 is a 422', async () => {
    const p = await contactFor(f, f.c, ...CLARA);
    const response = await f.t.app.inject({ method: 'PUT', url: p.url, headers: f.c.auth, payload: { config: { ttl_in_days: 0 } } });
    expect(response.statusCode).toBe(422);
  });

  it('with no credit left the report is CREDIT_BALANCE_EXCEEDED and REPORT_CREDIT_LIMIT_EXCEEDED is sent; a retried trigger spends once', async () => {
    const { t, receiver } = f;
    const poor = await t.newClient('Poor firm');
    await t.services.credits.add(poor.clientId, 1, 'one check');
    await f.subscribe(poor, { secret: AML_SECRET, reportTypes: ['AML'], events: ['REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_READY'] });
    const p = await contactFor(f, poor, ...CLARA);
    const put = (key: string) => t.app.inject({ method: 'PUT', url: p.url, headers: { ...poor.auth, 'idempotency-key': key }, payload: { config: { ttl_in_days: 30 } } });
    expect((await put('first')).json().status).toBe('INITIAL');
    expect((await put('first')).headers['idempotent-replayed']).toBe('true'); // the retry spends nothing
    expect((await t.app.inject({ url: `/clients/${poor.clientId}/credits`, headers: poor.auth })).json()).toMatchObject({ balance: 0, data: [{ amount: 1 }, { amount: -1 }] });
    const second = await put('second');
    expect(second.json().status).toBe('CREDIT_BALANCE_EXCEEDED');
    await receiver.waitFor(() => f.eventsFor(p.contactId).includes('REPORT_CREDIT_LIMIT_EXCEEDED'));
  });

  it('an identity source that keeps failing ends in ERROR with REPORT_ERROR (sandbox outage persona)', async () => {
    const { t, receiver } = f;
    const created = await t.services.clients.createClient({ name: 'Sandbox', sandbox: true });
    const token = (await t.services.tokens.issue({ grantType: 'client_credentials', clientId: created.client_id, clientSecret: created.client_secret })).access_token;
    const sandbox = { ...created, token, auth: { authorization: `Bearer ${token}` } };
    await t.services.credits.add(sandbox.clientId, 5, 'test');
    await f.subscribe(sandbox, { secret: AML_SECRET, reportTypes: ['AML'], events: ['REPORT_ERROR', 'REPORT_READY'] });
    const p = await contactFor(f, sandbox, 'Otto', 'Outage', '1980-01-01', { street: '1 Test St', postcode: 'T1 1TT', city: 'Testtown', country_code: 'GB' });
    const report = await triggerAndWait(f, sandbox, p.url, p.contactId, 'REPORT_ERROR');
    expect(report).toMatchObject({ status: 'ERROR', data: { error: expect.stringContaining('IDENTITY_SOURCE_UNAVAILABLE') } });
    expect(receiver.events().find((e) => e.json.contact_id === p.contactId)!.json.environment).toBe('sandbox');
  }, 60_000);
});
