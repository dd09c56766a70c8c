/**
 * `npm run bench:screening-compare -- --old DIR`: this checkout's screening against another version of the code (DIR:
 * a checkout or `git archive` export with `node_modules` reachable from it), in one process, on the same list and
 * queries. A speed pass must change no result, and the machine's speed moves from minute to minute by more than a
 * pass gains, so both are measured here rather than by two benchmark runs:
 *   1. exactness: `Matcher.screen` and `NameIndex.candidates` (limits 40 and 200, ranks included) of each query,
 *      compared as JSON; the count of calls that differ (0 for an exact change) and the first few queries;
 *   2. speed: fresh queries, each screened once by one version or the other (by parity, swapped per batch), so each
 *      meets the caches as the benchmark's do; per version the median CPU time and the mean of the fastest 98% (a
 *      collector's pause, larger with two lists in one heap, lands on one side or the other).
 * Options: --list shared|300k|1m (shared: KYC_SHARED_DATA/lists), --queries N (exactness), --batches N of --batch
 * queries (speed), --mode exact|time|both. Queries: AML-shaped (bench/screening-data.ts) and queries of common names
 * only. Run with a large heap at 1m (two indexes): the npm script sets 12 GB.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rng } from '../eval/screening/perturb.ts';
import type { ListedEntity } from '../src/modules/screening/domain/entity.ts';
import type { Matcher, ScreeningQuery } from '../src/modules/screening/domain/matcher.ts';
import type { NormalizedName } from '../src/modules/screening/domain/normalize.ts';
import { commonNameQueries, personQueries, syntheticPeps, type EntityMaker, type TimedQuery } from './screening-data.ts';

const { values: args } = parseArgs({
  options: {
    old: { type: 'string' },
    list: { type: 'string', default: 'shared' },
    mode: { type: 'string', default: 'both' },
    queries: { type: 'string', default: '2000' },
    batches: { type: 'string', default: '6' },
    batch: { type: 'string', default: '3000' },
  },
});
if (!args.old) {
  console.error('usage: npm run bench:screening-compare -- --old DIR [--list shared|300k|1m] [--mode exact|time|both]');
  process.exit(2);
}

/** One version of the screening code: its matcher, entity constructors, normalizer and list loader. */
interface Version {
  label: string;
  Matcher: new (entities: readonly ListedEntity[]) => Matcher;
  make: EntityMaker;
  normalizeName: (name: string) => NormalizedName;
  loadLists: (sources: string[]) => Array<{ entities: ListedEntity[] }>;
}

async function version(label: string, dir: string): Promise<Version> {
  const from = (file: string) => import(path.resolve(dir, 'src/modules/screening', file));
  const [matcher, entity, normalize, loader] = await Promise.all([from('domain/matcher.ts'), from('domain/entity.ts'), from('domain/normalize.ts'), from('lists.loader.ts')]);
  return { label, Matcher: matcher.Matcher, make: { newEntity: entity.newEntity, addName: entity.addName }, normalizeName: normalize.normalizeName, loadLists: loader.loadLists };
}

/** Each version's entities made by its own code from the same source (the shared lists, or the seeded synthetic list). */
function entitiesOf(v: Version): ListedEntity[] {
  if (args.list === 'shared') return v.loadLists([path.join(path.resolve(process.env.KYC_SHARED_DATA || '../shared/data'), 'lists')]).flatMap((l) => l.entities);
  const size = args.list === '1m' ? 1_000_000 : args.list === '300k' ? 300_000 : Number.NaN;
  if (!Number.isFinite(size)) throw new Error(`--list: shared, 300k or 1m, not ${args.list}`);
  return syntheticPeps(size, rng(size), v.make);
}

const queriesOf = (entities: readonly ListedEntity[], seed: number, n: number): TimedQuery[] => [...personQueries(entities, rng(seed), Math.round(n * 0.8)), ...commonNameQueries(rng(seed + 1), Math.round(n * 0.2))];

const versions = [await version('old', args.old), await version('new', path.resolve(import.meta.dirname, '..'))];
const built = versions.map((v) => {
  const entities = entitiesOf(v);
  const t0 = performance.now();
  const matcher = new v.Matcher(entities);
  console.log(`${v.label}: ${entities.length} entities, ${matcher.size.names} names, index built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { v, entities, matcher };
});

/** As the matcher accepts entities for a person query (persons, and entities of no known schema). */
const personOnly = (entities: readonly ListedEntity[]) => (e: number) => entities[e]!.schema === 'person' || entities[e]!.schema === 'unknown';

if (args.mode === 'exact' || args.mode === 'both') {
  const queries = queriesOf(built[1]!.entities, 42, Number(args.queries));
  let calls = 0;
  const differing: string[] = [];
  const results = (b: (typeof built)[number], query: ScreeningQuery) => {
    const norm = b.v.normalizeName(query.name);
    const candidates = (limit: number) => JSON.stringify(b.matcher.index.candidates(norm, limit, query.type === 'person' ? personOnly(b.entities) : undefined).map((c) => [c.ref.entity, c.ref.name, c.rank]));
    return [JSON.stringify(b.matcher.screen(query)), candidates(40), candidates(200)];
  };
  for (const { query } of queries) {
    const [a, b] = [results(built[0]!, query), results(built[1]!, query)];
    a.forEach((x, i) => {
      calls++;
      if (x !== b[i]) differing.push(`${['screen', 'candidates 40', 'candidates 200'][i]}: ${query.name}`);
    });
  }
  console.log(`exactness: ${differing.length} different in ${calls} calls${differing.length ? `; first: ${differing.slice(0, 5).join(' | ')}` : ''}`);
}

if (args.mode === 'time' || args.mode === 'both') {
  const cpu: number[][] = [[], []];
  for (let b = 0; b < Number(args.batches); b++) {
    const queries = queriesOf(built[1]!.entities, 1000 + b, Number(args.batch));
    queries.forEach(({ query }, i) => {
      const side = (i + b) % 2;
      const c0 = process.cpuUsage();
      built[side]!.matcher.screen(query);
      const c = process.cpuUsage(c0);
      cpu[side]!.push(c.user + c.system);
    });
  }
  const sorted = cpu.map((xs) => [...xs].sort((x, y) => x - y));
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  const trimmedMean = (xs: number[]) => {
    const kept = xs.slice(0, Math.floor(xs.length * 0.98));
    return kept.reduce((s, x) => s + x, 0) / kept.length;
  };
  for (const [i, xs] of sorted.entries()) console.log(`${versions[i]!.label}: ${xs.length} queries, CPU median ${median(xs)} µs, mean of the fastest 98% ${trimmedMean(xs).toFixed(0)} µs (${Math.round(1e6 / trimmedMean(xs))} queries/s)`);
  console.log(`new against old: ${(trimmedMean(sorted[0]!) / trimmedMean(sorted[1]!)).toFixed(3)}× (means of the fastest 98%), ${(median(sorted[0]!) / median(sorted[1]!)).toFixed(3)}× (medians)`);
}
