/**
 * Biometrics: face match, selfie checks, active liveness and NFC chip passive authentication.
 * The only file other modules import.
 */
export { createFaceService, type FaceService, type FaceServiceOptions, type ChipWithFace, type LiveFrame } from './face.service.ts';
export {
  CAPTURE_POLICY, LIVE_CHALLENGES, decideLiveCapture, drawChallenges,
  type CaptureSession, type CaptureFrame, type LiveCaptureResult, type LiveCaptureReason, type LiveChallenge, type SeenElsewhere, type ChallengeOutcome, type Score,
} from './domain/live-capture.ts';
/** The sandbox acts a session's prompts with synthetic landmarks (its frames are never read by a model). */
export { actedAnalysis } from './domain/acted-capture.ts';
export type { FaceMatchResult, MatchPolicy } from './domain/face-match.ts';
/** The compared faces cut out for a reviewer (the console's face match section). */
export { cropFace } from './face-crop.ts';
export type { FaceLocation } from './domain/face-crop.ts';
export { DEFAULT_MATCH_POLICY, decideFaceMatch } from './domain/face-match.ts';
export type { SelfieResult, SelfieReason, SelfiePolicy, PassiveLiveness } from './domain/selfie.ts';
export type { Challenge, ChallengeType, LivenessResult, LivenessReason, LivenessPolicy } from './domain/liveness.ts';
export { PAD_POLICY, decidePresentationAttack, type PadPolicy, type PadResult, type PadReason } from './domain/pad.ts';
export type { FaceReason, Decision, ImageAnalysis, FaceObservation } from './domain/types.ts';
export type { ChipReason, ChipWarning } from './domain/chip-decision.ts';
export { verifyChipData, type ChipData, type ChipResult, type ChipVerification, type ChipVerifyOptions } from './chip/passive-auth.ts';
export { startChipAuthentication, ChipAuthUnsupportedError, type ChipAuthSession, type ChipAuthStart } from './chip/chip-auth.ts';
export { loadTrustStore, trustStoreOf, emptyTrustStore, parseMasterList, describeTrustStore, type TrustStore } from './chip/trust-store.ts';
export { readChipFolder, verifyChipFolder } from './chip/chip.files.ts';
