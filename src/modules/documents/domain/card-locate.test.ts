import { describe, expect, it } from 'vitest';
import { CARD_ASPECT, cardBox, cardTilt } from './card-locate.ts';
import type { Gray } from './quality.ts';

/** A light card (85.6 x 54 proportions, some dark print on it) turned by `deg` on a dark table. */
function scene(deg: number, w = 360, h = 260, cardW = 240): Gray {
  const data = new Uint8Array(w * h).fill(70);
  const cardH = cardW / CARD_ASPECT;
  const [cx, cy] = [w / 2, h / 2];
  const rad = (deg * Math.PI) / 180;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // The pixel in the card's own frame (the card turned clockwise by deg on screen).
      const u = (x - cx) * Math.cos(rad) + (y - cy) * Math.sin(rad);
      const v = -(x - cx) * Math.sin(rad) + (y - cy) * Math.cos(rad);
      if (Math.abs(u) < cardW / 2 && Math.abs(v) < cardH / 2) data[y * w + x] = Math.abs(v) < 6 && u > 0 ? 30 : 225;
    }
  }
  return { width: w, height: h, data };
}

describe('finding an ID-1 card', () => {
  it.each([0, 3, -4, 6.5])('a card turned %s° is straightened by the opposite turn', (deg) => {
    const t = cardTilt(scene(deg));
    expect(t.found).toBe(true);
    expect(Math.abs(t.angle + deg)).toBeLessThanOrEqual(0.5);
  });
  it('an upright card: its box, with a card\'s proportions', () => {
    const b = cardBox(scene(0));
    expect(b.found).toBe(true);
    expect(b.width).toBeGreaterThan(236);
    expect(b.width).toBeLessThan(244);
    expect(b.left).toBeGreaterThan(56);
  });
  it('a frame filled by something light that is not card-shaped is not a card', () => {
    const g: Gray = { width: 300, height: 100, data: new Uint8Array(300 * 100).fill(70) };
    for (let y = 20; y < 80; y++) for (let x = 10; x < 290; x++) g.data[y * 300 + x] = 220;
    expect(cardBox(g).found).toBe(false);
  });
});
