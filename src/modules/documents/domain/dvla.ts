/**
 * UK driving licence numbers (pure).
 *
 * Great Britain (DVLA): 16 characters whose structure repeats the holder's surname, date of birth and
 * initials, so a number read from the card can be checked against the name and birth date printed beside it.
 * Layout (DVLA, "What your driving licence number means"):
 *   1-5   first five letters of the surname, `MAC` as `MC`, padded with 9
 *   6     decade of the year of birth
 *   7-8   month of birth, plus 50 for women (the first digit +5)
 *   9-10  day of birth
 *   11    last digit of the year of birth
 *   12-13 initials of the first two forenames, 9 for a missing one
 *   14    an arbitrary digit (usually 9; lowered to tell apart holders whose first 13 characters agree)
 *   15-16 two computer check characters: DVLA does not publish how they are computed, so they cannot be
 *         verified; only their form is (two letters or digits, not a template's placeholder)
 * The photocard prints two more digits after a space (the issue number): not part of the number.
 *
 * Northern Ireland (DVA): 8 digits with no structure; only the form is checked (checkDvaNumber).
 */
import { mrzSpellings } from './names.ts';

const STRUCTURE = /^([A-Z9]{5})(\d)(\d{2})(\d{2})(\d)([A-Z9]{2})(\d)([A-Z0-9]{2})$/;
/**
 * Check characters that templates circulating on the web print in place of the computed ones
 * (`SMITH854153J99XX`): a number carrying them was typed from a template, not issued.
 */
const PLACEHOLDER_CHECKS = new Set(['XX']);
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** One part of the number and whether it has the form DVLA issues. */
export type DvlaPart = 'length' | 'surname' | 'decade' | 'month' | 'day' | 'year' | 'initials' | 'arbitrary_digit' | 'check_characters';

export interface DvlaCheck {
  number: string;
  /** Every part below in the form DVLA issues (length, letters/digits where each belongs, a month and day that exist). */
  structure_valid: boolean;
  /** The parts that do not have that form, in the order they appear (empty when structure_valid). */
  malformed: DvlaPart[];
  /** Each is null when the holder's value was not available to compare. */
  surname_matches: boolean | null;
  birth_date_matches: boolean | null;
  initials_match: boolean | null;
  /** Implied by the month digits: F when 50 was added. */
  implied_sex: 'M' | 'F' | null;
  /** The holder's sex (when given) against implied_sex. */
  sex_matches: boolean | null;
}

/** The five surname characters a DVLA number starts with, for each accepted spelling of the surname. */
export function surnameSegments(surname: string): string[] {
  return [...new Set(mrzSpellings(surname).map((tokens) => {
    const letters = tokens.join('').replace(/^MAC/, 'MC');
    return (letters.slice(0, 5) + '99999').slice(0, 5);
  }))];
}

/** The form of each part, whatever the holder: what a made-up or misread number gets wrong. */
function malformedParts(number: string): DvlaPart[] {
  if (number.length !== 16) return ['length'];
  const bad: DvlaPart[] = [];
  const surname = number.slice(0, 5);
  // Letters, then only 9s: a surname has at least one letter and padding comes after it.
  if (!/^[A-Z]+9*$/.test(surname)) bad.push('surname');
  if (!/^\d$/.test(number[5]!)) bad.push('decade');
  const monthText = number.slice(6, 8);
  const month = /^\d\d$/.test(monthText) ? Number(monthText) : NaN;
  const realMonth = month > 50 ? month - 50 : month;
  const monthOk = realMonth >= 1 && realMonth <= 12;
  if (!monthOk) bad.push('month');
  const dayText = number.slice(8, 10);
  const day = /^\d\d$/.test(dayText) ? Number(dayText) : NaN;
  if (!(day >= 1 && day <= (monthOk ? DAYS_IN_MONTH[realMonth - 1]! : 31))) bad.push('day');
  if (!/^\d$/.test(number[10]!)) bad.push('year');
  // The first forename's initial, then the second's or 9.
  if (!/^[A-Z][A-Z9]$/.test(number.slice(11, 13))) bad.push('initials');
  if (!/^\d$/.test(number[13]!)) bad.push('arbitrary_digit');
  const checks = number.slice(14, 16);
  if (!/^[A-Z0-9]{2}$/.test(checks) || PLACEHOLDER_CHECKS.has(checks)) bad.push('check_characters');
  return bad;
}

export function checkDvlaNumber(raw: string, holder: { lastName?: string; givenNames?: string; birthDate?: string | null; sex?: string | null }): DvlaCheck {
  const number = raw.toUpperCase().replace(/\s+/g, '');
  const malformed = malformedParts(number);
  const m = STRUCTURE.exec(number);
  const structure_valid = malformed.length === 0 && m !== null;
  const result: DvlaCheck = { number, structure_valid, malformed, surname_matches: null, birth_date_matches: null, initials_match: null, implied_sex: null, sex_matches: null };
  if (!m || !structure_valid) return result;
  const month = Number(m[3]);
  const realMonth = month > 50 ? month - 50 : month;
  const day = Number(m[4]);
  result.implied_sex = month > 50 ? 'F' : 'M';
  if (holder.sex === 'M' || holder.sex === 'F') result.sex_matches = holder.sex === result.implied_sex;
  if (holder.lastName) result.surname_matches = surnameSegments(holder.lastName).includes(m[1]!);
  if (holder.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(holder.birthDate)) {
    const [y, mo, d] = holder.birthDate.split('-');
    result.birth_date_matches = m[2] === y![2] && m[5] === y![3] && realMonth === Number(mo) && day === Number(d);
  }
  if (holder.givenNames !== undefined) {
    const initials = (mrzSpellings(holder.givenNames)[0] ?? []).map((t) => t[0]).join('');
    const expected = (initials.slice(0, 2) + '99').slice(0, 2);
    result.initials_match = m[6] === expected;
  }
  return result;
}

/** Northern Ireland (DVA) licence numbers: 8 digits, issued in no particular order, so only the form is checked. */
export function checkDvaNumber(raw: string): { number: string; structure_valid: boolean } {
  const number = raw.replace(/\s+/g, '');
  return { number, structure_valid: /^\d{8}$/.test(number) };
}
