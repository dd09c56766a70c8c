import { describe, expect, it } from 'vitest';
import { decideIdentity } from './decision.ts';
import { foldName, sameAddress, sameName, type PersonQuery, type SourceResult } from './identity.ts';

const src = (source: string, nameDob: boolean, nameAddress: boolean, deceased = false): SourceResult => ({ source, kind: 'register', nameDob, nameAddress, deceased, reasons: [] });
const decide = (sources: SourceResult[], dateOfBirth = '1980-01-01') => decideIdentity({ sources, dateOfBirth, today: '2026-11-22', minimumAge: 18 });

describe('identity decision', () => {
  it('two sources, one confirming name+DOB and one name+address, PASS', () => {
    expect(decide([src('roll', false, true), src('credit', true, false)]).decision).toBe('PASS');
  });
  it('two sources confirming everything PASS with reason codes', () => {
    const out = decide([src('roll', true, true), src('credit', true, true)]);
    expect(out).toMatchObject({ decision: 'PASS', confirmedNameDob: ['roll', 'credit'], confirmedNameAddress: ['roll', 'credit'] });
  });
  it('one source confirming everything is REFER (fewer than two sources)', () => {
    expect(decide([src('roll', true, true), src('credit', false, false)])).toMatchObject({ decision: 'REFER', reasons: ['SOURCES_LT_2'] });
  });
  it('two sources that only confirm name+address are REFER (date of birth unconfirmed)', () => {
    expect(decide([src('a', false, true), src('b', false, true)])).toMatchObject({ decision: 'REFER', reasons: ['NAME_DOB_NOT_CONFIRMED'] });
  });
  it('no source at all is REFER with every reason', () => {
    expect(decide([]).reasons).toEqual(['SOURCES_LT_2', 'NAME_DOB_NOT_CONFIRMED', 'NAME_ADDRESS_NOT_CONFIRMED']);
  });
  it('a source reporting the person deceased is ALERT even when others confirm', () => {
    expect(decide([src('roll', true, true), src('credit', true, true, true)])).toMatchObject({ decision: 'ALERT', reasons: ['DECEASED'] });
  });
  it.each<[string, string[] | undefined, string, string[]]>([
    ['a document whose chip shows it altered is ALERT even when two sources confirm', ['DG_HASH_MISMATCH'], 'ALERT', ['DOCUMENT_CHIP_TAMPERED']],
    ['a cloned chip likewise', ['AA_FAILED'], 'ALERT', ['DOCUMENT_CHIP_TAMPERED']],
    ['a chip only not verified (nothing tampered) leaves the sources\' PASS', [], 'PASS', ['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED']],
    ['no chip at all likewise', undefined, 'PASS', ['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED']],
  ])('%s', (_label, documentTampered, decision, reasons) => {
    const out = decideIdentity({ sources: [src('roll', true, true), src('credit', true, true)], dateOfBirth: '1980-01-01', today: '2026-11-22', minimumAge: 18, ...(documentTampered ? { documentTampered } : {}) });
    expect(out).toMatchObject({ decision, reasons });
  });
  it('a tampered chip is named beside a deceased source', () => {
    const out = decideIdentity({ sources: [src('roll', true, true, true)], dateOfBirth: '1980-01-01', today: '2026-11-22', minimumAge: 18, documentTampered: ['SIGNATURE_INVALID'] });
    expect(out).toMatchObject({ decision: 'ALERT', reasons: ['DECEASED', 'DOCUMENT_CHIP_TAMPERED'] });
  });
  it('a date of birth under 18 is ALERT UNDERAGE; 18 today is not', () => {
    expect(decide([src('a', true, true), src('b', true, true)], '2010-01-01')).toMatchObject({ decision: 'ALERT', reasons: ['UNDERAGE'] });
    expect(decide([src('a', true, true), src('b', true, true)], '2008-11-22').decision).toBe('PASS');
    expect(decide([src('a', true, true), src('b', true, true)], '2008-11-23').decision).toBe('ALERT');
  });
});

describe('identity matching', () => {
  const person: PersonQuery = { first_name: 'Zoë', middle_name: 'Anne', last_name: "O'Brien", date_of_birth: '1980-01-01', address: { street: '1 Mill Lane', postcode: 'ab1 2cd', city: 'York', country_code: 'GB' } };
  it('folds case, diacritics and punctuation in names', () => {
    expect(foldName("O'Brien")).toBe('OBRIEN');
    expect(sameName(person, { first_name: 'ZOE', last_name: 'OBRIEN' })).toBe(true);
    expect(sameName(person, { first_name: 'Zoe', last_name: 'Brien' })).toBe(false);
  });
  it('a different middle name is not the same person; a missing or initial one is', () => {
    expect(sameName(person, { first_name: 'Zoe', last_name: "O'Brien", middle_name: 'Beth' })).toBe(false);
    expect(sameName(person, { first_name: 'Zoe', last_name: "O'Brien", middle_name: 'A' })).toBe(true);
    expect(sameName(person, { first_name: 'Zoe', last_name: "O'Brien" })).toBe(true);
  });
  it('addresses agree on country, postcode and street', () => {
    expect(sameAddress(person.address, { street: '1 MILL LANE', postcode: 'AB12CD', country_code: 'GB' })).toBe(true);
    expect(sameAddress(person.address, { street: '1 Mill Ln.', postcode: 'ab1 2cd', country_code: 'gb' })).toBe(true);
    expect(sameAddress(person.address, { street: '1 Mill Lane', postcode: 'AB1 2CE', country_code: 'GB' })).toBe(false);
    expect(sameAddress(person.address, { street: '2 Mill Lane', postcode: 'AB1 2CD', country_code: 'GB' })).toBe(false);
    expect(sameAddress(person.address, { street: '1 Mill Lane', postcode: 'AB1 2CD', country_code: 'IE' })).toBe(false);
  });
});

describe('identity decision with GPG 45 and the postcode', () => {
  const gpg45 = (required_met: boolean) => ({ version: 'v', confidence: required_met ? 'MEDIUM' as const : null, profile: required_met ? 'M1C' : null, profiles_met: [], required: 'MEDIUM' as const, required_met,
    scores: { evidence: [], activity_history: { score: 0, why: [], raise: [] }, identity_fraud: { score: 0, why: [], raise: [] }, verification: { score: 0, why: [], raise: [] } },
    to_raise: null, missing_codes: required_met ? [] : ['NO_EVIDENCE_STRENGTH_3', 'VERIFICATION_LT_3'] });
  const base = { dateOfBirth: '1980-01-01', today: '2026-11-22', minimumAge: 18 };
  it('the required confidence met is PASS without any source, naming the level and profile; the address unconfirmed is said', () => {
    expect(decideIdentity({ ...base, sources: [], gpg45: gpg45(true), postcode: 'LIVE' })).toMatchObject({ decision: 'PASS', reasons: ['GPG45_MEDIUM', 'GPG45_PROFILE_M1C', 'NAME_ADDRESS_NOT_CONFIRMED'] });
  });
  it('not met and one source: REFER naming what was missing', () => {
    expect(decideIdentity({ ...base, sources: [src('a', true, true)], gpg45: gpg45(false) }).reasons)
      .toEqual(['SOURCES_LT_2', 'GPG45_MEDIUM_NOT_MET', 'NO_EVIDENCE_STRENGTH_3', 'VERIFICATION_LT_3']);
  });
  it('a postcode that does not exist (or is not a postcode) stops the GPG 45 path, not two sources that hold the address', () => {
    expect(decideIdentity({ ...base, sources: [], gpg45: gpg45(true), postcode: 'UNKNOWN' })).toMatchObject({ decision: 'REFER', reasons: expect.arrayContaining(['POSTCODE_NOT_FOUND']) });
    expect(decideIdentity({ ...base, sources: [], gpg45: gpg45(true), postcode: 'BAD_FORMAT' })).toMatchObject({ decision: 'REFER', reasons: expect.arrayContaining(['POSTCODE_INVALID_FORMAT']) });
    expect(decideIdentity({ ...base, sources: [src('a', true, true), src('b', true, true)], postcode: 'UNKNOWN' }).decision).toBe('PASS');
  });
  it('a known fraudulent identity is ALERT, whatever else agrees', () => {
    expect(decideIdentity({ ...base, sources: [src('a', true, true), { ...src('b', true, true), knownFraud: true }], gpg45: gpg45(true) })).toMatchObject({ decision: 'ALERT', reasons: ['IDENTITY_FRAUD'] });
  });
  it('a proof of address confirms the address for the GPG 45 path', () => {
    expect(decideIdentity({ ...base, sources: [], gpg45: gpg45(true), addressConfirmedBy: ['proof_of_address'] }).reasons).toEqual(['GPG45_MEDIUM', 'GPG45_PROFILE_M1C']);
  });
});
