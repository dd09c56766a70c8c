/**
 * Screen-recapture signal (pure): a photo of a screen carries the display's pixel grid and the moiré it
 * beats with the camera's sensor, and a print carries its halftone screen. Both are periodic patterns of
 * short period spread over the whole page, which show in the power spectrum as sharp peaks standing far
 * above the spectrum around them. Text and guilloche also make peaks, but only in some tiles: the score is
 * the median over tiles, so a pattern must cover most of the page to count; and a tile scores the weaker of its
 * two directions, so a pattern must be a lattice (periodic both ways) to count.
 */
import type { Gray } from '../quality.ts';
import { powerSpectrum } from '../../../../platform/domain/spectrum.ts';
import type { Rect } from './page.ts';

const N = 64;
/** Periods from 2 to ~10 px: a screen's or halftone's cells, not the text's strokes. */
const R_MIN = 6;
const R_MAX = 32;
const NOISE_FLOOR = N * N * (3 / 8) ** 2;

function tilePeak(img: Gray, x0: number, y0: number): number {
  const tile = new Float64Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) tile[y * N + x] = img.data[(y0 + y) * img.width + x0 + x]!;
  const p = powerSpectrum(tile, N);
  // Two sectors: mostly-horizontal frequencies (vertical structures) and mostly-vertical ones. A pixel grid or a
  // halftone is a lattice, periodic both ways; guilloche, ruled lines and moiré stripes are periodic one way only.
  const bands: [number[], number[]] = [[], []];
  const peaks = [0, 0];
  // Half plane only (the spectrum of a real tile is symmetric).
  for (let v = 0; v <= N / 2; v++) {
    for (let u = -N / 2 + 1; u <= N / 2; u++) {
      const r = Math.hypot(u, v);
      if (r < R_MIN || r > R_MAX || (v === 0 && u < 0)) continue;
      // JPEG's 8-pixel block edges put energy on the lines u or v = multiples of N/8: compression, not a screen.
      if (u % (N / 8) === 0 || v % (N / 8) === 0) continue;
      const value = p[v * N + ((u + N) % N)]!;
      const sector = Math.abs(u) > v ? 0 : 1;
      bands[sector].push(value);
      if (value > peaks[sector]!) peaks[sector] = value;
    }
  }
  const ratio = (k: 0 | 1) => {
    const band = bands[k].sort((a, b) => a - b);
    // A floor at the power of 1-grey-level noise (Hann window): on a flat, heavily compressed tile the median is
    // near zero and any faint structure would stand out.
    const median = Math.max(band[Math.floor(band.length / 2)] ?? 0, NOISE_FLOOR);
    return Math.log10(Math.max(peaks[k]!, NOISE_FLOOR) / median);
  };
  return Math.min(ratio(0), ratio(1));
}

/** Median over up to `maxTiles` tiles of the page of log10(peak / median power) in the short-period band. */
export function screenScore(img: Gray, rect: Rect, maxTiles = 48): number | null {
  const cols = Math.floor(rect.width / N);
  const rows = Math.floor(rect.height / N);
  if (cols * rows < 4) return null;
  const all: [number, number][] = [];
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) all.push([rect.x + i * N, rect.y + j * N]);
  const every = Math.max(1, Math.floor(all.length / maxTiles));
  const scores = all.filter((_, k) => k % every === 0).map(([x, y]) => tilePeak(img, x, y)).sort((a, b) => a - b);
  return scores[Math.floor(scores.length / 2)]!;
}
