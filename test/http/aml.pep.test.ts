/**
 * Issue 18 point 5 through the API and the AML report: a relative or close associate of a PEP is a PEP match
 * with the relation explained (MLR 2017 regulation 35), with category and former status; an ordinary person is
 * PEP "No Match" only because a PEP list is loaded. Point 4's list age: a list file older than
 * SCREENING_MAX_LIST_AGE_HOURS is a warning on the API and in the console. Project-made fixture
 * (test/screening/pep-fixture), loaded through SCREENING_LISTS.
 */
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { amlCheckOf } from '../helpers/aml.ts';
import { staffUser } from './console-helpers.ts';

const dir = fs.mkdtempSync(path.join(tmpdir(), 'kyc-aml-pep-'));
const peps = path.join(dir, 'peps.ftm.json');
fs.copyFileSync(path.join(import.meta.dirname, '../screening/pep-fixture/entities.ftm.json'), peps);
const old = path.join(dir, 'old-sanctions.ftm.json');
fs.writeFileSync(old, `${JSON.stringify({ id: 'old-1', schema: 'Person', properties: { name: ['Anselm Outdatedov'], topics: ['sanction'] } })}\n`);
// Last changed three days ago: older than the 48-hour limit.
const threeDaysAgo = new Date(Math.floor((Date.now() - 72 * 3_600_000) / 1000) * 1000);
fs.utimesSync(old, threeDaysAgo, threeDaysAgo);

let t: TestService;
let c: TestClient;
let workers: { stop(): Promise<void> };
beforeAll(async () => {
  t = await startTestService({ SCREENING_LISTS: `opensanctions_peps=${peps},old_list=${old}` });
  await t.services.screeningReady;
  workers = await startWorkers(t.services);
  c = await t.newClient();
  await t.services.credits.add(c.clientId, 10, 'test');
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

const GB = { street: '1 Main St', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' };

describe('PEP and RCA matches in the AML report', () => {
  it('the spouse of a current domestic PEP: a PEP potential match with the relation explained', async () => {
    const report = await amlCheckOf(t, c, 'Hugo', 'Marchbank-Testington', '1966-11-19', GB);
    expect(report.status).toBe('READY');
    expect(report.data.pep_matches).toBe('Potential Match');
    expect(report.data.reasons).toContain('PEP_POTENTIAL_MATCH');
    const [match] = report.data.matches;
    expect(match).toMatchObject({ kind: 'PEP', entity_id: 'opensanctions_peps:Q-test-hugo', topics: ['role.rca'] });
    expect(match.pep).toMatchObject({
      role: 'rca', category: 'domestic', status: 'current', relation: { kind: 'family', relationship: 'spouse', pep_entity_id: 'opensanctions_peps:Q-test-eleanor', pep_name: 'Eleanor Marchbank-Testington' },
      explanation: 'spouse of Eleanor Marchbank-Testington, Minister of State for Testing (GB), since 2022; in office',
    });
  });

  it('the daughter of a former foreign PEP: former, with the end date and the 12 months after it', async () => {
    const report = await amlCheckOf(t, c, 'Liesl', 'Feldgrau', '1985-07-14', GB);
    expect(report.data.matches[0].pep).toMatchObject({ role: 'rca', category: 'foreign', status: 'former', ended_on: '2019-06-30', minimum_measures_until: '2020-06-30' });
  });

  it('an ordinary person: PEP "No Match", because a PEP list is loaded', async () => {
    const report = await amlCheckOf(t, c, 'Harriet', 'Quillfeather', '1985-03-03', GB);
    expect(report.data).toMatchObject({ pep_matches: 'No Match', sanctions_matches: 'No Match', matches: [] });
    expect(report.data.reasons).not.toContain('PEP_NOT_SCREENED');
  });

  it('the ad hoc search explains the same way', async () => {
    const r = await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/screening/search`, headers: c.auth, payload: { name: 'Corentin Vasquelle', dob: '1979-02-12' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().matches[0].pep).toMatchObject({ role: 'rca', category: 'international_organisation', relation: { kind: 'associate', relationship: 'business partner' } });
  });
});

describe('list age', () => {
  it('GET /screening/lists: each list with its last success and age; the old one is stale, with a warning', async () => {
    const lists = (await t.app.inject({ url: `/clients/${c.clientId}/screening/lists`, headers: c.auth })).json();
    const byId = Object.fromEntries(lists.lists.map((l: { list: string }) => [l.list, l]));
    expect(byId.opensanctions_peps).toMatchObject({ stale: false, last_success_at: expect.any(String) });
    expect(byId.old_list).toMatchObject({ stale: true, last_success_at: threeDaysAgo.toISOString() });
    expect(byId.old_list.age_hours).toBeGreaterThanOrEqual(72);
    expect(lists.warnings).toEqual([{ code: 'LIST_STALE', list: 'old_list', message: expect.stringMatching(/^old_list was last updated 72(\.\d)? hours ago, more than 48$/) }]);
  });

  it('the console lists page gets the same ages and warnings', async () => {
    const reviewer = await staffUser(t, c.clientId, 'reviewer@pep.test', 'reviewer');
    const lists = (await t.app.inject({ url: '/console/api/settings/lists', headers: reviewer.headers })).json();
    expect(lists).toMatchObject({ loaded: true, max_list_age_hours: 48, warnings: [expect.objectContaining({ list: 'old_list' })] });
    expect(lists.data.find((l: { list: string }) => l.list === 'old_list')).toMatchObject({ stale: true });
  });
});
