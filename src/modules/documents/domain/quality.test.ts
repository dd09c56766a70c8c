import { describe, expect, it } from 'vitest';
import { assessQuality, type Gray, laplacianVariance } from './quality.ts';

function image(w: number, h: number, f: (x: number, y: number) => number): Gray {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.max(0, Math.min(255, Math.round(f(x, y))));
  return { width: w, height: h, data };
}
const text = (x: number, y: number) => ((Math.floor(x / 3) + Math.floor(y / 5)) % 2 ? 40 : 200);
const soft = (x: number, y: number) => 120 + 60 * Math.sin(x / 40) * Math.cos(y / 40);

describe('image quality', () => {
  it('sharp edges have a high Laplacian variance, smooth gradients a low one', () => {
    expect(laplacianVariance(image(200, 100, text))).toBeGreaterThan(1000);
    expect(laplacianVariance(image(200, 100, soft))).toBeLessThan(5);
  });
  it('a sharp, well exposed image of a good size has no problems', () => {
    expect(assessQuality({ width: 1600, height: 1000 }, image(400, 250, text)).problems).toEqual([]);
  });
  it('the white margin of a scan is not glare', () => {
    const scan = image(400, 250, (x, y) => (x < 60 || x > 340 || y < 40 || y > 210 ? 255 : text(x, y)));
    expect(assessQuality({ width: 1600, height: 1000 }, scan).problems).toEqual([]);
  });
  it.each([
    ['too small', { width: 200, height: 120 }, text, 'IMAGE_TOO_SMALL'],
    ['blurry', { width: 1600, height: 1000 }, soft, 'IMAGE_BLURRY'],
    ['dark', { width: 1600, height: 1000 }, (x: number, y: number) => text(x, y) / 6, 'IMAGE_DARK'],
    ['glare', { width: 1600, height: 1000 }, (x: number, y: number) => ((x - 200) ** 2 + (y - 120) ** 2 < 60 ** 2 ? 255 : text(x, y)), 'IMAGE_GLARE'],
    ['overexposed', { width: 1600, height: 1000 }, (x: number, y: number) => 235 + text(x, y) / 10, 'IMAGE_OVEREXPOSED'],
  ])('%s', (_n, size, f, problem) => {
    expect(assessQuality(size, image(400, 250, f)).problems).toContain(problem);
  });
});
