/** A greyscale image: one byte per pixel, row-major. Pure helpers over it, shared by the image engines. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Variance of the 4-neighbour Laplacian: the classic focus measure (Pech-Pacheco et al. 2000). Defocus, motion
 * blur and heavy compression remove high-frequency energy, so the variance drops. Comparable only between
 * images of the same size. 0 for an image too small to have an interior pixel.
 */
export function laplacianVariance(img: GrayImage): number {
  const { width: w, height: h, data } = img;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = data[i - 1]! + data[i + 1]! + data[i - w]! + data[i + w]! - 4 * data[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}
