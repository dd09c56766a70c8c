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
  /** The text looks like a GB licence at all (DVLA / "DRIVING LICENCE" / a number of the DVLA shape). */
  looks_like_licence: boolean;
}

const DVLA_NUMBER = /[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}/;

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
  const compact = (five ?? text).toUpperCase().replace(/\s+/g, '');
  const number = DVLA_NUMBER.exec(compact)?.[0] ?? null;
  return {
    surname: name(field(lines, '1.')),
    forenames: name(field(lines, '2.')),
    birth_date: dmy(field(lines, '3.')),
    issue_date: dmy(field(lines, '4a.')),
    expiry_date: dmy(field(lines, '4b.')),
    licence_number: number,
    looks_like_licence: /DRIVING\s+LICEN[CS]E|DVLA/i.test(text) || number !== null,
  };
}
