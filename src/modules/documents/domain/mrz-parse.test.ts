import { parse as oracleParse } from 'mrz';
import { describe, expect, it } from 'vitest';
import { checkDigit, isCheckDigitValid } from '../../../platform/domain/mrz-check-digit.ts';
import { parseMrz } from './mrz-parse.ts';

const TODAY = '2026-11-22';
// ICAO 9303 specimen zones (parts 4 to 7).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
const MRVA = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'];
const MRVB = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'];

describe('check digits (ICAO 9303-3 4.9)', () => {
  it.each([
    ['L898902C3', 6], ['740812', 2], ['120415', 9], ['ZE184226B<<<<<', 1], ['D23145890', 7], ['<<<', 0], ['AB2134', 5],
  ])('%s has check digit %i', (text, digit) => expect(checkDigit(text)).toBe(digit));
  it('is undefined for characters outside the MRZ alphabet', () => expect(checkDigit('ab!')).toBeUndefined());
  it('accepts < as the check digit only of an all-filler field', () => {
    expect(isCheckDigitValid('<<<<<<<<<<<<<<', '<')).toBe(true);
    expect(isCheckDigitValid('ZE184226B<<<<<', '<')).toBe(false);
  });
});

describe('parseMrz: the five ICAO layouts', () => {
  it.each([
    ['TD3', TD3, 'P', 'L898902C3', '1974-08-12', '2012-04-15'],
    ['TD1', TD1, 'I', 'D23145890', '1974-08-12', '2012-04-15'],
    ['TD2', TD2, 'I', 'D23145890', '1974-08-12', '2012-04-15'],
    ['MRVA', MRVA, 'V', 'L8988901C', '1940-09-07', '1996-12-10'],
    ['MRVB', MRVB, 'V', 'L8988901C', '1940-09-07', '1996-12-10'],
  ])('%s specimen reads with every check digit valid', (format, lines, code, number, birth, expiry) => {
    const r = parseMrz(lines, TODAY)!;
    expect(r.format).toBe(format);
    expect(r.valid).toBe(true);
    expect(r.check_digits.every((c) => c.valid)).toBe(true);
    expect(r.fields).toMatchObject({ document_code: code, document_number: number, birth_date: birth, expiry_date: expiry, last_name: 'ERIKSSON', given_names: 'ANNA MARIA', issuing_state: 'UTO', sex: 'F' });
    expect(r.corrections).toEqual([]);
  });

  it('agrees with the mrz package on which check digits hold (TD1, TD2, TD3: it has no visa layouts)', () => {
    for (const lines of [TD3, TD1, TD2]) {
      const broken = lines.map((l) => l.replace('7408122', '7508122'));
      for (const input of [lines, broken]) {
        const oracle = oracleParse(input).details.filter((d) => d.field?.endsWith('CheckDigit')).every((d) => d.valid);
        expect(parseMrz(input, TODAY)!.valid).toBe(oracle);
      }
    }
  });

  it('returns undefined for lines of no MRZ shape', () => expect(parseMrz(['HELLO', 'WORLD'], TODAY)).toBeUndefined());

  it('reports each check digit with its validity when one is wrong', () => {
    const r = parseMrz([TD3[0]!, 'L898902C36UTO7408123F1204159ZE184226B<<<<<10'], TODAY)!;
    expect(r.valid).toBe(false);
    expect(r.check_digits.find((c) => c.field === 'birth_date')).toEqual({ field: 'birth_date', digit: '3', expected: '2', valid: false });
    expect(r.check_digits.find((c) => c.field === 'document_number')!.valid).toBe(true);
  });

  it('reads a TD1 long document number continued in the optional data', () => {
    // ICAO 9303-5 example: number D23145890734 (12 characters), check digit 9 after it.
    const lines = ['I<UTOD23145890<7349<<<<<<<<<<<', '3407127M9507122UTO<<<<<<<<<<<2', 'STEVENSON<<PETER<JOHN<<<<<<<<<'];
    const r = parseMrz(lines, TODAY)!;
    expect(r.fields.document_number).toBe('D23145890734');
    expect(r.check_digits.find((c) => c.field === 'document_number')!.valid).toBe(true);
  });
});

describe('parseMrz: check-digit-confirmed correction', () => {
  it.each([
    ['O for 0 in the birth date', 'L898902C36UTO74O8122F1204159ZE184226B<<<<<10', [[1, 15, 'O', '0']]],
    ['I for 1 in the expiry date', 'L898902C36UTO7408122F12O4I59ZE184226B<<<<<10', [[1, 23, 'O', '0'], [1, 25, 'I', '1']]],
    ['O for 0 in the document number', 'L8989O2C36UTO7408122F1204159ZE184226B<<<<<10', [[1, 5, 'O', '0']]],
    ['B for 8 in a check digit', 'L898902C36UTO7408122F1204159ZE184226B<<<<<1O', [[1, 43, 'O', '0']]],
  ])('%s', (_name, line2, expected) => {
    const r = parseMrz([TD3[0]!, line2], TODAY)!;
    expect(r.valid).toBe(true);
    expect(r.lines[1]).toBe(TD3[1]);
    expect(r.corrections.map((c) => [c.line, c.position, c.from, c.to])).toEqual(expected);
  });

  it('leaves an ambiguous reading alone: two look-alike changes would both satisfy the checks', () => {
    // "ZE184226B" read with 8 for B; but Z for the 2 at column 34 satisfies the same two checks.
    const line = 'L898902C36UTO7408122F1204159ZE1842268<<<<<10';
    const r = parseMrz([TD3[0]!, line], TODAY)!;
    expect(r.valid).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.check_digits.find((c) => c.field === 'personal_number')!.valid).toBe(false);
  });

  it('does not correct when the check digit does not confirm any reading', () => {
    // 3 for 2 is no look-alike pair: nothing may be guessed.
    const r = parseMrz([TD3[0]!, 'L898902C36UTO7408132F1204159ZE184226B<<<<<10'], TODAY)!;
    expect(r.valid).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.lines[1]).toBe('L898902C36UTO7408132F1204159ZE184226B<<<<<10');
  });

  it('does not change names, which no check digit covers', () => {
    const r = parseMrz(['P<UTOER1KSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', TD3[1]!], TODAY)!;
    expect(r.fields.last_name).toBe('ER1KSSON');
    expect(r.corrections).toEqual([]);
  });
});

describe('parseMrz: a composite check digit confirms no change on its own (ADR 0214)', () => {
  it('a garbled TD1 number is not made valid by spending the composite on a change in the optional data', () => {
    // Truth: number U00ALZ5RT, optional data 430646; read with W for T and Z for 3 (no look-alikes). Z→2 in the
    // number and 0→O in the optional data made the number's check digit and the composite hold, each change then
    // confirmed by one check digit only (eval:documents degraded page 80's pattern); the result was still wrong.
    const read = ['IRD<<U00ALZ5RW34Z0646<<<<<<<<<', '0406277F3207280ESP<<<<<<<<<<<9', 'GARCIA<LOPEZ<<BARTHOLOMEW<JAME'];
    const r = parseMrz(read, TODAY)!;
    expect(r.valid).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.lines).toEqual(read);
  });

  it('a composite that fails alone is not repaired in the optional data, which only it covers', () => {
    // The composite digit 4 read 3: an 8→B in the optional data would make it hold, and would be wrong.
    const read = ['IRPOLYQG8VMJ6M68830067<<<<<<<<', '9909276M3309036GRC<<<<<<<<<<<3', 'OKONKWO<<JOHN<<<<<<<<<<<<<<<<<'];
    const r = parseMrz(read, TODAY)!;
    expect([r.valid, r.corrections]).toEqual([false, []]);
    expect(r.check_digits.filter((c) => !c.valid).map((c) => c.field)).toEqual(['composite']);
  });

  it('a look-alike in a TD1 number its own check digit confirms is still corrected', () => {
    const r = parseMrz([TD1[0]!.replace('D23145890', 'D2314589O'), TD1[1]!, TD1[2]!], TODAY)!;
    expect(r.valid).toBe(true);
    expect(r.corrections).toEqual([{ line: 0, position: 13, from: 'O', to: '0', by: 'check_digit' }]);
  });
});

describe('parseMrz: a digit where a letter may stand may be any letter read as that digit (ADR 0218)', () => {
  /** A TD1 with `number` (9 characters) and every check digit computed. */
  function td1(number: string): string[] {
    const l1 = `I<UTO${number}${checkDigit(number)}`.padEnd(30, '<');
    const l2 = '7408122F1204159UTO'.padEnd(29, '<');
    return [l1, l2 + checkDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)), 'ERIKSSON<<ANNA<MARIA'.padEnd(30, '<')];
  }

  it('ICAO\'s TD1 number D23145890 with its D read 0 is not made valid by a wrong 8→B', () => {
    // Offered only 0→O, the search missed D and found 8→B at column 12, which the number's check digit and the
    // composite (whose weights line up with the number's) both accept: 023145B90, valid and wrong. With 0→D
    // offered too, two repairs of one change make the checks hold, so neither is made.
    const read = [TD1[0]!.replace('D23145890', '023145890'), TD1[1]!, TD1[2]!];
    const r = parseMrz(read, TODAY)!;
    expect(r.fields.document_number).not.toBe('023145B90');
    expect([r.valid, r.corrections, r.lines]).toEqual([false, [], read]);
  });

  it('a 0 that was a D is put back when no other repair of as few changes makes the checks hold', () => {
    const truth = td1('DXKWMNRTA');
    const read = [truth[0]!.replace('DXK', '0XK'), truth[1]!, truth[2]!];
    const r = parseMrz(read, TODAY)!;
    expect([r.valid, r.lines]).toEqual([true, truth]);
    expect(r.corrections).toEqual([{ line: 0, position: 5, from: '0', to: 'D', by: 'check_digit' }]);
  });

  it('a 0 that was a Q is put back too; a 1 that was an L is not seen at all (L and 1 differ by 20)', () => {
    const truth = td1('QXKWMNRTA');
    expect(parseMrz([truth[0]!.replace('QXK', '0XK'), truth[1]!, truth[2]!], TODAY)!.lines).toEqual(truth);
    // L and 1 weigh the same modulo 10: the misread stands and the check digit holds (only character scores can see it).
    const l = td1('LXKWMNRTA');
    const r = parseMrz([l[0]!.replace('LXK', '1XK'), l[1]!, l[2]!], TODAY)!;
    expect([r.valid, r.corrections, r.fields.document_number]).toEqual([true, [], '1XKWMNRTA']);
  });
});

describe('parseMrz: a state code misread by its look-alikes (ADR 0214)', () => {
  const withNationality = (code: string) => [TD3[0]!, TD3[1]!.replace('UTO', code)];

  it('QBR (the shared pass-gbr) is read GBR, the one real code its look-alikes reach, and says so', () => {
    const r = parseMrz(withNationality('QBR'), TODAY)!;
    expect(r.fields.nationality).toBe('GBR');
    expect(r.corrections).toEqual([{ line: 1, position: 10, from: 'Q', to: 'G', by: 'country_code' }]);
  });

  it.each([
    ['OEU', 'DEU'], ['QRC', 'GRC'], ['LRL', 'IRL'], ['G8R', 'GBR'], ['C0L', 'COL'],
  ])('%s is read %s', (code, fixed) => expect(parseMrz(withNationality(code), TODAY)!.fields.nationality).toBe(fixed));

  it('a code whose look-alikes reach two real codes is left as read: COQ could be COD or COG', () => {
    const r = parseMrz(withNationality('COQ'), TODAY)!;
    expect([r.fields.nationality, r.corrections]).toEqual(['COQ', []]);
  });

  it('a code whose look-alikes reach none is left as read, and a real code is never changed', () => {
    expect(parseMrz(withNationality('QXZ'), TODAY)!.fields.nationality).toBe('QXZ');
    // GIN is real (Guinea), though QIN, a look-alike of it, is not: what was read stands.
    for (const code of ['GIN', 'IRQ', 'COD', 'COG']) expect(parseMrz(withNationality(code), TODAY)!.corrections).toEqual([]);
  });
});

describe('dates from the MRZ', () => {
  it.each([
    ['birth 74 is 1974', '740812', '1974-08-12'],
    ['birth 05 is 2005', '050101', '2005-01-01'],
    ['birth later this year is last century', '261231', '1926-12-31'],
    ['a day that does not exist', '740230', null],
  ])('%s', (_n, raw, iso) => {
    const line2 = `L898902C36UTO${raw}0F1204159ZE184226B<<<<<10`;
    expect(parseMrz([TD3[0]!, line2], TODAY)!.fields.birth_date).toBe(iso);
  });
});

describe('a digit in the name, decided by the OCR-B model\'s letter for that cell', () => {
  // ICAO's TD1 specimen as a general OCR engine may read it: Q and O as 0 in the given name (no check digit covers it).
  const misread = [TD1[0]!, TD1[1]!, 'ERIKSSON<<ANNA<MAR1A<<<<<<<<<<'];
  // The OCR-B model's reading of the same zone: letters only in the name, but its own doubt elsewhere (O for 0).
  const shapes = ['I<UTOD231458907<<<<<<<<<<<<<<<', '74O8122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

  it('a digit where only a letter may stand takes the model\'s letter, and says so', () => {
    const r = parseMrz(misread, TODAY, shapes)!;
    expect(r.valid).toBe(true);
    expect([r.fields.last_name, r.fields.given_names]).toEqual(['ERIKSSON', 'ANNA MARIA']);
    expect(r.corrections).toEqual([{ line: 2, position: 18, from: '1', to: 'I', by: 'letter_shape' }]);
    // Outside the name the model decides nothing: the birth date stays as the check digit confirmed it.
    expect(r.fields.birth_date).toBe('1974-08-12');
  });

  it('without the model\'s reading, or with one of another shape, the digit stays (MRZ_NAME_UNREADABLE)', () => {
    expect(parseMrz(misread, TODAY)!.fields.given_names).toBe('ANNA MAR1A');
    expect(parseMrz(misread, TODAY, shapes.slice(0, 2))!.fields.given_names).toBe('ANNA MAR1A');
  });

  it('a letter read in the name is never replaced, even where the model read another one', () => {
    const r = parseMrz(TD1, TODAY, [TD1[0]!, TD1[1]!, 'ERIKSSON<<ANNA<MARLA<<<<<<<<<<'])!;
    expect([r.fields.given_names, r.corrections]).toEqual(['ANNA MARIA', []]);
  });
});
