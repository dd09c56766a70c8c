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
    expect(sameAddress(person.address, { street: '1 Mill Lane', postcode: 'AB1 2CE', country_code: 'GB' })).toBe(false);
    expect(sameAddress(person.address, { street: '2 Mill Lane', postcode: 'AB1 2CD', country_code: 'GB' })).toBe(false);
    expect(sameAddress(person.address, { street: '1 Mill Lane', postcode: 'AB1 2CD', country_code: 'IE' })).toBe(false);
  });
});
