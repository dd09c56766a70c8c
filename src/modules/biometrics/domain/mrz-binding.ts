/**
 * DG1 against the MRZ read from the photographed document, field by field (ADR 0180), pure. A difference means the
 * page and the chip are not one document only where OCR cannot explain it: in a field the printed MRZ protects with
 * a check digit (document number, date of birth, date of expiry; Doc 9303-3 §4.9) whose printed digit holds for the
 * printed value. Names, nationality, sex and optional data carry no check digit of their own, and a printed field
 * whose check digit fails was misread: a difference there is left unexplained, not taken as evidence.
 *
 * The printed MRZ reaching the chip check is the one the documents module read, after its check-digit-confirmed
 * corrections (onboarding/processing.ts); the 7-3-1 check digit is the one both use (platform/domain).
 */
import { checkDigit } from '../../../platform/domain/mrz-check-digit.ts';
import { normaliseMrz } from './lds.ts';

export type MrzComparison =
  /** DG1 equals the printed MRZ (line breaks, spaces and case aside). */
  | 'MATCH'
  /** A field protected by a printed check digit that holds differs: not an OCR misread. */
  | 'PROTECTED_FIELD_DIFFERS'
  /**
   * Only fields without a valid printed check digit differ, or nothing could be compared field by field: the printed
   * MRZ is not of the chip's layout, or DG1 could not be read (passive-auth.ts).
   */
  | 'UNPROTECTED_FIELD_DIFFERS';

export type ProtectedMrzField = 'document_number' | 'birth_date' | 'expiry_date';

export interface MrzBinding {
  comparison: MrzComparison;
  /** The protected fields that differ with the printed check digit valid (empty unless PROTECTED_FIELD_DIFFERS). */
  protectedFields: ProtectedMrzField[];
}

const holds = (value: string, digit: string): boolean => {
  const expected = checkDigit(value);
  return expected !== undefined && digit === String(expected);
};

/** Where a protected field and its check digit lie in the MRZ as one string (offsets; `end` exclusive). */
interface FieldAt { value: [number, number]; digit: number }
const LAYOUTS: Record<number, Record<ProtectedMrzField, FieldAt>> = {
  // TD1 (identity cards, 3 × 30): the document number on line 1, the dates on line 2.
  90: { document_number: { value: [5, 14], digit: 14 }, birth_date: { value: [30, 36], digit: 36 }, expiry_date: { value: [38, 44], digit: 44 } },
  // TD2 (2 × 36) and TD3 (passports, 2 × 44): all three on line 2.
  72: { document_number: { value: [36, 45], digit: 45 }, birth_date: { value: [49, 55], digit: 55 }, expiry_date: { value: [57, 63], digit: 63 } },
  88: { document_number: { value: [44, 53], digit: 53 }, birth_date: { value: [57, 63], digit: 63 }, expiry_date: { value: [65, 71], digit: 71 } },
};
/** The optional data a long TD1 or TD2 document number continues into (Doc 9303-5 note j, 9303-6). */
const LONG_NUMBER_REST: Record<number, [number, number]> = { 90: [15, 30], 72: [64, 71] };

/**
 * A protected field's value and printed check digit. A TD1 or TD2 number longer than nine characters has `<` where
 * its check digit would be and continues in the optional data up to the next `<`, whose last character is the digit.
 */
function field(mrz: string, name: ProtectedMrzField): { value: string; digit: string } {
  const at = LAYOUTS[mrz.length]![name];
  const value = mrz.slice(...at.value);
  const digit = mrz[at.digit] ?? '';
  const rest = LONG_NUMBER_REST[mrz.length];
  if (name === 'document_number' && rest && digit === '<' && mrz[rest[0]] !== '<') {
    const tail = mrz.slice(...rest);
    const length = tail.indexOf('<') === -1 ? tail.length : tail.indexOf('<');
    if (length >= 2) return { value: value + tail.slice(0, length - 1), digit: tail[length - 1]! };
  }
  return { value, digit };
}

/** DG1's MRZ (`chip`, as one string) against the printed one. */
export function compareMrz(chip: string, printed: string): MrzBinding {
  const seen = normaliseMrz(printed);
  if (seen === chip) return { comparison: 'MATCH', protectedFields: [] };
  // Another length is another layout, or characters OCR dropped or added: nothing to compare field by field.
  if (seen.length !== chip.length || !LAYOUTS[chip.length]) return { comparison: 'UNPROTECTED_FIELD_DIFFERS', protectedFields: [] };
  const protectedFields = (['document_number', 'birth_date', 'expiry_date'] as const).filter((name) => {
    const printedField = field(seen, name);
    return printedField.value !== field(chip, name).value && holds(printedField.value, printedField.digit);
  });
  return { comparison: protectedFields.length ? 'PROTECTED_FIELD_DIFFERS' : 'UNPROTECTED_FIELD_DIFFERS', protectedFields };
}
