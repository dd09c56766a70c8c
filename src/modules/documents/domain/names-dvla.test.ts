import { describe, expect, it } from 'vitest';
import { checkDvlaNumber, surnameSegments } from './dvla.ts';
import { mrzSpellings, namesAgree } from './names.ts';

describe('namesAgree: contact spelling against MRZ spelling', () => {
  it.each([
    ['Müller', 'MUELLER', true],
    ['Müller', 'MULLER', true],
    ['Muller', 'MUELLER', false],
    ['Øster-Gård', 'OESTER GAARD', true],
    ["D'Artagnan", 'DARTAGNAN', true],
    ['Ñúñez', 'NUNEZ', true],
    ['Straße', 'STRASSE', true],
    ['Владимир', 'VLADIMIR', true],
    ['Юлия', 'IULIIA', true],
    ['van der Berg', 'VANDERBERG', true],
    ['Anna', 'ANNA MARIA', true],
    ['Maria', 'ANNA MARIA', false],
    ['Anna Maria', 'ANNA', false],
    ['Smith', 'SMYTH', false],
    ['', 'SMITH', false],
  ])('%s vs %s: %s', (contact, doc, expected) => expect(namesAgree(contact, doc)).toBe(expected));

  it('accepts a truncated MRZ name only when the MRZ says it is full', () => {
    expect(namesAgree('Wolfeschlegelsteinhausen', 'WOLFESCHLEGELSTEIN', true)).toBe(true);
    expect(namesAgree('Wolfeschlegelsteinhausen', 'WOLFESCHLEGELSTEIN', false)).toBe(false);
  });

  it('bounds the number of spellings', () => expect(mrzSpellings('ÄÖÜÄÖÜÄÖÜÄÖÜ').length).toBeLessThanOrEqual(16));
});

describe('DVLA licence numbers', () => {
  const holder = { lastName: 'Morgan', givenNames: 'Sarah Meredith', birthDate: '1976-03-11' };
  it('validates a number against surname, birth date (women +50 on the month) and initials', () => {
    expect(checkDvlaNumber('MORGA753116SM9IJ', holder)).toEqual({
      number: 'MORGA753116SM9IJ', structure_valid: true, surname_matches: true, birth_date_matches: true, initials_match: true, implied_sex: 'F',
    });
  });
  it.each([
    ['another surname', 'JONES753116SM9IJ', 'surname_matches'],
    ['another birth day', 'MORGA753126SM9IJ', 'birth_date_matches'],
    ['another birth year', 'MORGA753117SM9IJ', 'birth_date_matches'],
    ['other initials', 'MORGA753116SA9IJ', 'initials_match'],
  ])('flags %s', (_n, number, field) => {
    const r = checkDvlaNumber(number, holder);
    expect(r.structure_valid).toBe(true);
    expect(r[field as 'surname_matches']).toBe(false);
  });
  it.each(['MORGA753116SM9I', 'MORGA713116SM9IJ', 'MORGA75311GSM9IJ', '12345678'])('rejects the structure of %s', (n) => {
    expect(checkDvlaNumber(n, holder).structure_valid).toBe(false);
  });
  it.each([
    ['Lee', ['LEE99']],
    ['MacDonald', ['MCDON']],
    ['Smith-Jones', ['SMITH']],
    ['Öz', ['OEZ99', 'OZ999']],
  ])('surname %s starts the number as %j', (surname, segments) => expect(surnameSegments(surname)).toEqual(segments));
  it('a single forename pads the initials with 9', () => {
    expect(checkDvlaNumber('LEE99810015J99AB', { lastName: 'Lee', givenNames: 'John', birthDate: '1985-10-01' }).initials_match).toBe(true);
  });
});
