import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { amlCheckOf } from '../helpers/aml.ts';

/**
 * Issue 4's rule per kind: with only a sanctions list loaded, the AML report cannot say "No Match" for PEPs.
 * pep_matches is null (not screened), the reason says why, and the report waits for a person.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-aml-coverage-'));
const sanctionsOnly = path.join(dir, 'sanctions.ftm.json');
writeFileSync(sanctionsOnly, JSON.stringify({ id: 'cov-sanctioned-1', schema: 'Person', properties: { name: ['Viktor Ivanovich Sanctionov'], birthDate: ['1961-03-04'], topics: ['sanction'] } }));

let t: TestService;
let c: TestClient;
let workers: { stop(): Promise<void> };
beforeAll(async () => {
  t = await startTestService({ SCREENING_LISTS: sanctionsOnly });
  workers = await startWorkers(t.services);
  c = await t.newClient();
  await t.services.credits.add(c.clientId, 5, 'test');
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

const check = (first: string, last: string, dob: string) => amlCheckOf(t, c, first, last, dob, { street: '1 Main St', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' });

describe('screening coverage per kind', () => {
  it('sanctions list only: an ordinary name is sanctions "No Match" and PEP not screened (null, PEP_NOT_SCREENED)', async () => {
    const report = await check('Harriet', 'Quillfeather', '1985-03-03');
    expect(report.status).toBe('READY');
    expect(report.data).toMatchObject({ sanctions_matches: 'No Match', pep_matches: null });
    expect(report.data.reasons).toContain('PEP_NOT_SCREENED');
    expect(report.data.reasons).not.toContain('SANCTIONS_NOT_SCREENED');
  });

  it('a listed name is still a sanctions Potential Match', async () => {
    const report = await check('Viktor', 'Sanctionov', '1961-03-04');
    expect(report.data).toMatchObject({ sanctions_matches: 'Potential Match', pep_matches: null });
  });

  it('the ad hoc screening endpoint follows the same rule', async () => {
    const r = await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/screening/search`, headers: c.auth, payload: { name: 'Harriet Quillfeather' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ decision: 'No Match', sanctions_matches: 'No Match', pep_matches: null });
  });
});
