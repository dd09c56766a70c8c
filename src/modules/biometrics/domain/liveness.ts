import { descriptorSimilarity, significantFaces } from './face-match.ts';
import { yawDegrees } from './landmarks.ts';
import type { Decision, ImageAnalysis } from './types.ts';

/**
 * Active liveness: the browser asks the person to turn their head and sends a few frames captured
 * meanwhile. A printed photo or a replayed still cannot turn; a different person cannot keep the same
 * descriptor. This is a challenge-response check, not a guarantee against a 3-D mask or a deepfake
 * stream (docs/biometrics.md says what it does not stop).
 */
export type ChallengeType = 'turn_left' | 'turn_right';

export interface Challenge {
  /** Turn to the person's own left or right. */
  type: ChallengeType;
  /** True when the frames are mirrored (as a front camera preview is); most captures are not. */
  mirrored?: boolean;
}

export type LivenessReason = 'TOO_FEW_FRAMES' | 'TOO_MANY_FRAMES' | 'NO_FACE_IN_FRAME' | 'MULTIPLE_FACES' | 'FACE_CHANGED' | 'NOT_FRONTAL_AT_START' | 'WRONG_DIRECTION' | 'TURN_NOT_DETECTED';

export interface LivenessPolicy {
  minFrames: number;
  maxFrames: number;
  /** Similarity (as in face match) every frame must keep with the first frame. */
  sameFaceThreshold: number;
  /** Degrees of yaw the head must reach in the asked direction. */
  minTurnDegrees: number;
  /** The first frame must be roughly frontal. */
  maxStartYaw: number;
  significantFaceAreaRatio: number;
}

export const DEFAULT_LIVENESS_POLICY: LivenessPolicy = {
  minFrames: 3,
  maxFrames: 20,
  sameFaceThreshold: 0.43,
  minTurnDegrees: 18,
  maxStartYaw: 15,
  significantFaceAreaRatio: 0.3,
};

export interface LivenessResult {
  decision: Decision;
  reasons: LivenessReason[];
  challenge: ChallengeType;
  frames: number;
  /** Yaw per frame in degrees, signed so that positive is the asked direction; null where no face. */
  yaw: Array<number | null>;
  /** Lowest similarity of a frame to the first frame. */
  min_similarity: number | null;
}

export function decideActiveLiveness(frames: ImageAnalysis[], challenge: Challenge, policy: LivenessPolicy = DEFAULT_LIVENESS_POLICY): LivenessResult {
  const reasons: LivenessReason[] = [];
  const base = { challenge: challenge.type, frames: frames.length };
  if (frames.length < policy.minFrames) return { decision: 'FAILED', reasons: ['TOO_FEW_FRAMES'], ...base, yaw: [], min_similarity: null };
  if (frames.length > policy.maxFrames) return { decision: 'FAILED', reasons: ['TOO_MANY_FRAMES'], ...base, yaw: [], min_similarity: null };

  // Turning to one's own left shows the face's right side: in an unmirrored image the nose moves right (+x).
  const sign = (challenge.type === 'turn_left' ? 1 : -1) * (challenge.mirrored ? -1 : 1);
  const faces = frames.map((f) => significantFaces(f, policy.significantFaceAreaRatio));
  if (faces.some((f) => f.length === 0)) reasons.push('NO_FACE_IN_FRAME');
  if (faces.some((f) => f.length > 1)) reasons.push('MULTIPLE_FACES');
  const main = faces.map((f) => f[0] ?? null);
  const yaw = main.map((f) => (f ? round(sign * yawDegrees(f.landmarks)) : null));

  const first = main.find((f) => f !== null) ?? null;
  let minSimilarity: number | null = null;
  if (first) {
    for (const f of main) {
      if (!f) continue;
      const s = descriptorSimilarity(first.descriptor, f.descriptor);
      minSimilarity = minSimilarity === null ? s : Math.min(minSimilarity, s);
    }
    if (minSimilarity !== null && minSimilarity < policy.sameFaceThreshold) reasons.push('FACE_CHANGED');
  }

  const seen = yaw.filter((y): y is number => y !== null);
  const start = yaw[0];
  if (start !== null && start !== undefined && Math.abs(start) > policy.maxStartYaw) reasons.push('NOT_FRONTAL_AT_START');
  if (seen.length > 0) {
    const towards = Math.max(...seen);
    const away = Math.min(...seen);
    if (towards < policy.minTurnDegrees) reasons.push(-away >= policy.minTurnDegrees ? 'WRONG_DIRECTION' : 'TURN_NOT_DETECTED');
  }
  return { decision: reasons.length === 0 ? 'PASSED' : 'FAILED', reasons, ...base, yaw, min_similarity: minSimilarity };
}

const round = (x: number): number => Math.round(x * 10) / 10;
