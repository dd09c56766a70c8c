import type { Point } from './types.ts';

/**
 * Head pose and eye state from the 68 iBUG landmarks. A full PnP solve needs a camera model we do not
 * have for browser frames; these ratios are scale free and good enough to tell "turned left" from
 * "turned right" and open from closed eyes.
 */

const at = (lm: Point[], i: number): Point => {
  const p = lm[i];
  if (!p) throw new Error(`landmark ${i} missing (expected 68 points, got ${lm.length})`);
  return p;
};
const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Roll in degrees: angle of the line between the eye centres (positive: clockwise in image coordinates). */
export function rollDegrees(lm: Point[]): number {
  const l = centre(lm.slice(36, 42));
  const r = centre(lm.slice(42, 48));
  return (Math.atan2(r.y - l.y, r.x - l.x) * 180) / Math.PI;
}

/**
 * Yaw estimate in degrees, positive when the nose tip sits right of the face's midline in the image.
 * The nose tip (30) is compared with the two ends of the jaw outline (0 and 16): frontal, it is halfway;
 * turned, it moves toward one end. ratio in -1..1 maps to asin(ratio) for a head modelled as a cylinder.
 * The frame's roll is removed first so a tilted head does not read as a turn.
 */
export function yawDegrees(lm: Point[]): number {
  const roll = (rollDegrees(lm) * Math.PI) / 180;
  const cos = Math.cos(-roll);
  const sin = Math.sin(-roll);
  const rx = (p: Point): number => p.x * cos - p.y * sin;
  const left = rx(at(lm, 0));
  const right = rx(at(lm, 16));
  const nose = rx(at(lm, 30));
  const half = (right - left) / 2;
  if (half <= 0) return 0;
  const ratio = Math.max(-1, Math.min(1, (nose - (left + half)) / half));
  return (Math.asin(ratio) * 180) / Math.PI;
}

/** Eye aspect ratio (Soukupová and Čech 2016): about 0.25-0.35 open, under ~0.15 closed. */
export function eyeAspectRatio(eye: Point[]): number {
  if (eye.length !== 6) throw new Error('an eye has 6 landmarks');
  const [p1, p2, p3, p4, p5, p6] = eye as [Point, Point, Point, Point, Point, Point];
  const width = dist(p1, p4);
  if (width === 0) return 0;
  return (dist(p2, p6) + dist(p3, p5)) / (2 * width);
}

export function eyesAspectRatios(lm: Point[]): { left: number; right: number } {
  return { left: eyeAspectRatio(lm.slice(36, 42)), right: eyeAspectRatio(lm.slice(42, 48)) };
}

/** Distance between the eye centres in pixels (ICAO asks for at least 90 px on a portrait). */
export function interEyeDistance(lm: Point[]): number {
  return dist(centre(lm.slice(36, 42)), centre(lm.slice(42, 48)));
}

function centre(points: Point[]): Point {
  const n = points.length || 1;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}
