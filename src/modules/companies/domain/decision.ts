/**
 * THE company check decision: PASS, REFER or ALERT with reason codes, from the register extract, the name
 * comparison, the discrepancies and the people's screening. One place; every rule is a line of RULES or of
 * STATUS_RULES below, and the decision is the most severe reason's.
 */
import type { NameComparison } from './names.ts';
import type { Discrepancy } from './discrepancies.ts';
import type { ChCompanyProfile } from './register.ts';

export type CompanyDecision = 'PASS' | 'REFER' | 'ALERT';

export interface Reason {
  code: string;
  severity: 'REFER' | 'ALERT';
  message: string;
}

/**
 * Company statuses (the API's `company_status` and `company_status_detail` values; the bulk file's are mapped to
 * these in bulk.ts). Dissolved, removed, closed or being struck off: the company is gone or going (ALERT).
 * Liquidation: being wound up (ALERT). Administration, receivership, a voluntary arrangement or insolvency
 * proceedings: trading under an insolvency process (REFER).
 */
export const STATUS_RULES: Record<string, Reason> = {
  dissolved: { code: 'COMPANY_DISSOLVED', severity: 'ALERT', message: 'The company is dissolved' },
  removed: { code: 'COMPANY_DISSOLVED', severity: 'ALERT', message: 'The company has been removed from the register' },
  closed: { code: 'COMPANY_DISSOLVED', severity: 'ALERT', message: 'The company is closed' },
  'converted-closed': { code: 'COMPANY_DISSOLVED', severity: 'ALERT', message: 'The company was converted or closed' },
  'active-proposal-to-strike-off': { code: 'STRIKE_OFF_PROPOSED', severity: 'ALERT', message: 'The company is to be struck off the register' },
  liquidation: { code: 'COMPANY_IN_LIQUIDATION', severity: 'ALERT', message: 'The company is in liquidation' },
  administration: { code: 'COMPANY_INSOLVENCY', severity: 'REFER', message: 'The company is in administration' },
  receivership: { code: 'COMPANY_INSOLVENCY', severity: 'REFER', message: 'The company is in receivership' },
  'voluntary-arrangement': { code: 'COMPANY_INSOLVENCY', severity: 'REFER', message: 'The company is in a voluntary arrangement' },
  'insolvency-proceedings': { code: 'COMPANY_INSOLVENCY', severity: 'REFER', message: 'The company is in insolvency proceedings' },
};

export interface DecisionInput {
  /** Null: no company with that number on the register. */
  profile: ChCompanyProfile | null;
  name: NameComparison | null;
  discrepancies: readonly Discrepancy[];
  /** Current PSCs on the register, or null when the source does not have them. */
  pscCount: number | null;
  /** Register people with a potential sanctions or PEP match (ids); empty when not screened. */
  screeningHits: number;
}

export function decideCompany(input: DecisionInput): { decision: CompanyDecision; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const p = input.profile;
  if (!p) {
    reasons.push({ code: 'COMPANY_NOT_FOUND', severity: 'REFER', message: 'No company with this registration number on the register' });
  } else {
    const status = STATUS_RULES[p.company_status_detail ?? ''] ?? STATUS_RULES[p.company_status ?? ''];
    if (status) reasons.push(status);
    if (input.name?.result === 'MISMATCH') {
      const previous = (p.previous_company_names ?? []).some((n) => n.name.toLowerCase() === input.name!.account.toLowerCase());
      reasons.push(previous
        ? { code: 'NAME_IS_PREVIOUS_NAME', severity: 'REFER', message: 'The account\'s name is a previous name of the company' }
        : { code: 'NAME_MISMATCH', severity: 'REFER', message: 'The account\'s name does not match the registered name' });
    } else if (input.name?.result === 'FORM_DIFFERS') {
      reasons.push({ code: 'LEGAL_FORM_MISMATCH', severity: 'REFER', message: 'The account\'s name has another legal form than the registered name' });
    }
    if (p.accounts?.overdue) reasons.push({ code: 'ACCOUNTS_OVERDUE', severity: 'REFER', message: 'The company\'s accounts are overdue' });
    if (p.confirmation_statement?.overdue) reasons.push({ code: 'CONFIRMATION_STATEMENT_OVERDUE', severity: 'REFER', message: 'The company\'s confirmation statement is overdue' });
    if (p.registered_office_is_in_dispute || p.undeliverable_registered_office_address) {
      reasons.push({ code: 'REGISTERED_OFFICE_UNRELIABLE', severity: 'REFER', message: 'The registered office is in dispute or undeliverable' });
    }
    if (input.pscCount === 0) reasons.push({ code: 'NO_PSC_ON_REGISTER', severity: 'REFER', message: 'The register names no current person with significant control' });
  }
  const codes = new Set(input.discrepancies.map((d) => d.code));
  if (codes.has('PSC_NOT_GIVEN')) reasons.push({ code: 'PSC_NOT_GIVEN', severity: 'REFER', message: 'A person with significant control on the register was not given as a contact' });
  // CONTACT_NOT_ON_REGISTER stays a discrepancy on the report without changing the decision: the primary contact
  // is often an employee who is neither an officer nor a PSC, and that is no reason to doubt the company.
  if (codes.has('DATE_OF_BIRTH_DIFFERS')) reasons.push({ code: 'DATE_OF_BIRTH_DIFFERS', severity: 'REFER', message: 'A contact\'s month and year of birth differ from the register\'s' });
  if (input.screeningHits > 0) reasons.push({ code: 'PERSON_POTENTIAL_MATCH', severity: 'REFER', message: 'An officer or person with significant control has a potential sanctions or PEP match' });
  const decision: CompanyDecision = reasons.some((r) => r.severity === 'ALERT') ? 'ALERT' : reasons.length ? 'REFER' : 'PASS';
  return { decision, reasons };
}
