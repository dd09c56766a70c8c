/**
 * ICAO 9303 machine-readable zone layouts (parts 4, 5, 6 and 7) as data: where each field sits, what
 * characters it may hold, and which check digit covers which characters. Parsing, check-digit correction and
 * rendering of synthetic MRZs all read this one table, so they cannot disagree about a position.
 */

export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'MRVB';

/** A run of characters on one line; `end` is exclusive. */
export interface Span {
  line: number;
  start: number;
  end: number;
}

/** numeric: digits only (dates, check digits); alpha: letters and filler; alnum: both; names: letters, filler. */
export type CharClass = 'numeric' | 'alpha' | 'alnum' | 'names' | 'sex';

export interface FieldSpec {
  name: MrzFieldName;
  span: Span;
  chars: CharClass;
}

export interface CheckSpec {
  /** The field the check digit protects, or `composite`. */
  name: 'document_number' | 'birth_date' | 'expiry_date' | 'personal_number' | 'composite';
  digit: Span;
  over: Span[];
}

export type MrzFieldName =
  | 'document_code' | 'issuing_state' | 'names' | 'document_number' | 'nationality' | 'birth_date' | 'sex'
  | 'expiry_date' | 'optional_data' | 'optional_data_2';

export interface Layout {
  format: MrzFormat;
  lines: number;
  length: number;
  fields: FieldSpec[];
  checks: CheckSpec[];
}

const s = (line: number, start: number, end: number): Span => ({ line, start, end });

/** TD3 (passports) and MRV-A (visas) share line 1; line 2 differs only in the optional data and checks. */
function twoLine(format: MrzFormat, length: 44 | 36, hasComposite: boolean): Layout {
  const optionalEnd = format === 'TD3' ? 42 : format === 'TD2' ? 35 : length;
  const fields: FieldSpec[] = [
    { name: 'document_code', span: s(0, 0, 2), chars: 'alpha' },
    { name: 'issuing_state', span: s(0, 2, 5), chars: 'alpha' },
    { name: 'names', span: s(0, 5, length), chars: 'names' },
    { name: 'document_number', span: s(1, 0, 9), chars: 'alnum' },
    { name: 'nationality', span: s(1, 10, 13), chars: 'alpha' },
    { name: 'birth_date', span: s(1, 13, 19), chars: 'numeric' },
    { name: 'sex', span: s(1, 20, 21), chars: 'sex' },
    { name: 'expiry_date', span: s(1, 21, 27), chars: 'numeric' },
    { name: 'optional_data', span: s(1, 28, optionalEnd), chars: 'alnum' },
  ];
  const checks: CheckSpec[] = [
    { name: 'document_number', digit: s(1, 9, 10), over: [s(1, 0, 9)] },
    { name: 'birth_date', digit: s(1, 19, 20), over: [s(1, 13, 19)] },
    { name: 'expiry_date', digit: s(1, 27, 28), over: [s(1, 21, 27)] },
  ];
  if (format === 'TD3') checks.push({ name: 'personal_number', digit: s(1, 42, 43), over: [s(1, 28, 42)] });
  if (hasComposite) {
    const last = length - 1;
    checks.push({ name: 'composite', digit: s(1, last, length), over: [s(1, 0, 10), s(1, 13, 20), s(1, 21, last)] });
  }
  return { format, lines: 2, length, fields, checks };
}

const TD1: Layout = {
  format: 'TD1',
  lines: 3,
  length: 30,
  fields: [
    { name: 'document_code', span: s(0, 0, 2), chars: 'alpha' },
    { name: 'issuing_state', span: s(0, 2, 5), chars: 'alpha' },
    { name: 'document_number', span: s(0, 5, 14), chars: 'alnum' },
    { name: 'optional_data', span: s(0, 15, 30), chars: 'alnum' },
    { name: 'birth_date', span: s(1, 0, 6), chars: 'numeric' },
    { name: 'sex', span: s(1, 7, 8), chars: 'sex' },
    { name: 'expiry_date', span: s(1, 8, 14), chars: 'numeric' },
    { name: 'nationality', span: s(1, 15, 18), chars: 'alpha' },
    { name: 'optional_data_2', span: s(1, 18, 29), chars: 'alnum' },
    { name: 'names', span: s(2, 0, 30), chars: 'names' },
  ],
  checks: [
    { name: 'document_number', digit: s(0, 14, 15), over: [s(0, 5, 14)] },
    { name: 'birth_date', digit: s(1, 6, 7), over: [s(1, 0, 6)] },
    { name: 'expiry_date', digit: s(1, 14, 15), over: [s(1, 8, 14)] },
    { name: 'composite', digit: s(1, 29, 30), over: [s(0, 5, 30), s(1, 0, 7), s(1, 8, 15), s(1, 18, 29)] },
  ],
};

export const LAYOUTS: Record<MrzFormat, Layout> = {
  TD1,
  TD2: twoLine('TD2', 36, true),
  TD3: twoLine('TD3', 44, true),
  MRVA: twoLine('MRVA', 44, false),
  MRVB: twoLine('MRVB', 36, false),
};

/** The layout for lines of these lengths; visas (first character `V`) are told apart from TD2/TD3 by it. */
export function detectLayout(lines: readonly string[]): Layout | undefined {
  const [first] = lines;
  if (!first) return undefined;
  const visa = first.startsWith('V');
  if (lines.length === 3 && lines.every((l) => l.length === 30)) return LAYOUTS.TD1;
  if (lines.length === 2 && lines.every((l) => l.length === 44)) return visa ? LAYOUTS.MRVA : LAYOUTS.TD3;
  if (lines.length === 2 && lines.every((l) => l.length === 36)) return visa ? LAYOUTS.MRVB : LAYOUTS.TD2;
  return undefined;
}

export function read(lines: readonly string[], span: Span): string {
  return (lines[span.line] ?? '').slice(span.start, span.end);
}
