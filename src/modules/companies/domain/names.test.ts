import { describe, expect, it } from 'vitest';
import { compareCompanyNames, nameWords } from './names.ts';

// The screening module's legal-form kinds, as service.ts gives them (a few of them, for a pure test).
const KINDS: Record<string, string> = { ltd: 'llc', limited: 'llc', llc: 'llc', plc: 'jsc', llp: 'lp', lp: 'lp', co: 'inc', inc: 'inc' };
const formKind = (w: string) => KINDS[w];

describe('company names: the account against the register', () => {
  it.each([
    ['Kestrel Analytics Ltd', 'KESTREL ANALYTICS LIMITED', 'MATCH'],
    ['Kestrel Analytics', 'KESTREL ANALYTICS LIMITED', 'MATCH'],
    ['kestrel analytics limited.', 'KESTREL ANALYTICS LIMITED', 'MATCH'],
    ['The Kestrel Analytics Ltd', 'KESTREL ANALYTICS LIMITED', 'MATCH'],
    ['Thistle and Co Ltd', 'THISTLE & CO LTD', 'MATCH'],
    ['Smith & Jones LLP', 'SMITH AND JONES LIMITED LIABILITY PARTNERSHIP', 'MATCH'],
    ['Acme Public Limited Company', 'ACME PLC', 'MATCH'],
    ['Café Rouge Ltd', 'CAFE ROUGE LIMITED', 'MATCH'],
    ['Kestrel Analytics PLC', 'KESTREL ANALYTICS LIMITED', 'FORM_DIFFERS'],
    ['Kestrel Analytic Ltd', 'KESTREL ANALYTICS LIMITED', 'MISMATCH'],
    ['Kestrel Ltd', 'KESTREL ANALYTICS LIMITED', 'MISMATCH'],
    ['Falcon Data Ltd', 'KESTREL ANALYTICS LIMITED', 'MISMATCH'],
  ])('%s vs %s → %s', (account, registered, result) => {
    expect(compareCompanyNames(account, registered, formKind).result).toBe(result);
  });

  it('a name that is only a legal form keeps it as its word', () => {
    expect(nameWords('Limited')).toEqual(['limited']);
    expect(compareCompanyNames('Limited', 'LIMITED', formKind).result).toBe('MATCH');
  });
});
