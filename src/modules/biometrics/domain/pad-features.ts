/**
 * Hand-computed presentation-attack signals, pure: what a re-photographed print, screen or cut-out leaves
 * in the pixels that a live face in front of a camera does not.
 *
 *   moire / pixel grid   periodic energy in the face's spectrum (FFT): peaks and high-band share
 *   print gamut          lower saturation, compressed contrast, lifted black level
 *   screen               specular glare (bright, colourless pixels), a blue cast, refresh banding (row means)
 *   texture              uniform LBP histogram (halftone dots and sub-pixel stripes change micro-texture)
 *   edges                straight, long edges around the face (paper border, bezel) and a hard face
 *                        outline (cut-out): gradient profiles of a crop twice the face box
 *
 * Every feature is a number computed from two fixed-size crops; the decision (domain/pad.ts) weighs them
 * with weights fitted by eval/faces on the calibration split.
 */

import { powerSpectrum } from '../../../platform/domain/spectrum.ts';

/** A square RGB crop, 3 bytes per pixel. */
export interface Crop {
  size: number;
  data: Uint8Array;
}

/** Side of both crops the features are computed on (a power of two for the FFT). */
export const FEATURE_CROP = 128;

export const PAD_FEATURES = [
  'fft_high',
  'fft_mid',
  'fft_peak',
  'sat_mean',
  'sat_p95',
  'contrast',
  'black_level',
  'specular',
  'blue_cast',
  'banding',
  'lbp_0',
  'lbp_1',
  'lbp_2',
  'lbp_3',
  'lbp_4',
  'lbp_5',
  'lbp_6',
  'lbp_7',
  'lbp_8',
  'lbp_nonuniform',
  'line_rows',
  'line_cols',
  'ring_edge',
] as const;
export type PadFeature = (typeof PAD_FEATURES)[number];
export type PadFeatures = Record<PadFeature, number>;

export function grey(c: Crop): Float64Array {
  const n = c.size * c.size;
  const g = new Float64Array(n);
  for (let i = 0; i < n; i++) g[i] = 0.299 * (c.data[i * 3] as number) + 0.587 * (c.data[i * 3 + 1] as number) + 0.114 * (c.data[i * 3 + 2] as number);
  return g;
}

// ---- spectrum ----------------------------------------------------------------------------------------

// The power spectrum (Hann-windowed, mean removed, DC at index 0) is platform/domain/spectrum.ts, shared with
// the documents' screen and halftone checks.

/** Radial frequency of spectrum index (u, v), 0 at DC to about 0.71 at the corner (cycles per pixel). */
const radius = (u: number, v: number, n: number): number => Math.hypot(u > n / 2 ? u - n : u, v > n / 2 ? v - n : v) / n;

function spectrumFeatures(g: Float64Array, n: number): { high: number; mid: number; peak: number } {
  const p = powerSpectrum(g, n);
  let total = 0;
  let high = 0;
  let mid = 0;
  const band: number[] = [];
  for (let v = 0; v < n; v++) {
    for (let u = 0; u < n; u++) {
      const r = radius(u, v, n);
      if (r < 0.02) continue; // DC and the window's leakage
      const e = p[v * n + u] as number;
      total += e;
      if (r >= 0.25) high += e;
      else if (r >= 0.08) mid += e;
      if (r >= 0.1) band.push(e);
    }
  }
  band.sort((a, b) => a - b);
  const median = band[Math.floor(band.length / 2)] ?? 0;
  // A periodic pattern (pixel grid, halftone screen, moire) puts energy in a few isolated frequencies.
  const top = band.slice(-8);
  const peak = median > 0 ? Math.log10(top.reduce((s, v) => s + v, 0) / top.length / median) : 0;
  return { high: total > 0 ? high / total : 0, mid: total > 0 ? mid / total : 0, peak };
}

// ---- colour --------------------------------------------------------------------------------------------

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * (s.length - 1))))] ?? 0;
}

function colourFeatures(c: Crop): Pick<PadFeatures, 'sat_mean' | 'sat_p95' | 'contrast' | 'black_level' | 'specular' | 'blue_cast'> {
  const n = c.size * c.size;
  const sats: number[] = [];
  const lums: number[] = [];
  let specular = 0;
  let blue = 0;
  for (let i = 0; i < n; i++) {
    const r = c.data[i * 3] as number;
    const g = c.data[i * 3 + 1] as number;
    const b = c.data[i * 3 + 2] as number;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const s = max > 0 ? (max - min) / max : 0;
    sats.push(s);
    lums.push(0.299 * r + 0.587 * g + 0.114 * b);
    if (max > 235 && s < 0.2) specular++;
    blue += (b - r) / 255;
  }
  return {
    sat_mean: sats.reduce((a, b) => a + b, 0) / n,
    sat_p95: quantile(sats, 0.95),
    contrast: (quantile(lums, 0.99) - quantile(lums, 0.01)) / 255,
    black_level: quantile(lums, 0.01) / 255,
    specular: specular / n,
    blue_cast: blue / n,
  };
}

// ---- banding, texture, edges -----------------------------------------------------------------------------

/** Row-mean ripple after removing the slow trend, against the same for columns (refresh bands are rows). */
function banding(g: Float64Array, n: number): number {
  const ripple = (means: number[]): number => {
    let s = 0;
    for (let i = 2; i < means.length - 2; i++) {
      const trend = ((means[i - 2] as number) + (means[i - 1] as number) + (means[i + 1] as number) + (means[i + 2] as number)) / 4;
      s += Math.abs((means[i] as number) - trend);
    }
    return s / (means.length - 4);
  };
  const rows: number[] = [];
  const cols: number[] = new Array(n).fill(0);
  for (let y = 0; y < n; y++) {
    let s = 0;
    for (let x = 0; x < n; x++) {
      s += g[y * n + x] as number;
      cols[x] = (cols[x] as number) + (g[y * n + x] as number) / n;
    }
    rows.push(s / n);
  }
  // Coarser rows: the bands are 10-70 px, so smooth over 8 rows before looking for them.
  const coarse = (xs: number[]): number[] => Array.from({ length: Math.floor(xs.length / 4) }, (_, i) => xs.slice(i * 4, i * 4 + 4).reduce((a, b) => a + b, 0) / 4);
  return Math.log((ripple(coarse(rows)) + 0.05) / (ripple(coarse(cols)) + 0.05));
}

/** Uniform LBP (8 neighbours, radius 1): shares of patterns with 0..8 set bits, and of non-uniform ones. */
function lbp(g: Float64Array, n: number): number[] {
  const hist = new Array(10).fill(0) as number[];
  const dx = [-1, 0, 1, 1, 1, 0, -1, -1];
  const dy = [-1, -1, -1, 0, 1, 1, 1, 0];
  let count = 0;
  for (let y = 1; y < n - 1; y++) {
    for (let x = 1; x < n - 1; x++) {
      const c = g[y * n + x] as number;
      let bits = 0;
      let ones = 0;
      let prev = (g[(y + (dy[7] as number)) * n + x + (dx[7] as number)] as number) >= c ? 1 : 0;
      for (let k = 0; k < 8; k++) {
        const b = (g[(y + (dy[k] as number)) * n + x + (dx[k] as number)] as number) >= c ? 1 : 0;
        if (b !== prev) bits++;
        ones += b;
        prev = b;
      }
      const bin = bits <= 2 ? ones : 9;
      hist[bin] = (hist[bin] as number) + 1;
      count++;
    }
  }
  return hist.map((h) => h / count);
}

/**
 * Long straight edges and a hard outline in the crop of twice the face box: the strongest row (column)
 * of vertical (horizontal) gradient against the median row, and the gradient in the ring around the face
 * against inside it.
 */
function edgeFeatures(g: Float64Array, n: number): Pick<PadFeatures, 'line_rows' | 'line_cols' | 'ring_edge'> {
  const rowSum = new Array(n).fill(0) as number[];
  const colSum = new Array(n).fill(0) as number[];
  let ring = 0;
  let ringN = 0;
  let inner = 0;
  let innerN = 0;
  for (let y = 1; y < n - 1; y++) {
    for (let x = 1; x < n - 1; x++) {
      const gy = Math.abs((g[(y + 1) * n + x] as number) - (g[(y - 1) * n + x] as number));
      const gx = Math.abs((g[y * n + x + 1] as number) - (g[y * n + x - 1] as number));
      rowSum[y] = (rowSum[y] as number) + gy;
      colSum[x] = (colSum[x] as number) + gx;
      // The face box is the middle half of this crop; the ring is what lies just outside it.
      const r = Math.max(Math.abs(x - n / 2), Math.abs(y - n / 2)) / (n / 2);
      const m = Math.hypot(gx, gy);
      if (r < 0.4) {
        inner += m;
        innerN++;
      } else if (r > 0.5 && r < 0.95) {
        ring += m;
        ringN++;
      }
    }
  }
  const peakOverMedian = (xs: number[]): number => {
    const s = xs.slice(1, -1);
    return Math.log((Math.max(...s) + 1) / (quantile(s, 0.5) + 1));
  };
  return { line_rows: peakOverMedian(rowSum), line_cols: peakOverMedian(colSum), ring_edge: Math.log((ring / ringN + 1) / (inner / innerN + 1)) };
}

/** All features from the face crop (the face box) and the context crop (twice the face box, same centre). */
export function padFeatures(face: Crop, context: Crop): PadFeatures {
  const n = face.size;
  if (n !== FEATURE_CROP || context.size !== FEATURE_CROP) throw new Error(`crops must be ${FEATURE_CROP} px`);
  const g = grey(face);
  const s = spectrumFeatures(g, n);
  const l = lbp(g, n);
  const features: PadFeatures = {
    fft_high: s.high,
    fft_mid: s.mid,
    fft_peak: s.peak,
    ...colourFeatures(face),
    banding: banding(g, n),
    lbp_0: l[0] as number,
    lbp_1: l[1] as number,
    lbp_2: l[2] as number,
    lbp_3: l[3] as number,
    lbp_4: l[4] as number,
    lbp_5: l[5] as number,
    lbp_6: l[6] as number,
    lbp_7: l[7] as number,
    lbp_8: l[8] as number,
    lbp_nonuniform: l[9] as number,
    ...edgeFeatures(grey(context), context.size),
  };
  return features;
}
