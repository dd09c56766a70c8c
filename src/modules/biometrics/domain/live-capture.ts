import { descriptorSimilarity, significantFaces } from './face-match.ts';
import { median } from '../../../platform/domain/median.ts';
import { gestureOf, type Gesture } from './gestures.ts';
import type { Decision, FaceObservation, ImageAnalysis } from './types.ts';

/**
 * Liveness bound to a live capture (issue 21, ADR 0110): the server starts a capture session, issues its
 * nonce and a few random challenges only then, stamps every frame on arrival, and this decides from what the
 * engine saw in those frames and when they came. One function per rule below, every threshold named in
 * CAPTURE_POLICY. Pure: the caller supplies analyses, arrival times and what other sessions have seen.
 *
 * What it resists: files chosen from disk (they never enter a session), stills held up or fed as a camera
 * (identical frames, no motion, challenges not met), a recording replayed (its challenges are in another
 * order, its frames or faces were seen in another session), spliced pictures (jumps between frames). What it
 * does not resist: a real-time puppet (a deepfake or an animated photo injected as the camera, answering the
 * prompts), a 3-D mask worn by someone who follows the prompts. docs/biometrics.md says more.
 */
export type LiveChallenge = 'turn_left' | 'turn_right' | 'look_up' | 'blink' | 'smile';
export const LIVE_CHALLENGES: readonly LiveChallenge[] = ['turn_left', 'turn_right', 'look_up', 'blink', 'smile'];

export type LiveCaptureReason =
  | 'LIVENESS_NOT_CAPTURED' | 'LIVENESS_SESSION_EXPIRED' | 'LIVENESS_FRAMES_OUT_OF_ORDER' | 'LIVENESS_FRAME_GAP'
  | 'LIVENESS_TOO_FEW_FRAMES' | 'LIVENESS_TOO_MANY_FRAMES' | 'LIVENESS_NO_FACE_IN_FRAME' | 'LIVENESS_MULTIPLE_FACES' | 'LIVENESS_FACE_CHANGED'
  | 'LIVENESS_STILL_IMAGE' | 'LIVENESS_DISCONTINUOUS' | 'LIVENESS_NOT_FRONTAL_AT_START' | 'LIVENESS_CHALLENGE_NOT_MET'
  | 'LIVENESS_WRONG_ACTION' | 'LIVENESS_REPLAYED' | 'LIVENESS_VIRTUAL_CAMERA';

export const CAPTURE_POLICY = {
  /** Challenges per session, drawn without repetition from LIVE_CHALLENGES in a random order. */
  challenges: 3,
  /** Seconds from the session's start in which every frame must arrive and the session be finished. */
  sessionSeconds: 45,
  /** Frames of the whole session; the page sends about 4 a second. */
  minFrames: 8,
  maxFrames: 60,
  /** Frames of each step (the neutral start and each challenge). */
  minFramesPerStep: 2,
  /** Longest pause between two consecutive frames' arrivals: a live capture streams, staging pauses. */
  maxGapMs: 4000,
  /** Share of frames that may have no face (a blink or a turn can lose the detector for a frame). */
  maxFacelessShare: 0.25,
  /** Similarity (as in face match) each frame keeps with the session's reference frame. */
  sameFaceThreshold: 0.43,
  /** Share of consecutive pairs that may be identical (same bytes or the same descriptor) before the capture is a still. */
  maxIdenticalShare: 0.5,
  /** Descriptor distance under which two consecutive frames count as the same picture. */
  identicalDistance: 0.005,
  /** Face-centre move between consecutive frames, as a share of the face width, above which they are spliced pictures. */
  maxCentreJump: 0.6,
  /** Change of face width between consecutive frames (ratio) above which they are spliced pictures. */
  maxScaleJump: 1.5,
  /** The neutral start: |yaw| at most this, eyes open at least this eye aspect ratio. */
  maxStartYaw: 15,
  minStartEar: 0.18,
  /** turn_left / turn_right: degrees of yaw reached toward the asked side. */
  minTurnDegrees: 18,
  /** look_up: fall of pitch_ratio below the neutral frames' median. */
  minPitchDrop: 0.06,
  /** blink: lowest eye aspect ratio as a share of the neutral median, and the share it must open back to. */
  maxBlinkEarShare: 0.6,
  minReopenEarShare: 0.8,
  /** smile: mouth width ratio over the neutral median. */
  minSmileGain: 1.12,
  /** A turn the other way counts as a wrong action only after this reaction time into a step. */
  reactionMs: 1000,
  /** Similarity with a face seen in another session at or above which the frame is a replay of it (near-duplicate picture). */
  replaySimilarity: 0.95,
  significantFaceAreaRatio: 0.3,
} as const;
export type CapturePolicy = { -readonly [K in keyof typeof CAPTURE_POLICY]: number };

/** One frame as received: arrival order and time are the server's, `step` is the prompt the page showed. */
export interface CaptureFrame {
  seq: number;
  /** 0: the neutral start; k: the k-th challenge. */
  step: number;
  received_ms: number;
  sha256: string;
  analysis: ImageAnalysis;
}

export interface CaptureSession {
  started_ms: number;
  expires_ms: number;
  /** When the page asked for the decision. */
  finished_ms: number;
  challenges: LiveChallenge[];
  /** The page saw a virtual camera (device label or track settings). */
  virtual_camera: boolean;
}

/** What other sessions of the same client have seen: frame hashes and key face descriptors. */
export interface SeenElsewhere {
  sha256: ReadonlySet<string>;
  descriptors: readonly number[][];
}

export interface ChallengeOutcome {
  type: LiveChallenge;
  step: number;
  met: boolean;
  /** The measure reached in the step and the threshold it is held against (see `measure`). */
  value: number | null;
  threshold: number;
  measure: string;
  /** seq of the frame that met it (or came closest). */
  frame: number | null;
}

export interface Score {
  name: string;
  value: number | null;
  threshold: number;
  /** How value is held against threshold. */
  rule: '>=' | '<=';
  passed: boolean;
}

export interface LiveCaptureResult {
  decision: Decision;
  reasons: LiveCaptureReason[];
  challenges: ChallengeOutcome[];
  scores: Score[];
  frames: Array<{ seq: number; step: number; at_ms: number; face: boolean; gesture: Gesture | null; similarity: number | null }>;
  baseline: { yaw: number; pitch_ratio: number; ear: number; mouth_ratio: number } | null;
  /** seq of the sharpest neutral frontal frame: the selfie the face match uses. */
  selfie_frame: number | null;
  /** Descriptors kept (sealed) to find replays of this session in later ones. */
  key_descriptors: number[][];
}

interface Seen {
  frame: CaptureFrame;
  face: FaceObservation | null;
  faces: number;
  gesture: Gesture | null;
}

/** Decides a finished capture session. */
export function decideLiveCapture(session: CaptureSession, frames: CaptureFrame[], seen: SeenElsewhere, policy: CapturePolicy = CAPTURE_POLICY): LiveCaptureResult {
  const reasons = new Set<LiveCaptureReason>();
  const scores: Score[] = [];
  const views: Seen[] = frames.map((frame) => {
    const faces = significantFaces(frame.analysis, policy.significantFaceAreaRatio);
    const face = faces[0] ?? null;
    return { frame, face, faces: faces.length, gesture: face ? gestureOf(face) : null };
  });

  timing(session, frames, policy).forEach((r) => reasons.add(r));
  counts(session, frames, policy).forEach((r) => reasons.add(r));
  if (session.virtual_camera) reasons.add('LIVENESS_VIRTUAL_CAMERA');

  const faceless = views.filter((v) => !v.gesture).length;
  scores.push(score('faceless_share', frames.length ? faceless / frames.length : null, policy.maxFacelessShare, '<='));
  if (frames.length && faceless / frames.length > policy.maxFacelessShare) reasons.add('LIVENESS_NO_FACE_IN_FRAME');
  if (views.some((v) => v.faces > 1)) reasons.add('LIVENESS_MULTIPLE_FACES');

  const neutral = views.filter((v) => v.frame.step === 0 && v.gesture);
  const baseline = neutral.length ? {
    yaw: median(neutral.map((v) => v.gesture!.yaw)), pitch_ratio: median(neutral.map((v) => v.gesture!.pitch_ratio)),
    ear: median(neutral.map((v) => v.gesture!.ear)), mouth_ratio: median(neutral.map((v) => v.gesture!.mouth_ratio)),
  } : null;
  const reference = selfieOf(neutral, policy);
  if (!baseline || Math.abs(baseline.yaw) > policy.maxStartYaw || baseline.ear < policy.minStartEar) reasons.add('LIVENESS_NOT_FRONTAL_AT_START');
  scores.push(score('start_yaw_abs', baseline ? Math.abs(baseline.yaw) : null, policy.maxStartYaw, '<='));
  scores.push(score('start_eye_aspect_ratio', baseline?.ear ?? null, policy.minStartEar, '>='));

  const similarities = views.map((v) => (v.face && reference?.face ? descriptorSimilarity(reference.face.descriptor, v.face.descriptor) : null));
  const known = similarities.filter((s): s is number => s !== null);
  const minSimilarity = known.length ? Math.min(...known) : null;
  scores.push(score('min_same_face_similarity', minSimilarity, policy.sameFaceThreshold, '>='));
  if (minSimilarity !== null && minSimilarity < policy.sameFaceThreshold) reasons.add('LIVENESS_FACE_CHANGED');

  const motion = motionOf(views, policy);
  scores.push(score('identical_pair_share', motion.identicalShare, policy.maxIdenticalShare, '<='));
  scores.push(score('max_centre_jump', motion.maxJump, policy.maxCentreJump, '<='));
  scores.push(score('max_scale_jump', motion.maxScale, policy.maxScaleJump, '<='));
  if (motion.identicalShare !== null && motion.identicalShare > policy.maxIdenticalShare) reasons.add('LIVENESS_STILL_IMAGE');
  if ((motion.maxJump ?? 0) > policy.maxCentreJump || (motion.maxScale ?? 1) > policy.maxScaleJump) reasons.add('LIVENESS_DISCONTINUOUS');

  const challenges = session.challenges.map((type, i) => judgeChallenge(type, i + 1, views, baseline, policy));
  if (challenges.some((c) => !c.met)) reasons.add('LIVENESS_CHALLENGE_NOT_MET');
  if (wrongAction(session.challenges, views, policy)) reasons.add('LIVENESS_WRONG_ACTION');

  const replay = replayOf(views, seen);
  scores.push(score('replay_similarity', replay.similarity, policy.replaySimilarity, '<='));
  if (replay.sameBytes || (replay.similarity !== null && replay.similarity >= policy.replaySimilarity)) reasons.add('LIVENESS_REPLAYED');

  const keys = [reference, ...session.challenges.map((_, i) => challenges[i]?.frame ?? null).map((seq) => views.find((v) => v.frame.seq === seq) ?? null)]
    .filter((v): v is Seen => Boolean(v?.face)).map((v) => v.face!.descriptor);
  const ordered = [...reasons].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return {
    decision: ordered.length === 0 ? 'PASSED' : 'FAILED', reasons: ordered, challenges, scores,
    frames: views.map((v, i) => ({ seq: v.frame.seq, step: v.frame.step, at_ms: v.frame.received_ms - session.started_ms, face: v.face !== null, gesture: v.gesture, similarity: similarities[i] ?? null })),
    baseline, selfie_frame: reference?.frame.seq ?? null, key_descriptors: keys,
  };
}

const ORDER: LiveCaptureReason[] = [
  'LIVENESS_NOT_CAPTURED', 'LIVENESS_SESSION_EXPIRED', 'LIVENESS_FRAMES_OUT_OF_ORDER', 'LIVENESS_FRAME_GAP', 'LIVENESS_TOO_FEW_FRAMES', 'LIVENESS_TOO_MANY_FRAMES',
  'LIVENESS_VIRTUAL_CAMERA', 'LIVENESS_REPLAYED', 'LIVENESS_STILL_IMAGE', 'LIVENESS_DISCONTINUOUS', 'LIVENESS_NO_FACE_IN_FRAME', 'LIVENESS_MULTIPLE_FACES',
  'LIVENESS_FACE_CHANGED', 'LIVENESS_NOT_FRONTAL_AT_START', 'LIVENESS_CHALLENGE_NOT_MET', 'LIVENESS_WRONG_ACTION',
];

const score = (name: string, value: number | null, threshold: number, rule: '>=' | '<='): Score => ({
  name, value: value === null ? null : Math.round(value * 1000) / 1000, threshold, rule,
  passed: value !== null && (rule === '>=' ? value >= threshold : value <= threshold),
});

/** Rule: every frame arrived inside the session's window, in order, without a long pause; finished in time. */
export function timing(session: CaptureSession, frames: CaptureFrame[], policy: CapturePolicy = CAPTURE_POLICY): LiveCaptureReason[] {
  const out: LiveCaptureReason[] = [];
  if (session.finished_ms > session.expires_ms || frames.some((f) => f.received_ms < session.started_ms || f.received_ms > session.expires_ms)) out.push('LIVENESS_SESSION_EXPIRED');
  for (let i = 1; i < frames.length; i++) {
    const a = frames[i - 1]!;
    const b = frames[i]!;
    if (b.seq <= a.seq || b.received_ms < a.received_ms || b.step < a.step || b.step > a.step + 1) out.push('LIVENESS_FRAMES_OUT_OF_ORDER');
    if (b.received_ms - a.received_ms > policy.maxGapMs) out.push('LIVENESS_FRAME_GAP');
  }
  if (frames[0] && frames[0].step !== 0) out.push('LIVENESS_FRAMES_OUT_OF_ORDER');
  return [...new Set(out)];
}

/** Rule: enough frames in all, and in the neutral start and in each challenge's step. */
export function counts(session: CaptureSession, frames: CaptureFrame[], policy: CapturePolicy = CAPTURE_POLICY): LiveCaptureReason[] {
  if (frames.length > policy.maxFrames) return ['LIVENESS_TOO_MANY_FRAMES'];
  const perStep = Array.from({ length: session.challenges.length + 1 }, (_, step) => frames.filter((f) => f.step === step).length);
  return frames.length < policy.minFrames || perStep.some((n) => n < policy.minFramesPerStep) ? ['LIVENESS_TOO_FEW_FRAMES'] : [];
}

/** The reference (selfie) frame: the sharpest neutral frame that looks straight at the camera. */
function selfieOf(neutral: Seen[], policy: CapturePolicy): Seen | null {
  const frontal = neutral.filter((v) => Math.abs(v.gesture!.yaw) <= policy.maxStartYaw);
  const pool = frontal.length ? frontal : neutral;
  return pool.reduce<Seen | null>((best, v) => (!best || v.face!.sharpness > best.face!.sharpness ? v : best), null);
}

/** Rule: consecutive frames move like one face filmed continuously: not identical pictures, no jumps. */
export function motionOf(views: Array<Pick<Seen, 'frame' | 'face'>>, policy: CapturePolicy = CAPTURE_POLICY) {
  let pairs = 0;
  let identical = 0;
  let maxJump: number | null = null;
  let maxScale: number | null = null;
  for (let i = 1; i < views.length; i++) {
    const a = views[i - 1]!;
    const b = views[i]!;
    pairs++;
    const same = a.frame.sha256 === b.frame.sha256 || (a.face && b.face && 1 - descriptorSimilarity(a.face.descriptor, b.face.descriptor) < policy.identicalDistance);
    if (same) identical++;
    if (a.face && b.face) {
      const w = Math.max(a.face.box.width, b.face.box.width, 1);
      const ca = { x: a.face.box.x + a.face.box.width / 2, y: a.face.box.y + a.face.box.height / 2 };
      const cb = { x: b.face.box.x + b.face.box.width / 2, y: b.face.box.y + b.face.box.height / 2 };
      const jump = Math.hypot(ca.x - cb.x, ca.y - cb.y) / w;
      const scale = Math.max(a.face.box.width, b.face.box.width) / Math.max(1, Math.min(a.face.box.width, b.face.box.width));
      maxJump = Math.max(maxJump ?? 0, jump);
      maxScale = Math.max(maxScale ?? 1, scale);
    }
  }
  return { identicalShare: pairs ? identical / pairs : null, maxJump, maxScale };
}

/** Rule: the challenge of step `step` is met by a frame taken while its prompt was shown. */
export function judgeChallenge(type: LiveChallenge, step: number, views: Array<Pick<Seen, 'frame' | 'gesture'>>, baseline: LiveCaptureResult['baseline'], policy: CapturePolicy = CAPTURE_POLICY): ChallengeOutcome {
  const inStep = views.filter((v) => v.frame.step === step && v.gesture);
  const pick = (value: (g: Gesture) => number, best: 'max' | 'min') => inStep.reduce<{ value: number; frame: number } | null>((acc, v) => {
    const x = value(v.gesture!);
    return !acc || (best === 'max' ? x > acc.value : x < acc.value) ? { value: x, frame: v.frame.seq } : acc;
  }, null);
  const out = (value: { value: number; frame: number } | null, threshold: number, measure: string, met: (x: number) => boolean): ChallengeOutcome => ({
    type, step, met: value !== null && met(value.value), value: value ? Math.round(value.value * 1000) / 1000 : null, threshold, measure, frame: value?.frame ?? null,
  });
  // Turning to one's own left shows the face's right side: in an unmirrored frame the nose moves to the image right (+yaw).
  if (type === 'turn_left') return out(pick((g) => g.yaw, 'max'), policy.minTurnDegrees, 'yaw toward the person\'s left (degrees)', (x) => x >= policy.minTurnDegrees);
  if (type === 'turn_right') return out(pick((g) => -g.yaw, 'max'), policy.minTurnDegrees, 'yaw toward the person\'s right (degrees)', (x) => x >= policy.minTurnDegrees);
  if (!baseline) return { type, step, met: false, value: null, threshold: 0, measure: 'no neutral frame to compare with', frame: null };
  if (type === 'look_up') return out(pick((g) => baseline.pitch_ratio - g.pitch_ratio, 'max'), policy.minPitchDrop, 'fall of the nose-tip height ratio from the neutral frames', (x) => x >= policy.minPitchDrop);
  if (type === 'smile') return out(pick((g) => g.mouth_ratio / Math.max(baseline.mouth_ratio, 1e-6), 'max'), policy.minSmileGain, 'mouth width over the neutral frames\' (ratio)', (x) => x >= policy.minSmileGain);
  // blink: the eyes close (a low share of the neutral eye aspect ratio), then open again in a later frame.
  const closed = pick((g) => g.ear / Math.max(baseline.ear, 1e-6), 'min');
  const reopened = closed !== null && views.some((v) => v.frame.seq > closed.frame && v.gesture && v.gesture.ear / Math.max(baseline.ear, 1e-6) >= policy.minReopenEarShare);
  return out(closed, policy.maxBlinkEarShare, 'lowest eye aspect ratio over the neutral frames\' (share), then open again', (x) => x <= policy.maxBlinkEarShare && reopened);
}

/** Rule: while one action is asked for, the head does not make another turn (a recording cycling through every action). */
export function wrongAction(challenges: LiveChallenge[], views: Array<Pick<Seen, 'frame' | 'gesture'>>, policy: CapturePolicy = CAPTURE_POLICY): boolean {
  return challenges.some((type, i) => {
    const step = i + 1;
    const inStep = views.filter((v) => v.frame.step === step);
    const start = inStep[0]?.frame.received_ms ?? 0;
    return inStep.some((v) => {
      if (!v.gesture || v.frame.received_ms - start < policy.reactionMs) return false;
      if (type !== 'turn_left' && v.gesture.yaw >= policy.minTurnDegrees + 5) return true;
      if (type !== 'turn_right' && -v.gesture.yaw >= policy.minTurnDegrees + 5) return true;
      return false;
    });
  });
}

/** Rule: no frame was seen in another session, byte for byte or as a near-identical face. */
export function replayOf(views: Array<Pick<Seen, 'frame' | 'face'>>, seen: SeenElsewhere): { sameBytes: boolean; similarity: number | null } {
  const sameBytes = views.some((v) => seen.sha256.has(v.frame.sha256));
  let similarity: number | null = null;
  for (const v of views) {
    if (!v.face) continue;
    for (const d of seen.descriptors) similarity = Math.max(similarity ?? -Infinity, descriptorSimilarity(v.face.descriptor, d));
  }
  return { sameBytes, similarity };
}

/** The session's challenges: `count` distinct ones in a random order, from random bytes the caller supplies. */
export function drawChallenges(random: Uint8Array, count: number = CAPTURE_POLICY.challenges): LiveChallenge[] {
  const pool = [...LIVE_CHALLENGES];
  const out: LiveChallenge[] = [];
  for (let i = 0; i < count && pool.length; i++) out.push(pool.splice((random[i] ?? 0) % pool.length, 1)[0]!);
  return out;
}
