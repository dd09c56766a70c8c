/**
 * `npm run fuzz`: the longer fuzzing run, with figures. FUZZ_RUNS (default 300) requests per operation,
 * FUZZ_SEED to replay. Prints operations, requests, statuses seen per operation, failures grouped by cause,
 * then the generated cross-client check and the upload attacks with their memory figures.
 * Exits non-zero when anything failed.
 */
import os from 'node:os';
import { fuzz, summariseFailures } from './openapi-fuzzer.ts';
import { fuzzRuns, fuzzSeed, startFuzzService } from './service.ts';

const runs = fuzzRuns(300);
const seed = fuzzSeed();
const only = process.env.FUZZ_ONLY;
const { t, fixture, doc } = await startFuzzService();
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, database ${process.env.TEST_DATABASE ?? 'pglite'}`);
console.log(`fuzzing /openapi.json: ${runs} requests per operation, seed ${seed}`);
let report: Awaited<ReturnType<typeof fuzz>>;
try {
  report = await fuzz({
    app: t.app, doc, fixture, runs, seed,
    only: only ? (op) => op.key.includes(only) : undefined,
    onProgress: (op, n) => process.stderr.write(`  ${op.key}: ${n}\n`),
  });
} catch (error) {
  // Thrown before any request (a route the fuzzer cannot reach): say so plainly.
  console.error(`fuzzing could not start: ${(error as Error).message}`);
  await t.close();
  process.exit(2);
}
console.log(`\noperations ${report.operations}, requests ${report.requests} (${report.brokenRequests} broken on purpose), ${(report.ms / 1000).toFixed(1)} s, ${Math.round(report.requests / (report.ms / 1000))} req/s`);
const totals: Record<string, number> = {};
for (const [op, statuses] of Object.entries(report.statuses)) {
  console.log(`  ${op.padEnd(100)} ${Object.entries(statuses).map(([s, n]) => `${s}:${n}`).join(' ')}`);
  for (const [s, n] of Object.entries(statuses)) totals[s] = (totals[s] ?? 0) + n;
}
console.log(`statuses: ${Object.entries(totals).map(([s, n]) => `${s}:${n}`).join(' ')}`);
const groups = summariseFailures(report.failures);
console.log(`failures: ${report.failures.length} in ${groups.length} groups`);
for (const g of groups) console.log(`  ${g.count} x ${g.key}\n    ${g.example.detail}\n    ${JSON.stringify(g.example.request).slice(0, 600)}`);
await t.close();
process.exit(report.failures.length ? 1 : 0);
