// The focus measure is shared with the other image engine; re-exported below for this module's callers.
import { laplacianVariance } from '../../../platform/domain/gray-image.ts';

/**
 * Image quality figures from a grayscale raster (pure: the caller decodes the image). Each figure comes with
 * the threshold it is judged against so a reviewer sees why an image was called poor.
 */

export interface Gray {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  data: Uint8Array;
}

export interface QualityThresholds {
  /** Below this many pixels on the long side an MRZ character is under ~8 px tall. */
  minLongSide: number;
  /** Variance of the Laplacian (4-neighbour) at a working width of 1000 px; sharp scans give hundreds. */
  minSharpness: number;
  /** Share of the image in reflections: saturated blobs away from the image border, with a bright halo (GLARE). */
  maxGlare: number;
  minMeanBrightness: number;
  maxMeanBrightness: number;
  /** Standard deviation of brightness: a flat grey image has nothing to read. */
  minContrast: number;
}

export const DEFAULT_QUALITY_THRESHOLDS: QualityThresholds = {
  minLongSide: 250,
  minSharpness: 60,
  maxGlare: 0.02,
  minMeanBrightness: 50,
  maxMeanBrightness: 235,
  minContrast: 20,
};

export interface QualityReport {
  width: number;
  height: number;
  sharpness: number;
  glare_fraction: number;
  mean_brightness: number;
  contrast: number;
  problems: QualityProblem[];
}

export type QualityProblem = 'IMAGE_UNREADABLE' | 'IMAGE_TOO_SMALL' | 'IMAGE_BLURRY' | 'IMAGE_GLARE' | 'IMAGE_DARK' | 'IMAGE_OVEREXPOSED' | 'IMAGE_LOW_CONTRAST';

export { laplacianVariance };

export function brightnessStats(img: Gray): { mean: number; stdev: number } {
  let sum = 0;
  let sumSq = 0;
  for (const v of img.data) {
    sum += v;
    sumSq += v * v;
  }
  const n = img.data.length || 1;
  const mean = sum / n;
  return { mean, stdev: Math.sqrt(Math.max(0, sumSq / n - mean * mean)) };
}

/**
 * What a reflection looks like, in one place. A specular highlight saturates the sensor in its core and fades
 * out around it: the pixels just outside a glare blob are still bright (the halo). White paper is saturated
 * too, but it ends where the print begins, so the pixels just outside it are ink (a white card inside a dark
 * outline measured 62% "glare" when every interior saturated blob counted).
 */
export const GLARE = {
  /** A pixel at or above this is saturated. */
  saturated: 250,
  /** Specks smaller than this share of the image are not counted. */
  minShare: 0.001,
  /** The halo is the ring of unsaturated pixels within this many pixels of the blob... */
  haloWidth: 3,
  /** ...and a reflection's halo is at least this bright at its median; the print around white paper is far darker. */
  haloLevel: 200,
  /** A reflection is a patch: a saturated line a few pixels thick (mean thickness below this) is an edge of the card. */
  minThickness: 6,
} as const;

/**
 * Glare: the share of the image in reflections, i.e. saturated blobs inside the picture with a bright halo
 * (GLARE). Saturated regions that touch the image border are the page or background of a scan, and are left out.
 */
export function glareFraction(img: Gray): number {
  const { width: w, height: h, data } = img;
  const n = w * h;
  if (n === 0) return 0;
  // Label the saturated blobs (4-connected), noting each one's area, box and whether it touches the border.
  const label = new Int32Array(n);
  const blobs: { area: number; x0: number; y0: number; x1: number; y1: number; border: boolean }[] = [];
  const stack = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (label[start] || data[start]! < GLARE.saturated) continue;
    const id = blobs.length + 1;
    const blob = { area: 0, x0: w, y0: h, x1: 0, y1: 0, border: false };
    blobs.push(blob);
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      blob.area++;
      if (x < blob.x0) blob.x0 = x;
      if (x > blob.x1) blob.x1 = x;
      if (y < blob.y0) blob.y0 = y;
      if (y > blob.y1) blob.y1 = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) blob.border = true;
      // Neighbours left, right, up, down (unrolled: this loop runs once per saturated pixel).
      if (x > 0 && !label[p - 1] && data[p - 1]! >= GLARE.saturated) { label[p - 1] = id; stack[top++] = p - 1; }
      if (x < w - 1 && !label[p + 1] && data[p + 1]! >= GLARE.saturated) { label[p + 1] = id; stack[top++] = p + 1; }
      if (y > 0 && !label[p - w] && data[p - w]! >= GLARE.saturated) { label[p - w] = id; stack[top++] = p - w; }
      if (y < h - 1 && !label[p + w] && data[p + w]! >= GLARE.saturated) { label[p + w] = id; stack[top++] = p + w; }
    }
  }
  // Candidates: inside the picture, big enough, and a patch rather than a line.
  const halo = new Map<number, Uint32Array>();
  blobs.forEach((b, i) => {
    const thickness = b.area / Math.max(b.x1 - b.x0 + 1, b.y1 - b.y0 + 1);
    if (!b.border && b.area >= n * GLARE.minShare && thickness >= GLARE.minThickness) halo.set(i + 1, new Uint32Array(256));
  });
  if (halo.size === 0) return 0;
  // The halo of each candidate: grow it outward ring by ring over unsaturated pixels, counting their brightness.
  let frontier = new Int32Array(n);
  let size = 0;
  for (let p = 0; p < n; p++) if (halo.has(label[p]!)) frontier[size++] = p;
  let next = new Int32Array(n);
  for (let step = 0; step < GLARE.haloWidth && size > 0; step++) {
    let grown = 0;
    for (let i = 0; i < size; i++) {
      const p = frontier[i]!;
      const id = label[p]!;
      const histogram = halo.get(id)!;
      const x = p % w;
      if (x > 0 && !label[p - 1]) { label[p - 1] = id; histogram[data[p - 1]!]!++; next[grown++] = p - 1; }
      if (x < w - 1 && !label[p + 1]) { label[p + 1] = id; histogram[data[p + 1]!]!++; next[grown++] = p + 1; }
      if (p >= w && !label[p - w]) { label[p - w] = id; histogram[data[p - w]!]!++; next[grown++] = p - w; }
      if (p + w < n && !label[p + w]) { label[p + w] = id; histogram[data[p + w]!]!++; next[grown++] = p + w; }
    }
    [frontier, next, size] = [next, frontier, grown];
  }
  let glare = 0;
  for (const [id, histogram] of halo) if (median(histogram) >= GLARE.haloLevel) glare += blobs[id - 1]!.area;
  return glare / n;
}

/** The median of a 256-bin histogram (0 when it is empty). */
function median(histogram: Uint32Array): number {
  const count = histogram.reduce((s, c) => s + c, 0);
  let seen = 0;
  for (let v = 0; v < 256; v++) if (count > 0 && (seen += histogram[v]!) * 2 >= count) return v;
  return 0;
}

/**
 * `original` gives the resolution; `working` is the same image scaled to the working width the sharpness
 * threshold is calibrated at (the caller resizes, so the figure does not depend on the upload's size).
 */
export function assessQuality(original: { width: number; height: number }, working: Gray, t: QualityThresholds = DEFAULT_QUALITY_THRESHOLDS): QualityReport {
  const sharpness = laplacianVariance(working);
  const { mean, stdev } = brightnessStats(working);
  const glare = glareFraction(working);
  const problems: QualityProblem[] = [];
  if (Math.max(original.width, original.height) < t.minLongSide) problems.push('IMAGE_TOO_SMALL');
  if (sharpness < t.minSharpness) problems.push('IMAGE_BLURRY');
  if (glare > t.maxGlare) problems.push('IMAGE_GLARE');
  if (mean < t.minMeanBrightness) problems.push('IMAGE_DARK');
  if (mean > t.maxMeanBrightness) problems.push('IMAGE_OVEREXPOSED');
  if (stdev < t.minContrast) problems.push('IMAGE_LOW_CONTRAST');
  const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  return {
    width: original.width,
    height: original.height,
    sharpness: round(sharpness, 1),
    glare_fraction: round(glare, 4),
    mean_brightness: round(mean, 1),
    contrast: round(stdev, 1),
    problems,
  };
}
