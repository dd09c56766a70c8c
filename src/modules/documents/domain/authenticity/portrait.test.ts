import { describe, expect, it } from 'vitest';
import type { Gray } from '../quality.ts';
import { looksLikePhotograph, PORTRAIT_SAMPLE_SIZE as N, portraitTexture } from './portrait.ts';
import { AUTHENTICITY_THRESHOLDS as T } from './thresholds.ts';

function rand(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** A face box sampled at N × N: `paint` gives each pixel's grey level, plus camera noise of about `noise` levels. */
function box(paint: (x: number, y: number) => number, noise = 0, seed = 7): Gray {
  const r = rand(seed);
  const data = Uint8Array.from({ length: N * N }, (_, i) => {
    const g = (r() + r() + r() - 1.5) * 2 * noise;
    return Math.max(0, Math.min(255, Math.round(paint(i % N, Math.floor(i / N)) + g)));
  });
  return { width: N, height: N, data };
}

const blob = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) => Math.exp(-(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2));

/** A drawn face: a shaded oval head on a light background, soft dark eyes, brows and mouth, hair on top. */
const drawnFace = (x: number, y: number) => {
  const head = blob(x, y, 56, 60, 34, 44);
  const skin = 200 - 40 * ((x - 56) / 60) ** 2 - 20 * blob(x, y, 70, 70, 20, 30);
  const features = 110 * (blob(x, y, 42, 50, 6, 3.5) + blob(x, y, 70, 50, 6, 3.5)) + 60 * (blob(x, y, 42, 42, 9, 2) + blob(x, y, 70, 42, 9, 2)) + 70 * blob(x, y, 56, 82, 12, 3) + 30 * blob(x, y, 56, 66, 3, 8);
  const hair = 120 * blob(x, y, 56, 14, 40, 16);
  return 235 * (1 - Math.min(1, head * 1.6)) + Math.min(1, head * 1.6) * skin - features - hair;
};

/** Lines of printed data: dark glyph strokes a few pixels wide on light paper, in rows. */
const printedType = (x: number, y: number) => {
  const row = y % 28;
  const inLine = row > 6 && row < 20;
  const stroke = (x % 9 < 2 || (row % 13 < 2 && x % 9 < 7)) && x % 54 < 45;
  return inLine && stroke ? 40 : 238;
};

describe('portrait texture: what the face engine boxed looks like a photograph', () => {
  it('a drawn, smoothly shaded face counts, with and without camera noise', () => {
    for (const noise of [0, 3, 5]) {
      const t = portraitTexture(box(drawnFace, noise));
      expect(looksLikePhotograph(t, T), `noise ${noise}: ${JSON.stringify(t)}`).toBe(true);
    }
  });

  it('an empty grey box with camera noise does not: its only contrast is at the finest scale', () => {
    const t = portraitTexture(box(() => 178, 5));
    expect(t.fine_detail).toBeGreaterThan(T.portraitMaxFineDetail);
    expect(looksLikePhotograph(t, T)).toBe(false);
  });

  it('a flat painted box without noise has no contrast at all', () => {
    const t = portraitTexture(box(() => 178));
    expect(t.contrast).toBeLessThan(T.portraitMinContrast);
    expect(looksLikePhotograph(t, T)).toBe(false);
  });

  it('a box of printed type does not: its contrast is sharp edges', () => {
    const t = portraitTexture(box(printedType, 3));
    expect(t.contrast).toBeGreaterThan(T.portraitMinContrast);
    expect(t.fine_detail).toBeGreaterThan(T.portraitMaxFineDetail);
    expect(looksLikePhotograph(t, T)).toBe(false);
  });

  it('a faint gradient (a painted box under uneven light) is not a portrait either', () => {
    const t = portraitTexture(box((x, y) => 170 + (x + y) / 40, 1));
    expect(looksLikePhotograph(t, T)).toBe(false);
  });
});
