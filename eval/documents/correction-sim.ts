/**
 * What check-digit-confirmed correction does with misread lines, without images (ADR 0214):
 * `node --import tsx eval/documents/correction-sim.ts [--count N] [--seed S] [--look P] [--long Q] [--show silent]`.
 * Random MRZs of the layouts with a composite check digit (TD1, TD2, TD3; eval/documents/synthetic.ts) get one
 * to three characters misread, each in a field a check digit or the composite covers: with probability P its
 * OCR look-alike (0/O, 1/I, 2/Z, 5/S, 6/G, 8/B, and back), otherwise any other character. The parse
 * (domain/mrz-parse.ts) is then valid and exactly right (a repair), valid and wrong (garbage the check digits
 * accept: a silent misread unless something else doubts it), or not valid (REFER for its check digits).
 * Pure: runs in seconds; run it on two commits to compare their correction rules.
 * Three more columns (ADR 0218): `repaired` counts the valid-and-wrong reads in which a check-digit correction
 * put in a character the zone does not hold (a wrong repair; most of the rest were valid as misread: look-alikes a
 * mod-10 check cannot see, such as 6/G and 1/L, which only the character scores can doubt),
 * `silent` those the confidence rule (domain/mrz-confidence.ts) doubts in no check-digit field when it has neither
 * character scores nor a second reading, the least it ever has (`repaired_silent`: those of them with a wrong repair); `right_doubted` counts the right repairs it doubts.
 * Long document numbers (ADR 0220): with probability Q (default 0.5) a TD1 or TD2 zone's number has 10 to 15
 * characters, the rest running into the optional data with its own check digit (ICAO 9303-5 note j); those rows are
 * labelled `TD1 long`, `TD2 long`. `--long 0` draws no extra random numbers, so it gives the figures of the
 * simulation before long numbers were added. `--show silent` prints every silent wrong read (truth, read, result,
 * corrections).
 */
import { parseArgs } from 'node:util';
import { LAYOUTS, type MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { AUTHENTICITY_THRESHOLDS } from '../../src/modules/documents/domain/authenticity/thresholds.ts';
import { uncertainFields } from '../../src/modules/documents/domain/mrz-confidence.ts';
import { parseMrz } from '../../src/modules/documents/domain/mrz-parse.ts';
import { buildMrz, randomValues, rng } from './synthetic.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '20000' }, seed: { type: 'string', default: '31261207' }, look: { type: 'string', default: '1' }, long: { type: 'string', default: '0.5' }, show: { type: 'string' } } });
const LOOK: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8', '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const r = rng(Number(values.seed));
const count = Number(values.count);
const look = Number(values.look);
const longShare = Number(values.long);
const outcomes = ['valid_exact', 'valid_wrong', 'invalid', 'repaired', 'repaired_silent', 'silent', 'right_doubted'] as const;
const table: Record<string, Record<(typeof outcomes)[number], number>> = {};
for (let n = 0; n < count; n++) {
  const format = (['TD1', 'TD2', 'TD3'] as MrzFormat[])[n % 3]!;
  const v = randomValues(r, format);
  // No draw at all with --long 0, so that the zones are those of the simulation before long numbers.
  const long = longShare > 0 && format !== 'TD3' && r() < longShare;
  if (long) v.document_number += Array.from({ length: 1 + Math.floor(r() * 6) }, () => ALNUM[Math.floor(r() * 36)]!).join('');
  const truth = buildMrz(format, v).lines;
  const layout = LAYOUTS[format];
  const positions: [number, number][] = [];
  for (const f of layout.fields) if (f.chars === 'alnum' || f.chars === 'numeric') for (let p = f.span.start; p < f.span.end; p++) positions.push([f.span.line, p]);
  for (const c of layout.checks) positions.push([c.digit.line, c.digit.start]);
  const printed = positions.filter(([l, p]) => truth[l]![p] !== '<');
  const errors = 1 + Math.floor(r() * 3);
  const lines = truth.map((l) => l.split(''));
  for (let i = 0; i < errors; i++) {
    const [l, p] = printed[Math.floor(r() * printed.length)]!;
    const ch = lines[l]![p]!;
    lines[l]![p] = LOOK[ch] && r() < look ? LOOK[ch] : ALNUM.replace(ch, '')[Math.floor(r() * 35)]!;
  }
  const read = lines.map((l) => l.join(''));
  if (read.join() === truth.join()) continue;
  const m = parseMrz(read, '2026-11-22')!;
  const outcome = !m.valid ? 'invalid' : m.lines.join() === truth.join() ? 'valid_exact' : 'valid_wrong';
  const checked = new Set<string>(layout.checks.map((c) => c.name));
  const doubted = m.valid && uncertainFields(m, null, AUTHENTICITY_THRESHOLDS).some((u) => checked.has(u.field));
  const repaired = m.corrections.some((c) => c.by === 'check_digit' && c.to !== truth[c.line]![c.position]);
  if (values.show === 'silent' && outcome === 'valid_wrong' && !doubted) console.log(`silent ${format}${long ? ' long' : ''}: truth ${truth.join(' ')}\n  read ${read.join(' ')}\n  as   ${m.lines.join(' ')}\n  corrections ${m.corrections.map((c) => `${c.line + 1}:${c.position + 1} ${c.from}→${c.to} (${c.by}${c.to === truth[c.line]![c.position] ? ', right' : ', wrong'})`).join(', ')}`);
  for (const key of [`${format}${long ? ' long' : ''} ${errors} misread`, 'all']) {
    table[key] ??= { valid_exact: 0, valid_wrong: 0, invalid: 0, repaired: 0, repaired_silent: 0, silent: 0, right_doubted: 0 };
    table[key][outcome]++;
    if (outcome === 'valid_wrong' && repaired) table[key].repaired++;
    if (outcome === 'valid_wrong' && !doubted) table[key].silent++;
    if (outcome === 'valid_wrong' && repaired && !doubted) table[key].repaired_silent++;
    if (outcome === 'valid_exact' && doubted) table[key].right_doubted++;
  }
}
console.log(`seed ${values.seed}, ${count} zones, look-alike share ${look}, long-number share of TD1/TD2 ${longShare}`);
for (const key of Object.keys(table).sort()) console.log(`${key.padEnd(21)} ${outcomes.map((o) => `${o} ${String(table[key]![o]).padStart(5)}`).join('  ')}`);
