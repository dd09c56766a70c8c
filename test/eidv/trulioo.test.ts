import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceUnavailableError } from '../../src/modules/eidv/index.ts';
import { providerSource } from '../../src/modules/eidv/sources/provider.ts';
import { truliooProvider } from '../../src/modules/eidv/sources/trulioo.provider.ts';
import { startTruliooStandin, type Standin, type StandinPerson } from './trulioo-standin.ts';

const ada: StandinPerson = { FirstGivenName: 'ADA', FirstSurName: 'LOVELACE', DayOfBirth: 10, MonthOfBirth: 12, YearOfBirth: 1985, BuildingNumber: '10', StreetName: 'MILL LANE', PostalCode: 'AB1 2CD', City: 'London' };
const person = {
  first_name: 'Ada', middle_name: '', last_name: 'Lovelace', date_of_birth: '1985-12-10',
  address: { street: '10 Mill Ln', postcode: 'AB1 2CD', city: 'London', country_code: 'GB' },
};
const context = { clientId: 'c', contactId: 'k', sandbox: false };

let standin: Standin;
const provider = (over: Partial<Parameters<typeof truliooProvider>[0]> = {}) => truliooProvider({
  baseUrl: standin.url, authUrl: standin.url, clientId: 'client-1', clientSecret: 'secret-1', configurationName: 'Identity Verification', ...over,
});

beforeAll(async () => {
  standin = await startTruliooStandin({ 'Credit Agency 1': [ada], 'Electoral Roll': [{ ...ada, BuildingNumber: '12' }], 'Consumer File': [] });
});
afterAll(() => standin.close());

describe('Trulioo adapter against a stand-in following its contract', () => {
  it('gets a token, sends the person as DataFields and reads one record per datasource', async () => {
    const answer = await provider().verify((await import('../../src/modules/eidv/sources/provider.ts')).providerQuery(person));
    expect(answer.reference).toMatch(/^tx-/);
    expect(answer.records.map((r) => [r.source, r.matched])).toEqual([
      ['trulioo:Credit Agency 1', { name: true, date_of_birth: 'FULL', addresses: [0] }],
      ['trulioo:Electoral Roll', { name: true, date_of_birth: 'FULL', addresses: [] }],
      ['trulioo:Consumer File', { name: false, date_of_birth: 'NONE', addresses: [] }],
    ]);
    const verify = standin.requests.filter((r) => r.path === '/v3/verifications/verify').at(-1)!;
    expect(verify.auth).toMatch(/^Bearer tok-/);
    expect(verify.body).toEqual({
      AcceptTruliooTermsAndConditions: true, ConfigurationName: 'Identity Verification', CountryCode: 'GB',
      DataFields: {
        PersonInfo: { FirstGivenName: 'Ada', FirstSurName: 'Lovelace', DayOfBirth: 10, MonthOfBirth: 12, YearOfBirth: 1985 },
        // "Mill Ln" goes out normalised: street name and type apart.
        Location: { BuildingNumber: '10', StreetName: 'MILL', StreetType: 'LANE', City: 'London', PostalCode: 'AB1 2CD' },
      },
    });
  });

  it('as an identity source: two datasources confirm name with DOB, one also the address', async () => {
    const results = (await providerSource(provider()).check(person, context)) as Array<{ source: string; nameDob: boolean; nameAddress: boolean }>;
    expect(results.map((r) => [r.source, r.nameDob, r.nameAddress])).toEqual([
      ['trulioo:Credit Agency 1', true, true], ['trulioo:Electoral Roll', true, false], ['trulioo:Consumer File', false, false],
    ]);
    expect(await providerSource(provider()).check(person, { ...context, sandbox: true })).toBeUndefined();
  });

  it('keeps its token for the next call (one token request for two verifications)', async () => {
    const p = provider();
    const before = standin.requests.filter((r) => r.path === '/connect/token').length;
    const q = (await import('../../src/modules/eidv/sources/provider.ts')).providerQuery(person);
    await p.verify(q);
    await p.verify(q);
    expect(standin.requests.filter((r) => r.path === '/connect/token').length).toBe(before + 1);
    // The client secret never leaves in a log of the stand-in (it records the form without it).
    expect(JSON.stringify(standin.requests)).not.toContain('secret-1');
  });

  it('a wrong secret, a rate limit, a server error and a refused connection are unavailable sources (retried, then ERROR)', async () => {
    const q = (await import('../../src/modules/eidv/sources/provider.ts')).providerQuery(person);
    await expect(provider({ clientSecret: 'wrong' }).verify(q)).rejects.toThrow(/token: HTTP 401 invalid_client Unauthorized/);
    standin.failNext(429);
    await expect(provider().verify(q)).rejects.toThrow(/HTTP 429 429 Rate limit exceeded/);
    standin.failNext(500);
    await expect(provider().verify(q)).rejects.toBeInstanceOf(SourceUnavailableError);
    await expect(provider({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9' }).verify(q)).rejects.toBeInstanceOf(SourceUnavailableError);
  });

  it('a record-level error (a missing required field) is reported with its code', async () => {
    const q = (await import('../../src/modules/eidv/sources/provider.ts')).providerQuery({ ...person, address: { ...person.address, city: '' } });
    // An empty City is still sent; the stand-in, like the API, answers field by field. A missing street is an error:
    const noStreet = { ...q, addresses: [{ ...q.addresses[0]!, street: '', street_words: [], house: undefined }] } as typeof q;
    await expect(provider().verify(noStreet)).rejects.toThrow(/1001 Missing required field: BuildingNumber/);
  });
});
