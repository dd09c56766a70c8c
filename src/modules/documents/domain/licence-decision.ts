/**
 * What a driving licence read by its printed fields adds to the document decision (pure; decision.ts calls
 * it for licences without an MRZ). A UK number is the only thing on the card that confirms the read:
 *  - DVLA (Great Britain): every part of the number must have the form DVLA issues and agree with the
 *    printed surname, birth date and initials;
 *  - DVA (Northern Ireland): the 8 digits encode nothing, so the printed name and birth date are confirmed
 *    only by the contact record: without one the licence is REFER;
 *  - another country's licence, or one whose issuer the card does not show: REFER, never read as GBR.
 */
import type { DvlaCheck, DvlaPart } from './dvla.ts';
import type { ExtractedDocument } from './extracted.ts';
import type { LicenceIssuer } from './uk-licence.ts';

/** decision.ts's Reason, spelled out here: decision.ts imports this file, and a cycle would make them one unit. */
interface Reason {
  code: string;
  severity: 'ALERT' | 'REFER' | 'INFO';
  detail: string;
}

export interface LicenceCheck {
  issuer: LicenceIssuer | null;
  /** ISO alpha-3 when known. */
  country: string | null;
  dvla: DvlaCheck | null;
  dva: { number: string; structure_valid: boolean } | null;
  /** Name fields whose two reads disagreed (licence-reader.ts). */
  uncertain_fields?: string[];
}

const r = (code: string, severity: Reason['severity'], detail: string): Reason => ({ code, severity, detail });

const PART_NAMES: Record<DvlaPart, string> = {
  length: 'length (16 characters)', surname: 'surname (letters, then 9s)', decade: 'decade of birth', month: 'month (01-12, +50 for women)',
  day: 'day of the month', year: 'year of birth', initials: 'initials (a letter, then a letter or 9)', arbitrary_digit: 'the arbitrary digit',
  check_characters: 'check characters (two letters or digits, not a placeholder)',
};

export function dvlaNumberReasons(dvla: DvlaCheck | null): Reason[] {
  if (!dvla) return [r('DL_NUMBER_UNREADABLE', 'REFER', 'no licence number was read')];
  if (dvla.malformed.includes('length')) return [r('DL_NUMBER_UNREADABLE', 'REFER', `"${dvla.number}" is not a DVLA licence number`)];
  if (!dvla.structure_valid) return [r('DL_NUMBER_MALFORMED', 'REFER', `not in the form DVLA issues: ${dvla.malformed.map((p) => PART_NAMES[p]).join(', ')}`)];
  const out: Reason[] = [];
  if (dvla.surname_matches === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number does not start with the surname'));
  if (dvla.birth_date_matches === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number does not encode the date of birth'));
  if (dvla.initials_match === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number does not encode the initials'));
  if (dvla.sex_matches === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number encodes the other sex'));
  if (dvla.surname_matches === null || dvla.birth_date_matches === null) out.push(r('DL_FIELDS_UNREADABLE', 'REFER', 'surname or date of birth not read, the number cannot be confirmed'));
  return out;
}

export function licenceReasons(l: LicenceCheck, doc: ExtractedDocument, contact?: { last_name?: string; date_of_birth?: string }): Reason[] {
  if (l.issuer === 'OTHER') {
    return [r('DL_NOT_UK', 'REFER', `a driving licence issued ${l.country ? `by ${l.country}` : 'outside the UK'}: only UK licence numbers can be checked against the holder`)];
  }
  if (l.issuer === null) return [r('DL_ISSUER_UNKNOWN', 'REFER', 'the card does not show which authority issued it')];
  const uncertain = (l.uncertain_fields ?? []).map((f) => r('DL_FIELD_UNCERTAIN', 'REFER', `two reads of the ${f} disagree: the printed value is not confirmed`));
  if (l.issuer === 'DVLA') return [...dvlaNumberReasons(l.dvla), ...uncertain];
  const out: Reason[] = [...uncertain];
  if (!l.dva?.structure_valid) out.push(r('DL_NUMBER_UNREADABLE', 'REFER', 'no 8-digit Northern Ireland licence number was read'));
  if (!doc.last_name || !doc.date_of_birth) out.push(r('DL_FIELDS_UNREADABLE', 'REFER', 'surname or date of birth not read'));
  else if (!contact?.last_name || !contact.date_of_birth) {
    out.push(r('DL_FIELDS_UNCONFIRMED', 'REFER', 'a Northern Ireland number encodes nothing: the printed name and birth date can only be confirmed against the contact record, which has none'));
  }
  return out;
}
