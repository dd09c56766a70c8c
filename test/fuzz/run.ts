/**
 * `npm run fuzz`: the longer fuzzing run, with figures. FUZZ_RUNS (default 300) requests per operation,
 * FUZZ_SEED to replay, FUZZ_ONLY to fuzz the operations whose key contains it. Prints operations, requests,
 * statuses seen per operation, failures grouped by cause, then the generated cross-client check and the
 * upload attacks with their memory figures. Exits non-zero when anything failed.
 */
import os from 'node:os';
import { jpegDeclaring, jpegPolyglot, pdfFlateBomb, pdfWithJavaScript, pngBomb, WRONG_MAGIC } from './attack-files.ts';
import { crossClientCheck } from './cross-client.ts';
import { fuzz, summariseFailures } from './openapi-fuzzer.ts';
import { measured, parallelUploads, startUploadTarget, UPLOAD_LIMIT } from './upload-attacks.ts';
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

// Cross-client access, on a fresh service (the fuzzing above changed the first one's records at will).
const fresh = await startFuzzService();
const isolation = await crossClientCheck(fresh.t.app, fresh.doc, fresh.fixture);
await fresh.t.close();
console.log(`\ncross-client: ${isolation.routes.length} routes with ids, ${isolation.linkRoutes.length} link-token routes, ${isolation.failures.length} failures`);
for (const f of isolation.failures) console.log(`  ${f}`);

// Upload attacks over real HTTP, memory sampled every 5 ms.
const target = await startUploadTarget();
const statuses = (rs: { statusCode: number; json: () => any }[]) => rs.reduce<Record<string, number>>((acc, r) => {
  const key = `${r.statusCode}${r.statusCode >= 400 ? ` ${r.json().reason ?? r.json().code}` : ''}`;
  acc[key] = (acc[key] ?? 0) + 1;
  return acc;
}, {});
let uploadFailures = 0;
/** Generous: a bomb decoded would take gigabytes; what the checks hold is a few MB (the test asserts the same). */
const HEAP_BOUND_MB = 64;
const expectStatuses = (what: string, seen: Record<string, number>, wanted: string, heapMb = 0) => {
  const ok = Object.keys(seen).length === 1 && Object.keys(seen)[0] === wanted && heapMb < HEAP_BOUND_MB;
  if (!ok) uploadFailures++;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${JSON.stringify(seen)}`);
};
console.log(`\nupload attacks (UPLOAD_MAX_BYTES ${UPLOAD_LIMIT / 2 ** 20} MB; FAIL past the answer expected or heap +${HEAP_BOUND_MB} MB):`);
{
  const { token } = await target.link();
  const url = `${target.base}/verify/${token}/uploads/selfie`;
  for (const chunked of [false, true]) {
    const f = await parallelUploads(url, 20, { bytes: UPLOAD_LIMIT * 6, chunked });
    expectStatuses(`20 parallel x ${UPLOAD_LIMIT * 6 / 2 ** 20} MB, ${chunked ? 'chunked' : 'Content-Length'}: ${f.bytesOffered / 2 ** 20} MB offered, RSS ${f.rssBeforeMb} MB +${f.rssPeakGrowthMb} MB peak, heap +${f.heapPeakGrowthMb} MB, buffers +${f.buffersPeakGrowthMb} MB, ${f.ms} ms`, f.statuses, '413', f.heapPeakGrowthMb);
  }
  const wrong = await Promise.all(Object.values(WRONG_MAGIC).map((bytes) => target.upload(token, 'selfie', bytes)));
  expectStatuses(`wrong magic bytes (${Object.keys(WRONG_MAGIC).join(', ')}) as image/jpeg`, statuses(wrong), '415 UNSUPPORTED_TYPE');
}
{
  const { token } = await target.link();
  const png = await pngBomb(30_000, 30_000);
  const jpeg = await jpegDeclaring(30_000, 30_000);
  const run = await measured(() => Promise.all(Array.from({ length: 20 }, (_, i) => target.upload(token, 'document_front', i % 2 ? jpeg : png, i % 2 ? 'image/jpeg' : 'image/png'))));
  expectStatuses(`20 parallel 30000x30000 images (${Math.round(png.length / 1024)} KB PNG / ${jpeg.length} B JPEG; 2.7 GB each as RGB): RSS +${run.rssPeakGrowthMb} MB, heap +${run.heapPeakGrowthMb} MB, buffers +${run.buffersPeakGrowthMb} MB, ${run.ms} ms`, statuses(run.result), '422 IMAGE_TOO_LARGE', run.heapPeakGrowthMb);
  const bomb = await pdfFlateBomb(1024 * 1024 * 1024);
  const pdfs = await measured(() => Promise.all(Array.from({ length: 10 }, () => target.upload(token, 'proof_of_address', bomb, 'application/pdf'))));
  expectStatuses(`10 parallel PDF bombs (${Math.round(bomb.length / 1024)} KB inflating to 1 GB): RSS +${pdfs.rssPeakGrowthMb} MB, heap +${pdfs.heapPeakGrowthMb} MB, buffers +${pdfs.buffersPeakGrowthMb} MB, ${pdfs.ms} ms`, statuses(pdfs.result), '422 PDF_TOO_LARGE_INFLATED', pdfs.heapPeakGrowthMb);
  const scripts = await Promise.all((['plain', 'escaped', 'object-stream'] as const).map((how) => target.upload(token, 'proof_of_address', pdfWithJavaScript(how), 'application/pdf')));
  expectStatuses('PDFs with JavaScript (plain, #-escaped, in an object stream)', statuses(scripts), '422 PDF_ACTIVE_CONTENT');
}
{
  const { token, contactId } = await target.link();
  const { bytes, markers } = await jpegPolyglot();
  const r = await target.upload(token, 'selfie', bytes);
  const stored = r.statusCode === 201 ? await target.stored(contactId, 'selfie') : Buffer.alloc(0);
  const kept = markers.filter((m) => stored.includes(Buffer.from(m, 'latin1')));
  expectStatuses(`JPEG + HTML comment + appended ZIP (${bytes.length} B): stored ${stored.length} B re-encoded, payload markers kept: ${kept.length ? kept.join(', ') : 'none'}`, { [`${r.statusCode}${kept.length ? ' KEPT' : ''}`]: 1 }, '201');
}
await target.t.close();
const failed = report.failures.length + isolation.failures.length + uploadFailures;
console.log(`\n${failed ? 'FAILED' : 'passed'}: fuzzing ${report.failures.length}, cross-client ${isolation.failures.length}, uploads ${uploadFailures} failures`);
process.exit(failed ? 1 : 0);
