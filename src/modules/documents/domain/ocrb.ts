/**
 * A recogniser for the MRZ's OCR-B glyphs (pure). The zone is printed at a fixed pitch with a fixed
 * alphabet of 37 characters, so instead of a general OCR engine: split the crop into text lines, fit the
 * character grid (ICAO line lengths 30, 36, 44), cut one cell per character at the line's cap height, and
 * match each cell against prototypes learnt from OCR-B renderings (eval/documents/train-ocrb.ts).
 */
import type { Gray } from './quality.ts';
import { otsu } from './raster.ts';
import { median } from '../../../platform/domain/median.ts';

export const CELL_W = 12;
export const CELL_H = 16;
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** A cell's margin above and below the band, as a share of the band's height (cellVector). */
const CELL_PAD = 0.12;

export interface Prototypes {
  /** For each prototype, its character. */
  labels: string;
  /** CELL_W*CELL_H values per prototype, 0..255 ink. */
  vectors: Uint8Array;
}

export interface Band {
  top: number;
  bottom: number;
}

export interface Run {
  x0: number;
  x1: number;
}

/** Ink image: 0 paper .. 1 ink, stretched between the mean paper and mean ink levels (Otsu split). */
export function inkMap(img: Gray): Float32Array {
  const t = otsu(img);
  let [sumInk, nInk, sumPaper, nPaper] = [0, 0, 0, 0];
  for (const v of img.data) {
    if (v <= t) [sumInk, nInk] = [sumInk + v, nInk + 1];
    else [sumPaper, nPaper] = [sumPaper + v, nPaper + 1];
  }
  const ink = nInk ? sumInk / nInk : 0;
  const paper = nPaper ? sumPaper / nPaper : 255;
  const span = Math.max(1, paper - ink);
  const out = new Float32Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(1, Math.max(0, (paper - img.data[i]!) / span));
  return out;
}

/** Horizontal bands of ink: the text lines, largest `count` kept, top to bottom. */
export function textBands(ink: Float32Array, w: number, h: number, count: number): Band[] {
  const rows = new Float32Array(h);
  for (let y = 0; y < h; y++) {
    let s = 0;
    for (let x = 0; x < w; x++) s += ink[y * w + x]! > 0.5 ? 1 : 0;
    rows[y] = s;
  }
  const max = Math.max(...rows);
  const bands: (Band & { mass: number })[] = [];
  let start = -1;
  let mass = 0;
  for (let y = 0; y <= h; y++) {
    const on = y < h && rows[y]! > max * 0.08;
    if (on && start < 0) [start, mass] = [y, 0];
    if (on) mass += rows[y]!;
    if (!on && start >= 0) {
      bands.push({ top: start, bottom: y - 1, mass });
      start = -1;
    }
  }
  return bands.filter((b) => b.bottom - b.top >= 3).sort((a, b) => b.mass - a.mass).slice(0, count).sort((a, b) => a.top - b.top);
}

function columnRuns(ink: Float32Array, w: number, band: Band): Run[] {
  const runs: Run[] = [];
  let start = -1;
  for (let x = 0; x <= w; x++) {
    let on = false;
    if (x < w) for (let y = band.top; y <= band.bottom && !on; y++) on = ink[y * w + x]! > 0.5;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      runs.push({ x0: start, x1: x - 1 });
      start = -1;
    }
  }
  return runs;
}

/** Cell centres for a line of `length` characters: a pitch fitted to the centres of single-character runs. */
export function fitGrid(runs: Run[], length: number): number[] | undefined {
  if (runs.length < length * 0.5) return undefined;
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const c0 = (first.x0 + first.x1) / 2;
  const c1 = (last.x0 + last.x1) / 2;
  let pitch = (c1 - c0) / (length - 1);
  let offset = c0;
  if (pitch <= 1) return undefined;
  for (let iter = 0; iter < 2; iter++) {
    const pts = runs.filter((r) => r.x1 - r.x0 + 1 <= pitch * 1.15).map((r) => ({ c: (r.x0 + r.x1) / 2, k: Math.round(((r.x0 + r.x1) / 2 - offset) / pitch) }))
      .filter((p) => p.k >= 0 && p.k < length);
    if (pts.length < 4) break;
    const n = pts.length;
    const sk = pts.reduce((s, p) => s + p.k, 0);
    const sc = pts.reduce((s, p) => s + p.c, 0);
    const skk = pts.reduce((s, p) => s + p.k * p.k, 0);
    const skc = pts.reduce((s, p) => s + p.k * p.c, 0);
    const den = n * skk - sk * sk;
    if (den === 0) break;
    pitch = (n * skc - sk * sc) / den;
    offset = (sc - pitch * sk) / n;
  }
  return Array.from({ length }, (_, k) => offset + k * pitch);
}

/** The line length (30, 36 or 44) whose grid best explains the runs' spacing. */
export function guessLength(runs: Run[], lineCount: number): number {
  if (lineCount === 3) return 30;
  const widths = runs.map((r) => r.x1 - r.x0 + 1).sort((a, b) => a - b);
  const typical = widths[Math.floor(widths.length / 2)] ?? 1;
  const singles = runs.filter((r) => r.x1 - r.x0 + 1 <= typical * 1.6);
  const gaps: number[] = [];
  for (let i = 1; i < singles.length; i++) gaps.push((singles[i]!.x0 + singles[i]!.x1) / 2 - (singles[i - 1]!.x0 + singles[i - 1]!.x1) / 2);
  gaps.sort((a, b) => a - b);
  const pitch = gaps[Math.floor(gaps.length / 2)] ?? 1;
  const span = (runs[runs.length - 1]!.x1 - runs[0]!.x0) / pitch + 1;
  return Math.abs(span - 36) < Math.abs(span - 44) ? 36 : 44;
}

/** One character cell resampled (area average) to CELL_W x CELL_H; height is the band's, so `<` stays small. */
export function cellVector(ink: Float32Array, w: number, h: number, cx: number, pitch: number, band: Band): Float32Array {
  const pad = (band.bottom - band.top + 1) * CELL_PAD;
  const y0 = band.top - pad;
  const y1 = band.bottom + 1 + pad;
  const x0 = cx - pitch / 2;
  const out = new Float32Array(CELL_W * CELL_H);
  const sx = pitch / CELL_W;
  const sy = (y1 - y0) / CELL_H;
  for (let j = 0; j < CELL_H; j++) {
    for (let i = 0; i < CELL_W; i++) {
      let s = 0;
      let n = 0;
      for (let yy = Math.floor(y0 + j * sy); yy < Math.ceil(y0 + (j + 1) * sy); yy++) {
        for (let xx = Math.floor(x0 + i * sx); xx < Math.ceil(x0 + (i + 1) * sx); xx++) {
          n++;
          if (yy >= 0 && yy < h && xx >= 0 && xx < w) s += ink[yy * w + xx]!;
        }
      }
      out[j * CELL_W + i] = n ? s / n : 0;
    }
  }
  return out;
}

/**
 * A line's slant: photos are straightened only past half a degree (mrz-reader.ts), and a TD3 line is about 40
 * character heights long, so a line left at 0.45 degrees rises a third of a character height from end to end.
 * The line's band (its rows of ink) then spans the glyphs' height plus that rise, and a cell cut at the band's
 * rows holds a glyph shrunk and shifted against the prototypes (the shared specimen pass-cze: shape 0.042,
 * three fields MRZ_LOW_CONFIDENCE). Cells follow the slant instead, at the glyphs' own height.
 */
export interface Slant {
  /** Rows per column of the glyphs' vertical middle (0: level). */
  slope: number;
  /** The glyphs' middle row at column 0 (with slope 0, the band's middle). */
  middle: number;
  /** The glyphs' height in rows (with slope 0, the band's). */
  height: number;
}

/**
 * A line that rises less than one cell row (of CELL_H) from end to end counts as level: its end cells move by
 * under half a row. Below that the slope measured from the glyphs' ink is mostly noise (on level generated
 * pages, blurred or noisy, it came out at up to 1.8 px of rise, about 0.8 row).
 */
const levelRise = (band: Band) => ((band.bottom - band.top + 1) * (1 + 2 * CELL_PAD)) / CELL_H;

/**
 * The slant of one line from its full-height glyphs (capitals and digits share OCR-B's cap height; the
 * smaller `<` is left out): a Theil-Sen line through their vertical middles, robust to a glyph merged with a
 * background mark. A line that rises less than levelRise keeps its band exactly as before.
 */
export function lineSlant(ink: Float32Array, w: number, h: number, band: Band, runs: Run[]): Slant {
  const level: Slant = { slope: 0, middle: (band.top + band.bottom) / 2, height: band.bottom - band.top + 1 };
  const margin = Math.ceil((band.bottom - band.top + 1) * 0.2);
  const [y0, y1] = [Math.max(0, band.top - margin), Math.min(h - 1, band.bottom + margin)];
  const glyphs: { x: number; top: number; bottom: number }[] = [];
  for (const r of runs) {
    let [top, bottom] = [-1, -1];
    for (let y = y0; y <= y1; y++) {
      let on = false;
      for (let x = r.x0; x <= r.x1 && !on; x++) on = ink[y * w + x]! > 0.5;
      if (on) [top, bottom] = [top < 0 ? y : top, y];
    }
    if (top >= 0) glyphs.push({ x: (r.x0 + r.x1) / 2, top, bottom });
  }
  const tallest = Math.max(0, ...glyphs.map((g) => g.bottom - g.top + 1));
  const full = glyphs.filter((g) => g.bottom - g.top + 1 >= 0.75 * tallest);
  if (full.length < 4) return level;
  const slopes: number[] = [];
  for (let i = 0; i < full.length; i++) {
    for (let j = i + 1; j < full.length; j++) {
      const dx = full[j]!.x - full[i]!.x;
      if (Math.abs(dx) >= tallest) slopes.push(((full[j]!.top + full[j]!.bottom) / 2 - (full[i]!.top + full[i]!.bottom) / 2) / dx);
    }
  }
  if (slopes.length === 0) return level;
  const slope = median(slopes);
  const [x0, x1] = [runs[0]!.x0, runs[runs.length - 1]!.x1];
  if (Math.abs(slope) * (x1 - x0) < levelRise(band)) return level;
  const middle = median(full.map((g) => (g.top + g.bottom) / 2 - slope * g.x));
  // The band again, in the line's own frame: rows counted along the slant, cut where textBands cuts them
  // (8% of the fullest row), so a slanted line's cells have the height a level one's would have.
  const reach = y1 - y0 + 1;
  const rows = new Float32Array(2 * reach + 1);
  for (let x = x0; x <= x1; x++) {
    const shift = middle + slope * x;
    for (let y = y0; y <= y1; y++) if (ink[y * w + x]! > 0.5) rows[Math.round(y - shift) + reach]! += 1;
  }
  const cut = Math.max(...rows) * 0.08;
  let [top, bottom] = [reach, reach];
  while (top > 0 && rows[top - 1]! > cut) top--;
  while (bottom < rows.length - 1 && rows[bottom + 1]! > cut) bottom++;
  return { slope, middle: middle + (top + bottom) / 2 - reach, height: bottom - top + 1 };
}

/** The rows a cell centred at column `cx` is cut from. */
function cellBand(s: Slant, cx: number): Band {
  const middle = s.middle + s.slope * cx;
  return { top: middle - (s.height - 1) / 2, bottom: middle + (s.height - 1) / 2 };
}

export interface SegmentedLine {
  band: Band;
  /** The line's slant; its height is the glyphs' (the typeface signal compares it across lines). */
  slant: Slant;
  length: number;
  cells: Float32Array[];
  /** Fitted character pitch and first cell centre, px (the typeface signal compares them across lines). */
  pitch: number;
  start: number;
  /** Ink runs of the line (widths: the typeface signal). */
  runs: Run[];
}

/** Lines and character cells of an MRZ crop; `lineCount` 2 or 3. */
export function segmentMrz(img: Gray, lineCount: number): SegmentedLine[] | undefined {
  const ink = inkMap(img);
  const bands = textBands(ink, img.width, img.height, lineCount);
  if (bands.length !== lineCount) return undefined;
  const runsPerLine = bands.map((b) => columnRuns(ink, img.width, b));
  if (runsPerLine.some((r) => r.length === 0)) return undefined;
  const lengths = runsPerLine.map((r) => guessLength(r, lineCount));
  // Every line of one zone has the same length: take the majority (two lines: the longer guess).
  const length = lineCount === 3 ? 30 : Math.max(...lengths);
  const out: SegmentedLine[] = [];
  for (let i = 0; i < bands.length; i++) {
    const centres = fitGrid(runsPerLine[i]!, length);
    if (!centres) return undefined;
    const pitch = (centres[length - 1]! - centres[0]!) / (length - 1);
    const slant = lineSlant(ink, img.width, img.height, bands[i]!, runsPerLine[i]!);
    const cells = centres.map((cx) => cellVector(ink, img.width, img.height, cx, pitch, cellBand(slant, cx)));
    out.push({ band: bands[i]!, slant, length, pitch, start: centres[0]!, runs: runsPerLine[i]!, cells });
  }
  return out;
}

/** Squared distance from the cell to the nearest prototype of each character. */
export function distances(cell: Float32Array, protos: Prototypes): Map<string, number> {
  const d = CELL_W * CELL_H;
  const perChar = new Map<string, number>();
  for (let p = 0; p < protos.labels.length; p++) {
    let s = 0;
    const base = p * d;
    for (let i = 0; i < d; i++) {
      const diff = cell[i]! - protos.vectors[base + i]! / 255;
      s += diff * diff;
    }
    const label = protos.labels[p]!;
    if (s < (perChar.get(label) ?? Infinity)) perChar.set(label, s);
  }
  return perChar;
}

export function nearest(perChar: Map<string, number>, allowed: (ch: string) => boolean = () => true): string {
  let best = '<';
  let bestDist = Infinity;
  for (const [label, dist] of perChar) if (allowed(label) && dist < bestDist) [best, bestDist] = [label, dist];
  return best;
}

const isLetterOrFiller = (ch: string) => ch === '<' || (ch >= 'A' && ch <= 'Z');

/**
 * The lines as read. `letterOnly(line, position, length)` names the positions whose field can hold only
 * letters and fillers (names, state codes): there the nearest letter is taken. Positions covered by check
 * digits are never constrained, so the check digits stay an independent test of the reading.
 */
export function recogniseMrz(img: Gray, lineCount: number, protos: Prototypes, letterOnly?: (line: number, position: number, length: number) => boolean): string[] | undefined {
  const lines = segmentMrz(img, lineCount);
  return lines?.map((l, li) => l.cells.map((c, ci) => nearest(distances(c, protos), letterOnly?.(li, ci, l.length) ? isLetterOrFiller : undefined)).join(''));
}
