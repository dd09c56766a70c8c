import { getFaceEngine, type FaceEngine, type FaceEngineOptions } from './face-engine.ts';
import { DEFAULT_MATCH_POLICY, decideFaceMatch, type FaceMatchResult, type MatchPolicy } from './domain/face-match.ts';
import { DEFAULT_SELFIE_POLICY, decideSelfie, type SelfiePolicy, type SelfieResult } from './domain/selfie.ts';
import { DEFAULT_LIVENESS_POLICY, decideActiveLiveness, type Challenge, type LivenessPolicy, type LivenessResult } from './domain/liveness.ts';
import type { ImageAnalysis } from './domain/types.ts';
import { PAD_POLICY, type PadPolicy, type PadResult } from './domain/pad.ts';
import { verifyChipData, type ChipData, type ChipResult, type ChipVerifyOptions } from './chip/passive-auth.ts';
import { CAPTURE_POLICY, decideLiveCapture, type CapturePolicy, type CaptureSession, type LiveCaptureResult, type SeenElsewhere } from './domain/live-capture.ts';
import { loadTrustStore, type TrustStore } from './chip/trust-store.ts';
import { decodePortrait } from './chip/portrait.ts';

/** One frame of a capture session as stored: its bytes, and the order, step and arrival time the server gave it. */
export interface LiveFrame {
  bytes: Buffer;
  seq: number;
  step: number;
  received_ms: number;
  sha256: string;
}

export type ChipWithFace = ChipResult & { face_match: FaceMatchResult | null };

export interface FaceServiceOptions {
  policy?: Partial<MatchPolicy>;
  selfiePolicy?: Partial<SelfiePolicy>;
  livenessPolicy?: Partial<LivenessPolicy>;
  capturePolicy?: Partial<CapturePolicy>;
  engine?: FaceEngineOptions;
  /** Passive anti-spoof scoring of selfies (a model @vladmandic/human ships); default on. */
  passiveLiveness?: boolean;
  /** Presentation-attack policy; default PAD_POLICY (domain/pad.ts), calibrated by eval:faces. */
  padPolicy?: PadPolicy;
}

/**
 * Face match, selfie checks and active liveness. The engine (models) is loaded on first use and shared
 * by every service in the process; close() releases it.
 */
export function createFaceService(options: FaceServiceOptions = {}) {
  const matchPolicy: MatchPolicy = { ...DEFAULT_MATCH_POLICY, ...options.policy };
  const selfiePolicy: SelfiePolicy = { ...DEFAULT_SELFIE_POLICY, ...options.selfiePolicy };
  const livenessPolicy: LivenessPolicy = { ...DEFAULT_LIVENESS_POLICY, sameFaceThreshold: matchPolicy.threshold, ...options.livenessPolicy };
  const capturePolicy: CapturePolicy = { ...CAPTURE_POLICY, sameFaceThreshold: matchPolicy.threshold, ...options.capturePolicy };
  let engine: Promise<FaceEngine> | undefined;
  const getEngine = (): Promise<FaceEngine> => (engine ??= getFaceEngine(options.engine));

  async function analyze(image: Buffer): Promise<ImageAnalysis> {
    return (await getEngine()).analyze(image);
  }

  return {
    /** Does the selfie show the person on the document portrait? */
    async compare(documentImage: Buffer, selfie: Buffer): Promise<FaceMatchResult> {
      const a = await analyze(documentImage);
      const b = await analyze(selfie);
      return decideFaceMatch(a, b, matchPolicy);
    },
    /** Compare with an already analysed reference (for example the chip portrait). */
    compareAnalyses: (a: ImageAnalysis, b: ImageAnalysis): FaceMatchResult => decideFaceMatch(a, b, matchPolicy),
    analyze,
    /**
     * Only the cascade's upright steps (FaceEngine.analyzeUpright): for a caller that keeps upright faces only (a card
     * front's portrait), where an image without a face would otherwise run every rotation for nothing.
     */
    analyzeUpright: async (image: Buffer): Promise<ImageAnalysis> => (await getEngine()).analyzeUpright(image),
    /**
     * Exactly one large, sharp, frontal face with visible eyes (and a passive liveness score where available).
     * Pass the analysis when the caller already has it, to skip a second detection.
     */
    async checkSelfie(image: Buffer, given?: ImageAnalysis): Promise<SelfieResult> {
      const analysis = given ?? (await analyze(image));
      let liveness = null;
      if (options.passiveLiveness !== false && analysis.faces[0]) {
        const { scorePassiveLiveness } = await import('./passive-liveness.ts');
        liveness = await scorePassiveLiveness(image, analysis.faces[0]);
      }
      return decideSelfie(analysis, liveness, selfiePolicy);
    },
    /**
     * Passive presentation-attack detection on one capture (a selfie or a live frame): attack score,
     * threshold, decision and reasons (PAD_PRINT_SUSPECTED, PAD_SCREEN_SUSPECTED, PAD_CUTOUT_SUSPECTED,
     * PAD_NO_FACE). Pass the analysis when the caller already has it, to skip a second detection.
     */
    async assessPresentationAttack(image: Buffer, analysis?: ImageAnalysis): Promise<PadResult> {
      const seen = analysis ?? (await analyze(image));
      const { assessPresentationAttack } = await import('./passive-liveness.ts');
      return assessPresentationAttack(image, seen.faces[0], options.padPolicy ?? PAD_POLICY);
    },
    /** Frames captured while the person was asked to turn their head: same face, turned as asked. */
    async verifyActiveLiveness(frames: Buffer[], challenge: Challenge): Promise<LivenessResult> {
      if (frames.length > livenessPolicy.maxFrames) return decideActiveLiveness(frames.map(() => ({ width: 0, height: 0, faces: [] })), challenge, livenessPolicy);
      const analyses: ImageAnalysis[] = [];
      for (const frame of frames) analyses.push(await analyze(frame));
      return decideActiveLiveness(analyses, challenge, livenessPolicy);
    },
    /**
     * A finished capture session (issue 21): every frame analysed, then the session's rules
     * (domain/live-capture.ts) over the analyses, the server's arrival times and what other sessions saw.
     */
    async judgeLiveCapture(frames: LiveFrame[], session: CaptureSession, seen: SeenElsewhere): Promise<LiveCaptureResult> {
      const analysed = [];
      // A session over the limit is refused by its count alone: no engine time is spent on it.
      const blank: ImageAnalysis = { width: 0, height: 0, faces: [] };
      for (const f of frames) analysed.push({ seq: f.seq, step: f.step, received_ms: f.received_ms, sha256: f.sha256, analysis: frames.length > capturePolicy.maxFrames ? blank : await (await getEngine()).analyzeUpright(f.bytes) });
      return decideLiveCapture(session, analysed, seen, capturePolicy);
    },
    /**
     * Passive (and, with a challenge answer, active) authentication of chip data (trust: a loaded store or a folder
     * path), and when a selfie is given and the DG2 portrait decodes, the chip portrait against the selfie.
     * `options`: the printed MRZ, or every verification option (passive-auth.ts ChipVerifyOptions).
     */
    async verifyChip(data: ChipData, trust: TrustStore | string, options?: string | ChipVerifyOptions, selfie?: Buffer): Promise<ChipWithFace> {
      const store = typeof trust === 'string' ? await loadTrustStore(trust) : trust;
      const { result, portrait } = await verifyChipData(data, store, typeof options === 'string' ? { printedMrz: options } : (options ?? {}));
      let faceMatch: FaceMatchResult | null = null;
      const image = portrait ? await decodePortrait(portrait) : null;
      if (selfie && image) faceMatch = decideFaceMatch(await analyze(image), await analyze(selfie), matchPolicy);
      return { ...result, face_match: faceMatch };
    },
    async close(): Promise<void> {
      if (engine) await (await engine).close();
      engine = undefined;
    },
  };
}

export type FaceService = ReturnType<typeof createFaceService>;
