/**
 * Where the document page and its portrait are, given the MRZ found on it (pure). ICAO 9303 fixes the page
 * size of each format and the MRZ's place on it (parts 4-6: the zone is centred, its lines start ~6 mm from
 * the left edge and end ~4 mm above the bottom), so the zone's measured width gives the page's scale.
 */
import type { MrzFormat } from '../mrz-layouts.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Three channels, row-major. */
export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Page width and height in mm, and characters per MRZ line (the OCR-B pitch is 2.54 mm). */
const PAGE_MM: Record<MrzFormat, { w: number; h: number; chars: number }> = {
  TD1: { w: 85.6, h: 54, chars: 30 },
  TD2: { w: 105, h: 74, chars: 36 },
  TD3: { w: 125, h: 88, chars: 44 },
  MRVA: { w: 120, h: 80, chars: 44 },
  MRVB: { w: 105, h: 74, chars: 36 },
};
const MRZ_BOTTOM_MARGIN_MM = 4;

export function clip(r: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.floor(r.x));
  const y = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(width, Math.ceil(r.x + r.width));
  const y1 = Math.min(height, Math.ceil(r.y + r.height));
  return { x, y, width: Math.max(0, x1 - x), height: Math.max(0, y1 - y) };
}

/** The page rectangle (unclipped: a tight crop puts part of it outside the image). */
export function pageFromMrz(format: MrzFormat, mrz: Rect): Rect {
  const spec = PAGE_MM[format];
  const pxPerMm = mrz.width / (spec.chars * 2.54);
  const width = spec.w * pxPerMm;
  const height = spec.h * pxPerMm;
  const x = mrz.x + mrz.width / 2 - width / 2;
  const y = mrz.y + mrz.height + MRZ_BOTTOM_MARGIN_MM * pxPerMm - height;
  return { x, y, width, height };
}

/**
 * The portrait zone on the MRZ side: the left part of the page above the zone (TD2, TD3, visas). A TD1
 * card prints its portrait on the other side: null.
 */
export function portraitZone(format: MrzFormat, page: Rect, mrz: Rect): Rect | null {
  if (format === 'TD1') return null;
  return { x: page.x, y: page.y + page.height * 0.06, width: page.width * 0.46, height: Math.max(1, mrz.y - (page.y + page.height * 0.06)) };
}

/**
 * The portrait zone on an ID-1 card's front (a TD1 identity card, a residence permit, a photocard licence): the
 * left half, below a heading band. ICAO 9303-5 puts zone V, the portrait, on the left of the front; the EU card
 * models (licences, residence permits, identity cards) do the same. The right half is left out because a ghost
 * image printed there is not the portrait.
 */
export function cardFrontPortraitZone(card: Rect): Rect {
  return { x: card.x, y: card.y + card.height * 0.08, width: card.width * 0.5, height: card.height * 0.92 };
}

/**
 * A printed portrait cannot be taller than the page it is printed on. Not a tuned threshold but a physical
 * bound: the face engine has reported a "face" 1.13 times the page's height in a painted-over portrait box
 * (eval:attacks, calibration split), which passed as the portrait.
 */
const PORTRAIT_MAX_HEIGHT_OF_PAGE = 1;

/** A face found in a zone counts as the portrait when it is large enough to be one (not a ghost image or a pattern) and no larger than the page. */
export function faceFitsZone(face: Rect, zone: Rect, page: Rect, minHeightOfPage: number): boolean {
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  const inside = cx >= zone.x && cx <= zone.x + zone.width && cy >= zone.y && cy <= zone.y + zone.height;
  return inside && face.height >= page.height * minHeightOfPage && face.height <= page.height * PORTRAIT_MAX_HEIGHT_OF_PAGE;
}
