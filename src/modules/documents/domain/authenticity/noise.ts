/**
 * Editing-trace signal (pure): a photographed page carries sensor noise everywhere, including the blank paper
 * between the MRZ's characters; a zone rendered cleanly and pasted in carries none, only compression ringing
 * next to its print. So the noise is compared on background pixels only: pixels with no print edge within a few
 * pixels (JPEG ringing stays within the 8x8 block of the edge that causes it), where the print itself cannot
 * count as noise. The noise is Immerkær's (1996) Laplacian-difference estimate; the signal is the log2 ratio of
 * the MRZ zone's to the page's above it (ADR 0190: an earlier version measured the whole zone, whose dense
 * print made every zone look noisier than its page, so a pasted one was never flagged).
 */
import type { Gray } from '../quality.ts';
import type { Rect } from './page.ts';

/** Gradient (|dx|+|dy|) above which a pixel is a print edge. */
const EDGE_GRADIENT = 24;
/** A background pixel has no print edge within this many pixels (most of a JPEG block's ringing reach). */
const EDGE_CLEARANCE = 5;
/** Fewer background pixels than this in either region: not measured. */
const MIN_PIXELS = 100;
/** Added to both sigmas (grey levels): two clean regions (a digital specimen) compare as alike, not as a huge ratio. */
const SIGMA_FLOOR = 0.1;

/**
 * Immerkær's noise sigma over the background pixels of `rect` (no print edge within EDGE_CLEARANCE), or null
 * when fewer than MIN_PIXELS of them.
 */
export function backgroundNoiseSigma(img: Gray, rect: Rect): number | null {
  const { width: w, height: h, data } = img;
  const c = EDGE_CLEARANCE;
  // Pixels measured: rect's interior pixels. Edges are looked for up to EDGE_CLEARANCE beyond it.
  const x0 = Math.max(1, Math.floor(rect.x));
  const y0 = Math.max(1, Math.floor(rect.y));
  const x1 = Math.min(w - 1, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(h - 1, Math.ceil(rect.y + rect.height));
  if (x1 <= x0 || y1 <= y0) return null;
  const ex0 = Math.max(1, x0 - c);
  const ey0 = Math.max(1, y0 - c);
  const ew = Math.min(w - 1, x1 + c) - ex0;
  const eh = Math.min(h - 1, y1 + c) - ey0;
  // Integral image of the edge mask: a pixel is background when the box around it holds no edge.
  const iw = ew + 1;
  const edges = new Int32Array(iw * (eh + 1));
  for (let y = 0; y < eh; y++) {
    let row = 0;
    for (let x = 0; x < ew; x++) {
      const i = (y + ey0) * w + x + ex0;
      if (Math.abs(data[i + 1]! - data[i - 1]!) + Math.abs(data[i + w]! - data[i - w]!) > EDGE_GRADIENT) row++;
      edges[(y + 1) * iw + x + 1] = edges[y * iw + x + 1]! + row;
    }
  }
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    const top = Math.max(0, y - c - ey0);
    const bottom = Math.min(eh, y + c + 1 - ey0);
    for (let x = x0; x < x1; x++) {
      const left = Math.max(0, x - c - ex0);
      const right = Math.min(ew, x + c + 1 - ex0);
      if (edges[bottom * iw + right]! - edges[top * iw + right]! - edges[bottom * iw + left]! + edges[top * iw + left]! !== 0) continue;
      const i = y * w + x;
      const m = data[i - w - 1]! - 2 * data[i - w]! + data[i - w + 1]! - 2 * data[i - 1]! + 4 * data[i]! - 2 * data[i + 1]! + data[i + w - 1]! - 2 * data[i + w]! + data[i + w + 1]!;
      sum += Math.abs(m);
      n++;
    }
  }
  if (n < MIN_PIXELS) return null;
  return (Math.sqrt(Math.PI / 2) * sum) / (6 * n);
}

/** The MRZ zone with the blank paper just above and below its lines (a quarter of its height each way). */
export function mrzBackgroundZone(mrz: Rect): Rect {
  return { x: mrz.x, y: mrz.y - mrz.height * 0.25, width: mrz.width, height: mrz.height * 1.5 };
}

/** The page above the MRZ zone, leaving a gap of half the zone's height (its clear area on a real document). */
export function pageAboveZone(mrz: Rect, page: Rect): Rect {
  const bottom = mrz.y - mrz.height * 0.75;
  return { x: page.x, y: page.y, width: page.width, height: Math.max(0, bottom - page.y) };
}

/**
 * log2 of the MRZ zone's background noise over the page's above it: about 0 on a photographed page, far below
 * 0 when the zone was rendered cleanly and pasted in. Null when either region has too little blank paper.
 */
export function editingNoiseRatio(img: Gray, mrz: Rect, page: Rect): number | null {
  const inner = backgroundNoiseSigma(img, mrzBackgroundZone(mrz));
  const outer = backgroundNoiseSigma(img, pageAboveZone(mrz, page));
  if (inner === null || outer === null) return null;
  return Math.log2((inner + SIGMA_FLOOR) / (outer + SIGMA_FLOOR));
}
