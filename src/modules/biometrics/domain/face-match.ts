import { euclideanDistance } from './vectors.ts';
import type { Decision, FaceObservation, FaceReason, ImageAnalysis } from './types.ts';
import { locateFace, type FaceLocation } from './face-crop.ts';

/**
 * The face-match decision, pure: the engine supplies what it saw in each image, this decides.
 * similarity = 1 - Euclidean distance between the two 128-d descriptors (the metric the ResNet was
 * trained for; cosine separated our evaluation set worse). Its calibration is in docs/biometrics.md
 * (eval:faces) and docs/adr/0030-face-engine.md.
 */
export interface MatchPolicy {
  /** similarity (1 - Euclidean distance) at or above which two faces are the same person. */
  threshold: number;
  /** Smallest face box width (pixels) whose descriptor we trust. */
  minFaceWidth: number;
  /** Smallest Laplacian variance of the face crop we call sharp enough. */
  minSharpness: number;
  /** A second face counts when its box area is at least this share of the largest one (ghost portraits on ID cards are smaller). */
  significantFaceAreaRatio: number;
}

/**
 * The production face-match policy. `threshold` is the one named place for the match threshold: chosen by
 * `npm run eval:faces` (eval/faces/match.ts) on the calibration identities only, for FMR <= 1e-3 (with
 * 386 impostor pairs that means above every calibration impostor: 0.4522), halfway to the next genuine
 * score; reported on identities kept apart (docs/biometrics.md). Was 0.43, fitted on all 40 images.
 */
export const DEFAULT_MATCH_POLICY: MatchPolicy = {
  threshold: 0.468,
  minFaceWidth: 40,
  minSharpness: 6,
  significantFaceAreaRatio: 0.3,
};

export interface FaceMatchResult {
  faces_a: number;
  faces_b: number;
  similarity: number | null;
  distance: number | null;
  threshold: number;
  decision: Decision;
  reasons: FaceReason[];
  /** Where the compared face of each image is (the largest): the console shows the two faces from these. */
  face_a: FaceLocation | null;
  face_b: FaceLocation | null;
}

export function significantFaces(analysis: ImageAnalysis, ratio: number): FaceObservation[] {
  const [largest] = analysis.faces;
  if (!largest) return [];
  const area = largest.box.width * largest.box.height;
  return analysis.faces.filter((f) => f.box.width * f.box.height >= ratio * area);
}

export function isLowQuality(face: FaceObservation, policy: MatchPolicy): boolean {
  return face.box.width < policy.minFaceWidth || face.sharpness < policy.minSharpness;
}

/** `a` is the reference (document portrait), `b` the probe (selfie). */
export function decideFaceMatch(a: ImageAnalysis, b: ImageAnalysis, policy: MatchPolicy = DEFAULT_MATCH_POLICY): FaceMatchResult {
  const reasons: FaceReason[] = [];
  const facesA = significantFaces(a, policy.significantFaceAreaRatio);
  const facesB = significantFaces(b, policy.significantFaceAreaRatio);
  if (facesA.length === 0) reasons.push('NO_FACE_DOCUMENT');
  if (facesB.length === 0) reasons.push('NO_FACE_SELFIE');
  if (facesA.length > 1 || facesB.length > 1) reasons.push('MULTIPLE_FACES');
  const fa = facesA[0];
  const fb = facesB[0];
  let similarity: number | null = null;
  let distance: number | null = null;
  if (fa && fb) {
    if (isLowQuality(fa, policy) || isLowQuality(fb, policy)) reasons.push('LOW_QUALITY');
    distance = round(euclideanDistance(fa.descriptor, fb.descriptor));
    similarity = descriptorSimilarity(fa.descriptor, fb.descriptor);
    if (similarity < policy.threshold) reasons.push('FACE_MISMATCH');
  }
  return {
    faces_a: a.faces.length,
    faces_b: b.faces.length,
    similarity,
    distance,
    threshold: policy.threshold,
    // Any reason fails the match: a reviewer should look at a low-quality or crowded image even when the score is high.
    decision: reasons.length === 0 ? 'PASSED' : 'FAILED',
    reasons,
    face_a: fa ? locateFace(fa, a) : null,
    face_b: fb ? locateFace(fb, b) : null,
  };
}

/** 1 - Euclidean distance, rounded: 1 for identical descriptors, about 0.4-0.6 for strangers. */
export function descriptorSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return round(1 - euclideanDistance(a, b));
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/**
 * Intersection over the smaller box's area: 1 when one box lies inside the other. Two detections of one
 * face (a tight and a loose box) overlap strongly even when their IoU is low.
 */
export function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = w * h;
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  return smaller > 0 ? inter / smaller : 0;
}
