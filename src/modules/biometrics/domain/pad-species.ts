/**
 * One physically motivated detector per presentation-attack species, pure, each computed at the image's own
 * resolution where its artefact lives and normalised against the same image's own content, so that what it
 * measures is the artefact and not the person or the photo collection (ADR 0204):
 *
 *   halftone  print: a lattice of isolated peaks in a colour channel's spectrum (the ink dot screens), each
 *             peak against the spectrum beside it along its row and its column, and its 90° partner too
 *   grid      screen (and replay): isolated peaks near the panel's axes (the pixel grid, sub-pixel stripes)
 *   oval      cut-out: a hard step along a closed contour around the face, against the texture on both
 *             sides of it
 *
 * Each returns one number, higher = more like its attack; the thresholds are chosen by eval/faces/pad.ts on
 * the calibration split only (domain/pad-model.generated.ts).
 */
import { powerSpectrum } from '../../../platform/domain/spectrum.ts';
import type { Box } from './types.ts';
import { median } from '../../../platform/domain/median.ts';

/** An RGB frame, 3 bytes per pixel, row-major (the analysis frame the face box refers to). */
export interface Frame {
  width: number;
  height: number;
  data: Uint8Array;
}

export const SPECIES_DETECTORS = ['halftone', 'grid', 'oval'] as const;
export type SpeciesDetector = (typeof SPECIES_DETECTORS)[number];

/** Side of the square the spectra are taken over (native pixels, centred on the face) and of one Welch tile. */
const REGION = 128;
const TILE = 64;

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/** One channel (0 R, 1 G, 2 B, 3 luma Y, 4 R - Y, 5 B - Y) of the frame as floats, in an n×n square whose top-left is (x0, y0). */
function plane(f: Frame, x0: number, y0: number, n: number, channel: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = ((y0 + y) * f.width + x0 + x) * 3;
      const luma = 0.299 * (f.data[i] as number) + 0.587 * (f.data[i + 1] as number) + 0.114 * (f.data[i + 2] as number);
      out[y * n + x] = channel < 3 ? (f.data[i + channel] as number) : channel === 3 ? luma : (f.data[i + (channel === 4 ? 0 : 2)] as number) - luma;
    }
  }
  return out;
}

/** The REGION square centred on the face box, moved inside the frame (null when the frame is too small). */
function faceRegion(f: Frame, box: Box): { x: number; y: number } | null {
  if (f.width < REGION || f.height < REGION) return null;
  const x = Math.round(clamp(box.x + box.width / 2 - REGION / 2, 0, f.width - REGION));
  const y = Math.round(clamp(box.y + box.height / 2 - REGION / 2, 0, f.height - REGION));
  return { x, y };
}

/** Welch power spectrum: the mean of the TILE-sized spectra over half-overlapping tiles of the region. */
function welch(f: Frame, x0: number, y0: number, channel: number): Float64Array {
  const acc = new Float64Array(TILE * TILE);
  let count = 0;
  for (let ty = 0; ty + TILE <= REGION; ty += TILE / 2) {
    for (let tx = 0; tx + TILE <= REGION; tx += TILE / 2) {
      const p = powerSpectrum(plane(f, x0 + tx, y0 + ty, TILE, channel), TILE);
      for (let i = 0; i < acc.length; i++) acc[i] = (acc[i] as number) + (p[i] as number);
      count++;
    }
  }
  for (let i = 0; i < acc.length; i++) acc[i] = (acc[i] as number) / count;
  return acc;
}

/** Signed frequency of index k of an n-point FFT, in cycles per pixel. */
const freq = (k: number, n: number): number => (k > n / 2 ? k - n : k) / n;

/**
 * The strongest isolated peak of a spectrum among the frequencies `accept` lets through: log10 of a bin's
 * power over its reference, the larger of the median of its row neighbours and of its column neighbours
 * (2 to 4 bins away; the window spreads a tone over the next bin). A line of energy (JPEG block edges, a
 * straight edge in the scene) has neighbours as strong as itself along the line and scores near 0; a lattice
 * of dots or stripes scores high. The natural image's 1/f fall-off is the same on both sides of a bin.
 * With `lattice`, a peak counts only as far as its 90° partner (within a bin) peaks too.
 */
export function isolatedPeak(p: Float64Array, n: number, accept: (fx: number, fy: number) => boolean, lattice = false): number {
  const ratio = (u: number, v: number): number => {
    u = ((u % n) + n) % n;
    v = ((v % n) + n) % n;
    const row: number[] = [];
    const col: number[] = [];
    for (const d of [-4, -3, -2, 2, 3, 4]) {
      row.push(p[v * n + ((u + d + n) % n)] as number);
      col.push(p[((v + d + n) % n) * n + u] as number);
    }
    return (p[v * n + u] as number) / Math.max(median(row), median(col), 1e-9);
  };
  let best = 0;
  for (let v = 0; v <= n / 2; v++) {
    for (let u = 0; u < n; u++) {
      if (!accept(freq(u, n), freq(v, n))) continue;
      let r = ratio(u, v);
      if (lattice && r > best) {
        // A dot screen is a lattice: the same frequency turned by 90 degrees peaks too (within a bin).
        let partner = 0;
        for (let dv = -1; dv <= 1; dv++) for (let du = -1; du <= 1; du++) partner = Math.max(partner, ratio(-v + du, u + dv));
        r = Math.min(r, partner);
      }
      best = Math.max(best, r);
    }
  }
  return best > 0 ? Math.log10(best) : 0;
}

/** Angle of a frequency from the nearest image axis, in degrees (0..45). */
const offAxis = (fx: number, fy: number): number => {
  const a = (Math.atan2(Math.abs(fy), Math.abs(fx)) * 180) / Math.PI;
  return Math.min(a, 90 - a);
};

/**
 * Print: each ink is printed through its own dot screen (pitch of a few pixels, turned to its own angle); the
 * dots, and the beats between the inks' screens, are lattices: isolated spectral peaks that come with a
 * partner turned by 90°. The strongest such peak over the three colour channels, 0.06-0.5 cycles per pixel.
 * A live face has no lattice; its spectrum falls smoothly on both sides of every bin.
 */
export const HALFTONE_BAND = { min: 0.06, max: 0.5 };
export function halftoneScore(f: Frame, box: Box): number {
  const at = faceRegion(f, box);
  if (!at) return 0;
  let best = 0;
  for (let c = 0; c < 3; c++) {
    const p = welch(f, at.x, at.y, c);
    const inBand = (fx: number, fy: number): boolean => Math.hypot(fx, fy) >= HALFTONE_BAND.min && Math.hypot(fx, fy) <= HALFTONE_BAND.max;
    best = Math.max(best, isolatedPeak(p, TILE, inBand, true));
  }
  return best;
}

/**
 * Screen: the panel's pixel grid and sub-pixel stripes repeat along the panel's axes, which a phone held
 * to the camera keeps within a few degrees of the image's. The strongest isolated peak of the luma spectrum
 * within 10° of an axis, 0.1-0.5 cycles per pixel (JPEG's 8-pixel blocks make lines, not peaks).
 */
export const GRID_MAX_ANGLE = 10;
export function gridScore(f: Frame, box: Box): number {
  const at = faceRegion(f, box);
  if (!at) return 0;
  const p = welch(f, at.x, at.y, 3);
  return isolatedPeak(p, TILE, (fx, fy) => {
    const r = Math.hypot(fx, fy);
    return r >= 0.1 && r <= 0.5 && offAxis(fx, fy) <= GRID_MAX_ANGLE;
  });
}

/**
 * Cut-out: a photo cut along an oval and held before another background has a hard step in brightness or
 * colour all around the face, on a closed contour whose radius changes smoothly with the angle. Along rays
 * from the face centre (64 angles, from 0.8 to 4 half face boxes: the cut may leave hair and shoulders on),
 * on the smoothed frame, the step between the means of 3 px on either side over the spread of the 8 px
 * beyond each side, in luma or in colour (hair against a room is a step too, but a textured one). The
 * contour is the path through (angle, radius) with the largest total step whose radius moves by at most 8 %
 * between neighbouring angles (dynamic programming); the score is the lower quartile of the step along it,
 * over the angles whose contour lies inside the frame (at least half of them, else 0), so the step must run
 * nearly all around the face: a live head's outline fades into the neck and shoulders.
 */
export const OVAL_RADII = { min: 0.8, max: 4 };
const OVAL_ANGLES = 64;
const OVAL_JUMP = 0.08;
export function ovalScore(f: Frame, box: Box): number {
  const seen = ovalContour(f, box).filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  return seen.length >= OVAL_ANGLES / 2 ? (seen[Math.floor(seen.length / 4)] as number) : 0;
}

/** Step strengths along the best contour, one per angle (NaN where the contour runs off the frame). */
export function ovalContour(f: Frame, box: Box): number[] {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const half = Math.max(box.width, box.height) / 2;
  const r0 = Math.max(12, Math.round(OVAL_RADII.min * half));
  const r1 = Math.max(r0 + 1, Math.round(OVAL_RADII.max * half));
  const radii = r1 - r0 + 1;
  // Smoothed first (two 3×3 box passes): sensor noise would otherwise hide a faint but hard cut.
  // Channels: luma and two colour differences, so that a cut between a grey photo and a tinted room at
  // the same brightness still shows.
  const smooth = [0, 1, 2].map((c) => {
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
  // step[a][k]: step strength at angle a, radius r0 + k (0 beyond the frame).
  const step: Float64Array[] = [];
  for (let a = 0; a < OVAL_ANGLES; a++) {
    const th = (2 * Math.PI * a) / OVAL_ANGLES;
    const dx = Math.cos(th);
    const dy = Math.sin(th);
    // Each channel along the ray, one sample per pixel, stopping at the frame's edge.
    const xs: number[][] = [[], [], []];
    for (let r = r0 - 11; r <= r1 + 12; r++) {
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
    step.push(row);
  }
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

/** Every species detector's score for one face. */
export function speciesScores(f: Frame, box: Box): Record<SpeciesDetector, number> {
  return { halftone: halftoneScore(f, box), grid: gridScore(f, box), oval: ovalScore(f, box) };
}

/**
 * The face box in the caller's image when the engine found the face in a padded, rotated frame
 * (image.ts padAndRotate: `pad` times the longer side of grey on every edge, then turned by `rotation`
 * degrees about the centre onto a canvas that holds the turned image). The detectors look at the image as
 * the camera delivered it: the rotation's resampling would blur the very patterns they measure, and the
 * grey padding's straight edges would look like a cut-out's. The size is kept (a rotation does not scale).
 */
export function boxInImage(box: Box, width: number, height: number, pad: number, rotation: number): Box {
  if (pad === 0 && rotation === 0) return box;
  const p = Math.round(Math.max(width, height) * pad);
  const t = (rotation * Math.PI) / 180;
  const pw = width + 2 * p;
  const ph = height + 2 * p;
  const rw = Math.round(pw * Math.abs(Math.cos(t)) + ph * Math.abs(Math.sin(t)));
  const rh = Math.round(pw * Math.abs(Math.sin(t)) + ph * Math.abs(Math.cos(t)));
  const dx = box.x + box.width / 2 - rw / 2;
  const dy = box.y + box.height / 2 - rh / 2;
  const cx = dx * Math.cos(t) + dy * Math.sin(t) + width / 2;
  const cy = -dx * Math.sin(t) + dy * Math.cos(t) + height / 2;
  return { x: cx - box.width / 2, y: cy - box.height / 2, width: box.width, height: box.height };
}
