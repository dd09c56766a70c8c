/**
 * Where an ID-1 card (85.6 x 54 mm: a photocard driving licence) lies in a photo (pure). The card is lighter
 * than what it lies on (Otsu threshold between the two); its tilt is the angle at which the light pixels'
 * extent is smallest (a rectangle's bounding box is tightest when it is upright); its box is where the light
 * pixels fill the rows and columns. A result whose proportions are not a card's is reported as not found, and
 * the caller reads the whole image instead.
 */
import { otsu } from './raster.ts';
import type { Gray } from './quality.ts';

export const CARD_ASPECT = 85.6 / 54;

export interface CardLocation {
  /** Degrees to rotate the image by (clockwise positive, as sharp's rotate) to make the card upright. */
  angle: number;
  found: boolean;
}

/** The q-quantile of values in [lo, hi) from a histogram of `bins` bins. */
function quantile(values: Float32Array, count: number, q: number, lo: number, hi: number, bins = 512): number {
  const hist = new Uint32Array(bins);
  const scale = bins / (hi - lo);
  for (let i = 0; i < count; i++) hist[Math.min(bins - 1, Math.max(0, Math.floor((values[i]! - lo) * scale)))]!++;
  const target = q * count;
  let acc = 0;
  for (let b = 0; b < bins; b++) {
    acc += hist[b]!;
    if (acc >= target) return lo + b / scale;
  }
  return hi;
}

/** The tilt of the light region: the angle in [-maxAngle, maxAngle] whose rotated extent has the least area. */
export function cardTilt(img: Gray, maxAngle = 10, step = 0.5): CardLocation {
  const t = otsu(img);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (img.data[y * img.width + x]! > t) { xs.push(x); ys.push(y); }
  const n = xs.length;
  // Nearly all light, or nearly none: the card fills the frame, or there is nothing card-like to straighten.
  if (n < 0.1 * img.width * img.height || n > 0.97 * img.width * img.height) return { angle: 0, found: false };
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  let best = { angle: 0, area: Infinity };
  for (let a = -maxAngle; a <= maxAngle + 1e-9; a += step) {
    const rad = (a * Math.PI) / 180;
    const [c, s] = [Math.cos(rad), Math.sin(rad)];
    for (let i = 0; i < n; i++) {
      u[i] = xs[i]! * c - ys[i]! * s;
      v[i] = xs[i]! * s + ys[i]! * c;
    }
    // Percentiles, not extremes: a few light specks on the table must not widen the box.
    let [ulo, uhi, vlo, vhi] = [Infinity, -Infinity, Infinity, -Infinity];
    for (let i = 0; i < n; i++) {
      if (u[i]! < ulo) ulo = u[i]!;
      if (u[i]! > uhi) uhi = u[i]!;
      if (v[i]! < vlo) vlo = v[i]!;
      if (v[i]! > vhi) vhi = v[i]!;
    }
    [uhi, vhi] = [uhi + 1, vhi + 1];
    const w = quantile(u, n, 0.995, ulo, uhi, 2048) - quantile(u, n, 0.005, ulo, uhi, 2048);
    const h = quantile(v, n, 0.995, vlo, vhi, 2048) - quantile(v, n, 0.005, vlo, vhi, 2048);
    if (w * h < best.area - 1e-6) best = { angle: a, area: w * h };
  }
  // Rotating the points by +a made the box tightest; an image rotated clockwise by a does the same (y points down).
  return { angle: best.angle, found: true };
}

export interface CardBox {
  left: number;
  top: number;
  width: number;
  height: number;
  found: boolean;
}

/**
 * The upright card's box: the span of rows and columns that are mostly light. `found` is false when the
 * span's proportions are not a card's (within 12%) or it covers less than a fifth of the image.
 */
export function cardBox(img: Gray): CardBox {
  const t = otsu(img);
  const cols = new Uint32Array(img.width);
  const rows = new Uint32Array(img.height);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[y * img.width + x]! > t) {
        cols[x]!++;
        rows[y]!++;
      }
    }
  }
  const span = (counts: Uint32Array, other: number) => {
    // A row of the card is light over most of its width (text, photo and band leave it well above 35%).
    const limit = 0.35 * Math.max(...counts);
    let first = counts.findIndex((c) => c >= limit);
    let last = counts.length - 1 - [...counts].reverse().findIndex((c) => c >= limit);
    if (first < 0) [first, last] = [0, counts.length - 1];
    return [first, last - first + 1, other] as const;
  };
  const [left, width] = span(cols, img.height);
  const [top, height] = span(rows, img.width);
  const aspect = width / Math.max(1, height);
  const found = Math.abs(aspect / CARD_ASPECT - 1) < 0.12 && width * height > 0.2 * img.width * img.height;
  return { left, top, width, height, found };
}
