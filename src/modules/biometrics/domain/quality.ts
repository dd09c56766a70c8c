/** Image quality measures on raw grayscale pixels (no I/O: the caller decodes). */
// The focus measure is shared with the other image engine; re-exported below for this module's callers.
import { laplacianVariance } from '../../../platform/domain/gray-image.ts';

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  data: Uint8Array;
}

export { laplacianVariance };

/** Intensity variance of the whole image (contrast). */
export function intensityVariance(img: GrayImage): number {
  const n = img.data.length;
  if (n === 0) return 0;
  let sum = 0;
  let sumSq = 0;
  for (const v of img.data) {
    sum += v;
    sumSq += v * v;
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/**
 * Focus measure independent of contrast: Laplacian variance divided by intensity variance (times 100).
 * The raw Laplacian variance of a sharp but low-contrast face can be lower than that of a blurred
 * high-contrast one; the ratio measures how much of the signal is fine detail.
 */
export function normalisedSharpness(img: GrayImage): number {
  const contrast = intensityVariance(img);
  if (contrast < 1) return 0;
  return (100 * laplacianVariance(img)) / contrast;
}
