/**
 * What check-digit-confirmed correction does with misread lines, without images (ADR 0214):
 * `node --import tsx eval/documents/correction-sim.ts [--count N] [--seed S] [--look P]`.
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
 * character scores nor a second reading, the least it ever has; `right_doubted` counts the right repairs it doubts.
 */
import { parseArgs } from 'node:util';
import { LAYOUTS, type MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { AUTHENTICITY_THRESHOLDS } from '../../src/modules/documents/domain/authenticity/thresholds.ts';
import { uncertainFields } from '../../src/modules/documents/domain/mrz-confidence.ts';
import { parseMrz } from '../../src/modules/documents/domain/mrz-parse.ts';
import { randomMrz, rng } from './synthetic.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '20000' }, seed: { type: 'string', default: '31261207' }, look: { type: 'string', default: '1' } } });
const LOOK: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8', '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const r = rng(Number(values.seed));
const count = Number(values.count);
const look = Number(values.look);
const outcomes = ['valid_exact', 'valid_wrong', 'invalid', 'repaired', 'silent', 'right_doubted'] as const;
const table: Record<string, Record<(typeof outcomes)[number], number>> = {};
for (let n = 0; n < count; n++) {
  const format = (['TD1', 'TD2', 'TD3'] as MrzFormat[])[n % 3]!;
  const truth = randomMrz(r, format).lines;
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
  for (const key of [`${format} ${errors} misread`, 'all']) {
    table[key] ??= { valid_exact: 0, valid_wrong: 0, invalid: 0, repaired: 0, silent: 0, right_doubted: 0 };
    table[key][outcome]++;
    if (outcome === 'valid_wrong' && repaired) table[key].repaired++;
    if (outcome === 'valid_wrong' && !doubted) table[key].silent++;
    if (outcome === 'valid_exact' && doubted) table[key].right_doubted++;
  }
}
console.log(`seed ${values.seed}, ${count} zones, look-alike share ${look}`);
for (const key of Object.keys(table).sort()) console.log(`${key.padEnd(16)} ${outcomes.map((o) => `${o} ${String(table[key]![o]).padStart(5)}`).join('  ')}`);
