import { describe, expect, it } from 'vitest';
import { checkDigit as mrzCheckDigit } from '../../../platform/domain/mrz-check-digit.ts';
import { compareMrz } from './mrz-binding.ts';

// ICAO Doc 9303-3's specimen (TD3) and Doc 9303-5's (TD1, with a long document number in Doc 9303-5's note j form).
const TD3 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<L898902C36UTO7408122F1204159ZE184226B<<<<<10';
const TD1 = 'I<UTOD231458907<<<<<<<<<<<<<<<7408122F1204159UTO<<<<<<<<<<<6ERIKSSON<<ANNA<MARIA<<<<<<<<<<';
/** `mrz` with `value` written at `at` (offsets in the MRZ as one string). */
const put = (mrz: string, at: number, value: string): string => mrz.slice(0, at) + value + mrz.slice(at + value.length);
/** The printed `field` replaced by `value` followed by its valid check digit. */
const withValid = (mrz: string, at: number, value: string): string => put(mrz, at, value + String(mrzCheckDigit(value)));

describe('DG1 against the printed MRZ, field by field', () => {
  it('the check digit is ICAO\'s 7-3-1 (the specimens\' digits)', () => {
    expect([mrzCheckDigit('L898902C3'), mrzCheckDigit('740812'), mrzCheckDigit('120415'), mrzCheckDigit('D23145890')]).toEqual([6, 2, 9, 7]);
    expect(mrzCheckDigit('ab')).toBeUndefined();
  });

  it('equal, with line breaks, spaces and case aside', () => {
    expect(compareMrz(TD3, `${TD3.slice(0, 44).toLowerCase()}\r\n ${TD3.slice(44)}`)).toEqual({ comparison: 'MATCH', protectedFields: [] });
  });

  it.each<[string, string, string[]]>([
    ['the document number, its printed check digit valid', withValid(TD3, 44, 'L898902D4'), ['document_number']],
    ['the date of birth, likewise', withValid(TD3, 57, '740813'), ['birth_date']],
    ['the date of expiry, likewise', withValid(TD3, 65, '130415'), ['expiry_date']],
    ['two of them', withValid(withValid(TD3, 44, 'X12345678'), 57, '800101'), ['document_number', 'birth_date']],
    ['a TD1 card\'s number on line 1', withValid(TD1, 5, 'D23145891'), ['document_number']],
  ])('a protected field differs (tampering): %s', (_label, printed, fields) => {
    expect(compareMrz(TD3.length === printed.length ? TD3 : TD1, printed)).toEqual({ comparison: 'PROTECTED_FIELD_DIFFERS', protectedFields: fields });
  });

  it.each<[string, string, string]>([
    ['a name misread (no check digit covers names)', TD3, TD3.replace('ERIKSSON', 'ERIKSS0N')],
    ['a given name cut differently', TD3, TD3.replace('ANNA<MARIA<', 'ANNA<MAR1A<')],
    ['the optional data', TD3, TD3.replace('ZE184226B', 'ZE184226E')],
    ['the nationality and sex', TD3, put(put(TD3, 54, 'UT0'), 64, 'M')],
    ['the document number misread, its printed check digit failing', TD3, TD3.replace('L898902C3', 'L898902C4')],
    ['the date of birth misread, likewise', TD3, put(TD3, 57, '740818')],
    ['only a check digit misread, the field itself equal', TD3, put(TD3, 53, '8')],
    ['a printed MRZ of another length (a character dropped)', TD3, TD3.slice(0, 87)],
    ['a TD1 card\'s name', TD1, TD1.replace('ERIKSSON', 'ERIKSS0N')],
  ])('only unprotected fields differ (not evidence): %s', (_label, chip, printed) => {
    expect(compareMrz(chip, printed)).toEqual({ comparison: 'UNPROTECTED_FIELD_DIFFERS', protectedFields: [] });
  });

  it('a long TD1 document number continues in the optional data, with its check digit at its end', () => {
    // Number D23145890 + 1234 (13 characters): `<` where the digit would be, then 1234 and the digit in the optional data.
    const long = (rest: string): string => put(put(TD1, 5, 'D23145890<'), 15, `${rest}${mrzCheckDigit(`D23145890${rest}`)}`);
    const chip = long('1234');
    expect(compareMrz(chip, chip).comparison).toBe('MATCH');
    expect(compareMrz(chip, long('1235'))).toEqual({ comparison: 'PROTECTED_FIELD_DIFFERS', protectedFields: ['document_number'] });
    expect(compareMrz(chip, put(long('1234'), 17, '4')).comparison).toBe('UNPROTECTED_FIELD_DIFFERS');
  });
});
