import { significantFaces } from './face-match.ts';
import { eyesAspectRatios, interEyeDistance, rollDegrees, yawDegrees } from './landmarks.ts';
import type { Decision, ImageAnalysis } from './types.ts';

/** Selfie quality and (where a model is available) passive liveness, decided from what the engine saw. */
export type SelfieReason =
  | 'NO_FACE_SELFIE'
  | 'MULTIPLE_FACES'
  | 'FACE_TOO_SMALL'
  | 'LOW_QUALITY'
  | 'EYES_NOT_VISIBLE'
  | 'POSE_NOT_FRONTAL'
  | 'SPOOF_SUSPECTED';

export interface SelfiePolicy {
  /** Face box width in pixels. */
  minFaceWidth: number;
  /** Face box width as a share of the image width: a face far from the camera is a poor reference. */
  minFaceShare: number;
  minSharpness: number;
  /** Eye aspect ratio under which an eye counts as closed or hidden. */
  minEyeAspectRatio: number;
  maxAbsYaw: number;
  maxAbsRoll: number;
  /**
   * Passive liveness score (0..1, higher = live) under which the selfie is suspected to be a spoof.
   * 0 by default: the shipped model's score is reported but does not decide, because we could not
   * measure its error rates (no presentation-attack data; docs/biometrics.md).
   */
  minLivenessScore: number;
  significantFaceAreaRatio: number;
}

export const DEFAULT_SELFIE_POLICY: SelfiePolicy = {
  minFaceWidth: 80,
  minFaceShare: 0.15,
  minSharpness: 6,
  minEyeAspectRatio: 0.12,
  maxAbsYaw: 30,
  maxAbsRoll: 30,
  minLivenessScore: 0,
  significantFaceAreaRatio: 0.3,
};

export interface PassiveLiveness {
  /** 0..1, higher means more likely a live face (model output, uncalibrated on our data). */
  score: number;
  model: string;
}

export interface SelfieResult {
  decision: Decision;
  reasons: SelfieReason[];
  faces: number;
  face_width: number | null;
  sharpness: number | null;
  eye_aspect_ratio: { left: number; right: number } | null;
  inter_eye_distance: number | null;
  yaw: number | null;
  roll: number | null;
  /** null when no passive liveness model was run. */
  liveness: PassiveLiveness | null;
}

export function decideSelfie(analysis: ImageAnalysis, liveness: PassiveLiveness | null, policy: SelfiePolicy = DEFAULT_SELFIE_POLICY): SelfieResult {
  const reasons: SelfieReason[] = [];
  const faces = significantFaces(analysis, policy.significantFaceAreaRatio);
  const face = faces[0];
  const empty = { faces: analysis.faces.length, face_width: null, sharpness: null, eye_aspect_ratio: null, inter_eye_distance: null, yaw: null, roll: null, liveness };
  if (!face) return { decision: 'FAILED', reasons: ['NO_FACE_SELFIE'], ...empty };
  if (faces.length > 1) reasons.push('MULTIPLE_FACES');
  if (face.box.width < policy.minFaceWidth || face.box.width < policy.minFaceShare * analysis.width) reasons.push('FACE_TOO_SMALL');
  if (face.sharpness < policy.minSharpness) reasons.push('LOW_QUALITY');
  const ear = eyesAspectRatios(face.landmarks);
  if (ear.left < policy.minEyeAspectRatio || ear.right < policy.minEyeAspectRatio) reasons.push('EYES_NOT_VISIBLE');
  const yaw = yawDegrees(face.landmarks);
  // The engine may have rotated the image to find the face; the head's roll in the original is the sum.
  const roll = normaliseAngle(rollDegrees(face.landmarks) - face.rotation);
  if (Math.abs(yaw) > policy.maxAbsYaw || Math.abs(roll) > policy.maxAbsRoll) reasons.push('POSE_NOT_FRONTAL');
  if (liveness && liveness.score < policy.minLivenessScore) reasons.push('SPOOF_SUSPECTED');
  return {
    decision: reasons.length === 0 ? 'PASSED' : 'FAILED',
    reasons,
    faces: analysis.faces.length,
    face_width: round(face.box.width),
    sharpness: round(face.sharpness),
    eye_aspect_ratio: { left: round(ear.left), right: round(ear.right) },
    inter_eye_distance: round(interEyeDistance(face.landmarks)),
    yaw: round(yaw),
    roll: round(roll),
    liveness,
  };
}

function normaliseAngle(deg: number): number {
  let d = deg % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
