import { describe, expect, it } from 'vitest';
import { components, dilate, erode, otsu } from './raster.ts';

function naive(img: { width: number; height: number; data: Uint8Array }, rx: number, ry: number, max: boolean): Uint8Array {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let b = max ? 0 : 255;
      for (let yy = Math.max(0, y - ry); yy <= Math.min(h - 1, y + ry); yy++) {
        for (let xx = Math.max(0, x - rx); xx <= Math.min(w - 1, x + rx); xx++) b = max ? Math.max(b, data[yy * w + xx]!) : Math.min(b, data[yy * w + xx]!);
      }
      out[y * w + x] = b;
    }
  }
  return out;
}

describe('raster operations', () => {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const img = { width: 57, height: 23, data: Uint8Array.from({ length: 57 * 23 }, () => Math.floor(rand() * 256)) };
  it.each([[0, 1], [3, 2], [7, 0], [1, 5], [30, 12]])('the O(1) dilation and erosion equal the naive ones (rx %i, ry %i)', (rx, ry) => {
    expect(dilate(img, rx, ry).data).toEqual(naive(img, rx, ry, true));
    expect(erode(img, rx, ry).data).toEqual(naive(img, rx, ry, false));
  });
  it('Otsu splits a two-level image between its levels', () => {
    const t = otsu({ width: 4, height: 1, data: Uint8Array.from([20, 20, 200, 200]) });
    expect(t).toBeGreaterThanOrEqual(20);
    expect(t).toBeLessThan(200);
  });
  it('components finds boxes and the slope of a rising line', () => {
    const w = 40;
    const data = new Uint8Array(w * 20);
    for (let x = 0; x < 40; x++) for (const dy of [0, 1]) data[(15 - Math.floor(x / 4) + dy) * w + x] = 255;
    const [box] = components({ width: w, height: 20, data }, 5).filter((b) => b.width > 30);
    expect(box).toMatchObject({ x: 0, width: 40 });
    expect(box!.slope).toBeLessThan(-0.2);
  });
});
