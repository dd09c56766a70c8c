/**
 * Cut-out: a photo cut along an oval and held before another background has a hard step in brightness or
 * colour all around the face, on a closed contour whose radius changes smoothly with the angle. Along rays
 * from a centre (64 angles, from 0.5 to 4 half face boxes: the cut may leave hair and shoulders on, or run
 * inside the engine's box, which reaches past the cheeks and the forehead), on the smoothed frame, the step
 * between the means of 3 px on either side over the spread of the 8 px beyond each side, in luma or in
 * colour (hair against a room is a step too, but a textured one). The contour is the path through (angle,
 * radius) with the largest total step whose radius moves by at most 8 % between neighbouring angles
 * (dynamic programming); its strength is the lower quartile of the step along it, over the angles whose
 * contour lies inside the frame (at least half of them, else 0), so the step must run nearly all around:
 * a live head's outline fades into the neck and shoulders.
 *
 * The rays start from the face box's centre and from four points half a box away from it (left, right, up,
 * down), and the score is the strongest of the five contours (ADR 0217). Rays from one point only describe
 * contours that are star-shaped about it: when the face sits off the middle of the cut (a face at the edge
 * of a group photo, a cut that keeps one shoulder), the part of the cut beyond the face's far side is out
 * of reach, and the search follows features of the face instead. One centre of the five is then nearer
 * the middle of the cut.
 */
import type { Box } from './types.ts';
import type { Frame } from './pad-frame.ts';

const OVAL_RADII = { min: 0.5, max: 4 };
const OVAL_ANGLES = 64;
const OVAL_JUMP = 0.08;
/** Where the rays start: the face centre and four points this many half boxes away from it. */
const OVAL_SHIFT = 0.5;
const CENTRES: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** The cut-out signal: the strongest of the contours found from the five centres (0 when none is seen enough). */
export function ovalScore(f: Frame, box: Box): number {
  const channels = smoothedChannels(f);
  const half = Math.max(box.width, box.height) / 2;
  let best = 0;
  for (const [ox, oy] of CENTRES) {
    const cx = box.x + box.width / 2 + ox * OVAL_SHIFT * half;
    const cy = box.y + box.height / 2 + oy * OVAL_SHIFT * half;
    best = Math.max(best, lowerQuartile(contourFrom(f, channels, cx, cy, half)));
  }
  return best;
}

function lowerQuartile(along: number[]): number {
  const seen = along.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  return seen.length >= OVAL_ANGLES / 2 ? (seen[Math.floor(seen.length / 4)] as number) : 0;
}

/**
 * Luma and two colour differences (so that a cut between a grey photo and a tinted room at the same
 * brightness still shows), each smoothed by two 3×3 box passes: sensor noise would otherwise hide a faint
 * but hard cut. Computed once per frame, shared by the five centres.
 */
function smoothedChannels(f: Frame): Float64Array[] {
  return [0, 1, 2].map((c) => {
    let p: Float64Array = new Float64Array(f.width * f.height);
    for (let i = 0; i < p.length; i++) {
      const r = f.data[i * 3] as number;
      const g = f.data[i * 3 + 1] as number;
      const b = f.data[i * 3 + 2] as number;
      p[i] = c === 0 ? 0.299 * r + 0.587 * g + 0.114 * b : c === 1 ? r - g : b - g;
    }
    for (let pass = 0; pass < 2; pass++) p = boxBlur3(p, f.width, f.height);
    return p;
  });
}

/** The best contour's step strengths from rays centred on (cx, cy), radii in units of `half` (half a face box). */
function contourFrom(f: Frame, smooth: Float64Array[], cx: number, cy: number, half: number): number[] {
  const r0 = Math.max(12, Math.round(OVAL_RADII.min * half));
  const r1 = Math.max(r0 + 1, Math.round(OVAL_RADII.max * half));
  const radii = r1 - r0 + 1;
  // step[a][k]: step strength at angle a, radius r0 + k (NaN beyond the frame).
  const step: Float64Array[] = [];
  for (let a = 0; a < OVAL_ANGLES; a++) step.push(stepsAlongRay(f, smooth, cx, cy, (2 * Math.PI * a) / OVAL_ANGLES, r0, radii));
  // Best contour: total[a][k] = step[a][k] + max over allowed k' of total[a-1][k'].
  let total = Float64Array.from(step[0] as Float64Array, (v) => v || 0);
  const from: Int32Array[] = [];
  for (let a = 1; a < OVAL_ANGLES; a++) {
    const next = new Float64Array(radii);
    const back = new Int32Array(radii);
    for (let k = 0; k < radii; k++) {
      const jump = Math.max(2, Math.round(OVAL_JUMP * (r0 + k)));
      let best = -1;
      let arg = k;
      for (let j = Math.max(0, k - jump); j <= Math.min(radii - 1, k + jump); j++) {
        if ((total[j] as number) > best) {
          best = total[j] as number;
          arg = j;
        }
      }
      next[k] = best + (((step[a] as Float64Array)[k] as number) || 0);
      back[k] = arg;
    }
    from.push(back);
    total = next;
  }
  let k = 0;
  for (let j = 1; j < radii; j++) if ((total[j] as number) > (total[k] as number)) k = j;
  const along: number[] = [];
  for (let a = OVAL_ANGLES - 1; a >= 0; a--) {
    along.push((step[a] as Float64Array)[k] as number);
    if (a > 0) k = (from[a - 1] as Int32Array)[k] as number;
  }
  return along;
}

/** The step strength at each radius r0 .. r0 + radii - 1 along one ray (NaN where the ray has left the frame). */
function stepsAlongRay(f: Frame, smooth: Float64Array[], cx: number, cy: number, th: number, r0: number, radii: number): Float64Array {
  const dx = Math.cos(th);
  const dy = Math.sin(th);
  // Each channel along the ray, one sample per pixel, stopping at the frame's edge.
  const xs: number[][] = [[], [], []];
  for (let r = r0 - 11; r <= r0 + radii + 11; r++) {
    const x = Math.round(cx + dx * r);
    const y = Math.round(cy + dy * r);
    if (x < 0 || y < 0 || x > f.width - 1 || y > f.height - 1) break;
    for (let c = 0; c < 3; c++) (xs[c] as number[]).push((smooth[c] as Float64Array)[y * f.width + x] as number);
  }
  const len = (xs[0] as number[]).length;
  const sum = xs.map((v) => prefix(v));
  const sq = xs.map((v) => prefix(v.map((t) => t * t)));
  const mean = (c: number, lo: number, hi: number): number => (((sum[c] as number[])[hi] as number) - ((sum[c] as number[])[lo] as number)) / (hi - lo);
  const sd = (c: number, lo: number, hi: number): number => {
    const m = mean(c, lo, hi);
    return Math.sqrt(Math.max(0, (((sq[c] as number[])[hi] as number) - ((sq[c] as number[])[lo] as number)) / (hi - lo) - m * m));
  };
  const row = new Float64Array(radii).fill(Number.NaN);
  for (let k = 0; k < radii; k++) {
    const i = k + 11; // index of radius r0 + k along the ray
    if (i + 12 > len) break;
    const ratio = (cs: number[]): number => {
      let st = 0;
      let spread = 0;
      for (const c of cs) {
        st += Math.abs(mean(c, i + 1, i + 4) - mean(c, i - 3, i));
        spread += sd(c, i - 11, i - 3) + sd(c, i + 4, i + 12);
      }
      return st / (spread + cs.length);
    };
    row[k] = Math.max(ratio([0]), ratio([1, 2]));
  }
  return row;
}

/** 3×3 box mean of a single-channel image (edges average what lies inside). */
function boxBlur3(p: Float64Array, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          s += p[yy * w + xx] as number;
          n++;
        }
      }
      out[y * w + x] = s / n;
    }
  }
  return out;
}

function prefix(xs: number[]): number[] {
  const out = [0];
  for (const x of xs) out.push((out[out.length - 1] as number) + x);
  return out;
}
