import { describe, expect, it } from 'vitest';
import { laplacianVariance } from './quality.ts';

function image(w: number, h: number, f: (x: number, y: number) => number) {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = f(x, y);
  return { width: w, height: h, data };
}

describe('laplacianVariance', () => {
  it('is zero on a flat image and high on a checkerboard', () => {
    expect(laplacianVariance(image(32, 32, () => 128))).toBe(0);
    expect(laplacianVariance(image(32, 32, (x, y) => ((x + y) % 2 ? 255 : 0)))).toBeGreaterThan(10_000);
  });

  it('a smooth gradient is less sharp than hard edges', () => {
    const smooth = laplacianVariance(image(64, 64, (x) => Math.round(128 + 100 * Math.sin(x / 10))));
    const edges = laplacianVariance(image(64, 64, (x) => (Math.floor(x / 4) % 2 ? 228 : 28)));
    expect(smooth).toBeLessThan(edges / 10);
  });

  it('a tiny image has no measurable sharpness', () => {
    expect(laplacianVariance(image(2, 2, () => 9))).toBe(0);
  });
});
