/**
 * The Companies House bulk products, for installs without internet:
 * - the Free Company Data Product ("BasicCompanyDataAsOneFile-YYYY-MM-DD.csv" or its parts): one CSV row per
 *   live company, headers such as `CompanyName`, ` CompanyNumber` (some headers carry a leading space in the
 *   real file, so they are trimmed), `RegAddress.AddressLine1`, `CompanyStatus`, `IncorporationDate`
 *   (DD/MM/YYYY), `Accounts.NextDueDate`, `ConfStmtNextDueDate`, `SICCode.SicText_1..4`, `PreviousName_n.*`;
 * - the PSC snapshot ("persons-with-significant-control-snapshot-YYYY-MM-DD.txt"): one JSON object a line,
 *   `{"company_number": ..., "data": {...the API's PSC resource...}}`, and a last `totals#...` line.
 * Rows become the API's shapes (register.ts), so the check reads one form whichever source answered.
 */
import type { ChCompanyProfile, ChPsc } from './register.ts';

/** DD/MM/YYYY → YYYY-MM-DD; "" and malformed → undefined. */
export function bulkDate(text: string | undefined): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((text ?? '').trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}

/** The file's status words as the API's `company_status` (and `company_status_detail`). */
export function bulkStatus(text: string): { company_status: string; company_status_detail?: string } {
  const t = text.trim().toLowerCase();
  if (t.includes('proposal to strike off')) return { company_status: 'active', company_status_detail: 'active-proposal-to-strike-off' };
  if (t.startsWith('active')) return { company_status: 'active' };
  if (t.includes('administration')) return { company_status: 'administration' };
  if (t.includes('receiver')) return { company_status: 'receivership' };
  if (t.includes('voluntary arrangement')) return { company_status: 'voluntary-arrangement' };
  if (t.includes('insolvency')) return { company_status: 'insolvency-proceedings' };
  if (t.includes('converted') || t.includes('closed')) return { company_status: 'converted-closed' };
  return { company_status: t.replace(/\s+/g, '-') };
}

const CATEGORIES: Array<[RegExp, string]> = [
  [/^private limited company$/i, 'ltd'],
  [/^public limited company$/i, 'plc'],
  [/^limited liability partnership$/i, 'llp'],
  [/^limited partnership$/i, 'limited-partnership'],
  [/limited by guarantee/i, 'private-limited-guarant-nsc'],
  [/^private unlimited/i, 'private-unlimited'],
  [/^community interest company$/i, 'ltd'],
  [/^overseas entity$/i, 'registered-overseas-entity'],
  [/^charitable incorporated organisation$/i, 'charitable-incorporated-organisation'],
  [/^scottish partnership$/i, 'scottish-partnership'],
];

export function bulkCategory(text: string): string {
  for (const [re, type] of CATEGORIES) if (re.test(text.trim())) return type;
  return text.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** A CSV row of the basic company data (header → value, headers trimmed) as a company profile; `today` decides the overdue flags. */
export function profileFromBasicRow(row: Record<string, string>, today: string): ChCompanyProfile | undefined {
  const get = (k: string) => (row[k] ?? '').trim();
  const number = get('CompanyNumber');
  if (!number) return undefined;
  const accountsDue = bulkDate(get('Accounts.NextDueDate'));
  const statementDue = bulkDate(get('ConfStmtNextDueDate'));
  const previous = Array.from({ length: 10 }, (_, i) => ({ name: get(`PreviousName_${i + 1}.CompanyName`), ceased_on: bulkDate(get(`PreviousName_${i + 1}.CONDATE`)) }))
    .filter((p) => p.name);
  const sic = [1, 2, 3, 4].map((i) => get(`SICCode.SicText_${i}`)).filter((s) => s && !/^none supplied$/i.test(s)).map((s) => s.split(' - ')[0]!.trim());
  return {
    company_name: get('CompanyName'),
    company_number: number,
    ...bulkStatus(get('CompanyStatus')),
    type: bulkCategory(get('CompanyCategory')),
    date_of_creation: bulkDate(get('IncorporationDate')),
    ...(bulkDate(get('DissolutionDate')) ? { date_of_cessation: bulkDate(get('DissolutionDate')) } : {}),
    registered_office_address: {
      ...(get('RegAddress.CareOf') ? { care_of: get('RegAddress.CareOf') } : {}),
      ...(get('RegAddress.POBox') ? { po_box: get('RegAddress.POBox') } : {}),
      address_line_1: get('RegAddress.AddressLine1'),
      ...(get('RegAddress.AddressLine2') ? { address_line_2: get('RegAddress.AddressLine2') } : {}),
      locality: get('RegAddress.PostTown'),
      ...(get('RegAddress.County') ? { region: get('RegAddress.County') } : {}),
      postal_code: get('RegAddress.PostCode'),
      country: get('RegAddress.Country') || get('CountryOfOrigin'),
    },
    sic_codes: sic,
    accounts: { next_due: accountsDue, overdue: accountsDue !== undefined && accountsDue < today },
    confirmation_statement: { next_due: statementDue, overdue: statementDue !== undefined && statementDue < today },
    previous_company_names: previous,
  };
}

/** One line of the PSC snapshot: the company number and the PSC, or undefined for the totals line and blank lines. */
export function pscFromSnapshotLine(line: string): { company_number: string; psc: ChPsc } | undefined {
  if (!line.trim()) return undefined;
  const parsed = JSON.parse(line) as { company_number?: string; data?: ChPsc };
  if (!parsed.company_number || !parsed.data?.kind || parsed.data.kind.startsWith('totals')) return undefined;
  return { company_number: parsed.company_number, psc: parsed.data };
}
