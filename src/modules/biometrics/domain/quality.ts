/** Image quality measures on raw grayscale pixels (no I/O: the caller decodes). */
export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  data: Uint8Array;
}

/**
 * Variance of the 4-neighbour Laplacian: the classic focus measure (Pech-Pacheco et al. 2000). A blurred
 * or heavily compressed face has little high-frequency energy, so the variance drops. Only comparable
 * between crops resized to the same size, which the engine does.
 */
export function laplacianVariance(img: GrayImage): number {
  const { width: w, height: h, data } = img;
  if (w < 3 || h < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = (data[i - 1] as number) + (data[i + 1] as number) + (data[i - w] as number) + (data[i + w] as number) - 4 * (data[i] as number);
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

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
