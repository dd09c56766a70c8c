/**
 * `npm run bench:screening`: how fast lists load and how fast names are screened, single-threaded.
 *   1. per list in KYC_SHARED_DATA/lists: parse time and heap retained;
 *   2. all shared lists together: index build, then person queries (perturbed listed names and ordinary
 *      names, half each): queries/s, p50, p99;
 *   3. projection to a 1,000,000-name PEP list: synthetic PEP entities (given names from common pools,
 *      surnames generated from syllables so they are as varied as real ones), indexed at growing sizes,
 *      the same kind of queries timed at each size.
 * Options: --queries N (default 5000), --sizes 100000,250000,500000,1000000. Run with --expose-gc.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addName, newEntity, type ListedEntity } from '../src/modules/screening/domain/entity.ts';
import { Matcher } from '../src/modules/screening/domain/matcher.ts';
import { findLists, loadLists } from '../src/modules/screening/lists.loader.ts';
import { generateNegatives, POOLS } from '../eval/screening/negatives.ts';
import { perturb, pick, rng, type Rng } from '../eval/screening/perturb.ts';

const { values: args } = parseArgs({ options: { queries: { type: 'string', default: '5000' }, sizes: { type: 'string', default: '100000,250000,500000,1000000' } } });
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
function timeQueries(matcher: Matcher, queries: string[]) {
  for (const q of queries.slice(0, 300)) matcher.screen({ name: q, type: 'person' });
  const wall: number[] = [];
  const cpu: number[] = [];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const q of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    matcher.screen({ name: q, type: 'person' });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const total = performance.now() - started;
  const cpuTotal = process.cpuUsage(cpuStarted);
  return {
    qps: Math.round((queries.length / total) * 1000),
    cpuQps: Math.round(queries.length / ((cpuTotal.user + cpuTotal.system) / 1e6)),
    p50: quantile(wall, 0.5),
    p99: quantile(wall, 0.99),
    cpuP50: quantile(cpu, 0.5),
    cpuP99: quantile(cpu, 0.99),
    mean: total / queries.length,
  };
}

function personQueries(entities: readonly ListedEntity[], r: Rng, n: number): string[] {
  const persons = entities.filter((e) => e.schema === 'person');
  const out: string[] = [];
  const kinds = ['exact', 'typo', 'swapped_tokens', 'last_first', 'spelling_variant', 'cyrillic'] as const;
  while (out.length < n / 2) {
    const e = pick(r, persons);
    const q = perturb(pick(r, kinds), pick(r, e.names).full, r);
    if (q) out.push(q);
  }
  out.push(...generateNegatives(r, n - out.length).map((x) => x.name));
  return out;
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
  console.log(`person queries (${QUERIES} per run, half perturbed listed names, half ordinary names), 3 runs:`);
  for (const r of runs) console.log(`  wall: ${r.qps} queries/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms | CPU: ${r.cpuQps} queries/s per core, p50 ${fmt(r.cpuP50)} ms, p99 ${fmt(r.cpuP99)} ms`);
  const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
  console.log(`  median of runs: wall ${m((r) => r.qps)} queries/s, p50 ${fmt(m((r) => r.p50))} ms, p99 ${fmt(m((r) => r.p99))} ms | CPU ${m((r) => r.cpuQps)} queries/s per core, p50 ${fmt(m((r) => r.cpuP50))} ms, p99 ${fmt(m((r) => r.cpuP99))} ms`);
  console.log(`  load average during the run: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(', ')} (2 cores)`);
} else {
  console.log(`\n${listsDir} not found: shared-list figures skipped (set KYC_SHARED_DATA)`);
}

// ------------------------------------------------------------------ 3: projection to 1M names
const SYLLABLES = 'ka ro mi ta se lo vi an de bo ru na ki sha el mo ha ri za to be li nu ga pe do sa ya ko ve ma ti lu ne fa go ra zu ch o ni ba te so mu la'.split(' ');
const ENDINGS = ['', '', 'ov', 'ova', 'son', 'ez', 'i', 'ski', 'ian', 'er', 'et', 'ani', 'enko', 'sen', 'ling'];
const GIVEN = Object.values(POOLS).flatMap((p) => p.given);

function syntheticPeps(n: number, r: Rng): ListedEntity[] {
  const out: ListedEntity[] = [];
  for (let i = 0; i < n; i++) {
    const syl = 2 + Math.floor(r() * 2);
    let surname = '';
    for (let k = 0; k < syl; k++) surname += pick(r, SYLLABLES);
    surname = surname[0]!.toUpperCase() + surname.slice(1) + pick(r, ENDINGS);
    const e = newEntity('synthetic_peps', String(i), 'person');
    const given = r() < 0.3 ? `${pick(r, GIVEN)} ${pick(r, GIVEN)}` : pick(r, GIVEN);
    addName(e, `${given} ${surname}`, 'primary');
    if (r() < 0.2) addName(e, `${surname.toUpperCase()}, ${given}`, 'strong');
    e.topics.push('role.pep');
    e.birthDates.push(String(1940 + Math.floor(r() * 60)));
    out.push(e);
  }
  return out;
}

console.log('\n## Projection to a 1,000,000-name PEP list (synthetic names)');
console.log('| entities | names | index keys | build s | heap MB | wall queries/s | wall mean ms | wall p50 ms | wall p99 ms | CPU queries/s | CPU p50 ms | CPU p99 ms |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const size of args.sizes.split(',').map(Number).filter((n) => n > 0)) {
  const before = heapMb();
  const entities = syntheticPeps(size, rng(size));
  const t0 = performance.now();
  const matcher = new Matcher(entities);
  const build = (performance.now() - t0) / 1000;
  const heap = heapMb() - before;
  const r = timeQueries(matcher, personQueries(entities, rng(99), Math.min(QUERIES, 3000)));
  console.log(`| ${size} | ${matcher.size.names} | ${matcher.size.keys} | ${build.toFixed(1)} | ${heap.toFixed(0)} | ${r.qps} | ${fmt(r.mean)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.cpuQps} | ${fmt(r.cpuP50)} | ${fmt(r.cpuP99)} |`);
}
