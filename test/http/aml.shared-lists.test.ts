import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';

const shared = path.resolve(process.env.KYC_SHARED_DATA ?? path.join(import.meta.dirname, '../../../shared/data'));
const sdn = path.join(shared, 'lists/ofac_sdn_2021-07_watchman');
const pep = path.join(shared, 'lists/opensanctions_pep_us_congress_senzing_watchman');

/** The AML check against the real OFAC SDN list and the OpenSanctions US Congress PEP list from ../shared/data. */
describe.skipIf(!existsSync(sdn))('AML against the real shared lists (skipped: ../shared/data is absent)', () => {
  let t: TestService;
  let c: TestClient;
  let workers: { stop(): Promise<void> };

  beforeAll(async () => {
    t = await startTestService({ SCREENING_LISTS: `${sdn},${pep}` });
    workers = await startWorkers(t.services);
    c = await t.newClient();
    await t.services.credits.add(c.clientId, 10, 'test');
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  async function check(first: string, last: string, dob: string) {
    const account = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, last_name: last, email: 'x@example.com', date_of_birth: dob, primary_address: { street: '1 Main St', postcode: '12345', city: 'Town', country_code: 'US' } } },
    })).json();
    const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
    expect((await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: {} } })).statusCode).toBe(202);
    for (let i = 0; i < 200; i++) {
      const report = (await t.app.inject({ url, headers: c.auth })).json();
      if (report.status !== 'INITIAL') return report;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the check did not finish');
  }

  it('an SDN-listed person (OFAC SDN CSV, "ABBAS, Abu", DOB 10 Dec 1948) is a sanctions Potential Match', async () => {
    const report = await check('Abu', 'Abbas', '1948-12-10');
    expect(report.data.sanctions_matches).toBe('Potential Match');
    const match = report.data.matches.find((m: { source_id: string }) => m.source_id === '2674');
    expect(match).toMatchObject({ kind: 'SANCTIONS', programs: expect.arrayContaining(['SDGT']) });
  });

  it('a member of the US Congress (OpenSanctions PEP list) is a PEP Potential Match', async () => {
    const line = (await import('node:fs')).readFileSync(path.join(pep, 'us_congress_senzing.json'), 'utf8').split('\n')[0]!;
    const record = JSON.parse(line) as { NAMES?: Array<{ NAME_FULL?: string }>; NAME_FULL?: string };
    const full = record.NAMES?.[0]?.NAME_FULL ?? record.NAME_FULL!;
    const parts = full.split(/\s+/);
    const report = await check(parts[0]!, parts[parts.length - 1]!, '1970-01-01');
    expect(report.data.pep_matches).toBe('Potential Match');
  });

  it('an ordinary name is No Match on both', async () => {
    const report = await check('Harriet', 'Quillfeather', '1985-03-03');
    expect(report.data).toMatchObject({ pep_matches: 'No Match', sanctions_matches: 'No Match' });
  });
});
