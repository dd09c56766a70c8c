/**
 * Is the document in the guide frame, and sharp? The maths behind the document camera's live hints and its
 * automatic shutter (issue 25), on a small grey copy of the video frame. Pure: pixels in, numbers out, no DOM,
 * so it is tested on synthetic pixel arrays (test/web/capture-framing.test.ts).
 *
 * The page only guides: the server still judges every upload (blur, glare, MRZ) and asks for a retake.
 */

/** A grey picture: one byte per pixel, row after row. */
export interface Grey { width: number; height: number; data: Uint8Array | Uint8ClampedArray }
export interface Rect { x: number; y: number; width: number; height: number }
export type Side = 'top' | 'bottom' | 'left' | 'right';
const SIDES: Side[] = ['top', 'bottom', 'left', 'right'];

/** ISO/IEC 7810 shapes: ID-1 (cards: driving licences, identity cards) and ID-3 (a passport's data page). */
export const ID1_ASPECT = 85.6 / 54;
export const ID3_ASPECT = 125 / 88;

/** The width the page analyses at: enough to see a card's edges and print, cheap enough for every 150 ms. */
export const ANALYSIS_WIDTH = 480;

export const THRESHOLDS = {
  /** Guide frame: this share of the picture's limiting side. */
  fill: 0.84,
  /** An edge is "at" the frame's edge within this share of the frame's short side, either way. */
  band: 0.1,
  /** How far inside the frame a document's edge is still looked for (share of the frame's side). */
  inner: 0.4,
  /** A grey step at least this large between the rows (columns) either side counts as an edge pixel. */
  edgeStep: 28,
  /** An edge line crosses at least this share of the frame's middle 80%: a card's border, not a line of print. */
  support: 0.6,
  /** Variance of the 4-neighbour Laplacian inside the document below this: blurry (print is sharp above ~100). */
  minSharpness: 60,
  /** Share of saturated pixels (>= 250) inside the frame above this: a reflection to tilt away from. */
  maxGlare: 0.02,
  saturated: 250,
  /** Mean absolute grey change between two analysed frames above this: the hand or the document is moving. */
  maxMotion: 6,
  /** Consecutive "ready" frames before the page takes the photo itself (about half a second). */
  readyFrames: 3,
} as const;
export type Thresholds = typeof THRESHOLDS;

/** Luma (Rec. 601) of RGBA pixels, as a canvas's getImageData gives them. */
export function greyFromRgba(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Grey {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) data[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000;
  return { width, height, data };
}

/** The guide frame in a picture of `width` x `height`: centred, of the document's shape, as large as `fill` allows. */
export function guideRect(width: number, height: number, aspect: number, fill: number = THRESHOLDS.fill): Rect {
  let w = width * fill;
  let h = w / aspect;
  if (h > height * fill) {
    h = height * fill;
    w = h * aspect;
  }
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: Math.round(w), height: Math.round(h) };
}

const whole = (g: Grey): Rect => ({ x: 0, y: 0, width: g.width, height: g.height });
function clip(g: Grey, r: Rect): Rect {
  const x = Math.max(0, Math.round(r.x));
  const y = Math.max(0, Math.round(r.y));
  return { x, y, width: Math.max(0, Math.min(g.width, Math.round(r.x + r.width)) - x), height: Math.max(0, Math.min(g.height, Math.round(r.y + r.height)) - y) };
}

/** Variance of the 4-neighbour Laplacian over `r` (the whole picture by default): low when nothing is sharp. */
export function laplacianVariance(g: Grey, r: Rect = whole(g)): number {
  const { x: x0, y: y0, width, height } = clip(g, r);
  const w = g.width;
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (let y = Math.max(1, y0); y < Math.min(g.height - 1, y0 + height); y++) {
    for (let x = Math.max(1, x0); x < Math.min(w - 1, x0 + width); x++) {
      const i = y * w + x;
      const d = g.data[i - 1]! + g.data[i + 1]! + g.data[i - w]! + g.data[i + w]! - 4 * g.data[i]!;
      sum += d;
      squares += d * d;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return squares / n - mean * mean;
}

/** Share of the pixels in `r` at or above `level`: a reflection (or a white-out) the camera cannot see through. */
export function saturatedShare(g: Grey, r: Rect = whole(g), level: number = THRESHOLDS.saturated): number {
  const c = clip(g, r);
  let bright = 0;
  for (let y = c.y; y < c.y + c.height; y++) for (let x = c.x; x < c.x + c.width; x++) if (g.data[y * g.width + x]! >= level) bright++;
  return c.width * c.height ? bright / (c.width * c.height) : 0;
}

/** Mean absolute difference between two pictures of the same size (0 when either is missing). */
export function motion(a: Grey | null, b: Grey): number {
  if (!a || a.width !== b.width || a.height !== b.height) return 0;
  let sum = 0;
  for (let i = 0; i < b.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / b.data.length;
}

/** A straight edge found near one side of the frame: `offset` in pixels, positive towards the frame's centre. */
export interface EdgeLine { offset: number; support: number }

/**
 * The strongest long straight edge parallel to one side of the frame, from just outside it (up to the picture's
 * border) to `inner` of the way in: for each candidate row (column), the share of the frame's middle 80% where
 * the grey steps by at least `edgeStep` across it. A document's border crosses nearly all of it; print does not.
 * Null when no line reaches `support`.
 */
export function edgeLine(g: Grey, frame: Rect, side: Side, t: Thresholds = THRESHOLDS): EdgeLine | null {
  const horizontal = side === 'top' || side === 'bottom';
  const length = horizontal ? frame.width : frame.height;
  const depth = horizontal ? frame.height : frame.width;
  const limit = horizontal ? g.height : g.width;
  const from = Math.round((horizontal ? frame.x : frame.y) + length * 0.1);
  const to = Math.round((horizontal ? frame.x : frame.y) + length * 0.9);
  // Where the frame's side is, and which way is "inwards".
  const edge = side === 'top' ? frame.y : side === 'left' ? frame.x : side === 'bottom' ? frame.y + frame.height - 1 : frame.x + frame.width - 1;
  const inwards = side === 'top' || side === 'left' ? 1 : -1;
  const step = (along: number, across: number): number => {
    const at = (a: number, c: number) => g.data[horizontal ? c * g.width + a : a * g.width + c]!;
    return Math.abs(at(along, across + 1) - at(along, across - 1));
  };
  let best: EdgeLine | null = null;
  for (let offset = -Math.round(depth * t.band * 3); offset <= Math.round(depth * t.inner); offset++) {
    const across = edge + inwards * offset;
    if (across < 1 || across > limit - 2) continue;
    let hits = 0;
    for (let along = Math.max(0, from); along < Math.min(horizontal ? g.width : g.height, to); along++) if (step(along, across) >= t.edgeStep) hits++;
    const support = hits / Math.max(1, to - from);
    // Ties go to the outermost line: a document's border, not a line of print inside it.
    if (support >= t.support && (!best || support > best.support)) best = { offset, support };
  }
  return best;
}

/** What the page tells the person: where the document is, then whether the picture is good enough. */
export type Hint = 'find' | 'closer' | 'back' | 'glare' | 'still' | 'blurry' | 'ready';

export interface Assessment {
  hint: Hint;
  edges: Record<Side, EdgeLine | null>;
  sharpness: number;
  glare: number;
  motion: number;
}

/**
 * One analysed frame: the document's four edges near the frame's (within `band` of its short side), then no
 * glare, no movement since the last frame and sharp print. The first thing wrong is the hint, in that order:
 * a person fixes where the document is before how the picture looks.
 */
export function assess(g: Grey, frame: Rect, previous: Grey | null = null, t: Thresholds = THRESHOLDS): Assessment {
  const edges = Object.fromEntries(SIDES.map((s) => [s, edgeLine(g, frame, s, t)])) as Record<Side, EdgeLine | null>;
  const band = Math.min(frame.width, frame.height) * t.band;
  const found = SIDES.map((s) => edges[s]).filter((e): e is EdgeLine => e !== null);
  // The document's interior: inside the frame by the tolerance, so its border and the background stay out.
  const inside = { x: frame.x + band, y: frame.y + band, width: frame.width - 2 * band, height: frame.height - 2 * band };
  const out: Assessment = { hint: 'ready', edges, sharpness: laplacianVariance(g, inside), glare: saturatedShare(g, frame, t.saturated), motion: motion(previous, g) };
  const near = found.filter((e) => Math.abs(e.offset) <= band).length;
  const inner = found.filter((e) => e.offset > band).length;
  const outer = found.filter((e) => e.offset < -band).length;
  // Three sides at the frame's place the document, whatever else is seen: a line further in is then print or a
  // coloured band of the document (its faint real edge lost in blur), not a far document.
  if (near < 3) out.hint = outer > 0 ? 'back' : inner >= 2 ? 'closer' : 'find';
  else if (out.glare > t.maxGlare) out.hint = 'glare';
  else if (out.motion > t.maxMotion) out.hint = 'still';
  else if (out.sharpness < t.minSharpness) out.hint = 'blurry';
  // Ready needs all four: the fourth may be faint (a dark band on a dark table) while blur is judged on three.
  else if (near < 4) out.hint = 'find';
  return out;
}

/** The automatic shutter: fires once after `readyFrames` "ready" frames in a row; any other hint starts the count again. */
export function shutter(readyInARow: number, hint: Hint, t: Thresholds = THRESHOLDS): { count: number; fire: boolean } {
  const count = hint === 'ready' ? readyInARow + 1 : 0;
  return { count, fire: count === t.readyFrames };
}
