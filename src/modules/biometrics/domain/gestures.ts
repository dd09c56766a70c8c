import { eyesAspectRatios, interEyeDistance, rollDegrees, yawDegrees } from './landmarks.ts';
import type { FaceObservation, Point } from './types.ts';

/**
 * What one frame's face is doing, from the 68 landmarks: the measures the capture session's challenges are
 * judged on (domain/live-capture.ts). Each is scale free, so a face closer to or further from the camera reads
 * the same; pitch, eyes and mouth are compared with the same person's neutral frames, not with fixed values,
 * because faces differ more between people than a gesture moves them.
 */
export interface Gesture {
  /** Degrees, positive when the nose tip is right of the midline in the (unmirrored) image. */
  yaw: number;
  /** Roll in degrees. */
  roll: number;
  /**
   * Vertical place of the nose tip between the eye line (0) and the chin (1), roll removed. The tip stands
   * out of the face, so tilting the head back (looking up) moves it toward the eyes: the ratio falls.
   */
  pitch_ratio: number;
  /** Mean eye aspect ratio of both eyes (open about 0.25-0.35, closed under about 0.15). */
  ear: number;
  /** Mouth width (corners 48-54) over the distance between the eye centres: a smile widens the mouth. */
  mouth_ratio: number;
  /** Face centre and width in the frame, for the motion between consecutive frames. */
  cx: number;
  cy: number;
  width: number;
}

const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
const mid = (ps: Point[]): Point => ({ x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length });

export function gestureOf(face: FaceObservation): Gesture | null {
  const lm = face.landmarks;
  if (lm.length < 68) return null;
  const roll = rollDegrees(lm);
  const r = (-roll * Math.PI) / 180;
  const ry = (p: Point): number => p.x * Math.sin(r) + p.y * Math.cos(r);
  const eyes = mid(lm.slice(36, 48));
  const eyeY = ry(eyes);
  const chinY = ry(lm[8]!);
  const noseY = ry(lm[30]!);
  const span = chinY - eyeY;
  const eyeGap = interEyeDistance(lm);
  const { left, right } = eyesAspectRatios(lm);
  return {
    yaw: round(yawDegrees(lm)),
    roll: round(roll),
    pitch_ratio: round(span > 0 ? (noseY - eyeY) / span : 0, 1000),
    ear: round((left + right) / 2, 1000),
    mouth_ratio: round(eyeGap > 0 ? dist(lm[48]!, lm[54]!) / eyeGap : 0, 1000),
    cx: round(face.box.x + face.box.width / 2),
    cy: round(face.box.y + face.box.height / 2),
    width: round(face.box.width),
  };
}

const round = (x: number, k = 10): number => Math.round(x * k) / k;
