import { describe, expect, it } from 'vitest';
import { compareVizWithMrz, namesAgreeInViz, parseVizDates, substringDistance } from './viz.ts';

const mrz = { last_name: 'ERIKSSON', given_names: 'ANNA MARIA', date_of_birth: '1974-08-12', expiry_date: '2012-04-15', document_number: 'L898902C3' };
const status = (text: string, values = mrz) => Object.fromEntries(compareVizWithMrz(text, values).fields.map((f) => [f.field, f.status]));

/** The ICAO specimen's page as Tesseract read it from the shared specimen (OCR noise kept). */
const UTOPIA = `Passport/
Passeport
UTOPIA
Typel Type Country code/ Code du pays Passport Number/ N° de passepc
P uTo L898902C3
Surname/ Nom
ERIKSSON
Given names/ Prénoms
AN NA MARIA
Nationality/ Nationalité
UTOPIAN
Date of Birth! Date de naissance Personal No./ N ° personnel
12 AUGUST/AOUT 74 2 E 184226 B
Date of expiry/ Date d'expiration Holder's signature/ Signature du titulaire
15 APR/AVR 12 (bum Mwu'a Calhoun`;

describe('visual zone against the MRZ', () => {
  it('every field of a genuine page agrees despite OCR noise (split words, two-digit years, month names in two languages)', () => {
    expect(status(UTOPIA)).toEqual({ last_name: 'agrees', given_names: 'agrees', date_of_birth: 'agrees', expiry_date: 'agrees', document_number: 'agrees' });
  });

  it('a fifth of a name may be misread, the MRZ may truncate, and the page may print diacritics', () => {
    expect(status('SURNAME\nROWALSKA', { ...mrz, last_name: 'KOWALSKA' }).last_name).toBe('agrees');
    expect(status('GIVEN NAMES\nBARTHOLOMEW JAMES', { ...mrz, given_names: 'BARTHOLOMEW JAM' }).given_names).toBe('agrees');
    expect(status('NAME / SURNAME\nMÜLLER', { ...mrz, last_name: 'MUELLER' }).last_name).toBe('agrees');
    expect(status('NOM\nMÜLLER', { ...mrz, last_name: 'MULLER' }).last_name).toBe('agrees');
  });

  it('a clearly different surname, birth date or number under its label is a contradiction', () => {
    const page = 'SURNAME / NOM\nHARRINGTON\nDATE OF BIRTH\n23.06.1961\nDOCUMENT NO\nK73C209898';
    const r = compareVizWithMrz(page, mrz);
    expect(r.contradicts).toBe(true);
    expect(r.fields.filter((f) => f.status === 'differs').map((f) => [f.field, f.viz])).toEqual([['last_name', 'HARRINGTON'], ['date_of_birth', '1961-06-23'], ['document_number', 'K73C209898']]);
  });

  it('no contradiction from what OCR typically gets wrong', () => {
    // One digit of a date (indistinguishable from a misread), a partly read number, a misread label word ("RENOMS").
    const page = 'DATE OF BIRTH\n12.08.1977\nDOCUMENT NO\nL8989\nGIVEN NAMES RENOMS\nSURNAME / NOM\nERIKSS0N';
    const r = compareVizWithMrz(page, mrz);
    expect(r.contradicts).toBe(false);
    expect(status(page).last_name).toBe('agrees');
  });

  it('a value on the label line itself (not under it) or a label misread is never taken as a contradiction', () => {
    expect(status('Sumamel Nom HARRINGTON').last_name).toBe('not_read');
    expect(status('Surname HARRINGTON').last_name).toBe('not_read');
  });

  it('the names are confirmed by the page only when surname and given names both agree', () => {
    expect(namesAgreeInViz(compareVizWithMrz(UTOPIA, mrz))).toBe(true);
    expect(namesAgreeInViz(compareVizWithMrz('SURNAME / NOM\nERIKSSON', mrz)), 'given names not read').toBe(false);
    expect(namesAgreeInViz(compareVizWithMrz(UTOPIA, { ...mrz, given_names: 'BRIGITTE' })), 'given names differ').toBe(false);
    expect(namesAgreeInViz(null), 'no page read').toBe(false);
  });

  it('an unreadable page is not read, not a contradiction', () => {
    const r = compareVizWithMrz('mum 01mm\nmil’lli “ I‘Ai nﬂ\n“an-“var”.\n', mrz);
    expect([r.read, r.contradicts]).toEqual([false, false]);
  });

  it('parses dates as documents print them', () => {
    expect(parseVizDates('01.01.1911')).toEqual(['1911-01-01']);
    expect(parseVizDates('12 AUGUST/AOUT 74')).toEqual(['1974-08-12', '2074-08-12']);
    expect(parseVizDates('15APR/AVR12')).toContain('2012-04-15');
    expect(parseVizDates('24JUN2004 and 1990-02-30')).toEqual(['2004-06-24']);
  });

  it('substringDistance finds the best approximate occurrence', () => {
    expect(substringDistance('SMITH', 'XXSMYTHXX')).toBe(1);
    expect(substringDistance('SMITH', 'JONES')).toBeGreaterThan(2);
  });
});
