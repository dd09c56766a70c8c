/**
 * Silent misreads (pure). A check digit catches one wrong character in its field, but two look-alikes read
 * wrong in one field can cancel out (a TD2 number `2S5VHSF06` read `ZQSVHSFO6` kept both its check digit and
 * the composite), and names, sex and the state codes have no check digit at all. So every character is
 * scored against the OCR-B model (authenticity/typeface.ts: its margin over the closest other character),
 * and a reading is only trusted where the check digits can still vouch for it:
 *  - a field a check digit covers may hold one uncertain character (the check digit decides it), not two;
 *  - a field no check digit covers (names, sex) may hold none.
 * Without scores (the OCR-B model could not cut the zone into cells, or the lines' grids disagree), look-alike
 * corrections stand in: two or more in one field mean the check digits were the only thing holding the reading
 * together, and a name letter the OCR-B model supplied for a digit is in doubt. The fields no check digit
 * covers then rest on the one engine that read them, and check digits that hold say nothing about them (a
 * degraded TD1 card whose third line, all name, Tesseract read `ABDULLAH<<0LUU1SEUN`: every check digit held).
 * So there they must be confirmed by an independent reading: the names by the visual zone printing the same
 * name (viz.ts), or, as the sex must be, by a second reading of the same zone (the OCR-B model's, when
 * Tesseract's reading won). A character on which the two readings differ is in doubt, and with neither
 * confirmation every printed character of the field is. A state code the code list corrected (QBR to GBR) is held
 * to the same rule at the letters put in (ADR 0214), and so is the rest of a field whose check digit was spent
 * choosing a repair (ADR 0218, unbackedAfterRepair). A TD1/TD2 document number longer than 9 characters is one
 * field with its continuation in the optional data and that continuation's check digit (mrz-long-number.ts):
 * the rule uses the checks the parse used, or a repair there would escape it (ADR 0220).
 */
import { type CheckSpec, detectLayout, type Layout, type Span } from './mrz-layouts.ts';
import { positionsOnlyTheCompositeCovers } from './mrz-correct.ts';
import { checksInUse } from './mrz-long-number.ts';
import type { MrzResult } from './mrz-parse.ts';

export interface UncertainField {
  field: string;
  /** 1-based line and column of each uncertain character. */
  positions: string[];
  /**
   * Why: `look_alike` (scored against the OCR-B model, or corrected), `readings_differ` (the second reading
   * has another character there), `unconfirmed` (no score and no second reading for a field no check digit covers).
   */
  why: 'look_alike' | 'readings_differ' | 'unconfirmed';
}

const inside = (s: Span, line: number, col: number) => s.line === line && col >= s.start && col < s.end;

/** What else confirms the fields no check digit covers; consulted only without scores. */
export interface Confirmation {
  /** Another engine's lines for the same zone (mrz-reader.ts `second_reading`). */
  second: readonly string[] | null;
  /** The visual zone prints the surname and given names the MRZ holds (viz.ts, both `agrees`). */
  namesInViz: boolean;
}

/**
 * The lowest margins trusted (authenticity/thresholds.ts): `minCharacterMargin` where a check digit covers the
 * character, `minUnprotectedMargin` in the name and sex. The OCR-B model reads a name as the nearest letter,
 * so its own reading never has a margin below 0 there: a margin of 0 would never doubt it.
 */
export interface MarginThresholds {
  minCharacterMargin: number;
  minUnprotectedMargin: number;
}

/** Fields whose reading rests on characters the check digits cannot vouch for. */
export function uncertainFields(mrz: MrzResult, margins: number[][] | null, thresholds: MarginThresholds, confirmation: Confirmation = { second: null, namesInViz: false }): UncertainField[] {
  const { second } = confirmation;
  const layout = detectLayout(mrz.lines);
  if (!layout) return [];
  const unprotected = layout.fields.filter((x) => x.name === 'names' || x.name === 'sex');
  const uncertain: [number, number][] = [];
  if (margins) {
    margins.forEach((row, line) => row.forEach((m, col) => {
      const min = unprotected.some((f) => inside(f.span, line, col)) ? thresholds.minUnprotectedMargin : thresholds.minCharacterMargin;
      if (m < min) uncertain.push([line, col]);
    }));
  } else {
    // A name letter taken from the OCR-B model (mrz-correct.ts, lettersFromShapes) is trusted only where its cell
    // could be scored: without scores it stays in doubt, as the digit it replaced was (REFER either way).
    for (const c of mrz.corrections) if (c.by === 'check_digit' || c.by === 'letter_shape') uncertain.push([c.line, c.position]);
  }
  const out: UncertainField[] = [];
  const seen = new Set<string>();
  const sameShape = second !== null && second.length === mrz.lines.length && second.every((l, i) => l.length === mrz.lines[i]!.length);
  // The checks the parse used: a long number's check covers its continuation in the optional data (ADR 0220).
  const checks = checksInUse(layout, mrz.lines);
  for (const check of checks.filter((c) => c.name !== 'composite')) {
    const covered = (l: number, c: number) => check.over.some((s) => inside(s, l, c)) || inside(check.digit, l, c);
    const hits = uncertain.filter(([l, c]) => covered(l, c));
    // A check digit over all filler (no personal number) protects nothing to be misread.
    if (hits.length >= 2) out.push({ field: check.name, positions: hits.map(([l, c]) => at(l, c)), why: 'look_alike' });
    else {
      const unbacked = unbackedAfterRepair(mrz, layout, checks, [...check.over, check.digit].flatMap(positionsOf), margins, thresholds, sameShape ? second : null);
      if (unbacked) out.push({ field: check.name, ...unbacked });
    }
    for (const [l, c] of hits) seen.add(`${l}:${c}`);
  }
  // The composite digit is a check digit too: forced and unconfirmed in its cell, it vouches for nothing it alone
  // covers (TD1/TD2 optional data; the rest has its own check digits). No unforced change is made there (ADR 0214).
  const compositeOnly = [...positionsOnlyTheCompositeCovers(checks)].map((k) => k.split(':').map(Number) as [number, number]);
  for (const composite of checks.filter((c) => c.name === 'composite')) {
    const unbacked = unbackedAfterRepair(mrz, layout, checks, [...compositeOnly, ...positionsOf(composite.digit)], margins, thresholds, sameShape ? second : null);
    if (unbacked) out.push({ field: composite.name, ...unbacked });
  }
  out.push(...correctedCodes(mrz, layout, margins, thresholds, sameShape ? second : null));
  for (const f of unprotected) {
    const hits = uncertain.filter(([l, c]) => inside(f.span, l, c) && !seen.has(`${l}:${c}`) && mrz.lines[l]![c] !== '<');
    if (hits.length > 0) {
      out.push({ field: f.name, positions: hits.map(([l, c]) => at(l, c)), why: 'look_alike' });
      continue;
    }
    if (margins || (f.name === 'names' && confirmation.namesInViz)) continue;
    const printed = positionsOf(f.span).filter(([l, c]) => mrz.lines[l]![c] !== '<' || (sameShape && second[l]![c] !== '<'));
    if (!sameShape) {
      if (printed.length > 0) out.push({ field: f.name, positions: printed.map(([l, c]) => at(l, c)), why: 'unconfirmed' });
      continue;
    }
    const differ = printed.filter(([l, c]) => second[l]![c] !== mrz.lines[l]![c]);
    if (differ.length > 0) out.push({ field: f.name, positions: differ.map(([l, c]) => at(l, c)), why: 'readings_differ' });
  }
  return out;
}

/**
 * A state code changed to the one real code its look-alikes reach (mrz-correct.ts, correctCountryCodes): the list
 * says some real code is meant, not that this document prints it, and no check digit covers the code. So the
 * letter put in is held to the rule of the fields no check digit covers: with scores, a margin of at least
 * `minUnprotectedMargin` for it in its cell; without, the second reading having that letter there. A code read
 * right as printed is not doubted here (the list accepted it as read).
 */
function correctedCodes(mrz: MrzResult, layout: Layout, margins: number[][] | null, thresholds: MarginThresholds, second: readonly string[] | null): UncertainField[] {
  const out: UncertainField[] = [];
  for (const f of layout.fields.filter((x) => x.name === 'issuing_state' || x.name === 'nationality')) {
    const hits = mrz.corrections.filter((c) => c.by === 'country_code' && inside(f.span, c.line, c.position))
      .filter((c) => !cellConfirmed(c.line, c.position, c.to, margins, thresholds, second));
    if (hits.length > 0) out.push({ field: f.name, positions: hits.map((c) => at(c.line, c.position)), why: 'look_alike' });
  }
  return out;
}

/**
 * A check digit vouches for one thing: the field as read, or the one change the correction search chose to make
 * it hold. Once spent on a change, it no longer vouches for the rest of the field: had the real misread been some
 * other character (one the look-alike tables do not offer), the change is a wrong repair the check digit accepts
 * (ADR 0218). So the field's other characters are held to the rule of the fields no check digit covers
 * (ADR 0213): with scores, a margin of at least `minUnprotectedMargin`; without, the second reading having the
 * same character there, and with neither every printed character is in doubt. A forced change (a letter where
 * only a digit may stand) is no choice: it spends nothing when its cell confirms the digit put in (cellConfirmed).
 * When the cell does not, the look-alike table guessed the digit and only the check digit vouches for it: a 3
 * misread B and forced to 8, with another misread in the same field, passed a check digit one time in ten
 * (ADR 0220). The composite adds no confirmation to a number repair (its weights line up with the number's own,
 * ADR 0214), so it is not counted as one. `cells`: the field's characters and its check digit.
 */
function unbackedAfterRepair(mrz: MrzResult, layout: Layout, checks: readonly CheckSpec[], cells: readonly [number, number][], margins: number[][] | null, thresholds: MarginThresholds, second: readonly string[] | null): Omit<UncertainField, 'field'> | undefined {
  const covered = (line: number, col: number) => cells.some(([l, c]) => l === line && c === col);
  const forced = (line: number, col: number, from: string) => !isDigit(from) && (checks.some((c) => inside(c.digit, line, col)) || layout.fields.find((f) => inside(f.span, line, col))?.chars === 'numeric');
  const spent = mrz.corrections.filter((c) => c.by === 'check_digit' && covered(c.line, c.position) && (!forced(c.line, c.position, c.from) || !cellConfirmed(c.line, c.position, c.to, margins, thresholds, second)));
  if (spent.length === 0) return undefined;
  const rest = cells.filter(([l, c]) => mrz.lines[l]![c] !== '<' && !spent.some((s) => s.line === l && s.position === c));
  const doubt = (why: UncertainField['why'], found: [number, number][]) => (found.length > 0 ? { positions: found.map(([l, c]) => at(l, c)), why } : undefined);
  const unconfirmed = rest.filter(([l, c]) => !cellConfirmed(l, c, mrz.lines[l]![c]!, margins, thresholds, second));
  return doubt(margins ? 'look_alike' : second ? 'readings_differ' : 'unconfirmed', unconfirmed);
}

/**
 * A character no check digit vouches for, confirmed as `ch`: with scores, its cell's margin at least
 * `minUnprotectedMargin`; without, a second reading of the zone holding the same character there; with
 * neither, never (the one rule for corrected state codes and for the rest of a field after a repair).
 */
function cellConfirmed(line: number, col: number, ch: string, margins: number[][] | null, thresholds: MarginThresholds, second: readonly string[] | null): boolean {
  if (margins) return (margins[line]?.[col] ?? -1) >= thresholds.minUnprotectedMargin;
  return second?.[line]?.[col] === ch;
}

const at = (line: number, col: number) => `${line + 1}:${col + 1}`;
const positionsOf = (s: Span): [number, number][] => Array.from({ length: s.end - s.start }, (_, i) => [s.line, s.start + i]);

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
const isLetter = (ch: string) => ch === '<' || (ch >= 'A' && ch <= 'Z');

/** For typefaceStats: the characters each position's field may hold (check digits: digits or filler). */
export function alternativesFor(lines: readonly string[]): (line: number, position: number) => (ch: string) => boolean {
  const layout = detectLayout(lines);
  const checks = layout ? checksInUse(layout, lines) : [];
  return (line, position) => {
    if (!layout) return () => true;
    if (checks.some((c) => inside(c.digit, line, position))) return (ch) => isDigit(ch) || ch === '<';
    const field = layout.fields.find((f) => inside(f.span, line, position));
    if (!field) return () => true;
    if (field.chars === 'numeric') return isDigit;
    if (field.chars === 'alpha' || field.chars === 'names') return isLetter;
    if (field.chars === 'sex') return (ch) => ch === 'M' || ch === 'F' || ch === '<' || ch === 'X';
    return () => true;
  };
}
