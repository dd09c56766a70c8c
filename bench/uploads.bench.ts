/**
 * `npm run bench:uploads`: what 10 parallel 40-megapixel photos cost the process's memory, with the decode
 * pixel budget of ADR 0081 and without it. Each run is a fresh child process (RSS starts clean), decoding
 * through normaliseUpload as an upload does; RSS is sampled every 5 ms, and read again 2 s after the last
 * decode (what the allocator keeps). Bounded: 2 runs x 10 images of a patterned 6000x6600 PNG.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createPixelBudget } from '../src/platform/pixel-budget.ts';
import { DECODE_PIXEL_BUDGET, normaliseUpload } from '../src/modules/onboarding/uploads.ts';

const WIDTH = 6000;
const HEIGHT = 6600;
const COUNT = 10;

async function photo(): Promise<Buffer> {
  // Stripes and a gradient of tiles: compressible enough to be an upload (a few hundred KB), not one colour.
  const tile = await sharp({ create: { width: 600, height: 660, channels: 3, background: '#6a8caf' } })
    .composite([{ input: Buffer.from(`<svg width="600" height="660"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#234"/></linearGradient></defs><rect width="600" height="660" fill="url(#g)"/>${Array.from({ length: 33 }, (_, i) => `<rect y="${i * 20}" width="600" height="6" fill="#a33"/>`).join('')}</svg>`) }])
    .png().toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000' } })
    .composite(Array.from({ length: 100 }, (_, i) => ({ input: tile, left: (i % 10) * 600, top: Math.floor(i / 10) * 660 })))
    .png({ compressionLevel: 9 }).toBuffer();
}

async function child(bounded: boolean) {
  const png = readFileSync(process.env.BENCH_PNG!);
  const budget = bounded ? undefined : createPixelBudget(Number.MAX_SAFE_INTEGER);
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const began = performance.now();
  await Promise.all(Array.from({ length: COUNT }, () => normaliseUpload(png, ['image'], budget)));
  const ms = performance.now() - began;
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(sampler);
  const mb = (n: number) => Math.round(n / 2 ** 20);
  process.stdout.write(JSON.stringify({ bounded, startMb: mb(start), peakMb: mb(peak), after2sMb: mb(process.memoryUsage().rss), seconds: Math.round(ms / 100) / 10 }));
}

if (process.env.BENCH_CHILD) {
  await child(process.env.BENCH_CHILD === 'bounded');
} else {
  const png = await photo();
  console.log(`${COUNT} x ${WIDTH}x${HEIGHT} PNG (${Math.round(png.length / 1024)} KB, ${(WIDTH * HEIGHT / 1e6).toFixed(1)} MP) decoded at once; budget ${DECODE_PIXEL_BUDGET / 1e6} MP`);
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-uploads-'));
  const file = path.join(dir, 'photo.png');
  writeFileSync(file, png);
  try {
    for (const mode of ['bounded', 'unbounded']) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], { env: { ...process.env, BENCH_CHILD: mode, BENCH_PNG: file }, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${mode}: ${r.stderr ?? r.error}`);
      console.log(r.stdout);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
