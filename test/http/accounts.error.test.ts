import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';

let t: TestService;
let c: TestClient;
let account: { id: string; primary_contact: { id: string } };

beforeAll(async () => {
  t = await startTestService({ BODY_LIMIT_BYTES: '4096' });
  c = await t.newClient();
  account = (await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth, payload: sampleAccount() })).json();
});
afterAll(async () => t?.close());

const accountsUrl = () => `/clients/${c.clientId}/accounts`;
const contactUrl = () => `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}`;

function expectProblem(response: { statusCode: number; headers: Record<string, unknown>; json: () => any }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String), type: `http://kyc.test/problems/${code}` });
  return body;
}

async function post(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: accountsUrl(), headers: { ...c.auth, ...headers }, payload: payload as string });
}

describe('bad input gets a clear problem+json answer and changes nothing', () => {
  it('malformed JSON is a 400', async () => {
    const body = expectProblem(await post('{"name": "x",', { 'content-type': 'application/json' }), 400, 'malformed_json');
    expect(body.detail).toMatch(/not valid JSON/);
  });

  it('an empty JSON body is a 400', async () => {
    expectProblem(await post('', { 'content-type': 'application/json' }), 400, 'malformed_json');
  });

  it('a body that is not JSON is a 415', async () => {
    expectProblem(await post('name=x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  it('a body over the size limit is a 413', async () => {
    expectProblem(await post(sampleAccount({ name: 'x'.repeat(5000) })), 413, 'payload_too_large');
  });

  it('missing required fields are listed with JSON pointers', async () => {
    const body = expectProblem(await post({ primary_contact: { first_name: 'A' } }), 422, 'validation_failed');
    expect(body.errors).toEqual(expect.arrayContaining([
      { pointer: '/name', message: 'is required' },
      { pointer: '/type', message: 'is required' },
    ]));
  });

  it('the primary contact needs first name, last name and e-mail', async () => {
    const body = expectProblem(await post(sampleAccount({ primary_contact: { first_name: 'A' } })), 422, 'validation_failed');
    expect(body.errors).toEqual(expect.arrayContaining([
      { pointer: '/primary_contact/last_name', message: 'is required' },
      { pointer: '/primary_contact/email', message: 'is required' },
    ]));
  });

  it('wrong types are a 422 naming the field', async () => {
    const body = expectProblem(await post(sampleAccount({ name: 42 })), 422, 'validation_failed');
    expect(body.errors).toContainEqual({ pointer: '/name', message: 'must be string' });
  });

  it('unknown fields are refused, not silently dropped', async () => {
    const body = expectProblem(await post(sampleAccount({ nickname: 'x' })), 422, 'validation_failed');
    expect(body.errors).toContainEqual({ pointer: '/nickname', message: 'is not a known field' });
  });

  it('account type must be INDIVIDUAL or COMPANY', async () => {
    const body = expectProblem(await post(sampleAccount({ type: 'TRUST' })), 422, 'validation_failed');
    expect(body.errors[0].pointer).toBe('/type');
  });

  it.each([
    ['a date that does not exist', { date_of_birth: '2023-02-30' }, '/primary_contact/date_of_birth'],
    ['a date in another format', { date_of_birth: '12/04/1985' }, '/primary_contact/date_of_birth'],
    ['a birth date in the future', { date_of_birth: '2999-01-01' }, '/primary_contact/date_of_birth'],
    ['a country code that is not ISO 3166-1', { primary_address: { country_code: 'XX' } }, '/primary_contact/primary_address/country_code'],
    ['a three-letter country code', { primary_address: { country_code: 'GBR' } }, '/primary_contact/primary_address/country_code'],
    ['an e-mail without @', { email: 'ada.example.com' }, '/primary_contact/email'],
    ['a name over 100 characters', { first_name: 'A'.repeat(101) }, '/primary_contact/first_name'],
    ['letters in a phone number', { phone: 'call me' }, '/primary_contact/phone'],
  ])('%s is a 422 pointing at the field', async (_name, change, pointer) => {
    const base = sampleAccount().primary_contact;
    const body = expectProblem(await post(sampleAccount({ primary_contact: { ...base, ...change } })), 422, 'validation_failed');
    expect(body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it('a rejected request creates nothing', async () => {
    const before = (await t.app.inject({ url: accountsUrl(), headers: c.auth })).json().data.length;
    await post(sampleAccount({ type: 'TRUST' }));
    await post('{oops', { 'content-type': 'application/json' });
    const after = (await t.app.inject({ url: accountsUrl(), headers: c.auth })).json().data.length;
    expect(after).toBe(before);
  });

  it('an unknown account or contact is a 404', async () => {
    expectProblem(await t.app.inject({ url: `${accountsUrl()}/acc_doesnotexist`, headers: c.auth }), 404, 'not_found');
    expectProblem(await t.app.inject({ url: `${accountsUrl()}/${account.id}/contacts/ctc_nope`, headers: c.auth }), 404, 'not_found');
    expectProblem(await t.app.inject({ method: 'POST', url: `${accountsUrl()}/acc_nope/contacts`, headers: c.auth, payload: { first_name: 'a', last_name: 'b' } }), 404, 'not_found');
  });

  it('a stale If-Match is a 412 and the record keeps its data', async () => {
    const current = (await t.app.inject({ url: contactUrl(), headers: c.auth })).json();
    const response = await t.app.inject({
      method: 'PUT', url: contactUrl(), headers: { ...c.auth, 'if-match': '"999"' }, payload: { ...current, first_name: 'Changed' },
    });
    expectProblem(response, 412, 'precondition_failed');
    expect((await t.app.inject({ url: contactUrl(), headers: c.auth })).json().first_name).toBe(current.first_name);
  });

  it('PUT with another contact id in the body is a 422', async () => {
    const body = expectProblem(await t.app.inject({
      method: 'PUT', url: contactUrl(), headers: c.auth, payload: { id: 'ctc_other', first_name: 'A', last_name: 'B', email: 'a@b.co' },
    }), 422, 'validation_failed');
    expect(body.errors).toContainEqual({ pointer: '/id', message: 'must match the contact id in the path' });
  });

  it('the primary contact cannot lose first name, last name or e-mail on PUT', async () => {
    const body = expectProblem(await t.app.inject({ method: 'PUT', url: contactUrl(), headers: c.auth, payload: { first_name: 'Only' } }), 422, 'validation_failed');
    expect(body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/last_name', '/email']);
  });

  it('the primary contact cannot be deleted or demoted', async () => {
    expectProblem(await t.app.inject({ method: 'DELETE', url: contactUrl(), headers: c.auth }), 409, 'conflict');
    expectProblem(await t.app.inject({
      method: 'PUT', url: contactUrl(), headers: c.auth, payload: { type: 'ADDITIONAL', first_name: 'A', last_name: 'B', email: 'a@b.co' },
    }), 422, 'unprocessable');
  });

  it('a cursor this API did not issue is a 422', async () => {
    expectProblem(await t.app.inject({ url: `${accountsUrl()}?cursor=bm9wZQ`, headers: c.auth }), 422, 'validation_failed');
  });

  it('a limit out of range is a 422', async () => {
    const body = expectProblem(await t.app.inject({ url: `${accountsUrl()}?limit=1000`, headers: c.auth }), 422, 'validation_failed');
    expect(body.errors[0].pointer).toBe('/query/limit');
  });

  it('an unknown route is a problem+json 404', async () => {
    expectProblem(await t.app.inject({ url: '/nowhere', headers: c.auth }), 404, 'not_found');
  });

  it('errors do not echo personal data back', async () => {
    const response = await post(sampleAccount({ primary_contact: { ...sampleAccount().primary_contact, email: 'secret-person@@example' } }));
    expect(response.body).not.toContain('secret-person');
  });
});
