/**
 * `npm run train:ocrb`: learn the OCR-B prototypes. Renders random MRZs (all layouts) in OCR-B
 * (needs Debian's fonts-ocr-b), clean and degraded, runs them through the reader's own location, cropping and
 * segmentation, labels each cell with the true character, and keeps a few k-means centres per character.
 * Seeds are disjoint from the evaluation's, so the evaluation never sees a training image.
 */
import { writeFileSync } from 'node:fs';
import { ALPHABET, CELL_H, CELL_W, segmentMrz } from '../../src/modules/documents/domain/ocrb.ts';

import type { MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { cropForOcrb, gray } from '../../src/modules/documents/mrz-reader.ts';
import { encodePrototypes, PROTOTYPES_FILE } from '../../src/modules/documents/ocrb-model.ts';
import { randomDegradation, randomMrz, renderDocument, rng } from './synthetic.ts';

const SEED = 9_000_000;
const DOCS = Number(process.env.OCRB_TRAIN_DOCS ?? 240);
const PER_CLASS = Number(process.env.OCRB_PER_CLASS ?? 6);
const D = CELL_W * CELL_H;

function kmeans(samples: Float32Array[], k: number, r: () => number): Float32Array[] {
  if (samples.length <= k) return samples;
  let centres = Array.from({ length: k }, () => samples[Math.floor(r() * samples.length)]!.slice());
  for (let iter = 0; iter < 12; iter++) {
    const sums = centres.map(() => new Float32Array(D));
    const counts = centres.map(() => 0);
    for (const s of samples) {
      let best = 0;
      let bestD = Infinity;
      centres.forEach((c, ci) => {
        let d = 0;
        for (let i = 0; i < D; i++) d += (s[i]! - c[i]!) ** 2;
        if (d < bestD) [best, bestD] = [ci, d];
      });
      counts[best]!++;
      for (let i = 0; i < D; i++) sums[best]![i]! += s[i]!;
    }
    centres = centres.map((c, ci) => (counts[ci] ? sums[ci]!.map((v) => v / counts[ci]!) : c));
  }
  return centres;
}

const r = rng(SEED);
const samples = new Map<string, Float32Array[]>([...ALPHABET].map((c) => [c, []]));
const formats: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];
let used = 0;
for (let i = 0; i < DOCS; i++) {
  const truth = randomMrz(r, formats[i % formats.length]!);
  const image = await renderDocument(truth, SEED + i, i % 3 === 0 ? {} : randomDegradation(r));
  const crop = await cropForOcrb(image);
  if (!crop) continue;
  const lines = segmentMrz(await gray(crop.image), truth.lines.length);
  if (!lines || lines[0]!.length !== truth.lines[0]!.length) continue;
  used++;
  lines.forEach((line, li) => line.cells.forEach((cell, ci) => samples.get(truth.lines[li]![ci]!)!.push(cell)));
}
let labels = '';
const vectors: number[] = [];
for (const [ch, list] of samples) {
  for (const c of kmeans(list, PER_CLASS, r)) {
    labels += ch;
    for (const v of c) vectors.push(Math.round(Math.min(1, Math.max(0, v)) * 255));
  }
}
writeFileSync(PROTOTYPES_FILE, JSON.stringify(encodePrototypes({ labels, vectors: Uint8Array.from(vectors) })) + '\n');
console.log(`trained on ${used}/${DOCS} documents; ${labels.length} prototypes; samples per character: ${[...samples].map(([c, l]) => `${c}:${l.length}`).join(' ')}`);


