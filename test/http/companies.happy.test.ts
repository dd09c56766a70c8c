import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followOnce } from '../../src/modules/companies/index.ts';
import { CH_API_KEY, CH_STREAM_KEY, startCompaniesHouse, type CompaniesHouseStandIn } from '../helpers/companies-house.ts';
import { startFixture } from '../helpers/fixture.ts';
import { listedPerson } from '../helpers/aml.ts';
import type { TestClient } from '../helpers/service.ts';

/**
 * Company verification (issue 24) over HTTP against a loopback stand-in for the Companies House API serving
 * the official shapes (test/companies/fixtures/api): the check on creation and on demand, the decision, the
 * officers and PSCs (a corporate PSC followed), discrepancies, people added as contacts, screening of the
 * people, monitoring, webhooks, tenant isolation.
 */
const SECRET = 'company-webhook-signing-secret';
const EVENTS = ['ENTITY_UPDATED', 'REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR'];
let ch: CompaniesHouseStandIn;
let f: Awaited<ReturnType<typeof startFixture>>;

beforeAll(async () => {
  ch = await startCompaniesHouse();
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-companies-'));
  const list = path.join(dir, 'pep.ftm.json');
  // The holding company's owner is on a PEP list: the check screens the register's people.
  writeFileSync(list, `${listedPerson('test-pep-patel', 'Ravi Anand Patel', '1975-08-19', ['role.pep'])}\n`);
  f = await startFixture({
    env: { COMPANIES_HOUSE_API_KEY: CH_API_KEY, COMPANIES_HOUSE_API_URL: ch.url, SCREENING_LISTS: list },
    other: 'Other firm',
    subscription: { secret: SECRET, entities: [{ entity: 'ACCOUNT', report_types: ['COMPANY'], events: EVENTS }] },
  });
  await f.t.services.screeningReady;
}, 120_000);
afterAll(async () => {
  await f?.close();
  await ch?.close();
});

const companyEvents = (accountId: string) =>
  f.receiver.events().filter((e) => e.json.account_id === accountId && e.json.report_type === 'COMPANY').map((e) => e.json.event as string);

async function companyAccount(client: TestClient, name: string, regNumber: string, contact = { first_name: 'Amelia', last_name: 'Hargreaves', date_of_birth: '1981-04-12' }) {
  const response = await f.t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name, type: 'COMPANY', reg_number: regNumber, primary_contact: { ...contact, email: 'owner@example.com' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const account = response.json();
  return { id: account.id as string, primaryId: account.primary_contact.id as string, url: `/clients/${client.clientId}/accounts/${account.id}/reports/company` };
}

async function readyReport(client: TestClient, a: { id: string; url: string }, final = 'REPORT_READY') {
  await f.receiver.waitFor(() => companyEvents(a.id).includes(final), 30_000);
  const report = await f.t.app.inject({ url: a.url, headers: client.auth });
  expect(report.statusCode, report.body).toBe(200);
  return report.json();
}

describe('company check (KYB) against Companies House', () => {
  let kestrel: { id: string; primaryId: string; url: string };

  it('a COMPANY account with a registration number is checked on creation: company, officers, PSCs through a corporate PSC, discrepancies, screening', async () => {
    kestrel = await companyAccount(f.c, 'Kestrel Analytics Ltd', '9876543');
    const report = await readyReport(f.c, kestrel, 'REPORT_IN_REVIEW');
    expect(report).toMatchObject({ id: `${kestrel.id}--company`, type: 'COMPANY', status: 'READY' });
    expect(report.data).toMatchObject({
      company_number: '09876543', source: 'companies_house_api', decision: 'REFER',
      company: {
        name: 'KESTREL ANALYTICS LIMITED', status: 'active', type: 'ltd', incorporated_on: '2015-03-02', sic_codes: ['62020', '63110'],
        registered_office: { premises: '4', address_line_1: 'Wharf Street', postal_code: 'LS2 7EQ' }, accounts_overdue: false, confirmation_statement_overdue: false,
      },
      name_match: { result: 'MATCH', registered: 'KESTREL ANALYTICS LIMITED' }, officers_available: true,
    });
    expect(report.data.reasons.map((r: { code: string }) => r.code)).toEqual(['PSC_NOT_GIVEN', 'PERSON_POTENTIAL_MATCH']);
    // Current officers only (a resigned director is left out); the primary contact is the director on the register.
    expect(report.data.officers.map((o: any) => [o.role, o.name, o.contact_id])).toEqual([
      ['director', 'HARGREAVES, Amelia Jane', kestrel.primaryId], ['secretary', 'OKAFOR, Daniel Chukwuemeka', null],
    ]);
    expect(report.data.officers[0]).toMatchObject({ month_of_birth: 4, year_of_birth: 1981 });
    // The corporate PSC is a UK company: its own PSC is found one level up.
    expect(report.data.pscs.map((p: any) => [p.name, p.individual, p.depth, p.company_number])).toEqual([
      ['Mrs Amelia Jane Hargreaves', true, 0, '09876543'], ['KESTREL HOLDINGS LIMITED', false, 0, '09876543'], ['Mr Ravi Anand Patel', true, 1, '11223344'],
    ]);
    expect(report.data.pscs[0].natures_of_control).toContain('ownership-of-shares-50-to-75-percent');
    const patel = report.data.pscs[2];
    expect(patel.screening).toEqual({ potential_matches: 1, lists: [expect.any(String)] });
    expect(report.data.pscs[0].screening).toEqual({ potential_matches: 0, lists: [] });
    expect(report.data.discrepancies).toEqual([{ code: 'PSC_NOT_GIVEN', contact_id: null, person_id: patel.id, reason: expect.stringContaining('corporate PSC') }]);
    // ENTITY_UPDATED of the account's creation has no report type; the check's events carry COMPANY. READY and
    // IN_REVIEW are recorded together and sent at once, so either may arrive first (order is not promised).
    await f.receiver.waitFor(() => companyEvents(kestrel.id).length >= 3);
    expect(companyEvents(kestrel.id).sort()).toEqual(['REPORT_INITIATED', 'REPORT_IN_REVIEW', 'REPORT_READY']);
    const ready = f.receiver.events().find((e) => e.json.account_id === kestrel.id && e.json.event === 'REPORT_READY')!;
    expect(ready.json).toMatchObject({ entity: 'ACCOUNT', report_type: 'COMPANY', report_id: `${kestrel.id}--company`, contact_id: null });
    expect(ready.body).not.toContain('Hargreaves');
  });

  it('one call adds the people as contacts with their role; the register data is their identity source; discrepancies clear', async () => {
    const added = await f.t.app.inject({ method: 'POST', url: `${kestrel.url}/contacts`, headers: f.c.auth, payload: {} });
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json();
    expect(body.added.map((a: any) => a.role)).toEqual(['secretary', 'psc']);
    expect(body.already_contacts).toHaveLength(2); // the director and the PSC Amelia Hargreaves is the primary contact
    expect(body.report.data.discrepancies).toEqual([]);
    expect(body.report.data.reasons.map((r: { code: string }) => r.code)).toEqual(['PERSON_POTENTIAL_MATCH']);
    expect(body.report.data.pscs[2].contact_id).toBe(body.added[1].contact_id);

    const contact = await f.t.app.inject({ url: `/clients/${f.c.clientId}/accounts/${kestrel.id}/contacts/${body.added[1].contact_id}`, headers: f.c.auth });
    expect(contact.json()).toMatchObject({ type: 'ADDITIONAL', first_name: 'Ravi', middle_name: 'Anand', last_name: 'Patel', date_of_birth: '', primary_address: { street: '10 Park Square East', postcode: 'LS1 2NE', city: 'Leeds', country_code: 'GB' } });
    const identity = await f.t.services.companies.identityOf(f.c.clientId, body.added[1].contact_id);
    expect(identity).toMatchObject({ source: 'companies_house', company_number: '11223344', kind: 'PSC', role: 'psc', month_of_birth: 8, year_of_birth: 1975, natures_of_control: ['ownership-of-shares-75-to-100-percent', 'voting-rights-75-to-100-percent'] });
    expect(await f.t.services.companies.identityOf(f.other.clientId, body.added[1].contact_id)).toBeUndefined();

    // Again: nobody is added twice.
    const again = await f.t.app.inject({ method: 'POST', url: `${kestrel.url}/contacts`, headers: f.c.auth, payload: {} });
    expect(again.json().added).toEqual([]);
    const contacts = await f.t.app.inject({ url: `/clients/${f.c.clientId}/accounts/${kestrel.id}/contacts`, headers: f.c.auth });
    expect(contacts.json().data ?? contacts.json().items).toHaveLength(3);
  });

  it('monitoring: a new PSC and a new registered office emit ENTITY_UPDATED and are listed with the reason', async () => {
    const company = ch.companies.get('09876543')!;
    company.profile.registered_office_address = { premises: '1', address_line_1: 'Albion Place', locality: 'Leeds', postal_code: 'LS1 6JL', country: 'England' };
    company.pscs!.items.push({
      kind: 'individual-person-with-significant-control', name: 'Mr Oliver Grant', name_elements: { title: 'Mr', forename: 'Oliver', surname: 'Grant' },
      date_of_birth: { month: 2, year: 1990 }, natures_of_control: ['ownership-of-shares-25-to-50-percent'], notified_on: '2026-11-20',
      links: { self: '/company/09876543/persons-with-significant-control/individual/OlGrant90nw' },
    });
    const before = companyEvents(kestrel.id).filter((e) => e === 'ENTITY_UPDATED').length;
    const run = await f.t.services.companies.refreshDue({ olderThanMs: 0 });
    expect(run.changed).toBeGreaterThanOrEqual(1);
    await f.receiver.waitFor(() => companyEvents(kestrel.id).filter((e) => e === 'ENTITY_UPDATED').length > before, 15_000);
    const report = (await f.t.app.inject({ url: kestrel.url, headers: f.c.auth })).json();
    expect(report.data.changes[0].changes).toEqual([
      { code: 'REGISTERED_OFFICE_CHANGED' }, { code: 'NEW_PSC', person_id: '/company/09876543/persons-with-significant-control/individual/OlGrant90nw' },
    ]);
    expect(report.data.discrepancies.map((d: any) => d.code)).toEqual(['PSC_NOT_GIVEN']);
    expect(report.data.pscs.find((p: any) => p.name === 'Mr Oliver Grant').screening).toEqual({ potential_matches: 0, lists: [] });
    // Nothing changed since: no new change, no event.
    const quiet = await f.t.services.companies.refreshDue({ olderThanMs: 0 });
    expect(quiet.changed).toBe(0);
  });

  it('streaming API: an officers event for the company refreshes it at once (NEW_OFFICER); the timepoint is kept and resumed from', async () => {
    const company = ch.companies.get('09876543')!;
    company.officers!.items.push({
      name: 'NAKAMURA, Kenji', officer_role: 'director', appointed_on: '2026-11-24', date_of_birth: { month: 6, year: 1988 }, nationality: 'Japanese',
      address: { premises: '1', address_line_1: 'Albion Place', locality: 'Leeds', postal_code: 'LS1 6JL', country: 'England' },
      links: { self: '/company/09876543/appointments/nKenji88A', officer: { appointments: '/officers/nKenji88/appointments' } },
    });
    company.officers!.total_results += 1;
    ch.streams.set('officers', [
      '',
      JSON.stringify({ resource_kind: 'company-officers', resource_uri: '/company/09876543/appointments/nKenji88A', resource_id: 'nKenji88A', data: {}, event: { timepoint: 4812, published_at: '2026-11-24T10:00:00', type: 'changed' } }),
      JSON.stringify({ resource_kind: 'company-officers', resource_uri: '/company/00000001/appointments/x', resource_id: 'x', data: {}, event: { timepoint: 4813, published_at: '2026-11-24T10:00:01', type: 'changed' } }),
    ]);
    const options = { key: CH_STREAM_KEY, baseUrl: `${ch.url}/stream`, db: f.t.services.db, onCompany: async (n: string) => void (await f.t.services.companies.refreshCompany(n)) };
    expect(await followOnce('officers', options, new AbortController().signal)).toBe(2);
    const report = (await f.t.app.inject({ url: kestrel.url, headers: f.c.auth })).json();
    expect(report.data.changes[0].changes).toEqual([{ code: 'NEW_OFFICER', person_id: '/officers/nKenji88/appointments' }]);
    expect(report.data.officers.map((o: any) => o.name)).toContain('NAKAMURA, Kenji');
    await followOnce('officers', options, new AbortController().signal);
    expect(ch.requests.filter((r) => r.path.startsWith('/stream/officers')).map((r) => r.path)).toEqual(['/stream/officers', '/stream/officers?timepoint=4814']);
  });

  it('a dissolved company: ALERT COMPANY_DISSOLVED; checked again on demand (PUT answers 202 INITIAL)', async () => {
    const a = await companyAccount(f.c, 'Old Mill Trading Limited', '01234567');
    const first = await readyReport(f.c, a, 'REPORT_IN_REVIEW');
    expect(first.data).toMatchObject({ decision: 'ALERT', company: { status: 'dissolved', ceased_on: '2021-09-14' } });
    expect(first.data.reasons.map((r: any) => r.code)).toEqual(['COMPANY_DISSOLVED', 'NO_PSC_ON_REGISTER']);
    // The primary contact is not on this register: a discrepancy on the report, not a reason of the decision.
    expect(first.data.discrepancies).toEqual([{ code: 'CONTACT_NOT_ON_REGISTER', contact_id: a.primaryId, person_id: null, reason: expect.any(String) }]);
    const triggered = await f.t.app.inject({ method: 'PUT', url: a.url, headers: f.c.auth });
    expect(triggered.statusCode, triggered.body).toBe(202);
    expect(triggered.json()).toMatchObject({ status: 'INITIAL', data: { decision: 'ALERT' } });
    await f.receiver.waitFor(() => companyEvents(a.id).filter((e) => e === 'REPORT_READY').length === 2, 30_000);
  });

  it('a name that does not match, accounts and confirmation statement overdue: REFER with each reason', async () => {
    const a = await companyAccount(f.c, 'Falcon Catering Ltd', 'SC123456', { first_name: 'Fiona', last_name: 'Macleod', date_of_birth: '1985-12-01' });
    const report = await readyReport(f.c, a, 'REPORT_IN_REVIEW');
    expect(report.data.decision).toBe('REFER');
    expect(report.data.reasons.map((r: any) => r.code)).toEqual(['NAME_MISMATCH', 'ACCOUNTS_OVERDUE', 'CONFIRMATION_STATEMENT_OVERDUE']);
    expect(report.data.name_match).toEqual({ result: 'MISMATCH', account: 'Falcon Catering Ltd', registered: 'THISTLE & CO LTD' });
  });

  it('a number the register does not have: REFER COMPANY_NOT_FOUND', async () => {
    const a = await companyAccount(f.c, 'Ghost Ltd', '99999999');
    const report = await readyReport(f.c, a, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'REFER', company: null, officers: [], pscs: [] });
    expect(report.data.reasons.map((r: any) => r.code)).toEqual(['COMPANY_NOT_FOUND']);
  });
});

describe('company check: errors and isolation', () => {
  it('an INDIVIDUAL account, or a COMPANY without a UK number, is refused with one clear error', async () => {
    const individual = await f.t.app.inject({
      method: 'POST', url: `/clients/${f.c.clientId}/accounts`, headers: f.c.auth,
      payload: { name: 'Sole Trader', type: 'INDIVIDUAL', primary_contact: { first_name: 'Sam', last_name: 'Sole', email: 's@example.com' } },
    });
    const put = await f.t.app.inject({ method: 'PUT', url: `/clients/${f.c.clientId}/accounts/${individual.json().id}/reports/company`, headers: f.c.auth });
    expect(put.statusCode).toBe(422);
    const noNumber = await companyAccount(f.c, 'Numberless Ltd', '');
    const refused = await f.t.app.inject({ method: 'PUT', url: noNumber.url, headers: f.c.auth });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ pointer: '/reg_number', message: expect.stringContaining('registration number') }]);
    // Nothing was started for it on creation either.
    expect((await f.t.app.inject({ url: noNumber.url, headers: f.c.auth })).statusCode).toBe(404);
  });

  it('another client sees nothing of the report and cannot add its people', async () => {
    const a = await companyAccount(f.c, 'Kestrel Analytics Limited', '09876543');
    await readyReport(f.c, a, 'REPORT_READY');
    const url = `/clients/${f.other.clientId}/accounts/${a.id}/reports/company`;
    expect((await f.t.app.inject({ url, headers: f.other.auth })).statusCode).toBe(404);
    expect((await f.t.app.inject({ method: 'PUT', url, headers: f.other.auth })).statusCode).toBe(404);
    expect((await f.t.app.inject({ method: 'POST', url: `${url}/contacts`, headers: f.other.auth, payload: {} })).statusCode).toBe(404);
    // Their token on the first client's path: 404 as for a record that does not exist.
    expect((await f.t.app.inject({ url: a.url, headers: f.other.auth })).statusCode).toBe(404);
  });

  it('an unknown person id or a corporate PSC cannot be added as a contact', async () => {
    const a = await companyAccount(f.c, 'Kestrel Analytics', '09876543');
    const report = await readyReport(f.c, a, 'REPORT_READY');
    const corporate = report.data.pscs.find((p: any) => !p.individual).id;
    const bad = await f.t.app.inject({ method: 'POST', url: `${a.url}/contacts`, headers: f.c.auth, payload: { person_ids: ['/officers/nobody/appointments', corporate] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: any) => e.pointer)).toEqual(['/person_ids/0', '/person_ids/1']);
  });
});
