import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { amlCheckOf } from '../helpers/aml.ts';

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

  const check = (first: string, last: string, dob: string) => amlCheckOf(t, c, first, last, dob);

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
