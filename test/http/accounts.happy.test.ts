import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';

let t: TestService;
let c: TestClient;
let clock = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  t = await startTestService({}, { now: () => clock });
  c = await t.newClient();
});
afterAll(async () => t?.close());

const base = () => `/clients/${c.clientId}`;

async function createAccount(body: Record<string, unknown> = sampleAccount()) {
  const response = await t.app.inject({ method: 'POST', url: `${base()}/accounts`, headers: c.auth, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

describe('accounts and contacts, as the spec describes them', () => {
  it('creates an account together with its primary contact in one request (endpoint 1)', async () => {
    const response = await createAccount();
    const account = response.json();
    expect(account).toMatchObject({
      client_id: c.clientId, name: 'Hartley Bakery Ltd', type: 'COMPANY', reg_number: '01234567', revision: '1', contacts_count: 1,
      client_onboarding: { completed: true, link: null, expires_at: null },
    });
    expect(account.id).toMatch(/^acc_[0-9a-z]{20}$/);
    expect(account.primary_contact).toMatchObject({
      type: 'PRIMARY', first_name: 'Ada', middle_name: 'Mary', last_name: 'Hartley', email: 'ada@example.com', date_of_birth: '1985-04-12',
      primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB', type: 'PRIMARY' },
      passport_number: '', metadata: { external_reference: '' },
    });
    expect(response.headers.etag).toBe('"1"');
    expect(response.headers.location).toBe(`${base()}/accounts/${account.id}`);
  });

  it('reads the account with its portal state (endpoint 11)', async () => {
    const created = (await createAccount()).json();
    const response = await t.app.inject({ url: `${base()}/accounts/${created.id}`, headers: c.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it('adds a further contact, lists and reads it (endpoints 2 and 3)', async () => {
    const account = (await createAccount()).json();
    const added = await t.app.inject({
      method: 'POST', url: `${base()}/accounts/${account.id}/contacts`, headers: c.auth,
      payload: { first_name: 'Bea', last_name: 'Stone', email: 'bea@example.com', phone: '+44 1632 960000', primary_address: { city: 'Leeds', country_code: 'gb' } },
    });
    expect(added.statusCode, added.body).toBe(201);
    const contact = added.json();
    expect(contact).toMatchObject({ type: 'ADDITIONAL', account_id: account.id, first_name: 'Bea', primary_address: { city: 'Leeds', country_code: 'GB' } });

    const read = await t.app.inject({ url: `${base()}/accounts/${account.id}/contacts/${contact.id}`, headers: c.auth });
    expect(read.json()).toEqual(contact);
    const list = await t.app.inject({ url: `${base()}/accounts/${account.id}/contacts`, headers: c.auth });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([account.primary_contact.id, contact.id]);
    const again = await t.app.inject({ url: `${base()}/accounts/${account.id}`, headers: c.auth });
    expect(again.json()).toMatchObject({ contacts_count: 2, revision: '2' });
  });

  it('replaces the whole contact: fields left out are cleared (endpoint 4)', async () => {
    const account = (await createAccount()).json();
    const url = `${base()}/accounts/${account.id}/contacts/${account.primary_contact.id}`;
    const response = await t.app.inject({
      method: 'PUT', url, headers: { ...c.auth, 'if-match': '"1"' },
      payload: {
        type: 'PRIMARY', first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', middle_name: '', phone: '',
        passport_number: 'x1234567', passport_expiry_date: '2031-01-31', metadata: { external_reference: 'crm-42' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const contact = response.json();
    expect(contact).toMatchObject({
      middle_name: '', phone: '', date_of_birth: '', passport_number: 'X1234567', passport_expiry_date: '2031-01-31',
      primary_address: { street: '', city: '', country_code: '' }, metadata: { external_reference: 'crm-42' }, revision: '2',
    });
    expect(response.headers.etag).toBe('"2"');
  });

  it('accepts the read record sent back unchanged (read, merge, full replace round trip)', async () => {
    const account = (await createAccount()).json();
    const url = `${base()}/accounts/${account.id}/contacts/${account.primary_contact.id}`;
    const read = (await t.app.inject({ url, headers: c.auth })).json();
    const merged = { ...read, date_of_birth: '1985-04-13' };
    const response = await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: merged });
    expect(response.statusCode, response.body).toBe(200);
    const { revision, updated_at, ...rest } = response.json();
    const { revision: r0, updated_at: u0, ...before } = merged;
    expect(rest).toEqual(before);
    expect(revision).toBe('2');
  });

  it('makes another contact PRIMARY and the former primary ADDITIONAL', async () => {
    const account = (await createAccount()).json();
    const added = (await t.app.inject({
      method: 'POST', url: `${base()}/accounts/${account.id}/contacts`, headers: c.auth, payload: { first_name: 'Cy', last_name: 'Lee', email: 'cy@example.com' },
    })).json();
    const promoted = await t.app.inject({
      method: 'PUT', url: `${base()}/accounts/${account.id}/contacts/${added.id}`, headers: c.auth,
      payload: { type: 'PRIMARY', first_name: 'Cy', last_name: 'Lee', email: 'cy@example.com' },
    });
    expect(promoted.json().type).toBe('PRIMARY');
    const reread = (await t.app.inject({ url: `${base()}/accounts/${account.id}`, headers: c.auth })).json();
    expect(reread.primary_contact.id).toBe(added.id);
    const former = (await t.app.inject({ url: `${base()}/accounts/${account.id}/contacts/${account.primary_contact.id}`, headers: c.auth })).json();
    expect(former.type).toBe('ADDITIONAL');
  });

  it('enables the client portal, refreshes its expiry on repeat, and disables it (endpoint 10)', async () => {
    const account = (await createAccount()).json();
    const url = `${base()}/accounts/${account.id}`;
    const enabled = (await t.app.inject({ method: 'PATCH', url, headers: c.auth, payload: { client_onboarding: { share_progress: true } } })).json();
    expect(enabled.client_onboarding.link).toMatch(/^http:\/\/kyc\.test\/portal\/[0-9a-z]{52}$/);
    expect(enabled.client_onboarding.expires_at).toBe('2026-12-22T10:00:00.000Z');
    clock = new Date('2026-12-20T10:00:00Z');
    try {
      // The first token has expired by then: take a new one for the same credential.
      const token = (await t.services.tokens.issue({ grantType: 'client_credentials', clientId: c.client_id, clientSecret: c.client_secret })).access_token;
      const headers = { authorization: `Bearer ${token}` };
      const refreshed = (await t.app.inject({ method: 'PATCH', url, headers, payload: { client_onboarding: { share_progress: true } } })).json();
      expect(refreshed.client_onboarding.link).toBe(enabled.client_onboarding.link);
      expect(refreshed.client_onboarding.expires_at).toBe('2027-01-19T10:00:00.000Z');
      const disabled = (await t.app.inject({ method: 'PATCH', url, headers, payload: { client_onboarding: { share_progress: false } } })).json();
      expect(disabled.client_onboarding).toMatchObject({ link: null, expires_at: null, share_progress: false });
    } finally {
      clock = new Date('2026-11-22T10:00:00Z');
    }
  });

  it('changes the account name and registration number with PATCH, keeping what is not sent', async () => {
    const account = (await createAccount()).json();
    const response = await t.app.inject({ method: 'PATCH', url: `${base()}/accounts/${account.id}`, headers: c.auth, payload: { name: 'Hartley & Sons' } });
    expect(response.json()).toMatchObject({ name: 'Hartley & Sons', reg_number: '01234567', type: 'COMPANY', revision: '2' });
  });

  it('pages through accounts with an opaque cursor, oldest first', async () => {
    const other = await t.newClient('Pager');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: `/clients/${other.clientId}/accounts`, headers: other.auth, payload: sampleAccount({ name: `Firm ${i}` }) });
      ids.push(r.json().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await t.app.inject({ url: `/clients/${other.clientId}/accounts${query}`, headers: other.auth })).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((a: { id: string }) => a.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('deletes a contact, then the account with everything in it', async () => {
    const account = (await createAccount()).json();
    const added = (await t.app.inject({
      method: 'POST', url: `${base()}/accounts/${account.id}/contacts`, headers: c.auth, payload: { first_name: 'Di', last_name: 'Ray' },
    })).json();
    const contactUrl = `${base()}/accounts/${account.id}/contacts/${added.id}`;
    expect((await t.app.inject({ method: 'DELETE', url: contactUrl, headers: c.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ url: contactUrl, headers: c.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${base()}/accounts/${account.id}`, headers: c.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `${base()}/accounts/${account.id}`, headers: c.auth })).statusCode).toBe(404);
    const rows = await t.db.query('SELECT id FROM contacts WHERE account_id = $1', [account.id]);
    expect(rows).toEqual([]);
  });

  it('records ENTITY_UPDATED for the account on every change, readable from the event list', async () => {
    const client = await t.newClient('Events');
    const created = (await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth, payload: sampleAccount() })).json();
    await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts/${created.id}/contacts`, headers: client.auth, payload: { first_name: 'E', last_name: 'F' } });
    await t.app.inject({ method: 'PATCH', url: `/clients/${client.clientId}/accounts/${created.id}`, headers: client.auth, payload: { reg_number: '999' } });
    const events = (await t.app.inject({ url: `/clients/${client.clientId}/events`, headers: client.auth })).json().data;
    expect(events.map((e: { event: string; revision: string }) => [e.event, e.revision])).toEqual([
      ['ENTITY_UPDATED', '1'], ['ENTITY_UPDATED', '2'], ['ENTITY_UPDATED', '3'],
    ]);
    expect(events[0]).toMatchObject({ entity: 'ACCOUNT', account_id: created.id, client_id: client.clientId });
    expect(JSON.stringify(events)).not.toContain('Hartley');
  });
});
