import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { bulkStatus, profileFromBasicRow, pscFromSnapshotLine } from './bulk.ts';
import { createRateWindow } from './rate-window.ts';

const dir = path.join(import.meta.dirname, '../../../../test/companies/fixtures/bulk');

describe('bulk products', () => {
  const rows = parse(readFileSync(path.join(dir, 'BasicCompanyData-2026-11-01-part1_1.csv')), { columns: (h: string[]) => h.map((x) => x.trim()) }) as Array<Record<string, string>>;

  it('a basic company data row as the API profile; overdue decided on the day given', () => {
    const p = profileFromBasicRow(rows[0]!, '2026-11-25')!;
    expect(p).toMatchObject({
      company_name: 'KESTREL ANALYTICS LIMITED', company_number: '09876543', company_status: 'active', type: 'ltd', date_of_creation: '2015-03-02',
      registered_office_address: { address_line_1: '4 Wharf Street', locality: 'LEEDS', postal_code: 'LS2 7EQ', country: 'ENGLAND' },
      sic_codes: ['62020', '63110'], accounts: { next_due: '2026-12-31', overdue: false }, confirmation_statement: { next_due: '2027-03-16', overdue: false },
      previous_company_names: [{ name: 'KESTREL DATA LTD', ceased_on: '2016-05-14' }],
    });
    expect(profileFromBasicRow(rows[1]!, '2026-11-25')).toMatchObject({ accounts: { next_due: '2025-06-30', overdue: true }, confirmation_statement: { next_due: '2025-10-01', overdue: true } });
    expect(profileFromBasicRow(rows[1]!, '2025-06-30')).toMatchObject({ accounts: { overdue: false }, confirmation_statement: { overdue: false } });
    expect(profileFromBasicRow(rows[3]!, '2026-11-25')).toMatchObject({ company_status: 'liquidation', sic_codes: [] });
  });

  it.each([
    ['Active', 'active', undefined], ['Active - Proposal to Strike off', 'active', 'active-proposal-to-strike-off'], ['Liquidation', 'liquidation', undefined],
    ['In Administration', 'administration', undefined], ['Dissolved', 'dissolved', undefined], ['Voluntary Arrangement', 'voluntary-arrangement', undefined],
    ['RECEIVER MANAGER / ADMINISTRATIVE RECEIVER', 'receivership', undefined],
  ])('status %s', (text, status, detail) => {
    expect(bulkStatus(text)).toEqual({ company_status: status, ...(detail ? { company_status_detail: detail } : {}) });
  });

  it('PSC snapshot lines: PSCs and statements kept as the API has them, the totals line skipped', () => {
    const lines = readFileSync(path.join(dir, 'persons-with-significant-control-snapshot-2026-11-01.txt'), 'utf8').split('\n');
    const parsed = lines.map(pscFromSnapshotLine);
    expect(parsed.filter(Boolean)).toHaveLength(4);
    expect(parsed[0]).toMatchObject({ company_number: '09876543', psc: { kind: 'individual-person-with-significant-control', name_elements: { surname: 'Hargreaves' } } });
    expect(parsed[4]).toBeUndefined();
  });

  it('the rate window: 600 in 5 minutes, then the wait until the oldest leaves it; a 429 blocks for Retry-After', () => {
    const w = createRateWindow(600, 300_000);
    for (let i = 0; i < 600; i++) w.record(1000 + i);
    expect(w.delay(2000)).toBe(1000 + 300_000 - 2000);
    expect(w.delay(301_000)).toBe(0);
    w.block(301_000, 5000);
    expect(w.delay(302_000)).toBe(4000);
  });
});
