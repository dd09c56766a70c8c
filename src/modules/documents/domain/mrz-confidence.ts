/**
 * Silent misreads (pure). A check digit catches one wrong character in its field, but two look-alikes read
 * wrong in one field can cancel out (a TD2 number `2S5VHSF06` read `ZQSVHSFO6` kept both its check digit and
 * the composite), and names, sex and the state codes have no check digit at all. So every character is
 * scored against the OCR-B model (authenticity/typeface.ts: its margin over the closest other character),
 * and a reading is only trusted where the check digits can still vouch for it:
 *  - a field a check digit covers may hold one uncertain character (the check digit decides it), not two;
 *  - a field no check digit covers (names, sex) may hold none.
 * Without scores (the OCR-B model could not cut the zone into cells), look-alike corrections stand in: two
 * or more in one field mean the check digits were the only thing holding the reading together, and a name
 * letter the OCR-B model supplied for a digit is in doubt.
 */
import { detectLayout, type Span } from './mrz-layouts.ts';
import type { MrzResult } from './mrz-parse.ts';

export interface UncertainField {
  field: string;
  /** 1-based line and column of each uncertain character. */
  positions: string[];
}

const inside = (s: Span, line: number, col: number) => s.line === line && col >= s.start && col < s.end;

/** Fields whose reading rests on characters the check digits cannot vouch for. */
export function uncertainFields(mrz: MrzResult, margins: number[][] | null, minMargin: number): UncertainField[] {
  const layout = detectLayout(mrz.lines);
  if (!layout) return [];
  const uncertain: [number, number][] = [];
  if (margins) {
    margins.forEach((row, line) => row.forEach((m, col) => {
      if (m < minMargin) uncertain.push([line, col]);
    }));
  } else {
    // A name letter taken from the OCR-B model (mrz-correct.ts, lettersFromShapes) is trusted only where its cell
    // could be scored: without scores it stays in doubt, as the digit it replaced was (REFER either way).
    for (const c of mrz.corrections) if (c.by === 'check_digit' || c.by === 'letter_shape') uncertain.push([c.line, c.position]);
  }
  const out: UncertainField[] = [];
  const seen = new Set<string>();
  for (const check of layout.checks.filter((c) => c.name !== 'composite')) {
    const hits = uncertain.filter(([l, c]) => check.over.some((s) => inside(s, l, c)) || inside(check.digit, l, c));
    // A check digit over all filler (no personal number) protects nothing to be misread.
    if (hits.length >= 2) out.push({ field: check.name, positions: hits.map(([l, c]) => `${l + 1}:${c + 1}`) });
    for (const [l, c] of hits) seen.add(`${l}:${c}`);
  }
  for (const f of layout.fields.filter((x) => x.name === 'names' || x.name === 'sex')) {
    const hits = uncertain.filter(([l, c]) => inside(f.span, l, c) && !seen.has(`${l}:${c}`) && mrz.lines[l]![c] !== '<');
    if (hits.length > 0) out.push({ field: f.name, positions: hits.map(([l, c]) => `${l + 1}:${c + 1}`) });
  }
  return out;
}

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
const isLetter = (ch: string) => ch === '<' || (ch >= 'A' && ch <= 'Z');

/** For typefaceStats: the characters each position's field may hold (check digits: digits or filler). */
export function alternativesFor(lines: readonly string[]): (line: number, position: number) => (ch: string) => boolean {
  const layout = detectLayout(lines);
  return (line, position) => {
    if (!layout) return () => true;
    if (layout.checks.some((c) => inside(c.digit, line, position))) return (ch) => isDigit(ch) || ch === '<';
    const field = layout.fields.find((f) => inside(f.span, line, position));
    if (!field) return () => true;
    if (field.chars === 'numeric') return isDigit;
    if (field.chars === 'alpha' || field.chars === 'names') return isLetter;
    if (field.chars === 'sex') return (ch) => ch === 'M' || ch === 'F' || ch === '<' || ch === 'X';
    return () => true;
  };
}
