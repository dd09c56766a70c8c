/**
 * npm run bench:faces: time per face match (decode + detect + landmarks + descriptor for two images +
 * decision) on one core, and memory. Run pinned for a one-core figure:  taskset -c 0 npm run bench:faces
 * Images: ../shared/data/faces when present, else the sample photos shipped in @vladmandic/face-api.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createFaceService } from '../src/modules/biometrics/face.service.ts';

const require = createRequire(import.meta.url);
const shared = path.resolve(process.env.KYC_SHARED_DATA ?? path.join(import.meta.dirname, '../../shared/data'), 'faces/faceapi-bbt');
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

function pairs(): Array<[string, string, string]> {
  if (fs.existsSync(shared)) {
    const f = (p: string): string => path.join(shared, p);
    return [
      ['tight crop 150x150, same person', f('amy/amy1.png'), f('amy/amy2.png')],
      ['tight crop 150x150, different people', f('howard/howard1.png'), f('raj/raj1.png')],
      ['tight crop, hard (needs the padding cascade)', f('stuart/stuart5.png'), f('stuart/stuart1.png')],
    ];
  }
  return [['group photo vs group photo', path.join(demo, 'sample1.jpg'), path.join(demo, 'sample2.jpg')]];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};
const mb = (bytes: number): number => Math.round(bytes / 1048576);

async function main(): Promise<void> {
  const runs = Number(process.env.RUNS ?? 7);
  const service = createFaceService({ passiveLiveness: false });
  const t0 = performance.now();
  await service.analyze(fs.readFileSync(pairs()[0]![1]));
  const firstMs = performance.now() - t0;
  const rows = [];
  for (const [label, a, b] of pairs()) {
    const A = fs.readFileSync(a);
    const B = fs.readFileSync(b);
    await service.compare(A, B); // warm-up (kernel compilation)
    const times: number[] = [];
    let decision = '';
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      decision = (await service.compare(A, B)).decision;
      times.push(performance.now() - s);
    }
    rows.push({ pair: label, decision, median_ms: Math.round(median(times)), min_ms: Math.round(Math.min(...times)), max_ms: Math.round(Math.max(...times)), runs });
  }
  const mem = process.memoryUsage();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus_available: (await import('node:os')).availableParallelism(),
    model_load_and_first_image_ms: Math.round(firstMs),
    rows,
    memory_mb: { rss: mb(mem.rss), heap_used: mb(mem.heapUsed), external: mb(mem.external), array_buffers: mb(mem.arrayBuffers) },
  };
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  await service.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
});
