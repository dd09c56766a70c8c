/**
 * A recogniser for the MRZ's OCR-B glyphs (pure). The zone is printed at a fixed pitch with a fixed
 * alphabet of 37 characters, so instead of a general OCR engine: split the crop into text lines, fit the
 * character grid (ICAO line lengths 30, 36, 44), cut one cell per character at the line's cap height, and
 * match each cell against prototypes learnt from OCR-B renderings (eval/documents/train-ocrb.ts).
 */
import type { Gray } from './quality.ts';
import { otsu } from './raster.ts';

export const CELL_W = 12;
export const CELL_H = 16;
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface Prototypes {
  /** For each prototype, its character. */
  labels: string;
  /** CELL_W*CELL_H values per prototype, 0..255 ink. */
  vectors: Uint8Array;
}

interface Band {
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
  const pad = (band.bottom - band.top + 1) * 0.12;
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

export interface SegmentedLine {
  band: Band;
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
    out.push({ band: bands[i]!, length, pitch, start: centres[0]!, runs: runsPerLine[i]!, cells: centres.map((cx) => cellVector(ink, img.width, img.height, cx, pitch, bands[i]!)) });
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
