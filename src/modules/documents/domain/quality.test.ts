import { describe, expect, it } from 'vitest';
import { assessQuality, glareFraction, type Gray, laplacianVariance } from './quality.ts';

function image(w: number, h: number, f: (x: number, y: number) => number): Gray {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.max(0, Math.min(255, Math.round(f(x, y))));
  return { width: w, height: h, data };
}
const text = (x: number, y: number) => ((Math.floor(x / 3) + Math.floor(y / 5)) % 2 ? 40 : 200);
const soft = (x: number, y: number) => 120 + 60 * Math.sin(x / 40) * Math.cos(y / 40);
/**
 * A specular highlight added to an image: light that saturates the centre and fades out with distance
 * (Gaussian, spread `s` pixels), over whatever is printed there.
 */
const specular = (base: (x: number, y: number) => number, cx: number, cy: number, s: number) => (x: number, y: number) => {
  const v = base(x, y);
  return v + (300 - v) * Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * s * s));
};

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
    ['glare', { width: 1600, height: 1000 }, specular(text, 200, 120, 40), 'IMAGE_GLARE'],
    ['overexposed', { width: 1600, height: 1000 }, (x: number, y: number) => 235 + text(x, y) / 10, 'IMAGE_OVEREXPOSED'],
  ])('%s', (_n, size, f, problem) => {
    expect(assessQuality(size, image(400, 250, f)).problems).toContain(problem);
  });

  describe('glare is a reflection, not white paper', () => {
    // A document at the reader's working size (800 px wide): a tinted security print with lines of text.
    const W = 800;
    const H = 500;
    const document = (x: number, y: number) => (y % 32 < 10 && x % 11 < 7 && x > 80 && x < 720 ? 50 : 205 + 20 * Math.sin(x / 7) * Math.cos(y / 9));
    // A white card (saturated paper) in a thin dark outline on a white background, with a photo and print:
    // the shared passport specimen that was told "There is a reflection" at 62%.
    const card = (x: number, y: number) => {
      if (x < 40 || y < 30 || x >= W - 40 || y >= H - 30) return 255;
      if (x < 43 || y < 33 || x >= W - 43 || y >= H - 33) return 30;
      if (x > 70 && x < 330 && y > 60 && y < 430) return 150 + 50 * Math.sin(x / 5) * Math.cos(y / 6);
      return y % 32 < 10 && x % 11 < 7 && x > 360 && x < 740 ? 40 : 253;
    };
    // A plain page scanned on a white bed: white to the edges, print in the middle.
    const page = (x: number, y: number) => (y % 28 < 9 && x % 10 < 6 && x > 100 && x < 700 && y > 60 && y < 440 ? 30 : 252);
    const quality = (f: (x: number, y: number) => number) => assessQuality({ width: 1600, height: 1000 }, image(W, H, f));

    it('a document without a reflection has no glare; with a specular blob it is IMAGE_GLARE', () => {
      expect(quality(document)).toMatchObject({ glare_fraction: 0, problems: [] });
      const shiny = quality(specular(document, 480, 240, 50));
      expect(shiny.problems).toEqual(['IMAGE_GLARE']);
      expect(shiny.glare_fraction).toBeGreaterThan(0.02);
    });

    it('a white card inside a dark outline is paper, not glare, and a reflection on its photo is still caught', () => {
      expect(glareFraction(image(W, H, card))).toBe(0);
      expect(quality(card).problems).not.toContain('IMAGE_GLARE');
      // The photo is a fifth of the image, so its reflection is measured, though under the limit at this size.
      expect(glareFraction(image(W, H, specular(card, 200, 245, 40)))).toBeGreaterThan(0.01);
    });

    it('a plain page on a white background is not glare', () => {
      expect(glareFraction(image(W, H, page))).toBe(0);
    });

    it('a small reflection is measured but under the limit; a line of saturated edge is not a reflection', () => {
      const small = glareFraction(image(W, H, specular(document, 480, 240, 15)));
      expect(small).toBeGreaterThan(0);
      expect(small).toBeLessThan(0.02);
      const edge = (x: number, y: number) => (y >= 400 && y < 404 && x > 20 && x < 780 ? 255 : document(x, y));
      expect(glareFraction(image(W, H, edge))).toBe(0);
    });
  });
});
