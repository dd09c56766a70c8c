import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedPerson } from '../helpers/aml.ts';
import { CH_API_KEY, startCompaniesHouse, type CompaniesHouseStandIn } from '../helpers/companies-house.ts';
import { startFixture } from '../helpers/fixture.ts';

/**
 * Companies House as an identity source of the AML check (issues 23 and 24, ADR 0150), over HTTP against the
 * loopback stand-in: a contact matched by name to an officer, and one created from a PSC, each checked with two
 * test registers; a PATCH of the registration number runs the company check again; monitoring's ENTITY_UPDATED
 * carries what changed, and new people are screened but not added (ADR 0151).
 */
const ROLL = 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased';
let ch: CompaniesHouseStandIn;
let f: Awaited<ReturnType<typeof startFixture>>;

beforeAll(async () => {
  ch = await startCompaniesHouse();
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-ch-identity-'));
  const file = (name: string, text: string) => { writeFileSync(path.join(dir, name), text); return path.join(dir, name); };
  const list = file('list.ftm.json', `${listedPerson('test-unrelated', 'Viktor Ivanovich Sanctionov', '1961-03-04', ['sanction'])}\n`);
  // Amelia Hargreaves (the director) is on both at home; Ravi Patel (the holding company's PSC) on the roll born in
  // August 1975, on the credit header born in September, both at his home in Elm Grove.
  const roll = file('roll.csv', `${ROLL}\nAmelia,,Hargreaves,1981-04-12,12 Oak Road,LS6 2AB,Leeds,GB,false\nRavi,,Patel,1975-08-19,3 Elm Grove,LS8 1AA,Leeds,GB,false\n`);
  const credit = file('credit.csv', `${ROLL}\nAmelia,,Hargreaves,1981-04-12,12 Oak Road,LS6 2AB,Leeds,GB,false\nRavi,,Patel,1975-09-19,3 Elm Grove,LS8 1AA,Leeds,GB,false\n`);
  f = await startFixture({
    env: { COMPANIES_HOUSE_API_KEY: CH_API_KEY, COMPANIES_HOUSE_API_URL: ch.url, SCREENING_LISTS: list, EIDV_REGISTERS: `electoral_roll=${roll},credit_header=${credit}` },
    credits: 100,
    subscription: { secret: 'company-identity-secret-01', entities: [
      { entity: 'ACCOUNT', report_types: ['COMPANY'], events: ['ENTITY_UPDATED', 'REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW'] },
      { entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_INITIATED', 'REPORT_READY'] },
    ] },
  });
  await f.t.services.screeningReady;
}, 120_000);
afterAll(async () => {
  await f?.close();
  await ch?.close();
});

const companyEvents = (accountId: string) =>
  f.receiver.events().filter((e) => e.json.account_id === accountId && e.json.report_type === 'COMPANY').map((e) => e.json.event as string);
const base = (accountId: string) => `/clients/${f.c.clientId}/accounts/${accountId}`;
const home = { street: '12 Oak Road', postcode: 'LS6 2AB', city: 'Leeds', country_code: 'GB' };

async function companyAccount(name: string, regNumber: string, final = 'REPORT_READY') {
  const response = await f.t.app.inject({
    method: 'POST', url: `/clients/${f.c.clientId}/accounts`, headers: f.c.auth,
    payload: { name, type: 'COMPANY', reg_number: regNumber, primary_contact: { first_name: 'Amelia', last_name: 'Hargreaves', email: 'amelia@example.com', date_of_birth: '1981-04-12', primary_address: home } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  await f.receiver.waitFor(() => companyEvents(id).includes(final), 30_000);
  return { id, primaryId: response.json().primary_contact.id as string, report: (await f.t.app.inject({ url: `${base(id)}/reports/company`, headers: f.c.auth })).json() };
}

/** Requests the contact's AML check and reads it once it has left INITIAL. */
async function amlOf(accountId: string, contactId: string) {
  const url = `${base(accountId)}/contacts/${contactId}/reports/aml`;
  const put = await f.t.app.inject({ method: 'PUT', url, headers: f.c.auth, payload: { config: {} } });
  expect(put.statusCode, put.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const report = (await f.t.app.inject({ url, headers: f.c.auth })).json();
    if (report.status !== 'INITIAL' && report.revision !== put.json().revision) return report;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the AML check did not finish');
}
const chSource = (report: any) => report.data.identity.sources.find((s: any) => s.source === 'companies_house');

describe('Companies House as one identity source of the AML check', () => {
  let kestrel: Awaited<ReturnType<typeof companyAccount>>;

  it('a contact matched by name to the director: name and month/year of birth corroborate (strength 1, validity 1), never one of the two sources', async () => {
    kestrel = await companyAccount('Kestrel Analytics Ltd', '09876543', 'REPORT_IN_REVIEW');
    expect(kestrel.report.data.officers[0]).toMatchObject({ name: 'HARGREAVES, Amelia Jane', contact_id: kestrel.primaryId });
    expect(await f.t.services.companies.identityOf(f.c.clientId, kestrel.primaryId)).toMatchObject({ link: 'NAME_MATCH', kind: 'OFFICER', month_of_birth: 4, year_of_birth: 1981 });

    const report = await amlOf(kestrel.id, kestrel.primaryId);
    expect(report.status).toBe('READY');
    expect(chSource(report)).toEqual({
      source: 'companies_house', kind: 'register', name_dob: false, name_address: false, deceased: false, known_fraud: false, self_declared: true,
      reasons: ['COMPANIES_HOUSE_OFFICER', 'COMPANIES_HOUSE_NAME_MATCH', 'COMPANIES_HOUSE_DOB_MONTH_YEAR_MATCH', 'COMPANIES_HOUSE_SELF_DECLARED'],
    });
    expect(report.data).toMatchObject({ decision: 'PASS' });
    expect(report.data.reasons.slice(0, 4)).toEqual(['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED', 'COMPANIES_HOUSE_CORROBORATES']);
    expect(report.data.identity.confirmed_name_dob).toEqual(['electoral_roll', 'credit_header']);
    expect(report.data.identity.gpg45.scores.evidence).toContainEqual(expect.objectContaining({ id: 'source:companies_house', strength: 1, validity: 1 }));
  });

  it('a contact created from a PSC: the address copied from the register confirms nothing (one register is not two sources)', async () => {
    const patel = kestrel.report.data.pscs.find((p: any) => p.name === 'Mr Ravi Anand Patel');
    const added = await f.t.app.inject({ method: 'POST', url: `${base(kestrel.id)}/reports/company/contacts`, headers: f.c.auth, payload: { person_ids: [patel.id] } });
    expect(added.statusCode, added.body).toBe(200);
    const contactId = added.json().added[0].contact_id as string;
    const contactUrl = `${base(kestrel.id)}/contacts/${contactId}`;
    const contact = (await f.t.app.inject({ url: contactUrl, headers: f.c.auth })).json();
    const put = (body: Record<string, unknown>) => f.t.app.inject({ method: 'PUT', url: contactUrl, headers: f.c.auth, payload: { type: 'ADDITIONAL', first_name: 'Ravi', middle_name: 'Anand', last_name: 'Patel', ...body } });

    // The caller gives the date of birth (the register has no day) and keeps the register's address.
    expect((await put({ date_of_birth: '1975-08-19', primary_address: contact.primary_address })).statusCode).toBe(200);
    const copied = await amlOf(kestrel.id, contactId);
    expect(chSource(copied)).toMatchObject({ name_dob: false, name_address: false });
    expect(chSource(copied).reasons).toEqual(expect.arrayContaining(['COMPANIES_HOUSE_PSC', 'COMPANIES_HOUSE_DOB_MONTH_YEAR_MATCH', 'COMPANIES_HOUSE_ADDRESS_FROM_REGISTER']));
    expect(copied.data.decision).toBe('REFER');
    expect(copied.data.reasons).toEqual(expect.arrayContaining(['SOURCES_LT_2', 'NAME_ADDRESS_NOT_CONFIRMED', 'COMPANIES_HOUSE_CORROBORATES']));
    expect(copied.data.identity.confirmed_name_address).toEqual([]);
  });

  it('a contact created from the register with another birth month: REFER COMPANIES_HOUSE_DOB_DIFFERS, though two registers agree', async () => {
    const contacts = (await f.t.app.inject({ url: `${base(kestrel.id)}/contacts`, headers: f.c.auth })).json();
    const patel = (contacts.data ?? contacts.items).find((c: any) => c.last_name === 'Patel');
    const put = await f.t.app.inject({
      method: 'PUT', url: `${base(kestrel.id)}/contacts/${patel.id}`, headers: f.c.auth,
      payload: { type: 'ADDITIONAL', first_name: 'Ravi', middle_name: 'Anand', last_name: 'Patel', date_of_birth: '1975-09-19', primary_address: { street: '3 Elm Grove', postcode: 'LS8 1AA', city: 'Leeds', country_code: 'GB' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const report = await amlOf(kestrel.id, patel.id);
    // The roll has him at this address, the credit header with this birth date: two sources would pass.
    expect(report.data.identity.confirmed_name_dob).toEqual(['credit_header']);
    expect(report.data.identity.confirmed_name_address).toEqual(['electoral_roll', 'credit_header']);
    expect(report.data.decision).toBe('REFER');
    expect(report.data.reasons[0]).toBe('COMPANIES_HOUSE_DOB_DIFFERS');
    expect(chSource(report).reasons).toContain('COMPANIES_HOUSE_DOB_DIFFERS');
  });

  it('monitoring: a new officer is announced with ENTITY_UPDATED naming NEW_OFFICER, screened, and not added as a contact (no AML check)', async () => {
    const before = (await f.t.app.inject({ url: `${base(kestrel.id)}/contacts`, headers: f.c.auth })).json();
    // Read from the events API (written in the transactions themselves), not from webhooks still arriving.
    const amlStartedOf = async () => ((await f.t.app.inject({ url: `/clients/${f.c.clientId}/events?event=REPORT_INITIATED&account_id=${kestrel.id}&limit=100`, headers: f.c.auth })).json().data as any[])
      .filter((e) => e.report_type === 'AML').length;
    const amlStarted = await amlStartedOf();
    expect(amlStarted).toBe(3);
    const company = ch.companies.get('09876543')!;
    company.officers!.items.push({
      name: 'NAKAMURA, Kenji', officer_role: 'director', appointed_on: '2026-11-24', date_of_birth: { month: 6, year: 1988 }, nationality: 'Japanese',
      address: { premises: '4', address_line_1: 'Wharf Street', locality: 'Leeds', postal_code: 'LS2 7EQ', country: 'England' },
      links: { self: '/company/09876543/appointments/nKenji88A', officer: { appointments: '/officers/nKenji88/appointments' } },
    });
    company.officers!.total_results += 1;
    await f.t.services.companies.refreshCompany('09876543');
    await f.receiver.waitFor(() => companyEvents(kestrel.id).includes('ENTITY_UPDATED'), 15_000);
    const updated = f.receiver.events().find((e) => e.json.account_id === kestrel.id && e.json.event === 'ENTITY_UPDATED' && e.json.report_type === 'COMPANY')!;
    expect(updated.json).toMatchObject({ entity: 'ACCOUNT', report_id: `${kestrel.id}--company`, reasons: ['NEW_OFFICER'] });
    expect(updated.body).not.toMatch(/nakamura|kenji/i);
    const report = (await f.t.app.inject({ url: `${base(kestrel.id)}/reports/company`, headers: f.c.auth })).json();
    expect(report.data.changes[0].changes).toEqual([{ code: 'NEW_OFFICER', person_id: '/officers/nKenji88/appointments' }]);
    expect(report.data.officers.find((o: any) => o.name === 'NAKAMURA, Kenji')).toMatchObject({ contact_id: null, screening: { potential_matches: 0, lists: [] } });
    const after = (await f.t.app.inject({ url: `${base(kestrel.id)}/contacts`, headers: f.c.auth })).json();
    expect((after.data ?? after.items).length).toBe((before.data ?? before.items).length);
    expect(await amlStartedOf()).toBe(amlStarted);
  });
});

describe('the registration number changed by PATCH', () => {
  it('a COMPANY account is checked again for the new number; the same number written another way, or a name change, starts nothing', async () => {
    const a = await companyAccount('Thistle & Co Ltd', '01234567', 'REPORT_IN_REVIEW');
    expect(a.report.data.company).toMatchObject({ number: '01234567', status: 'dissolved' });
    const patch = (payload: Record<string, unknown>) => f.t.app.inject({ method: 'PATCH', url: base(a.id), headers: f.c.auth, payload });
    expect((await patch({ reg_number: 'SC123456' })).statusCode).toBe(200);
    // Queued in the PATCH's transaction: the report is INITIAL for the new number as soon as it answers.
    expect((await f.t.app.inject({ url: `${base(a.id)}/reports/company`, headers: f.c.auth })).json()).toMatchObject({ status: 'INITIAL', data: { company_number: 'SC123456' } });
    await f.receiver.waitFor(() => companyEvents(a.id).filter((e) => e === 'REPORT_READY').length === 2, 30_000);
    const again = (await f.t.app.inject({ url: `${base(a.id)}/reports/company`, headers: f.c.auth })).json();
    expect(again.data).toMatchObject({ company_number: 'SC123456', company: { name: 'THISTLE & CO LTD' }, name_match: { result: 'MATCH' } });

    expect((await patch({ reg_number: 'sc 123456' })).statusCode).toBe(200);
    expect((await patch({ name: 'Thistle and Co Limited' })).statusCode).toBe(200);
    expect((await f.t.app.inject({ url: `${base(a.id)}/reports/company`, headers: f.c.auth })).json()).toMatchObject({ status: 'READY', revision: again.revision });
    // The second check's INITIATED may go out in one batch with its READY, and arrive after it.
    await f.receiver.waitFor(() => companyEvents(a.id).filter((e) => e === 'REPORT_INITIATED').length >= 2);
    expect(companyEvents(a.id).filter((e) => e === 'REPORT_INITIATED')).toHaveLength(2);
  });

  it('an INDIVIDUAL account given a registration number, or one made COMPANY with a number, follows its type', async () => {
    const created = await f.t.app.inject({
      method: 'POST', url: `/clients/${f.c.clientId}/accounts`, headers: f.c.auth,
      payload: { name: 'Kestrel Analytics', type: 'INDIVIDUAL', primary_contact: { first_name: 'Amelia', last_name: 'Hargreaves', email: 'a@example.com' } },
    });
    const id = created.json().id as string;
    const patch = (payload: Record<string, unknown>) => f.t.app.inject({ method: 'PATCH', url: base(id), headers: f.c.auth, payload });
    expect((await patch({ reg_number: '09876543' })).statusCode).toBe(200);
    expect((await f.t.app.inject({ url: `${base(id)}/reports/company`, headers: f.c.auth })).statusCode).toBe(404);
    expect((await patch({ type: 'COMPANY' })).statusCode).toBe(200);
    expect((await f.t.app.inject({ url: `${base(id)}/reports/company`, headers: f.c.auth })).json()).toMatchObject({ status: 'INITIAL', data: { company_number: '09876543' } });
    await f.receiver.waitFor(() => companyEvents(id).includes('REPORT_READY'), 30_000);
  });
});
