import { components } from './raster.ts';
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
  /** Share of the image in saturated hot spots (>= 250) away from the image border. */
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
 * Glare: saturated blobs inside the picture. Saturated regions that touch the image border are the white
 * page or background of a scan, not a reflection, and are left out; so are specks under 0.1% of the image.
 */
export function glareFraction(img: Gray): number {
  const mask = new Uint8Array(img.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = img.data[i]! >= 250 ? 255 : 0;
  const n = img.data.length || 1;
  const blobs = components({ ...img, data: mask }, Math.max(1, Math.round(n * 0.001)));
  const interior = blobs.filter((b) => b.x > 0 && b.y > 0 && b.x + b.width < img.width && b.y + b.height < img.height);
  return interior.reduce((s, b) => s + b.area, 0) / n;
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
