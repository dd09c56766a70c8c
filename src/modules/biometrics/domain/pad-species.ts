/**
 * One physically motivated detector per presentation-attack species, pure, each computed at the image's own
 * resolution where its artefact lives and normalised against the same image's own content, so that what it
 * measures is the artefact and not the person or the photo collection (ADR 0204):
 *
 *   halftone  print: a lattice of isolated peaks in a colour channel's spectrum (the ink dot screens), each
 *             peak against the spectrum beside it along its row and its column, and its 90° partner too
 *   grid      screen (and replay): isolated peaks near the panel's axes (the pixel grid, sub-pixel stripes)
 *   oval      cut-out: a hard step along a closed contour around the face, against the texture on both
 *             sides of it, the contour searched from the face centre and four points about it (pad-oval.ts)
 *
 * Each returns one number, higher = more like its attack; the thresholds are chosen by eval/faces/pad.ts on
 * the calibration split only (domain/pad-model.generated.ts).
 */
import { powerSpectrum } from '../../../platform/domain/spectrum.ts';
import type { Box } from './types.ts';
import { median } from '../../../platform/domain/median.ts';
import type { Frame } from './pad-frame.ts';
import { ovalScore } from './pad-oval.ts';

export { ovalScore } from './pad-oval.ts';

export type { Frame } from './pad-frame.ts';

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
