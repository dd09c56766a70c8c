import { describe, expect, it } from 'vitest';
import { companiesHouseResult, type CompaniesHouseRecord } from './companies-house.ts';
import { decideIdentity } from './decision.ts';
import { evaluateGpg45 } from './gpg45/evaluate.ts';
import { scoreAll } from './gpg45/scores.ts';
import type { PersonQuery, SourceResult } from './identity.ts';

const service = { street: '4 Wharf Street', postcode: 'LS2 7EQ', city: 'Leeds', country_code: 'GB' };
const home = { street: '12 Oak Road', postcode: 'LS6 2AB', city: 'Leeds', country_code: 'GB' };
const record = (over: Partial<CompaniesHouseRecord> = {}): CompaniesHouseRecord => ({
  link: 'NAME_MATCH', company_number: '09876543', kind: 'OFFICER', forename: 'Amelia', middle_names: 'Jane', surname: 'Hargreaves',
  month_of_birth: 4, year_of_birth: 1981, address: service, ...over,
});
const person = (over: Partial<PersonQuery> = {}): PersonQuery => ({ first_name: 'Amelia', middle_name: '', last_name: 'Hargreaves', date_of_birth: '1981-04-12', address: home, ...over });
const pick = (r: SourceResult) => ({ nameDob: r.nameDob, partial: r.nameDobPartial, nameAddress: r.nameAddress, conflicts: r.conflicts ?? [] });

describe('Companies House as an identity source: what its record says of the contact', () => {
  it.each([
    ['name and month/year agree, home address given: name + partial DOB only', record(), person(), { nameDob: false, partial: true, nameAddress: false, conflicts: [] }, 'COMPANIES_HOUSE_DOB_MONTH_YEAR_MATCH'],
    ['a contact the caller gave at the service address: name + address too', record(), person({ address: service }), { nameDob: false, partial: true, nameAddress: true, conflicts: [] }, 'COMPANIES_HOUSE_SERVICE_ADDRESS_MATCH'],
    ['a contact created from the register: its copied address confirms nothing', record({ link: 'ADDED' }), person({ address: service }), { nameDob: false, partial: true, nameAddress: false, conflicts: [] }, 'COMPANIES_HOUSE_ADDRESS_FROM_REGISTER'],
    ['created from the register with another birth month: a conflict', record({ link: 'ADDED' }), person({ date_of_birth: '1981-05-12' }), { nameDob: false, partial: false, nameAddress: false, conflicts: ['COMPANIES_HOUSE_DOB_DIFFERS'] }, 'COMPANIES_HOUSE_DOB_DIFFERS'],
    ['matched by name with another birth year: someone else, nothing said', record(), person({ date_of_birth: '1982-04-12', address: service }), { nameDob: false, partial: false, nameAddress: false, conflicts: [] }, 'COMPANIES_HOUSE_DOB_DIFFERS'],
    ['a register entry without a birth date: a name alone corroborates nothing', record({ month_of_birth: null, year_of_birth: null }), person({ address: service }), { nameDob: false, partial: false, nameAddress: false, conflicts: [] }, 'COMPANIES_HOUSE_NO_DOB'],
    ['another first name', record({ forename: 'Amanda' }), person(), { nameDob: false, partial: false, nameAddress: false, conflicts: [] }, 'COMPANIES_HOUSE_NAME_MISMATCH'],
  ])('%s', (_label, rec, who, expected, code) => {
    const result = companiesHouseResult(who, rec);
    expect(pick(result)).toEqual(expected);
    expect(result).toMatchObject({ source: 'companies_house', kind: 'register', selfDeclared: true, deceased: false, mortalityChecked: false, fraudChecked: false, activityMonths: null });
    expect(result.reasons).toContain(code);
    expect(result.reasons).toContain('COMPANIES_HOUSE_SELF_DECLARED');
  });
});

const roll = (nameDob: boolean, nameAddress: boolean): SourceResult => ({ source: 'roll', kind: 'register', nameDob, nameAddress, deceased: false, reasons: [] });
const decide = (sources: SourceResult[]) => decideIdentity({ sources, dateOfBirth: '1981-04-12', today: '2026-11-28', minimumAge: 18 });

describe('the identity decision counts it as a corroboration, never as an independent source', () => {
  const ch = companiesHouseResult(person({ address: service }), record());
  it('one register and Companies House are not two sources: REFER SOURCES_LT_2, corroborated', () => {
    const out = decide([roll(true, false), ch]);
    expect(out).toMatchObject({ decision: 'REFER', confirmedNameDob: ['roll'], confirmedNameAddress: [] });
    expect(out.reasons).toEqual(['SOURCES_LT_2', 'NAME_ADDRESS_NOT_CONFIRMED', 'COMPANIES_HOUSE_CORROBORATES']);
  });
  it('two independent sources PASS, and the corroboration is named', () => {
    expect(decide([roll(true, true), { ...roll(true, false), source: 'credit' }, ch]).reasons).toEqual(['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED', 'COMPANIES_HOUSE_CORROBORATES']);
  });
  it('a conflict from a contact created from the register stops what would pass', () => {
    const conflict = companiesHouseResult(person({ date_of_birth: '1981-05-12' }), record({ link: 'ADDED' }));
    const out = decide([roll(true, true), { ...roll(true, true), source: 'credit' }, conflict]);
    expect(out.decision).toBe('REFER');
    expect(out.reasons).toEqual(['COMPANIES_HOUSE_DOB_DIFFERS']);
  });
});

describe('GPG 45: strength 1, validity 1 at most', () => {
  const evidence = (r: SourceResult) => ({
    source: r.source, kind: r.kind, nameDob: r.nameDob, nameAddress: r.nameAddress, activityMonths: null, mortalityChecked: false, fraudChecked: false,
    deceased: false, knownFraud: false, selfDeclared: r.selfDeclared, nameDobPartial: r.nameDobPartial,
  });
  const screening = { pep: 'No Match' as const, sanctions: 'No Match' as const };
  it('name, month and year of birth and the service address: one piece of strength 1, validity 1', () => {
    const scores = scoreAll({ sources: [evidence(companiesHouseResult(person({ address: service }), record()))], screening });
    expect(scores.evidence).toEqual([expect.objectContaining({ id: 'source:companies_house', strength: 1, validity: 1 })]);
    expect(scores.evidence[0]!.why.join(' ')).toContain('declared by the company');
    expect(scores.activity.score).toBe(0);
    expect(scores.fraud.score).toBe(0);
  });
  it('nothing when the month and year of birth do not agree', () => {
    expect(scoreAll({ sources: [evidence(companiesHouseResult(person({ date_of_birth: '1990-01-01' }), record()))], screening }).evidence).toEqual([]);
  });
  it('it cannot be the second piece of a medium profile, where an independent record of the same matches would be', () => {
    // A passport with its security features checked (3, 2), a live face match (verification 3), a roll that checked mortality (fraud 1):
    // M2C wants a second piece of 2, 2. Companies House's record gives 1, 1; the same matches from an independent source give 2, 2.
    const ch = evidence(companiesHouseResult(person({ address: service }), record()));
    const base = {
      document: { type: 'passport' as const, decision: 'PASSED', reasons: [], matchesPerson: true, securityFeaturesChecked: true }, face: { matched: true, liveness: true }, screening,
    };
    const rollSeen = { ...evidence(roll(true, false)), mortalityChecked: true };
    expect(evaluateGpg45(scoreAll({ ...base, sources: [rollSeen, ch] }), 'MEDIUM').required_met).toBe(false);
    const independent = { ...ch, selfDeclared: false, nameDob: true, nameAddress: true };
    expect(evaluateGpg45(scoreAll({ ...base, sources: [rollSeen, independent] }), 'MEDIUM')).toMatchObject({ required_met: true, profile: 'M2C' });
  });
});
