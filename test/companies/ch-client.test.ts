import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChClient, RegisterUnavailableError } from '../../src/modules/companies/index.ts';
import { CH_API_KEY, startCompaniesHouse, type CompaniesHouseStandIn } from '../helpers/companies-house.ts';

/** The Companies House client against a stand-in on loopback that serves the API's paths and shapes. */
let ch: CompaniesHouseStandIn;
beforeAll(async () => {
  ch = await startCompaniesHouse();
});
afterAll(async () => ch?.close());

describe('Companies House API client', () => {
  it('reads the profile, every officer and every PSC, with the key as the basic-auth user', async () => {
    const client = createChClient({ apiKey: CH_API_KEY, baseUrl: ch.url });
    const extract = await client.company('09876543');
    expect(extract?.profile).toMatchObject({ company_name: 'KESTREL ANALYTICS LIMITED', company_status: 'active', sic_codes: ['62020', '63110'] });
    expect(extract?.officers?.map((o) => o.name)).toEqual(['HARGREAVES, Amelia Jane', 'OKAFOR, Daniel Chukwuemeka', 'BELL, Simon']);
    expect(extract?.pscs).toHaveLength(3);
    expect(ch.requests.at(-1)!.authorization).toBe(`Basic ${Buffer.from(`${CH_API_KEY}:`).toString('base64')}`);
    expect(ch.requests.map((r) => r.path)).toContain('/company/09876543/officers?items_per_page=100&start_index=0');
  });

  it('no such company is null; a company without a PSC list has none', async () => {
    const client = createChClient({ apiKey: CH_API_KEY, baseUrl: ch.url });
    expect(await client.company('99999999')).toBeNull();
    expect((await client.company('01234567'))?.pscs).toEqual([]);
  });

  it('a wrong key is an error, not "no company"', async () => {
    const client = createChClient({ apiKey: 'wrong', baseUrl: ch.url });
    await expect(client.company('09876543')).rejects.toBeInstanceOf(RegisterUnavailableError);
  });

  it('429 is waited out (Retry-After) and the request asked again', async () => {
    const waits: number[] = [];
    let clock = 1_000_000;
    const client = createChClient({ apiKey: CH_API_KEY, baseUrl: ch.url, now: () => clock, sleep: async (ms) => { waits.push(ms); clock += ms; } });
    ch.rateLimitNext(2);
    const extract = await client.company('SC123456');
    expect(extract?.profile.company_name).toBe('THISTLE & CO LTD');
    expect(waits.slice(0, 2)).toEqual([1000, 1000]);
  });

  it('keeps to its window: the request past the limit waits for the oldest to leave it', async () => {
    const waits: number[] = [];
    let clock = 5_000_000;
    // 3 requests a minute: the profile, officers and PSCs go at once; the next company's profile waits a minute.
    const client = createChClient({ apiKey: CH_API_KEY, baseUrl: ch.url, limit: 3, windowMs: 60_000, now: () => clock, sleep: async (ms) => { waits.push(ms); clock += ms; } });
    await client.company('SC123456');
    expect(waits).toEqual([]);
    clock += 10_000;
    await client.company('SC123456');
    expect(waits[0]).toBe(50_000);
  });
});
