import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from '../helpers/fixture.ts';
import type { Receiver } from '../helpers/receiver.ts';
import type { TestClient, TestService } from '../helpers/service.ts';

/**
 * The AML check's screening query over HTTP (ADR 0090): the address country is residence and never a
 * nationality; a near date of birth keeps a match; the nationality comes from the contact's PASSED identity
 * document (its MRZ, or the chip's DG1) and keeps a weak name that a clearly different date would lower.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-aml-evidence-'));
const listFile = path.join(dir, 'sanctions.ftm.json');
writeFileSync(listFile, JSON.stringify({
  id: 'test-sanctioned-ev', schema: 'Person',
  properties: { name: ['Viktor Ivanovich Sanctionov'], birthDate: ['1961-03-04'], nationality: ['ru'], gender: ['male'], topics: ['sanction'] },
}) + '\n');

let t: TestService;
let c: TestClient;
let receiver: Receiver;
let f: Fixture;

beforeAll(async () => {
  f = await startFixture({
    env: { SCREENING_LISTS: listFile }, clientName: 'AML evidence firm', credits: 20,
    subscription: { secret: 'aml-evidence-secret', reportTypes: ['AML'], events: ['REPORT_READY', 'REPORT_ERROR'] },
  });
  ({ t, c, receiver } = f);
}, 120_000);
afterAll(async () => {
  await f?.close();
});

const GB = { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' };

async function contactFor(first: string, last: string, dob: string) {
  const response = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, last_name: last, email: 'p@example.com', date_of_birth: dob, primary_address: GB } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const account = response.json();
  const base = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports`;
  return { contactId: account.primary_contact.id as string, aml: `${base}/aml`, onboarding: `${base}/onboarding` };
}

/** A PASSED passport as the processing job writes it, with what its MRZ (or chip) states. */
async function passedDocument(p: { contactId: string; onboarding: string }, details: Record<string, unknown>) {
  const triggered = await t.app.inject({ method: 'PUT', url: p.onboarding, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } });
  expect(triggered.statusCode, triggered.body).toBeLessThan(300);
  const idscan = { document_decision: 'PASSED', document_type: 'Passport', document_decision_date: '2026-11-25T10:00:00.000Z', date_of_birth: '1985-07-25', document_given_names: 'VIKTOR', document_last_name: 'SANCTOINOV', document_expiry_date: '2031-01-01', passport_number: 'X1234567' };
  const svc = t.services.onboarding.onboarding;
  await t.db.query(`UPDATE onboarding_reports SET status = 'READY', document_decision = 'PASSED', data_enc = $2, expires_at = $3 WHERE contact_id = $1`,
    [p.contactId, await svc.seal(t.db, p.contactId, 'data', { personal_details: null, idscan, reasons: [], details }), new Date('2099-01-01')]);
}

async function check(p: { contactId: string; aml: string }) {
  const triggered = await t.app.inject({ method: 'PUT', url: p.aml, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  await receiver.waitFor(() => receiver.events().some((e) => e.json.contact_id === p.contactId && e.json.event === 'REPORT_READY'), 30_000);
  return (await t.app.inject({ url: p.aml, headers: c.auth })).json();
}

describe('AML screening evidence', () => {
  it('the listed name with day and month swapped and a UK address: a potential match, DOB_NEAR, no country reason', async () => {
    const report = await check(await contactFor('Viktor', 'Sanctionov', '1961-04-03'));
    expect(report.data.sanctions_matches).toBe('Potential Match');
    expect(report.data.matches[0].reasons).toContain('DOB_NEAR');
    expect(report.data.matches[0].reasons.filter((r: string) => /COUNTRY|NATIONALITY|RESIDENCE/.test(r))).toEqual([]);
  });

  it('a weak name with a clearly different date is lowered; the same with the listed nationality on a PASSED passport is kept', async () => {
    const without = await check(await contactFor('Viktor', 'Sanctoinov', '1985-07-25'));
    expect(without.data.sanctions_matches).toBe('No Match');
    const p = await contactFor('Viktor', 'Sanctoinov', '1985-07-25');
    await passedDocument(p, { document: { nationality: 'RUS', sex: 'M' } });
    const report = await check(p);
    expect(report.data.sanctions_matches).toBe('Potential Match');
    expect(report.data.matches[0].reasons).toEqual(expect.arrayContaining(['DOB_MISMATCH', 'NATIONALITY_MATCH', 'GENDER_MATCH']));
  });

  it('a chip whose passive authentication passed is read before the printed MRZ', async () => {
    const line1 = 'P<GBRSANCTOINOV<<VIKTOR<<<<<<<<<<<<<<<<<<<<<';
    const line2 = 'X123456784RUS8507251M3101014<<<<<<<<<<<<<<02';
    const p = await contactFor('Viktor', 'Sanctoinov', '1985-07-25');
    await passedDocument(p, { document: { nationality: 'GBR', sex: 'M' }, chip: { passed: true, mrz: { chip: line1 + line2, printed_matches: false } } });
    const report = await check(p);
    expect(report.data.matches[0]?.reasons).toContain('NATIONALITY_MATCH');
  });
});
