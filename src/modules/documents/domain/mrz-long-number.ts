/**
 * Long document numbers (TD1 and TD2, ICAO 9303-5 note j / 9303-6): when the number has more than 9 characters,
 * the number's check digit position holds `<` and the rest of the number plus its check digit continue in the
 * optional data, ending before its first `<`. The number's check then covers the 9 first characters and that
 * continuation, and its digit is the continuation's last character. Parsing, correction and the confidence rule
 * (mrz-confidence.ts, ADR 0220) must all use this check, not the layout's own, or a repair in the continuation
 * escapes the rule that a check digit spent on a repair vouches for nothing else in its field (ADR 0218).
 */
import { type CheckSpec, type Layout, read } from './mrz-layouts.ts';

/** The long number's check and the number it reads, or {} when the lines hold a number of 9 characters or fewer. */
export function longDocumentNumber(layout: Layout, lines: readonly string[]): { check?: CheckSpec; number?: string } {
  if (!(layout.format === 'TD1' || layout.format === 'TD2')) return {};
  const base = layout.checks.find((c) => c.name === 'document_number')!;
  const optional = layout.fields.find((f) => f.name === 'optional_data')!.span;
  if (read(lines, base.digit) !== '<' || read(lines, { ...optional, end: optional.start + 1 }) === '<') return {};
  const rest = read(lines, optional);
  const length = rest.indexOf('<') === -1 ? rest.length : rest.indexOf('<');
  if (length < 2) return {};
  const over = [base.over[0]!, { line: optional.line, start: optional.start, end: optional.start + length - 1 }];
  const digit = { line: optional.line, start: optional.start + length - 1, end: optional.start + length };
  return { check: { name: 'document_number', digit, over }, number: read(lines, base.over[0]!) + rest.slice(0, length - 1) };
}

/** The checks these lines are held to: the layout's, with a long number's check in place of the number's own. */
export function checksInUse(layout: Layout, lines: readonly string[]): CheckSpec[] {
  const long = longDocumentNumber(layout, lines).check;
  return layout.checks.map((c) => (c.name === 'document_number' && long ? long : c));
}
