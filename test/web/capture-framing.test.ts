import { describe, expect, it } from 'vitest';
import {
  assess, edgeLine, greyFromRgba, guideRect, ID1_ASPECT, ID3_ASPECT, laplacianVariance, motion, saturatedShare, shutter, THRESHOLDS, type Grey, type Rect,
} from '../../web/verify/src/capture/framing.ts';

/**
 * The document camera's maths (issue 25) on synthetic pictures: a light card with dark print on a dark table,
 * drawn at a chosen place and size, then blurred, lit or moved. No browser: the module is pure.
 */
const W = 480;
const H = 360;

function picture(fill = 50): Grey {
  return { width: W, height: H, data: new Uint8Array(W * H).fill(fill) };
}
function rect(g: Grey, r: Rect, value: number) {
  for (let y = Math.max(0, r.y); y < Math.min(g.height, r.y + r.height); y++) for (let x = Math.max(0, r.x); x < Math.min(g.width, r.x + r.width); x++) g.data[y * g.width + x] = value;
}
/** A card: light body, a darker photo box, lines of "print" made of short dark strokes (a fixed pseudo-random pattern). */
function card(g: Grey, r: Rect) {
  rect(g, r, 215);
  rect(g, { x: r.x + Math.round(r.width * 0.06), y: r.y + Math.round(r.height * 0.2), width: Math.round(r.width * 0.25), height: Math.round(r.height * 0.55) }, 120);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let line = 0; line < 6; line++) {
    const y = r.y + Math.round(r.height * (0.2 + line * 0.12));
    for (let x = r.x + Math.round(r.width * 0.38); x < r.x + r.width * 0.92; x += 4) {
      if (random() < 0.7) rect(g, { x, y, width: 2 + Math.floor(random() * 2), height: Math.max(3, Math.round(r.height * 0.05)) }, 30);
    }
  }
  return g;
}
/** A box blur of radius `r`, `passes` times (three passes are close to a Gaussian). */
function blur(g: Grey, r: number, passes = 3): Grey {
  let data = Uint8Array.from(g.data);
  for (let p = 0; p < passes; p++) {
    for (const horizontal of [true, false]) {
      const out = new Uint8Array(data.length);
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
        let sum = 0;
        let n = 0;
        for (let k = -r; k <= r; k++) {
          const xx = horizontal ? x + k : x;
          const yy = horizontal ? y : y + k;
          if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
          sum += data[yy * W + xx]!;
          n++;
        }
        out[y * W + x] = Math.round(sum / n);
      }
      data = out;
    }
  }
  return { width: W, height: H, data };
}
const frame = guideRect(W, H, ID1_ASPECT);
const shrink = (r: Rect, by: number): Rect => ({ x: Math.round(r.x + (r.width * (1 - by)) / 2), y: Math.round(r.y + (r.height * (1 - by)) / 2), width: Math.round(r.width * by), height: Math.round(r.height * by) });

describe('the guide frame', () => {
  it('has the document\'s shape, centred, as large as the picture allows', () => {
    const card = guideRect(1280, 720, ID1_ASPECT);
    expect(card.width / card.height).toBeCloseTo(85.6 / 54, 1);
    expect(card.height).toBe(Math.round(720 * 0.84)); // a wide picture: the height limits
    expect(card.x * 2 + card.width).toBeCloseTo(1280, -1);
    const passport = guideRect(720, 1280, ID3_ASPECT);
    expect(passport.width / passport.height).toBeCloseTo(125 / 88, 1);
    expect(passport.width).toBe(Math.round(720 * 0.84)); // a portrait picture (a phone held upright): the width limits
  });
});

describe('grey, blur, glare and motion measures', () => {
  it('grey is the luma of RGBA pixels', () => {
    const g = greyFromRgba(Uint8ClampedArray.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]), 4, 1);
    expect([...g.data]).toEqual([76, 149, 29, 255]);
  });
  it('the Laplacian\'s variance is high for sharp print and falls with blur; zero on a flat picture', () => {
    const sharp = card(picture(), frame);
    const soft = blur(sharp, 2);
    expect(laplacianVariance(picture())).toBe(0);
    expect(laplacianVariance(sharp, frame)).toBeGreaterThan(THRESHOLDS.minSharpness * 10);
    expect(laplacianVariance(soft, frame)).toBeLessThan(THRESHOLDS.minSharpness);
  });
  it('the saturated share counts pixels at 250 and above, inside the rectangle only', () => {
    const g = picture();
    rect(g, { x: 0, y: 0, width: 48, height: 36 }, 255); // 1% of the picture, in a corner
    expect(saturatedShare(g)).toBeCloseTo(0.01, 5);
    expect(saturatedShare(g, { x: 240, y: 180, width: 100, height: 100 })).toBe(0);
  });
  it('motion is the mean grey change between frames', () => {
    const a = picture(50);
    const b = picture(60);
    expect(motion(a, b)).toBe(10);
    expect(motion(null, b)).toBe(0);
  });
});

describe('the document\'s edges against the frame\'s', () => {
  it('a card filling the frame: four edges found at the frame\'s edges', () => {
    const g = card(picture(), frame);
    for (const side of ['top', 'bottom', 'left', 'right'] as const) {
      const e = edgeLine(g, frame, side)!;
      expect(e, side).not.toBeNull();
      expect(Math.abs(e.offset), side).toBeLessThanOrEqual(1);
      expect(e.support).toBeGreaterThan(0.95);
    }
  });
  it('a card at 70% of the frame: its edges are found well inside', () => {
    const small = shrink(frame, 0.7);
    const g = card(picture(), small);
    expect(edgeLine(g, frame, 'top')!.offset).toBeCloseTo(small.y - frame.y, -1);
    expect(edgeLine(g, frame, 'left')!.offset).toBeCloseTo(small.x - frame.x, -1);
  });
  it('an empty table: no edge', () => {
    expect(edgeLine(picture(), frame, 'top')).toBeNull();
  });
});

describe('the hint and the shutter', () => {
  it('a sharp card that fills the frame is ready', () => {
    const g = card(picture(), frame);
    expect(assess(g, frame).hint).toBe('ready');
  });
  it('a little off (a few pixels, within the tolerance) is still ready', () => {
    const g = card(picture(), { ...frame, x: frame.x + 6, y: frame.y - 5 });
    expect(assess(g, frame).hint).toBe('ready');
  });
  it('nothing in the frame: find the document', () => expect(assess(picture(), frame).hint).toBe('find'));
  it('a card too far away: move closer', () => expect(assess(card(picture(), shrink(frame, 0.7)), frame).hint).toBe('closer'));
  it('a card larger than the frame (too close): move back', () => expect(assess(card(picture(), shrink(frame, 1.25)), frame).hint).toBe('back'));
  it('a card in place but blurred: blurry', () => {
    const a = assess(blur(card(picture(), frame), 2), frame);
    expect(a.hint).toBe('blurry');
    expect(a.sharpness).toBeLessThan(THRESHOLDS.minSharpness);
  });
  it('a dark band along one side on a dark table: that side is faint, the band\'s inner border is a line further in', () => {
    const g = card(picture(), frame);
    rect(g, { x: frame.x, y: frame.y, width: frame.width, height: 40 }, 60);
    expect(edgeLine(g, frame, 'top')!.offset).toBeGreaterThan(30);
    // Sharp: three sides in place, the fourth not seen: not ready, and not "far" either.
    expect(assess(g, frame).hint).toBe('find');
    // Blurred: blur is the thing to fix.
    expect(assess(blur(g, 2), frame).hint).toBe('blurry');
  });
  it('a reflection on the card: glare, before blur', () => {
    const g = card(picture(), frame);
    rect(g, shrink(frame, 0.3), 255);
    expect(assess(g, frame).hint).toBe('glare');
  });
  it('the card moved since the last frame: hold still', () => {
    const before = card(picture(), { ...frame, x: frame.x - 4 });
    const now = card(picture(), frame);
    expect(assess(now, frame, before).hint).toBe('still');
    expect(assess(now, frame, now).hint).toBe('ready');
  });
  it('the shutter fires once, after three ready frames in a row; any other hint starts again', () => {
    let count = 0;
    const fired: boolean[] = [];
    for (const hint of ['ready', 'ready', 'blurry', 'ready', 'ready', 'ready', 'ready'] as const) {
      const s = shutter(count, hint);
      count = s.count;
      fired.push(s.fire);
    }
    expect(fired).toEqual([false, false, false, false, false, true, false]);
  });
});
