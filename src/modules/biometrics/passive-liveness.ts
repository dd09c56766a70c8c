import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type * as Tf from '@tensorflow/tfjs';
import type { FaceObservation } from './domain/types.ts';
import type { PassiveLiveness } from './domain/selfie.ts';
import { decodeImage, padAndRotate } from './image.ts';

/**
 * Passive anti-spoof score from the "antispoof" model that @vladmandic/human ships (models/antispoof.json,
 * 128x128 RGB face crop scaled to 0..1, one output: higher = more likely a real face), run on the same
 * TensorFlow.js WASM backend as the face engine. We have no presentation-attack data set, so the score is
 * reported and gated at a configurable threshold but its error rates are NOT measured here
 * (docs/biometrics.md).
 */
const require = createRequire(import.meta.url);
const MODEL = 'antispoof';
/** Face box enlarged to a square of this factor, close to the crop the model's author feeds it. */
const ENLARGE = 1.5;

let model: Promise<Tf.GraphModel> | undefined;

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

async function loadModel(): Promise<Tf.GraphModel> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  const dir = path.join(packageRoot('@vladmandic/human'), 'models');
  const json = JSON.parse(fs.readFileSync(path.join(dir, `${MODEL}.json`), 'utf8')) as {
    modelTopology: object;
    weightsManifest: Array<{ paths: string[]; weights: Tf.io.WeightsManifestEntry[] }>;
  };
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
  const weightData = Buffer.concat(json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p)))));
  return tf.loadGraphModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData: new Uint8Array(weightData).buffer }));
}

export async function scorePassiveLiveness(image: Buffer, face: FaceObservation): Promise<PassiveLiveness | null> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  if (tf.getBackend() !== 'wasm') return null; // the face engine sets the backend up; without it we do not guess
  model ??= loadModel();
  const m = await model;
  // The face was found in a padded (and maybe rotated) frame: rebuild that frame to crop the same region.
  const decoded = await decodeImage(image);
  const frame = face.rotation === 0 && face.pad === 0 ? decoded : await padAndRotate(decoded, face.pad, face.rotation);
  const side = Math.max(face.box.width, face.box.height) * ENLARGE;
  const cx = face.box.x + face.box.width / 2;
  const cy = face.box.y + face.box.height / 2;
  const left = Math.round(cx - side / 2);
  const top = Math.round(cy - side / 2);
  const size = Math.round(side);
  // Extend with grey where the square runs off the image, then crop and resize to the model's input.
  const pad = Math.max(0, -left, -top, left + size - frame.width, top + size - frame.height);
  // sharp runs extract before extend within one pipeline, so the border is materialised first.
  const extended = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const crop = await sharp(extended.data, { raw: { width: extended.info.width, height: extended.info.height, channels: 3 } })
    .extract({ left: left + pad, top: top + pad, width: size, height: size })
    .resize(128, 128, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = tf.tidy(() => tf.tensor4d(new Float32Array(crop).map((v) => v / 255), [1, 128, 128, 3]));
  const output = m.execute(input) as Tf.Tensor;
  const score = (await output.data())[0] ?? 0;
  tf.dispose([input, output]);
  return { score: Math.round(score * 1000) / 1000, model: `@vladmandic/human/${MODEL}` };
}
