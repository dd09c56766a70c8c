import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBulkFile } from '../../src/modules/companies/index.ts';
import { OPERATIONS } from '../../src/cli/operations.ts';
import { CH_FIXTURES } from '../helpers/companies-house.ts';
import { startFixture } from '../helpers/fixture.ts';

/**
 * Installs without internet (issue 24): the Companies House bulk products (basic company data CSV and PSC
 * snapshot, official formats in test/companies/fixtures/bulk) named by COMPANIES_HOUSE_BULK_FILES are imported
 * by the workers at start, and company checks read them. No API key, no request leaves the machine.
 */
const CSV = path.join(CH_FIXTURES, 'bulk', 'BasicCompanyData-2026-11-01-part1_1.csv');
const PSC = path.join(CH_FIXTURES, 'bulk', 'persons-with-significant-control-snapshot-2026-11-01.txt');
let f: Awaited<ReturnType<typeof startFixture>>;

beforeAll(async () => {
  f = await startFixture({
    env: { COMPANIES_HOUSE_BULK_FILES: `${CSV},${PSC}` }, now: () => new Date('2026-11-25T12:00:00Z'),
    subscription: { secret: 'company-bulk-secret-0001', entities: [{ entity: 'ACCOUNT', report_types: ['COMPANY'], events: ['REPORT_READY', 'REPORT_IN_REVIEW'] }] },
  });
  // The import job runs once the workers start.
  const deadline = Date.now() + 60_000;
  while ((await f.t.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies_register_imports'))[0]!.n < 2) {
    if (Date.now() > deadline) throw new Error('bulk import did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);
afterAll(async () => f?.close());

async function checked(name: string, regNumber: string, first = 'Fiona', last = 'Macleod') {
  const response = await f.t.app.inject({
    method: 'POST', url: `/clients/${f.c.clientId}/accounts`, headers: f.c.auth,
    payload: { name, type: 'COMPANY', reg_number: regNumber, primary_contact: { first_name: first, last_name: last, email: 'x@example.com' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  await f.receiver.waitFor(() => f.receiver.events().some((e) => e.json.account_id === id && e.json.event === 'REPORT_READY'), 30_000);
  return (await f.t.app.inject({ url: `/clients/${f.c.clientId}/accounts/${id}/reports/company`, headers: f.c.auth })).json();
}

describe('company check on the imported bulk products', () => {
  it('reads the company and its PSCs from the files; the free products carry no officers', async () => {
    const report = await checked('Kestrel Analytics Ltd', '09876543', 'Amelia', 'Hargreaves');
    expect(report.data).toMatchObject({
      source: 'companies_house_bulk', decision: 'PASS', officers_available: false, officers: [],
      company: { name: 'KESTREL ANALYTICS LIMITED', status: 'active', type: 'ltd', incorporated_on: '2015-03-02', sic_codes: ['62020', '63110'], accounts_overdue: false, previous_names: ['KESTREL DATA LTD'] },
    });
    // The ceased PSC is left out; the current one matches the contact given.
    expect(report.data.pscs.map((p: any) => [p.name, p.month_of_birth, p.year_of_birth, p.contact_id])).toEqual([['Mrs Amelia Jane Hargreaves', 4, 1981, expect.any(String)]]);
    expect(report.data.discrepancies).toEqual([]);

    // The PSC from the snapshot is the contact's Companies House identity source (ADR 0150): matched by name, it
    // corroborates the name with the month and year of birth, and the address she gave when it is the service address.
    const contactId = report.data.pscs[0].contact_id as string;
    expect(await f.t.services.companies.identityOf(f.c.clientId, contactId)).toMatchObject({ link: 'NAME_MATCH', kind: 'PSC', company_number: '09876543', month_of_birth: 4, year_of_birth: 1981 });
    const psc = report.data.pscs[0].address;
    const person = {
      first_name: 'Amelia', middle_name: '', last_name: 'Hargreaves', date_of_birth: '1981-04-12',
      address: { street: [psc.premises, psc.address_line_1].filter(Boolean).join(' '), postcode: psc.postal_code, city: psc.locality, country_code: 'GB' },
    };
    const verified = await f.t.services.eidv.verify(person, { clientId: f.c.clientId, contactId, sandbox: false, today: '2026-11-25' });
    expect(verified.sources).toEqual([expect.objectContaining({ source: 'companies_house', selfDeclared: true, nameDob: false, nameDobPartial: true, nameAddress: true })]);
    expect(verified).toMatchObject({ decision: 'REFER', confirmedNameDob: [], confirmedNameAddress: [] });
    expect(verified.reasons).toContain('COMPANIES_HOUSE_CORROBORATES');
    const wrongMonth = await f.t.services.eidv.verify({ ...person, date_of_birth: '1981-05-12' }, { clientId: f.c.clientId, contactId, sandbox: false, today: '2026-11-25' });
    expect(wrongMonth.sources[0]).toMatchObject({ nameDobPartial: false, nameAddress: false });
    expect(wrongMonth.reasons).not.toContain('COMPANIES_HOUSE_CORROBORATES');
  });

  it('overdue filings are decided on the service\'s day from the file\'s due dates', async () => {
    const report = await checked('Thistle & Co Ltd', 'SC123456');
    expect(report.data.decision).toBe('REFER');
    expect(report.data.reasons.map((r: any) => r.code)).toEqual(['ACCOUNTS_OVERDUE', 'CONFIRMATION_STATEMENT_OVERDUE']);
  });

  it('a company being struck off is ALERT; one in liquidation is ALERT (its PSC statement is no PSC)', async () => {
    expect((await checked('Ferry Lane Properties Limited', '7654321')).data.reasons.map((r: any) => r.code)).toContain('STRIKE_OFF_PROPOSED');
    const liquidation = await checked('Northgate Engineering Limited', '04455667');
    expect(liquidation.data).toMatchObject({ decision: 'ALERT', pscs: [] });
    expect(liquidation.data.reasons.map((r: any) => r.code)).toEqual(['COMPANY_IN_LIQUIDATION', 'ACCOUNTS_OVERDUE', 'CONFIRMATION_STATEMENT_OVERDUE', 'NO_PSC_ON_REGISTER']);
  });

  it('a file imported already is skipped unless it changed', async () => {
    expect(await importBulkFile(f.t.services.db, CSV)).toMatchObject({ skipped: true });
    expect(await importBulkFile(f.t.services.db, CSV, { force: true })).toMatchObject({ skipped: false, kind: 'basic_company_data', records: 4 });
    expect(await importBulkFile(f.t.services.db, PSC, { force: true })).toMatchObject({ skipped: false, kind: 'psc_snapshot', records: 4 });
    // `kyc companies import FILE...` runs the same operation.
    expect(await OPERATIONS['companies.import']!(f.t.services, { files: [CSV, PSC] })).toMatchObject([{ skipped: true }, { skipped: true }]);
  });
});
