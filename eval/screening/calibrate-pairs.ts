/**
 * `node --import tsx eval/screening/calibrate-pairs.ts`: chooses compare.ts' ONE_NAME_PART (what a query
 * naming one part only of a listed name of several costs) on the calibration pairs (calibration-pairs.ts)
 * ONLY, and prints the sweep. The OFAC fixtures are not read here except for the result names to leave out.
 *
 * The rule, fixed before the sweep: the factor with the best F1 at the name-pair threshold (DEFAULT_THRESHOLD,
 * 0.88); among factors within 0.002 of that F1, the mildest (closest to 1), since it changes the least. Also
 * swept: whether a query written with a title is exempt (`President Putin`). Since ADR 0187 the same factor
 * also charges a query without the surname a `SURNAME, Given Middle` listing marks (compare.ts
 * `lacksListedSurname`; NameComparison.onePartOnly covers both), so the sweep chooses it for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { compareNormalized, ONE_NAME_PART } from '../../src/modules/screening/domain/compare.ts';
import { normalizeName, type NormalizedName } from '../../src/modules/screening/domain/normalize.ts';
import { DEFAULT_THRESHOLD, THRESHOLDS } from '../../src/modules/screening/domain/thresholds.ts';
import { loadLists } from '../../src/modules/screening/lists.loader.ts';
import { calibrationPairs, fixtureResultNames, type LabelledPair } from './calibration-pairs.ts';
import { add, f1, type PairOutcome } from './pairs.ts';

const shared = path.resolve(process.env.KYC_SHARED_DATA || '../shared/data');
const entities = loadLists([path.join(shared, 'lists')]).flatMap((l) => l.entities);
const fixtures = parse(fs.readFileSync(path.join(shared, 'names/ofac_fixtures.csv'), 'utf8'), { columns: true }) as Array<{ result_name: string }>;
const pairs = calibrationPairs(entities, { exclude: fixtureResultNames(fixtures) });

/** One direction's score without the one-part factor, whether the rule applies, and whether the query had a title. */
interface Direction { base: number; onePart: boolean; titled: boolean }
const untitled = (n: NormalizedName): NormalizedName => ({ ...n, removed: [] });
function direction(q: NormalizedName, l: NormalizedName): Direction {
  const c = compareNormalized(untitled(q), l);
  return { base: c.onePartOnly ? c.score / ONE_NAME_PART : c.score, onePart: c.onePartOnly, titled: q.removed.length > 0 };
}
const scored = pairs.map((p) => {
  const q = normalizeName(p.query);
  const l = normalizeName(p.result);
  return { p, dirs: [direction(q, l), direction(l, q)] };
});
const scoreAt = (dirs: Direction[], factor: number, titleExempt: boolean) => Math.max(...dirs.map((d) => d.base * (d.onePart && !(titleExempt && d.titled) ? factor : 1)));
function outcome(factor: number, titleExempt: boolean, t: number, only?: (p: LabelledPair) => boolean): PairOutcome {
  const o: PairOutcome = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const x of scored) if (!only || only(x.p)) add(o, x.p.same, Math.round(scoreAt(x.dirs, factor, titleExempt) * 10000) / 10000 >= t);
  return o;
}

const categories = [...new Set(pairs.map((p) => p.category))];
console.log(`calibration pairs: ${pairs.length} (${pairs.filter((p) => p.same).length} same), ${categories.map((c) => `${c} ${pairs.filter((p) => p.category === c).length}`).join(', ')}`);
const t83 = THRESHOLDS.sanctions.match;
console.log(`\nfactor | title exempt | F1 at ${DEFAULT_THRESHOLD} (P/R) | F1 at ${t83} (P/R)`);
const fmt = (o: PairOutcome) => { const s = f1(o); return `${s.f1.toFixed(3)} (${s.precision.toFixed(3)}/${s.recall.toFixed(3)})`; };
let best: { factor: number; titleExempt: boolean; f1: number } | undefined;
const rows: Array<{ factor: number; titleExempt: boolean; f1: number }> = [];
for (const titleExempt of [true, false]) {
  for (let k = 100; k >= 70; k--) {
    const factor = k / 100;
    const o88 = outcome(factor, titleExempt, DEFAULT_THRESHOLD);
    const o83 = outcome(factor, titleExempt, t83);
    console.log(`  ${factor.toFixed(2)} | ${titleExempt ? 'yes' : 'no '} | ${fmt(o88)} | ${fmt(o83)}`);
    rows.push({ factor, titleExempt, f1: f1(o88).f1 });
  }
}
const top = Math.max(...rows.map((x) => x.f1));
// Mildest factor within 0.002 of the best F1; the title exemption only if it does at least as well there.
for (const x of rows.filter((x) => x.f1 >= top - 0.002).sort((a, b) => b.factor - a.factor || b.f1 - a.f1)) {
  if (!best) best = x;
}
console.log(`\nchosen: factor ${best!.factor}, title exempt ${best!.titleExempt} (F1 ${best!.f1.toFixed(3)}; best ${top.toFixed(3)}); compare.ts has ${ONE_NAME_PART}`);
console.log(`\nper category (accuracy) at ${DEFAULT_THRESHOLD}: before (factor 1) -> chosen`);
for (const c of categories) {
  const acc = (o: PairOutcome) => ((o.tp + o.tn) / (o.tp + o.tn + o.fp + o.fn)).toFixed(3);
  console.log(`  ${c.padEnd(30)} ${acc(outcome(1, true, DEFAULT_THRESHOLD, (p) => p.category === c))} -> ${acc(outcome(best!.factor, best!.titleExempt, DEFAULT_THRESHOLD, (p) => p.category === c))}`);
}
if (process.argv.includes('--verbose')) {
  const wrong = scored.filter((x) => x.p.same !== scoreAt(x.dirs, best!.factor, best!.titleExempt) >= DEFAULT_THRESHOLD);
  console.log(`\nwrong at the choice (${wrong.length}, first 80):`);
  for (const x of wrong.slice(0, 80)) console.log(`  ${x.p.category}\t${x.p.query} / ${x.p.result}\t${scoreAt(x.dirs, best!.factor, best!.titleExempt).toFixed(4)}`);
}
