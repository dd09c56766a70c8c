/**
 * UK (DVLA, Great Britain) driving licence numbers: 16 characters whose structure repeats the holder's
 * surname, date of birth and initials, so a number read from the card can be checked against the name and
 * birth date printed beside it. Layout (DVLA, "What your driving licence number means"):
 *   1-5   first five letters of the surname, `MAC` as `MC`, padded with 9
 *   6     decade of the year of birth
 *   7-8   month of birth, plus 50 for women
 *   9-10  day of birth
 *   11    last digit of the year of birth
 *   12-13 initials of the first two forenames, 9 for a missing one
 *   14    an arbitrary digit (usually 9)
 *   15-16 two computer check characters
 * Northern Ireland licences (8 digits) have no such structure and are not checked here.
 */
import { mrzSpellings } from './names.ts';

const STRUCTURE = /^([A-Z9]{5})(\d)(\d{2})(\d{2})(\d)([A-Z9]{2})(\d)([A-Z0-9]{2})$/;

export interface DvlaCheck {
  number: string;
  /** 16 characters in the DVLA pattern with a month and day that can exist. */
  structure_valid: boolean;
  /** Each is null when the holder's value was not available to compare. */
  surname_matches: boolean | null;
  birth_date_matches: boolean | null;
  initials_match: boolean | null;
  /** Implied by the month digits: F when 50 was added. */
  implied_sex: 'M' | 'F' | null;
}

/** The five surname characters a DVLA number starts with, for each accepted spelling of the surname. */
export function surnameSegments(surname: string): string[] {
  return [...new Set(mrzSpellings(surname).map((tokens) => {
    const letters = tokens.join('').replace(/^MAC/, 'MC');
    return (letters.slice(0, 5) + '99999').slice(0, 5);
  }))];
}

export function checkDvlaNumber(raw: string, holder: { lastName?: string; givenNames?: string; birthDate?: string | null }): DvlaCheck {
  const number = raw.toUpperCase().replace(/\s+/g, '');
  const m = STRUCTURE.exec(number);
  const month = m ? Number(m[3]) : 0;
  const day = m ? Number(m[4]) : 0;
  const realMonth = month > 50 ? month - 50 : month;
  const structure_valid = Boolean(m) && realMonth >= 1 && realMonth <= 12 && day >= 1 && day <= 31;
  const result: DvlaCheck = { number, structure_valid, surname_matches: null, birth_date_matches: null, initials_match: null, implied_sex: null };
  if (!m || !structure_valid) return result;
  result.implied_sex = month > 50 ? 'F' : 'M';
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
