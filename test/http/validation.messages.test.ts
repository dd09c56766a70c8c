import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';

/**
 * What a newcomer sees when a body is wrong: one error per bad field, every bad field in the same answer, in
 * words (not "must be null" from the other half of a nullable union, nor a regex). And a method the path does
 * not take is a 405 naming the ones it does.
 */
let t: TestService;
let c: TestClient;
let account: { id: string; primary_contact: { id: string } };

beforeAll(async () => {
  t = await startTestService();
  c = await t.newClient();
  account = (await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth, payload: sampleAccount() })).json();
});
afterAll(async () => t?.close());

const accountsUrl = () => `/clients/${c.clientId}/accounts`;
const contactUrl = () => `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}`;

async function errorsOf(method: 'POST' | 'PUT', url: string, payload: unknown) {
  const response = await t.app.inject({ method, url, headers: c.auth, payload: payload as object });
  expect(response.statusCode, response.body).toBe(422);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body.code).toBe('validation_failed');
  return body.errors as { pointer: string; message: string }[];
}

describe('one clear error per field', () => {
  it('a bad e-mail is one error saying what an e-mail address is', async () => {
    const base = sampleAccount().primary_contact;
    expect(await errorsOf('POST', accountsUrl(), sampleAccount({ primary_contact: { ...base, email: 'ada.example.com' } }))).toEqual([
      { pointer: '/primary_contact/email', message: 'must be an e-mail address such as name@example.com' },
    ]);
  });

  it('a bad date is one error naming the format, however it is wrong', async () => {
    const base = sampleAccount().primary_contact;
    for (const date_of_birth of ['12/04/1985', '1985-04-12T00:00:00Z', '85-4-12']) {
      expect(await errorsOf('POST', accountsUrl(), sampleAccount({ primary_contact: { ...base, date_of_birth } }))).toEqual([
        { pointer: '/primary_contact/date_of_birth', message: 'must be a date YYYY-MM-DD (date of birth), or "" to clear' },
      ]);
    }
    expect(await errorsOf('POST', accountsUrl(), sampleAccount({ primary_contact: { ...base, date_of_birth: 19850412 } }))).toEqual([
      { pointer: '/primary_contact/date_of_birth', message: 'must be string or null' },
    ]);
  });

  it('a missing type and a missing e-mail are both told, with the schema and the contact rules in one answer', async () => {
    const base = sampleAccount().primary_contact;
    const { type: _type, ...noType } = sampleAccount({ primary_contact: { ...base, email: '' } });
    expect(await errorsOf('POST', accountsUrl(), noType)).toEqual([
      { pointer: '/type', message: 'is required' },
      { pointer: '/primary_contact/email', message: 'is required' },
    ]);
  });

  it('every bad field at once, each once', async () => {
    const errors = await errorsOf('POST', accountsUrl(), {
      name: 7, type: 'TRUST', nickname: 'x',
      primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'bad', phone: 'call me', date_of_birth: '2023-02-30', primary_address: { country_code: 'GBR' } },
    });
    expect(errors).toEqual(expect.arrayContaining([
      { pointer: '/name', message: 'must be string' },
      { pointer: '/type', message: 'must be "INDIVIDUAL" or "COMPANY"' },
      { pointer: '/nickname', message: 'is not a known field' },
      { pointer: '/primary_contact/email', message: 'must be an e-mail address such as name@example.com' },
      { pointer: '/primary_contact/phone', message: 'must be a phone number such as +44 20 7946 0000' },
      { pointer: '/primary_contact/primary_address/country_code', message: 'must be an ISO 3166-1 alpha-2 country code such as GB' },
      // A date of the right shape that does not exist is the contact rules' word, told with the schema's.
      { pointer: '/primary_contact/date_of_birth', message: 'must be a date that exists, YYYY-MM-DD' },
    ]));
    expect(errors).toHaveLength(7);
    expect(new Set(errors.map((e) => e.pointer)).size).toBe(errors.length);
  });

  it('a contact replaced with a wrong type and a missing last name hears of both', async () => {
    const errors = await errorsOf('PUT', contactUrl(), { first_name: 'Ada', type: 'OTHER', email: 'ada@example.com' });
    expect(errors).toEqual([
      { pointer: '/type', message: 'must be "PRIMARY" or "ADDITIONAL"' },
      { pointer: '/last_name', message: 'is required' },
    ]);
  });

  it('booleans for the "true"/"false" parameters are one error each', async () => {
    const url = `${contactUrl()}/reports/onboarding`;
    const errors = await errorsOf('PUT', url, { config: { parameters: { idscan: true, selfie: 'yes', personal_details: 'true' } } });
    expect(errors).toEqual([
      { pointer: '/config/parameters/idscan', message: 'must be "true" or "false"' },
      { pointer: '/config/parameters/selfie', message: 'must be "true" or "false"' },
    ]);
  });
});

describe('a method the path does not take', () => {
  it('is a 405 with Allow, as problem+json', async () => {
    const response = await t.app.inject({ method: 'PUT', url: accountsUrl(), headers: c.auth, payload: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(String(response.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(response.json()).toMatchObject({ status: 405, code: 'method_not_allowed', detail: expect.stringContaining('PUT') });
  });

  it('names the methods of a path with parameters, and an unknown path stays a 404', async () => {
    const patch = await t.app.inject({ method: 'PATCH', url: contactUrl(), headers: c.auth, payload: {} });
    expect([patch.statusCode, String(patch.headers.allow).split(', ').sort()]).toEqual([405, ['DELETE', 'GET', 'HEAD', 'PUT']]);
    const unknown = await t.app.inject({ method: 'GET', url: `/clients/${c.clientId}/nothing-here`, headers: c.auth });
    expect([unknown.statusCode, unknown.json().code, unknown.headers.allow]).toEqual([404, 'not_found', undefined]);
  });
});

describe('countries are assigned ISO 3166-1 alpha-2 codes wherever they are taken', () => {
  it('the hosted flow refuses "XX", "UN", a name and lower case, with one error each, and takes GB', async () => {
    await t.services.credits.add(c.clientId, 5, 'country test');
    const report = await t.app.inject({ method: 'PUT', url: `${contactUrl()}/reports/onboarding`, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true' } } } });
    expect(report.statusCode, report.body).toBe(202);
    const token = new URL(report.json().data.onboarding_url).pathname.split('/')[2];
    const address = { street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB' };
    for (const country of ['XX', 'UN', 'United Kingdom', 'gb', '']) {
      const bad = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { ...address, country } } });
      expect(bad.statusCode, country).toBe(422);
      expect(bad.json().errors, country).toEqual([{ pointer: '/address/country', message: 'must be an ISO 3166-1 alpha-2 country code such as GB' }]);
    }
    const good = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { ...address, country: 'GB' } } });
    expect(good.statusCode, good.body).toBe(200);
    const unknown = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { ...address, country: 'XK' }, extra: 1 } });
    expect(unknown.json().errors).toEqual([{ pointer: '/extra', message: 'is not a known field' }]);
  });

  it('ad hoc screening refuses a country code that names no country', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/screening/search`, headers: c.auth, payload: { name: 'Ada Hartley', country: 'XX' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ pointer: '/country', message: 'must be an ISO 3166-1 alpha-2 country code such as GB' }]);
  });
});
