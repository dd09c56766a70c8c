import { describe, expect, it } from 'vitest';
import { decideCompany, type DecisionInput } from './decision.ts';
import type { ChCompanyProfile } from './register.ts';

const profile = (over: Partial<ChCompanyProfile> = {}): ChCompanyProfile => ({
  company_name: 'KESTREL ANALYTICS LIMITED', company_number: '09876543', company_status: 'active', type: 'ltd',
  accounts: { overdue: false }, confirmation_statement: { overdue: false }, ...over,
});
const input = (over: Partial<DecisionInput> = {}): DecisionInput => ({
  profile: profile(), name: { result: 'MATCH', account: 'Kestrel Analytics Ltd', registered: 'KESTREL ANALYTICS LIMITED' }, discrepancies: [], pscCount: 1, screeningHits: 0, ...over,
});
const codes = (i: DecisionInput) => decideCompany(i).reasons.map((r) => r.code);

describe('decideCompany: the company check decision', () => {
  it.each([
    ['an active company, names match, a PSC, nothing overdue', input(), 'PASS', []],
    ['dissolved', input({ profile: profile({ company_status: 'dissolved' }) }), 'ALERT', ['COMPANY_DISSOLVED']],
    ['removed from the register', input({ profile: profile({ company_status: 'removed' }) }), 'ALERT', ['COMPANY_DISSOLVED']],
    ['being struck off', input({ profile: profile({ company_status: 'active', company_status_detail: 'active-proposal-to-strike-off' }) }), 'ALERT', ['STRIKE_OFF_PROPOSED']],
    ['in liquidation', input({ profile: profile({ company_status: 'liquidation' }) }), 'ALERT', ['COMPANY_IN_LIQUIDATION']],
    ['in administration', input({ profile: profile({ company_status: 'administration' }) }), 'REFER', ['COMPANY_INSOLVENCY']],
    ['name mismatch', input({ name: { result: 'MISMATCH', account: 'Falcon Data Ltd', registered: 'KESTREL ANALYTICS LIMITED' } }), 'REFER', ['NAME_MISMATCH']],
    ['a previous name', input({ profile: profile({ previous_company_names: [{ name: 'KESTREL DATA LTD' }] }), name: { result: 'MISMATCH', account: 'Kestrel Data Ltd', registered: 'KESTREL ANALYTICS LIMITED' } }), 'REFER', ['NAME_IS_PREVIOUS_NAME']],
    ['another legal form', input({ name: { result: 'FORM_DIFFERS', account: 'Kestrel Analytics PLC', registered: 'KESTREL ANALYTICS LIMITED' } }), 'REFER', ['LEGAL_FORM_MISMATCH']],
    ['accounts and confirmation statement overdue', input({ profile: profile({ accounts: { overdue: true }, confirmation_statement: { overdue: true } }) }), 'REFER', ['ACCOUNTS_OVERDUE', 'CONFIRMATION_STATEMENT_OVERDUE']],
    ['not on the register', input({ profile: null, name: null }), 'REFER', ['COMPANY_NOT_FOUND']],
    ['no PSC on the register', input({ pscCount: 0 }), 'REFER', ['NO_PSC_ON_REGISTER']],
    ['PSCs unknown to the source (bulk without PSC file)', input({ pscCount: null }), 'PASS', []],
    ['a PSC not given', input({ discrepancies: [{ code: 'PSC_NOT_GIVEN', contact_id: null, person_id: 'p', reason: '' }] }), 'REFER', ['PSC_NOT_GIVEN']],
    ['a contact not on the register alone does not change the decision', input({ discrepancies: [{ code: 'CONTACT_NOT_ON_REGISTER', contact_id: 'c', person_id: null, reason: '' }] }), 'PASS', []],
    ['a person with a potential screening match', input({ screeningHits: 1 }), 'REFER', ['PERSON_POTENTIAL_MATCH']],
    ['dissolved and mismatched: the most severe wins', input({ profile: profile({ company_status: 'dissolved' }), name: { result: 'MISMATCH', account: 'x', registered: 'y' } }), 'ALERT', ['COMPANY_DISSOLVED', 'NAME_MISMATCH']],
  ] as const)('%s → %s', (_, i, decision, reasons) => {
    expect(decideCompany(i).decision).toBe(decision);
    expect(codes(i)).toEqual(reasons);
  });
});
