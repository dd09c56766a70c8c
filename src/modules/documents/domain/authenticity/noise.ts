/**
 * Editing-trace signal (pure): a zone that was retyped or pasted in and saved again carries another noise
 * level than the photo around it (a clean render on a noisy photo, or a smoothed patch). The noise is
 * estimated as Immerkær's (1996) Laplacian-difference estimator, on flat pixels only so that print edges and
 * guilloche lines do not count as noise; the signal is the ratio between the MRZ zone and the rest of the page.
 */
import type { Gray } from '../quality.ts';
import type { Rect } from './page.ts';

/** Gradient (|dx|+|dy|) below which a pixel counts as flat. */
const FLAT_GRADIENT = 24;

export function noiseSigma(img: Gray, rect: Rect, exclude?: Rect): number | null {
  const { width: w, data } = img;
  let sum = 0;
  let n = 0;
  const inEx = (x: number, y: number) => exclude !== undefined && x >= exclude.x && x < exclude.x + exclude.width && y >= exclude.y && y < exclude.y + exclude.height;
  for (let y = Math.max(1, rect.y); y < Math.min(img.height - 1, rect.y + rect.height); y++) {
    for (let x = Math.max(1, rect.x); x < Math.min(w - 1, rect.x + rect.width); x++) {
      if (inEx(x, y)) continue;
      const i = y * w + x;
      const c = data[i]!;
      const [l, r, u, d] = [data[i - 1]!, data[i + 1]!, data[i - w]!, data[i + w]!];
      if (Math.abs(r - l) + Math.abs(d - u) > FLAT_GRADIENT) continue;
      const m = data[i - w - 1]! - 2 * u + data[i - w + 1]! - 2 * l + 4 * c - 2 * r + data[i + w - 1]! - 2 * d + data[i + w + 1]!;
      sum += Math.abs(m);
      n++;
    }
  }
  if (n < 200) return null;
  return (Math.sqrt(Math.PI / 2) * sum) / (6 * n);
}

/** log2 of the MRZ zone's noise over the rest of the page's: 0 when alike, negative when the zone is cleaner. */
export function noiseRatio(img: Gray, mrz: Rect, page: Rect): number | null {
  const inner = noiseSigma(img, mrz);
  const outer = noiseSigma(img, page, mrz);
  if (inner === null || outer === null) return null;
  return Math.log2((inner + 0.05) / (outer + 0.05));
}
