/**
 * Check-digit-confirmed correction of characters OCR confuses (0/O, 1/I, 2/Z, 5/S, 6/G, 8/B ...).
 *
 * A character is changed only when a check digit then holds and no other correction with as few changes
 * makes it hold too: a mod-10 check digit accepts a random string one time in ten, so "some correction
 * makes the check pass" proves nothing when several do. Letters in numeric positions (dates, check digits)
 * have only digit readings, but even those are applied only when the check digit confirms the result.
 */
import { isCheckDigitValid } from '../../../platform/domain/mrz-check-digit.ts';
import { type CharClass, type CheckSpec, type Layout, read } from './mrz-layouts.ts';

const TO_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/**
 * Where a letter may stand (a document number, optional data), a digit may be a misread of any letter TO_DIGIT
 * reads as it: `0` of O, D or Q, `1` of I or L (ADR 0020's look-alike groups 0/O/D/Q, 1/I/L). Offering only
 * TO_LETTER's one letter left the true letter out of the search, which could then find a wrong repair elsewhere
 * that the check digit accepts (ADR 0218: ICAO's TD1 number D23145890 read 023145890 came back 023145B90, valid).
 * With every reading offered, such a read has two repairs of one change and is left invalid.
 */
const TO_LETTERS: Record<string, string[]> = {};
for (const [letter, digit] of Object.entries(TO_DIGIT)) (TO_LETTERS[digit] ??= []).push(letter);
/**
 * Letters OCR takes for one another, for the three-letter codes (no digit can stand there). O, D and Q are the
 * letters TO_DIGIT already reads as 0; G joins them because the OCR-B model's prototypes put it nearest to Q and
 * close to O (a blurred G is a round letter open at the lower right, like Q: the shared pass-gbr's GBR read QBR).
 * I and L are the letters TO_DIGIT reads as 1. Every other letter is only itself.
 */
const LETTER_GROUPS = ['ODQG', 'IL'];
/** More confirmed changes than this in one field are not believed: at that point the read is too poor. */
const MAX_CHANGES = 3;

export interface Substitution {
  line: number;
  position: number;
  from: string;
  to: string;
  /**
   * What confirmed the change: a check digit; for a three-letter code the ISO/ICAO code list; for a character
   * of the name that cannot stand there (a digit), the OCR-B model's letter for the same cell.
   */
  by: 'check_digit' | 'country_code' | 'letter_shape';
}

interface Choice {
  line: number;
  position: number;
  /** The first option is the character as read, unless that character is impossible there (forced). */
  options: string[];
  forced: boolean;
}

function optionsFor(ch: string, chars: CharClass): { options: string[]; forced: boolean } {
  const isDigit = ch >= '0' && ch <= '9';
  if (chars === 'numeric') {
    if (isDigit) return { options: [ch], forced: false };
    const digit = TO_DIGIT[ch];
    return { options: digit ? [digit] : [ch], forced: Boolean(digit) };
  }
  if (chars === 'alnum') {
    const alts = isDigit ? TO_LETTERS[ch] ?? [] : TO_DIGIT[ch] ? [TO_DIGIT[ch]] : [];
    return { options: [ch, ...alts], forced: false };
  }
  return { options: [ch], forced: false };
}

/** Character class of every position covered by a check: check digits themselves are numeric. */
export function classAt(layout: Layout, line: number, position: number, check: CheckSpec): CharClass {
  if (check.digit.line === line && check.digit.start === position) return 'numeric';
  const field = layout.fields.find((f) => f.span.line === line && position >= f.span.start && position < f.span.end);
  return field?.chars ?? 'alnum';
}

function choicesFor(lines: readonly string[], layout: Layout, check: CheckSpec, frozen: Set<string>): Choice[] {
  const choices: Choice[] = [];
  for (const span of [...check.over, check.digit]) {
    for (let p = span.start; p < span.end; p++) {
      const ch = lines[span.line]![p]!;
      const { options, forced } = frozen.has(`${span.line}:${p}`) ? { options: [ch], forced: false } : optionsFor(ch, classAt(layout, span.line, p, check));
      if (options.length > 1 || forced) choices.push({ line: span.line, position: p, options, forced });
    }
  }
  return choices;
}

function apply(lines: readonly string[], subs: readonly Substitution[]): string[] {
  const out = lines.map((l) => l.split(''));
  for (const s of subs) out[s.line]![s.position] = s.to;
  return out.map((l) => l.join(''));
}

export function checkHolds(lines: readonly string[], check: CheckSpec): boolean {
  return isCheckDigitValid(check.over.map((sp) => read(lines, sp)).join(''), read(lines, check.digit));
}

/**
 * The unique cheapest set of substitutions (over `choices`) that makes `holds` true, or undefined when none
 * does or when two different sets of the same size both do (the ambiguity a person must resolve).
 */
export function uniqueCheapest(lines: readonly string[], choices: readonly Choice[], holds: (l: string[]) => boolean): Substitution[] | undefined {
  let best: Substitution[][] = [];
  let bestCost = Infinity;
  const current: Substitution[] = [];
  const visit = (i: number, cost: number): void => {
    if (cost > bestCost || cost > MAX_CHANGES) return;
    if (i === choices.length) {
      if (!holds(apply(lines, current))) return;
      if (cost < bestCost) [best, bestCost] = [[[...current]], cost];
      else best.push([...current]);
      return;
    }
    const c = choices[i]!;
    const original = lines[c.line]![c.position]!;
    for (const to of c.options) {
      const changed = to !== original;
      if (changed) current.push({ line: c.line, position: c.position, from: original, to, by: 'check_digit' });
      // Forced changes (a letter where only a digit may stand) are not counted against the budget.
      visit(i + 1, cost + (changed && !c.forced ? 1 : 0));
      if (changed) current.pop();
    }
  };
  visit(0, 0);
  return best.length === 1 ? best[0] : undefined;
}

/**
 * Positions only the composite check digit covers (TD1 and TD2 optional data; the rest of a long TD1 number is
 * covered by the number's own check digit and is not among them). A look-alike change there is confirmed by the
 * composite alone, a mod-10 sum that a random change satisfies one time in ten, and once the composite has been
 * made to hold by it, it no longer confirms the other changes of the same solution either: eval:documents'
 * degraded page 80 (seed 21261122) had a garbage TD1 line made valid by `0→O` in the number and `2→Z` in the
 * optional data, each then confirmed by one check digit only (ADR 0214). So the joint search does not offer them.
 */
export function positionsOnlyTheCompositeCovers(checks: readonly CheckSpec[]): Set<string> {
  const own = new Set<string>();
  for (const check of checks.filter((c) => c.name !== 'composite')) {
    for (const sp of [...check.over, check.digit]) for (let p = sp.start; p < sp.end; p++) own.add(`${sp.line}:${p}`);
  }
  const out = new Set<string>();
  for (const composite of checks.filter((c) => c.name === 'composite')) {
    for (const sp of composite.over) for (let p = sp.start; p < sp.end; p++) if (!own.has(`${sp.line}:${p}`)) out.add(`${sp.line}:${p}`);
  }
  return out;
}

/**
 * First a joint search: the fewest confusable-character changes after which EVERY check digit holds,
 * accepted only when unique. With a composite check digit this double-confirms each change, which is why no
 * unforced change is offered where the composite is the only check (positionsOnlyTheCompositeCovers). When no joint
 * solution exists (some other character is simply misread), fall back field by field, where a document
 * with a composite accepts only forced changes (a letter in a date or check digit) and a visa (no
 * composite) also the unforced ones its single check digit confirms.
 */
export function correctMrz(lines: readonly string[], layout: Layout, checks: readonly CheckSpec[]): { lines: string[]; substitutions: Substitution[] } {
  const failing = checks.filter((c) => !checkHolds(lines, c));
  if (failing.length === 0) return { lines: [...lines], substitutions: [] };
  const frozen = new Set<string>();
  for (const check of checks.filter((c) => !failing.includes(c) && c.name !== 'composite')) {
    for (const sp of [...check.over, check.digit]) for (let p = sp.start; p < sp.end; p++) frozen.add(`${sp.line}:${p}`);
  }
  const seen = new Set<string>();
  const compositeOnly = positionsOnlyTheCompositeCovers(checks);
  const joint = failing.flatMap((c) => choicesFor(lines, layout, c, frozen)).filter((c) => {
    const key = `${c.line}:${c.position}`;
    // A change the composite alone confirms would spend the composite on itself: see positionsOnlyTheCompositeCovers.
    if (!c.forced && compositeOnly.has(key)) return false;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const all = uniqueCheapest(lines, joint, (l) => checks.every((c) => checkHolds(l, c)));
  if (all) return { lines: apply(lines, all), substitutions: all };

  let current = [...lines];
  const substitutions: Substitution[] = [];
  const hasComposite = checks.some((c) => c.name === 'composite');
  for (const check of failing.filter((c) => c.name !== 'composite')) {
    const choices = choicesFor(current, layout, check, frozen).filter((c) => c.forced || !hasComposite);
    const subs = uniqueCheapest(current, choices, (l) => checkHolds(l, check));
    if (!subs) continue;
    current = apply(current, subs);
    substitutions.push(...subs);
  }
  return { lines: current, substitutions };
}

/** The letters a code's character may be read for: its look-alike letters; a digit, those of its letter. */
function codeOptions(ch: string): string[] {
  const letter = TO_LETTER[ch] ?? ch;
  if (!(letter >= 'A' && letter <= 'Z')) return [ch];
  const group = LETTER_GROUPS.find((g) => g.includes(letter)) ?? letter;
  // The character as read first: a letter keeps itself as an option, a digit cannot stand in a code.
  return [...new Set([ch, ...group])].filter((c) => !(c >= '0' && c <= '9'));
}

/**
 * Issuing state and nationality have no check digit, but the ICAO/ISO code list is a check of a kind: a code
 * read that is not on it (`isCode`) is replaced by the one real code reachable by look-alike characters (a
 * digit by its look-alike letter, a letter by another of its LETTER_GROUPS: QBR for GBR), never when none or
 * several are reachable. A code that is real as read is never changed. The groups are symmetric, so a code
 * misread by look-alikes always has its true code among those reachable: uniqueness is what makes the change
 * safe, and several reachable codes are left for a person. Recorded as `country_code` corrections; the
 * confidence rule still doubts them unless the cell's shape or a second reading confirms the letter
 * (mrz-confidence.ts, ADR 0214), since the list cannot tell a misread from a wrong code printed.
 */
export function correctCountryCodes(lines: readonly string[], layout: Layout, isCode: (code: string) => boolean): { lines: string[]; substitutions: Substitution[] } {
  let current = [...lines];
  const substitutions: Substitution[] = [];
  for (const field of layout.fields.filter((f) => f.name === 'issuing_state' || f.name === 'nationality')) {
    const code = read(current, field.span);
    if (!/\d/.test(code) && isCode(code.replace(/</g, ''))) continue;
    const reachable = new Set<string>();
    const visit = (prefix: string): void => {
      if (prefix.length === code.length) {
        if (prefix !== code && isCode(prefix.replace(/</g, ''))) reachable.add(prefix);
        return;
      }
      for (const ch of codeOptions(code[prefix.length]!)) visit(prefix + ch);
    };
    visit('');
    if (reachable.size !== 1) continue;
    const [fixed] = [...reachable] as [string];
    const subs = code.split('').flatMap((ch, i) => (ch === fixed[i] ? [] : [{ line: field.span.line, position: field.span.start + i, from: ch, to: fixed[i]!, by: 'country_code' as const }]));
    current = apply(current, subs);
    substitutions.push(...subs);
  }
  return { lines: current, substitutions };
}

/**
 * A name holds only letters and fillers, and no check digit covers it. When the general OCR engine's valid
 * reading puts a digit there (the shared specimen id-che: `VADIS<<QUO` read `VADIS<<0U0`, MRZ_NAME_UNREADABLE),
 * the OCR-B model's reading of the same zone, which weighs only letters in the name (ocrb.ts), names the letter
 * that cell holds. Only characters impossible as read are replaced, and only by a letter or filler; whether the
 * cell looks as much like another letter is still judged afterwards (mrz-confidence.ts, MRZ_LOW_CONFIDENCE).
 */
export function lettersFromShapes(lines: readonly string[], layout: Layout, shapes: readonly string[] | undefined): { lines: string[]; substitutions: Substitution[] } {
  const isLetter = (ch: string | undefined) => ch !== undefined && (ch === '<' || (ch >= 'A' && ch <= 'Z'));
  if (!shapes || shapes.length !== lines.length || shapes.some((l, i) => l.length !== lines[i]!.length)) return { lines: [...lines], substitutions: [] };
  const substitutions: Substitution[] = [];
  for (const field of layout.fields.filter((f) => f.chars === 'names')) {
    for (let p = field.span.start; p < field.span.end; p++) {
      const [from, to] = [lines[field.span.line]![p]!, shapes[field.span.line]![p]!];
      if (!isLetter(from) && isLetter(to)) substitutions.push({ line: field.span.line, position: p, from, to, by: 'letter_shape' });
    }
  }
  return { lines: apply(lines, substitutions), substitutions };
}
