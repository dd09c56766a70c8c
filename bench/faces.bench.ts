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
  return [];
}

/** Always measured: photos with several people (the extra unpadded counting pass runs). */
const photoPair: [string, string, string] = ['group photo vs group photo (face-api demo images, decoded to 800 px)', path.join(demo, 'sample3.jpg'), path.join(demo, 'sample5.jpg')];

/** A selfie-like 640x480 frame and a 300 px portrait of the same person, cut from a shipped demo photo. */
async function selfieAndPortrait(): Promise<[Buffer, Buffer]> {
  const sharp = (await import('sharp')).default;
  const src = path.join(demo, 'sample3.jpg');
  const meta = await sharp(src).metadata();
  const service = createFaceService({ passiveLiveness: false });
  const a = await service.analyze(fs.readFileSync(src));
  const scale = meta.width! / a.width;
  const f = a.faces[0]!.box;
  const cx = (f.x + f.width / 2) * scale;
  const cy = (f.y + f.height / 2) * scale;
  const w = f.width * scale;
  const cut = async (half: number, aspect: number, width: number): Promise<Buffer> => {
    const left = Math.max(0, Math.round(cx - half));
    const top = Math.max(0, Math.round(cy - half * aspect));
    return sharp(src)
      .extract({ left, top, width: Math.min(meta.width! - left, Math.round(2 * half)), height: Math.min(meta.height! - top, Math.round(2 * half * aspect)) })
      .resize({ width })
      .jpeg({ quality: 85 })
      .toBuffer();
  };
  return [await cut(w * 0.9, 1.3, 300), await cut(w * 1.15, 0.85, 640)];
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
  await service.analyze(fs.readFileSync(photoPair[1]));
  const firstMs = performance.now() - t0;
  const rows = [];
  const [portrait, selfie] = await selfieAndPortrait();
  const inputs: Array<[string, Buffer, Buffer]> = [
    ...pairs().map(([l, a, b]): [string, Buffer, Buffer] => [l, fs.readFileSync(a), fs.readFileSync(b)]),
    ['300 px document-style portrait vs 640x480 selfie-style frame (same person, demo image)', portrait, selfie],
    [photoPair[0], fs.readFileSync(photoPair[1]), fs.readFileSync(photoPair[2])],
  ];
  for (const [label, A, B] of inputs) {
    await service.compare(A, B); // warm-up (kernel compilation)
    const times: number[] = [];
    const cpu: number[] = [];
    let decision = '';
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      const c = process.cpuUsage();
      decision = (await service.compare(A, B)).decision;
      const used = process.cpuUsage(c);
      times.push(performance.now() - s);
      cpu.push((used.user + used.system) / 1000);
    }
    // CPU time is the steadier figure on a shared machine: wall time includes waiting for the core.
    rows.push({ pair: label, decision, median_ms: Math.round(median(times)), min_ms: Math.round(Math.min(...times)), max_ms: Math.round(Math.max(...times)), median_cpu_ms: Math.round(median(cpu)), runs });
  }
  // Passive authentication of generated chip data (ECDSA P-256 document signer, SHA-256 hashes).
  const { makeSampleChip } = await import('../src/modules/biometrics/chip/chip-sample.ts');
  const { verifyChipData } = await import('../src/modules/biometrics/chip/passive-auth.ts');
  const { trustStoreOf } = await import('../src/modules/biometrics/chip/trust-store.ts');
  const chip = await makeSampleChip(new Uint8Array(fs.readFileSync(path.join(demo, 'sample2.jpg'))));
  const trust = trustStoreOf([new Uint8Array(chip.csca.certificate.toSchema().toBER(false))]);
  const chipTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trust);
    chipTimes.push(performance.now() - s);
    if (!result.passed) throw new Error('generated chip did not verify');
  }
  // Presentation-attack verdict on one 640x480 capture, the analysis already done (what the liveness step adds).
  const analysis = await service.analyze(selfie);
  await service.assessPresentationAttack(selfie, analysis); // warm-up: loads Human's antispoof and liveness models
  const padTimes: number[] = [];
  const padCpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const c = process.cpuUsage();
    await service.assessPresentationAttack(selfie, analysis);
    const used = process.cpuUsage(c);
    padTimes.push(performance.now() - s);
    padCpu.push((used.user + used.system) / 1000);
  }
  const mem = process.memoryUsage();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus_available: (await import('node:os')).availableParallelism(),
    model_load_and_first_image_ms: Math.round(firstMs),
    rows,
    presentation_attack_verdict: { median_ms: Math.round(median(padTimes)), median_cpu_ms: Math.round(median(padCpu)), runs },
    chip_passive_authentication_median_ms: Math.round(median(chipTimes) * 10) / 10,
    memory_mb: { rss: mb(mem.rss), heap_used: mb(mem.heapUsed), external: mb(mem.external), array_buffers: mb(mem.arrayBuffers) },
  };
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  await service.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
});
