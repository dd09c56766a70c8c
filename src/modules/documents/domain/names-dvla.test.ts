import { describe, expect, it } from 'vitest';
import { checkDvaNumber, checkDvlaNumber, surnameSegments } from './dvla.ts';
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
      number: 'MORGA753116SM9IJ', structure_valid: true, malformed: [], surname_matches: true, birth_date_matches: true, initials_match: true, implied_sex: 'F', sex_matches: null,
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
  it.each([
    ['MORGA753116SM9I', ['length']],
    ['12345678', ['length']],
    ['MORGA753116SM9XX', ['check_characters']],
    ['SMITH854153J99XX', ['check_characters']],
    ['MORGA753116SM9I-', ['check_characters']],
    ['MO9GA753116SM9IJ', ['surname']],
    ['9ORGA753116SM9IJ', ['surname']],
    ['MORGAX53116SM9IJ', ['decade']],
    ['MORGA713116SM9IJ', ['month']],
    ['MORGA763116SM9IJ', ['month']],
    ['MORGA752316SM9IJ', ['day']],
    ['MORGA703006SM9IJ', ['day']],
    ['MORGA754316SM9IJ', ['day']],
    ['MORGA75311GSM9IJ', ['year']],
    ['MORGA7531169M9IJ', ['initials']],
    ['MORGA753116S19IJ', ['initials']],
    ['MORGA753116SMXIJ', ['arbitrary_digit']],
  ])('rejects %s: malformed %j', (n, parts) => {
    const r = checkDvlaNumber(n, holder);
    expect(r.structure_valid).toBe(false);
    expect(r.malformed).toEqual(parts);
    expect(r.surname_matches).toBeNull();
  });
  it.each(['MORGA753116SM9IJ', 'MORGA753116SM1A7', 'MORGA753116SM942', 'MORGA702296SM9IJ'])('accepts the form of %s (check characters: letters or digits)', (n) => {
    expect(checkDvlaNumber(n, {}).structure_valid).toBe(true);
  });
  it('compares the sex the month implies with the holder\'s when known', () => {
    expect(checkDvlaNumber('MORGA753116SM9IJ', { ...holder, sex: 'M' }).sex_matches).toBe(false);
    expect(checkDvlaNumber('MORGA703116SM9IJ', { sex: 'M' })).toMatchObject({ implied_sex: 'M', sex_matches: true });
  });
  it('Northern Ireland numbers: 8 digits', () => {
    expect(checkDvaNumber('1234 5678').structure_valid).toBe(true);
    expect(checkDvaNumber('1234567').structure_valid).toBe(false);
    expect(checkDvaNumber('MORGA753116SM9IJ').structure_valid).toBe(false);
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
