/**
 * `npm run bench:documents`: median wall time per identity document through the service
 * (`checkIdentityDocument`: decode, quality, locate, recognise, parse, VIZ check, decide), pinned to one core with
 * taskset by the npm script. Inputs: the shared specimens when present, and generated documents (clean and
 * degraded). The first call (worker start-up, model load) is reported apart and left out of the median.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomDegradation, randomMrz, renderDocument, rng } from '../eval/documents/synthetic.ts';
import { createDocumentService } from '../src/modules/documents/index.ts';
import type { MrzFormat } from '../src/modules/documents/domain/mrz-layouts.ts';

const TODAY = '2026-11-22';
const inputs: { name: string; image: Buffer }[] = [];
const dir = path.join(process.env.KYC_SHARED_DATA ?? path.resolve('../shared/data'), 'documents');
if (existsSync(dir)) for (const f of readdirSync(dir).sort()) inputs.push({ name: `shared/${f}`, image: readFileSync(path.join(dir, f)) });
const r = rng(424242);
const formats: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];
for (let i = 0; i < 20; i++) {
  const m = randomMrz(r, formats[i % 5]!);
  inputs.push({ name: `generated/${i % 2 ? 'degraded' : 'clean'}-${m.format}`, image: await renderDocument(m, 424242 + i, i % 2 ? randomDegradation(r) : {}) });
}

// --no-viz: without the visual-zone check (one LSTM page OCR per document whose MRZ was read), for comparison.
const vizCheck = !process.argv.includes('--no-viz');
const service = createDocumentService({ vizCheck });
try {
  const t0 = performance.now();
  await service.checkIdentityDocument({ images: [inputs[0]!.image], today: TODAY });
  const warmup = performance.now() - t0;
  const times: { name: string; ms: number }[] = [];
  for (const input of inputs) {
    const t = performance.now();
    await service.checkIdentityDocument({ images: [input.image], today: TODAY });
    times.push({ name: input.name, ms: performance.now() - t });
  }
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const q = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
  const affinity = process.env.KYC_BENCH_CPUS ?? 'see npm script (taskset -c 0)';
  console.log(`documents bench: ${times.length} documents, node ${process.version}, ${os.cpus().length} cpus visible, pinned: ${affinity}, VIZ check ${vizCheck ? 'on' : 'off'}`);
  console.log(`first call (worker start, model load): ${Math.round(warmup)} ms`);
  console.log(`median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms per document (target: median < 1500 ms)`);
  for (const t of times.sort((a, b) => b.ms - a.ms).slice(0, 5)) console.log(`  slowest: ${t.name} ${Math.round(t.ms)} ms`);
} finally {
  await service.close();
}
