/**
 * `npm run bench:screening`: how fast lists load and how fast names are screened, single-threaded.
 *   1. per list in KYC_SHARED_DATA/lists: parse time and heap retained;
 *   2. all shared lists together: index build, then AML-shaped person queries (name, a date of birth near
 *      the listed one, GB as address country; half perturbed listed names, half ordinary people with a
 *      date of birth): queries/s, p50, p99, overall and per kind of query (perturbation, script);
 *   3. projection to a 1,000,000-name PEP list: synthetic PEP entities (given names from common pools,
 *      surnames generated from syllables so they are as varied as real ones), indexed at growing sizes,
 *      the same kind of queries timed at each size.
 * Options: --queries N (default 5000), --sizes 250000,1000000. Run with --expose-gc.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addName, newEntity } from '../src/modules/screening/domain/entity.ts';
import { Matcher } from '../src/modules/screening/domain/matcher.ts';
import { findLists, loadLists } from '../src/modules/screening/lists.loader.ts';
import { rng } from '../eval/screening/perturb.ts';
import { personQueries, syntheticPeps, type TimedQuery } from './screening-data.ts';

const { values: args } = parseArgs({ options: { queries: { type: 'string', default: '5000' }, sizes: { type: 'string', default: '250000,1000000' } } });
const QUERIES = Number(args.queries);
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/**
 * The machine is shared (2 cores, other engineers' jobs): wall-clock time includes waiting for a core.
 * Each query is timed twice: wall clock and the process's own CPU time (process.cpuUsage), which is what
 * one core spends on it. Throughput is given both ways.
 */
function stats(wall: number[], cpu: number[]) {
  const total = wall.reduce((a, b) => a + b, 0);
  const cpuTotal = cpu.reduce((a, b) => a + b, 0);
  return {
    n: wall.length,
    qps: Math.round((wall.length / total) * 1000),
    cpuQps: Math.round((cpu.length / cpuTotal) * 1000),
    p50: quantile(wall, 0.5),
    p99: quantile(wall, 0.99),
    cpuP50: quantile(cpu, 0.5),
    cpuP99: quantile(cpu, 0.99),
    mean: total / wall.length,
  };
}

function timeQueries(matcher: Matcher, queries: TimedQuery[]) {
  for (const q of queries.slice(0, 300)) matcher.screen(q.query);
  const wall: number[] = [];
  const cpu: number[] = [];
  const byKind = new Map<string, { wall: number[]; cpu: number[]; expected: number; found: number }>();
  for (const q of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const matches = matcher.screen(q.query);
    const w = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    wall.push(w);
    cpu.push(ms);
    const k = byKind.get(q.kind) ?? byKind.set(q.kind, { wall: [], cpu: [], expected: 0, found: 0 }).get(q.kind)!;
    k.wall.push(w);
    k.cpu.push(ms);
    if (q.expect) {
      k.expected++;
      if (matches.some((m) => m.entityId === q.expect)) k.found++;
    }
  }
  return { ...stats(wall, cpu), kinds: [...byKind].map(([kind, v]) => ({ kind, ...stats(v.wall, v.cpu), found: v.expected ? v.found / v.expected : undefined })) };
}

function printKinds(runs: Array<ReturnType<typeof timeQueries>>) {
  console.log('| query kind | queries per run | own entity found | wall p50 ms | wall p99 ms | CPU queries/s | CPU p99 ms |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const { kind } of runs[0]!.kinds) {
    const per = runs.map((r) => r.kinds.find((k) => k.kind === kind)).filter((k) => k !== undefined);
    const m = (f: (k: (typeof per)[number]) => number) => median(per.map(f));
    const found = per[0]!.found === undefined ? 'n/a' : `${(100 * m((k) => k.found ?? 0)).toFixed(1)}%`;
    console.log(`| ${kind} | ${per[0]!.n} | ${found} | ${fmt(m((k) => k.p50))} | ${fmt(m((k) => k.p99))} | ${m((k) => k.cpuQps)} | ${fmt(m((k) => k.cpuP99))} |`);
  }
}

const fmt = (x: number) => x.toFixed(3);
const shared = path.resolve(process.env.KYC_SHARED_DATA || '../shared/data');
const listsDir = path.join(shared, 'lists');
console.log(`# screening benchmark ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${process.platform}/${process.arch}, single thread${gc ? '' : ' (no --expose-gc: memory figures are rough)'}`);

// ------------------------------------------------------------------ 1 + 2: shared lists
if (fs.existsSync(listsDir)) {
  console.log('\n## Load time and memory per list (median of 3 loads)');
  console.log('| list | format | entities | names | load ms | heap MB |\n|---|---|---:|---:|---:|---:|');
  // Heap: every loaded list is kept, so each delta is what that list retains (parsed entities).
  const keep: unknown[] = [];
  for (const found of findLists(listsDir)) {
    const source = found.format === 'ofac_sdn_csv' ? path.join(found.source, 'sdn.csv') : found.format === 'ofac_cons_csv' ? path.join(found.source, 'cons_prim.csv') : found.source.split('#')[0]!;
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      loadLists([source]);
      runs.push(performance.now() - t0);
    }
    const before = heapMb();
    const loaded = loadLists([source]).find((l) => l.format === found.format)!;
    keep.push(loaded);
    const heap = heapMb() - before;
    const names = loaded.entities.reduce((sum, e) => sum + e.names.length, 0);
    console.log(`| ${path.relative(listsDir, found.source)} | ${found.format} | ${loaded.entities.length} | ${names} | ${median(runs).toFixed(0)} | ${heap.toFixed(1)} |`);
  }
  keep.length = 0;

  const before = heapMb();
  const t0 = performance.now();
  const all = loadLists([listsDir]).flatMap((l) => l.entities);
  const t1 = performance.now();
  const matcher = new Matcher(all);
  const t2 = performance.now();
  console.log(`\n## All shared lists together\n${all.length} entities, ${matcher.size.names} names, ${matcher.size.keys} index keys; load ${(t1 - t0).toFixed(0)} ms, index ${(t2 - t1).toFixed(0)} ms, heap ${(heapMb() - before).toFixed(0)} MB`);
  const runs = [1, 2, 3].map((seed) => timeQueries(matcher, personQueries(all, rng(seed), QUERIES)));
  console.log(`AML-shaped person queries (${QUERIES} per run: half listed names perturbed with a near date of birth, half ordinary people with a date of birth; GB address), 3 runs:`);
  for (const r of runs) console.log(`  wall: ${r.qps} queries/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms | CPU: ${r.cpuQps} queries/s per core, p50 ${fmt(r.cpuP50)} ms, p99 ${fmt(r.cpuP99)} ms`);
  const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
  console.log(`  median of runs: wall ${m((r) => r.qps)} queries/s, p50 ${fmt(m((r) => r.p50))} ms, p99 ${fmt(m((r) => r.p99))} ms | CPU ${m((r) => r.cpuQps)} queries/s per core, p50 ${fmt(m((r) => r.cpuP50))} ms, p99 ${fmt(m((r) => r.cpuP99))} ms`);
  console.log(`  load average during the run: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(', ')} (2 cores)`);
  console.log('\nPer kind of query (medians of the 3 runs):');
  printKinds(runs);
} else {
  console.log(`\n${listsDir} not found: shared-list figures skipped (set KYC_SHARED_DATA)`);
}

// ------------------------------------------------------------------ 3: projection to 1M names
console.log('\n## Projection to a 1,000,000-name PEP list (synthetic names)');
console.log('| entities | names | index keys | build s | heap MB | wall queries/s | wall mean ms | wall p50 ms | wall p99 ms | CPU queries/s | CPU p50 ms | CPU p99 ms |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const sizes = args.sizes.split(',').map(Number).filter((n) => n > 0);
const largest = Math.max(...sizes);
let lastRuns: Array<ReturnType<typeof timeQueries>> | undefined;
for (const size of sizes) {
  const before = heapMb();
  const entities = syntheticPeps(size, rng(size), { newEntity, addName });
  const t0 = performance.now();
  const matcher = new Matcher(entities);
  const build = (performance.now() - t0) / 1000;
  const heap = heapMb() - before;
  const runs = [99, 100, 101].map((seed) => timeQueries(matcher, personQueries(entities, rng(seed), Math.min(QUERIES, 3000))));
  const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
  console.log(`| ${size} | ${matcher.size.names} | ${matcher.size.keys} | ${build.toFixed(1)} | ${heap.toFixed(0)} | ${m((r) => r.qps)} | ${fmt(m((r) => r.mean))} | ${fmt(m((r) => r.p50))} | ${fmt(m((r) => r.p99))} | ${m((r) => r.cpuQps)} | ${fmt(m((r) => r.cpuP50))} | ${fmt(m((r) => r.cpuP99))} |`);
  if (size === largest) lastRuns = runs;
}
console.log(`(medians of 3 runs of ${Math.min(QUERIES, 3000)} queries; load average at the end: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(', ')}, 2 cores)`);
if (lastRuns) {
  console.log(`\nPer kind of query at ${largest} entities (medians of the 3 runs):`);
  printKinds(lastRuns);
}
