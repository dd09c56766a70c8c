/**
 * Finding the machine-readable zone in a photo or scan (pure, on a grayscale raster about 800 px wide):
 * dark print is isolated with a black-hat, characters are joined into text lines by a horizontal closing,
 * and the MRZ is the group of two or three long, equally tall, left-aligned lines lowest on the page.
 * The approach follows PassportEye's (MIT), rewritten for line groups instead of one merged blob so that
 * TD1's three lines and the visual zone's text above are told apart.
 */
import type { Gray } from './quality.ts';
import { blackHat, type Box, components, dilate, erode, otsu } from './raster.ts';

export interface MrzRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Skew of the lines in degrees (positive: rising to the left, as image y grows downwards). */
  angle: number;
  lineCount: number;
  lineHeight: number;
  score: number;
}

function textLines(img: Gray): Box[] {
  const w = img.width;
  const bh = blackHat(img, Math.max(3, Math.round(w / 100)), Math.max(2, Math.round(w / 200)));
  const t = Math.max(otsu(bh), 20);
  const mask = new Uint8Array(bh.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = bh.data[i]! > t ? 255 : 0;
  const pitch = Math.max(2, Math.round(w / 80));
  const joined = erode(dilate({ ...img, data: mask }, pitch, 0), pitch, 0);
  // A one-pixel vertical opening drops the thin bridges that ascenders make between lines.
  const opened = dilate(erode(joined, 0, 1), 0, 1);
  const pieces = components(opened, Math.round(w / 20)).filter((b) => b.height >= 5 && b.width / b.height >= 2);
  return mergeRow(pieces).filter((b) => b.width >= w * 0.25 && b.width / b.height >= 7);
}

/** Pieces of one text line split at wide filler runs (`<<<<` prints as sparse marks) joined back up. */
function mergeRow(boxes: Box[]): Box[] {
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  const out: Box[] = [];
  for (const b of sorted) {
    const row = out.find((a) => {
      const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      return overlap > 0.6 * Math.min(a.height, b.height) && b.x - (a.x + a.width) < 3 * Math.max(a.height, b.height);
    });
    if (!row) {
      out.push({ ...b });
      continue;
    }
    const x1 = Math.max(row.x + row.width, b.x + b.width);
    const y0 = Math.min(row.y, b.y);
    const y1 = Math.max(row.y + row.height, b.y + b.height);
    row.slope = (row.slope * row.area + b.slope * b.area) / (row.area + b.area);
    Object.assign(row, { x: Math.min(row.x, b.x), y: y0, width: x1 - Math.min(row.x, b.x), height: y1 - y0, area: row.area + b.area });
  }
  return out;
}

function similar(a: Box, b: Box, w: number): boolean {
  const gap = b.y - (a.y + a.height);
  const h = Math.max(a.height, b.height);
  return gap >= -h * 0.3 && gap < h * 1.6 && Math.abs(a.height - b.height) < h * 0.5 && Math.abs(a.width - b.width) < Math.max(a.width, b.width) * 0.25 && Math.abs(a.x - b.x) < w * 0.08;
}

/** Candidate zones, best first. */
export function locateMrz(img: Gray): MrzRegion[] {
  const lines = textLines(img).sort((a, b) => a.y - b.y);
  const regions: MrzRegion[] = [];
  for (let i = 0; i < lines.length; i++) {
    const group = [lines[i]!];
    for (let j = i + 1; j < lines.length && group.length < 3; j++) if (similar(group[group.length - 1]!, lines[j]!, img.width)) group.push(lines[j]!);
    const x0 = Math.min(...group.map((b) => b.x));
    const y0 = Math.min(...group.map((b) => b.y));
    const x1 = Math.max(...group.map((b) => b.x + b.width));
    const y1 = Math.max(...group.map((b) => b.y + b.height));
    const lineHeight = group.reduce((s, b) => s + b.height, 0) / group.length;
    const slopes = group.map((b) => b.slope).sort((a, b) => a - b);
    const angle = (Math.atan(slopes[Math.floor(slopes.length / 2)]!) * 180) / Math.PI;
    // Two or three lines, wide, low on the page, filled like a row of characters.
    const fill = group.reduce((s, b) => s + b.area / (b.width * b.height), 0) / group.length;
    const score = (group.length >= 2 ? 2 : 0) + (x1 - x0) / img.width + y1 / img.height * 0.5 + fill;
    regions.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, angle, lineCount: group.length, lineHeight, score });
  }
  return regions.sort((a, b) => b.score - a.score);
}
