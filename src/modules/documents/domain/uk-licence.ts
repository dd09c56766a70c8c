/**
 * Fields of a UK photocard driving licence from OCR text of its front. The card numbers its fields
 * (EU model): 1. surname, 2. forenames, 3. date and place of birth, 4a. issue date, 4b. expiry date,
 * 4c. authority, 5. licence number. A field not found is null: never guessed.
 */
import { isRealDate } from '../../../platform/domain/dates.ts';

export interface UkLicenceText {
  surname: string | null;
  forenames: string | null;
  birth_date: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  licence_number: string | null;
  /** Look-alike characters in the number were mapped to the class their position requires. */
  licence_number_corrected: boolean;
  /** The text looks like a GB licence at all (DVLA / "DRIVING LICENCE" / a number of the DVLA shape). */
  looks_like_licence: boolean;
}

const DVLA_NUMBER = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}$/;
const TO_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Per position: L letters (or the padding 9), D digits, A either. */
const SHAPE = 'LLLLLDDDDDDLLDAA';

/**
 * The first 16-character window that has the DVLA shape once look-alikes are mapped to the class their
 * position allows (a `5` among the initials is an `S`). The result is only believed after checkDvlaNumber
 * finds it agrees with the surname, birth date and initials printed on the same card.
 */
export function findDvlaNumber(text: string): { number: string; corrected: boolean } | null {
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  for (let i = 0; i + 16 <= compact.length; i++) {
    const raw = compact.slice(i, i + 16);
    const fixed = [...raw].map((ch, k) => (SHAPE[k] === 'D' ? TO_DIGIT[ch] ?? ch : SHAPE[k] === 'L' && ch !== '9' ? TO_LETTER[ch] ?? ch : ch)).join('');
    if (DVLA_NUMBER.test(fixed)) return { number: fixed, corrected: fixed !== raw };
  }
  return null;
}

function dmy(text: string | undefined): string | null {
  const m = text && /(\d{2})[.\-/ ](\d{2})[.\-/ ](\d{4})/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isRealDate(iso) ? iso : null;
}

/** The rest of the line after a field number such as `1.` or `4b.`. */
function field(lines: string[], label: string): string | undefined {
  const re = new RegExp(`^\\s*${label.replace('.', '\\.?')}\\s*[.,:]?\\s+(.+)$`, 'i');
  for (const line of lines) {
    const m = re.exec(line);
    if (m) return m[1]!.trim();
  }
  return undefined;
}

const name = (s: string | undefined) => (s ? s.toUpperCase().replace(/[^A-Z' \-]/g, '').replace(/\s+/g, ' ').trim() || null : null);

export function parseUkLicenceText(text: string): UkLicenceText {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const five = field(lines, '5.');
  const found = findDvlaNumber(five ?? '') ?? findDvlaNumber(text);
  const number = found?.number ?? null;
  return {
    surname: name(field(lines, '1.')),
    forenames: name(field(lines, '2.')),
    birth_date: dmy(field(lines, '3.')),
    issue_date: dmy(field(lines, '4a.')),
    expiry_date: dmy(field(lines, '4b.')),
    licence_number: number,
    licence_number_corrected: found?.corrected ?? false,
    looks_like_licence: /DRIVING\s+LICEN[CS]E|DVLA/i.test(text) || number !== null,
  };
}
