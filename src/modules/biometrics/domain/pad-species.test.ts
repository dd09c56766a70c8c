import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test/helpers/seeded-random.ts';
import { boxInImage, gridScore, halftoneScore, isolatedPeak, ovalScore, type Frame } from './pad-species.ts';

/**
 * Each species detector on small generated images: the same scene with and without the artefact the
 * detector stands for. The scene is a smooth "face" (a bright ellipse with soft shading) before a softly
 * shaded background, with sensor noise, so that the detector has natural content to normalise against.
 */
const SIZE = 256;
const FACE = { x: 78, y: 68, width: 100, height: 120 };

/** RGB floats of the scene, 0..255. */
function scene(seed = 1): Float64Array {
  const rnd = seededRandom(seed);
  const out = new Float64Array(SIZE * SIZE * 3);
  const cx = FACE.x + FACE.width / 2;
  const cy = FACE.y + FACE.height / 2;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      // Inside the face, soft shading that fades out over ~20 px at its outline (a live head's soft edge).
      const q = Math.hypot((x - cx) / (FACE.width / 2 + 20), (y - cy) / (FACE.height / 2 + 20));
      const face = Math.max(0, Math.min(1, (1.1 - q) * 4));
      const skin = [200 - 30 * q, 160 - 25 * q, 140 - 20 * q];
      const room = [90 + 30 * (y / SIZE), 100 + 20 * (x / SIZE), 110];
      for (let c = 0; c < 3; c++) out[(y * SIZE + x) * 3 + c] = (skin[c] as number) * face + (room[c] as number) * (1 - face) + (rnd() - 0.5) * 6;
    }
  }
  return out;
}

const frame = (f: Float64Array): Frame => ({ width: SIZE, height: SIZE, data: Uint8Array.from(f, (v) => Math.max(0, Math.min(255, Math.round(v)))) });

/** The scene cut along an oval (70 × 85 px half axes) centred at (cx, cy), held before a plain violet wall. */
function cutOut(plain: Float64Array, cx: number, cy: number, seed: number): Float64Array {
  const cut = Float64Array.from(plain);
  const rnd = seededRandom(seed);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (((x - cx) / 70) ** 2 + ((y - cy) / 85) ** 2 <= 1) continue;
      const i = (y * SIZE + x) * 3;
      [150, 120, 170].forEach((v, c) => (cut[i + c] = v + (rnd() - 0.5) * 6));
    }
  }
  return cut;
}

describe('species detectors: the artefact raises its own detector', () => {
  it('halftone: per-ink dot screens score higher than the same scene printed continuously', () => {
    const plain = scene();
    const printed = new Float64Array(plain.length);
    const angles = [15, 75, 0].map((a) => (a * Math.PI) / 180);
    const pitch = 3.2;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        for (let c = 0; c < 3; c++) {
          const a = angles[c] as number;
          const u = (x * Math.cos(a) + y * Math.sin(a)) / pitch;
          const v = (-x * Math.sin(a) + y * Math.cos(a)) / pitch;
          const screen = (Math.cos(2 * Math.PI * u) * Math.cos(2 * Math.PI * v) + 1) / 2;
          const i = (y * SIZE + x) * 3 + c;
          printed[i] = 1 - (plain[i] as number) / 255 > screen ? 40 : 230;
        }
      }
    }
    const without = halftoneScore(frame(plain), FACE);
    const withDots = halftoneScore(frame(printed), FACE);
    expect(withDots).toBeGreaterThan(without + 0.5);
  });

  it('grid: an LCD pixel grid along the axes scores higher than the same scene without it', () => {
    const plain = scene();
    const shown = Float64Array.from(plain);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const gap = y % 3 === 2 ? 0.7 : 1; // dark line between pixel rows
        for (let c = 0; c < 3; c++) {
          const stripe = x % 3 === c ? 1.3 : 0.85; // the sub-pixel of this channel is lit
          shown[(y * SIZE + x) * 3 + c] = (plain[(y * SIZE + x) * 3 + c] as number) * gap * stripe;
        }
      }
    }
    expect(gridScore(frame(shown), FACE)).toBeGreaterThan(gridScore(frame(plain), FACE) + 0.5);
  });

  it('oval: a face cut along a hard oval before another background scores higher than a face with a soft outline', () => {
    const plain = scene();
    const cut = cutOut(plain, FACE.x + FACE.width / 2, FACE.y + FACE.height / 2, 2);
    expect(ovalScore(frame(cut), FACE)).toBeGreaterThan(2 * ovalScore(frame(plain), FACE));
  });

  it('oval: a cut that runs inside the face box on one side and far from the face on the other still scores as a cut', () => {
    // The face at the edge of the cut (a face cut from a group photo, or a cut that keeps one shoulder):
    // the cut passes 35 px (0.58 half boxes) left of the face centre and 105 px right of it, so rays
    // from the face centre alone cannot follow it all round.
    const plain = scene();
    const cut = cutOut(plain, FACE.x + FACE.width / 2 + 35, FACE.y + FACE.height / 2, 3);
    expect(ovalScore(frame(cut), FACE)).toBeGreaterThan(2 * ovalScore(frame(plain), FACE));
  });

  it('a detector whose face square does not fit the frame abstains (0) rather than guessing', () => {
    const small: Frame = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(128) };
    expect(halftoneScore(small, { x: 10, y: 10, width: 40, height: 40 })).toBe(0);
    expect(gridScore(small, { x: 10, y: 10, width: 40, height: 40 })).toBe(0);
  });
});

describe('isolatedPeak', () => {
  const n = 32;
  const base = (): Float64Array => {
    const p = new Float64Array(n * n);
    for (let v = 0; v < n; v++) for (let u = 0; u < n; u++) p[v * n + u] = 1 / (1 + Math.hypot(Math.min(u, n - u), Math.min(v, n - v)));
    return p;
  };
  // Away from DC, where the base spectrum itself peaks.
  const all = (fx: number, fy: number): boolean => Math.hypot(fx, fy) >= 0.15;

  it('finds a single strong bin but not a line of equally strong bins (block edges, straight edges)', () => {
    const peak = base();
    peak[5 * n + 8] = 50;
    const line = base();
    for (let v = 0; v < n; v++) line[v * n + 8] = 50;
    expect(isolatedPeak(peak, n, all)).toBeGreaterThan(2);
    expect(isolatedPeak(line, n, all)).toBeLessThan(0.5);
  });

  it('as a lattice, counts a peak only when its 90° partner peaks too', () => {
    const single = base();
    single[5 * n + 8] = 50;
    const pair = Float64Array.from(single);
    pair[8 * n + (n - 5)] = 50; // (8, 5) turned by 90°: (-5, 8)
    expect(isolatedPeak(single, n, all, true)).toBeLessThan(0.8);
    expect(isolatedPeak(pair, n, all, true)).toBeGreaterThan(2);
  });
});

describe('boxInImage', () => {
  // Where image.ts padAndRotate put a marker at (100, 50) of a 480×360 image (measured with sharp).
  it('maps a box found in the padded, rotated frame back onto the image', () => {
    const back = (x: number, y: number, pad: number, rotation: number): { x: number; y: number } => {
      const b = boxInImage({ x: x - 5, y: y - 5, width: 10, height: 10 }, 480, 360, pad, rotation);
      return { x: b.x + 5, y: b.y + 5 };
    };
    const r180 = back(619, 549, 0.5, 180);
    expect(r180.x).toBeCloseTo(100, -0.5);
    expect(r180.y).toBeCloseTo(50, -0.5);
    const r27 = back(552.3, 412.9, 0.5, 27);
    expect(Math.hypot(r27.x - 100, r27.y - 50)).toBeLessThan(2);
    const rm20 = back(726.3, 792.7, 1, -20);
    expect(Math.hypot(rm20.x - 100, rm20.y - 50)).toBeLessThan(2);
  });

  it('leaves a box found in the image itself alone', () => {
    const box = { x: 1, y: 2, width: 3, height: 4 };
    expect(boxInImage(box, 480, 360, 0, 0)).toBe(box);
  });
});
