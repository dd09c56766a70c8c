/**
 * MRZ geometry and typeface signal, and the per-character confidence of a reading (pure). ICAO 9303 prints
 * the zone in OCR-B at a fixed 2.54 mm pitch, every line with the same pitch, left edge and height; a zone
 * pasted in another font, or retyped line by line, breaks one of these. The shape score is how far each
 * character cell is from the OCR-B prototypes of the character read (the recogniser's own model).
 */
import type { Gray } from '../quality.ts';
import { CELL_H, CELL_W, distances, type Prototypes, segmentMrz } from '../ocrb.ts';

export interface TypefaceStats {
  /** Median over printed (non-filler) cells of the mean squared difference from the character's nearest OCR-B prototype, 0..1. */
  shape: number;
  /** Largest relative difference between the lines' pitches. */
  pitch_spread: number;
  /** Largest difference between the lines' first cell centres, in pitches. */
  start_spread: number;
  /** Largest relative difference between the lines' heights. */
  height_spread: number;
  /**
   * Per line and position: (d_alt - d_read) / (d_alt + d_read), d the distance to the character read and to
   * the closest other character. Near 0 or negative: the cell looks as much like another character.
   */
  margins: number[][];
  /** Mean pitch and leftmost first-cell centre of the lines, in the crop's pixels (the page's scale comes from them). */
  pitch: number;
  start: number;
}

/**
 * `alternatives(line, position)` limits the characters a cell is weighed against to those its field may hold
 * (a name's O is not in doubt because OCR-B's 0 looks like it: a digit cannot stand there).
 */
export function typefaceStats(crop: Gray, lines: readonly string[], protos: Prototypes, alternatives: (line: number, position: number) => (ch: string) => boolean = () => () => true): TypefaceStats | null {
  const seg = segmentMrz(crop, lines.length);
  if (!seg || seg.some((l, i) => l.length !== lines[i]!.length)) return null;
  const shapes: number[] = [];
  const margins = seg.map((l, li) => l.cells.map((cell, ci) => {
    const ch = lines[li]![ci]!;
    const d = distances(cell, protos);
    const read = d.get(ch) ?? Infinity;
    let alt = Infinity;
    const allowed = alternatives(li, ci);
    for (const [label, dist] of d) if (label !== ch && allowed(label) && dist < alt) alt = dist;
    if (ch !== '<') shapes.push(read / (CELL_W * CELL_H));
    return Number.isFinite(read) ? (alt - read) / (alt + read + 1e-9) : -1;
  }));
  shapes.sort((a, b) => a - b);
  const spread = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / Math.max(1e-9, Math.min(...xs));
  const pitch = seg.reduce((s, l) => s + l.pitch, 0) / seg.length;
  return {
    shape: shapes[Math.floor(shapes.length / 2)] ?? 1,
    pitch_spread: spread(seg.map((l) => l.pitch)),
    start_spread: (Math.max(...seg.map((l) => l.start)) - Math.min(...seg.map((l) => l.start))) / pitch,
    height_spread: spread(seg.map((l) => l.slant.height)),
    margins,
    pitch,
    start: Math.min(...seg.map((l) => l.start)),
  };
}
