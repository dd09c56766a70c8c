/**
 * The ONNX models of the npm package faceplugin-face-recognition-js 0.0.1 (MIT per its package.json; **not** a
 * dependency): `--faceplugin DIR` names a scratch folder where that package and onnxruntime-web are installed
 * (`npm install faceplugin-face-recognition-js onnxruntime-web`); both are loaded from DIR/node_modules.
 * Each model is fed as the package's browser code feeds it (lib/fr_feature.js, lib/fr_liveness.js; its
 * opencv.js calls are redone here in plain JS and sharp), on the production detector's face and landmarks:
 *   fr_feature   5 points from the 68 landmarks (convert68pts5pts), warped to its REFERENCE_FACIAL_POINTS at
 *                112 x 112 (bilinear, black outside, as cv.warpAffine), RGB, (x - 127) / 128, planar; 512-d.
 *                The package's warp is cv.getAffineTransform on the first three points (eyes, nose); the
 *                reference points are ArcFace's, which are usually reached by a similarity fitted to all
 *                five: both are scored, and eval/faces/match.ts chooses one on the calibration split.
 *   fr_liveness  the face box enlarged 2.7 times (alignLivenessImage: shifted, not padded, at the image's
 *                edge), resized to 128 x 128, RGB 0..255, planar; softmax of 3 outputs, output 0 = "live" (the
 *                package's demos call a face live when it is high). Also scored with the channels swapped
 *                (BGR), the order OpenCV reads images in, in case the weights were trained that way.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { RgbImage } from '../../src/modules/biometrics/image.ts';
import type { Box, Point } from '../../src/modules/biometrics/domain/types.ts';

/** The part of onnxruntime-web used here (the package is not installed in the project, so no types). */
interface OrtTensor {
  data: Float32Array;
  dims: readonly number[];
}
interface OrtSession {
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
}
interface Ort {
  env: { wasm: { numThreads: number } };
  InferenceSession: { create(file: string): Promise<OrtSession> };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => OrtTensor;
}

export type Alignment = '3-point affine (the package)' | '5-point similarity';
export const ALIGNMENTS: Alignment[] = ['3-point affine (the package)', '5-point similarity'];
export const LIVENESS_SIGNALS = ['faceplugin_liveness', 'faceplugin_liveness_bgr'] as const;

/** lib/fr_feature.js REFERENCE_FACIAL_POINTS: eyes, nose tip, mouth corners in the 112 px crop. */
const REFERENCE: Point[] = [
  { x: 38.29459953, y: 51.69630051 },
  { x: 73.53179932, y: 51.50139999 },
  { x: 56.02519989, y: 71.73660278 },
  { x: 41.54930115, y: 92.3655014 },
  { x: 70.72990036, y: 92.20410156 },
];
const FEATURE_SIDE = 112;
const LIVENESS_SIDE = 128;
const LIVENESS_SCALE = 2.7;

export interface Faceplugin {
  describe(frame: RgbImage, landmarks: Point[], alignment: Alignment): Promise<number[]>;
  /** Every liveness signal of one face: the "live" probability, as the package feeds it and with BGR. */
  liveness(frame: RgbImage, box: Box): Promise<Record<string, number>>;
}

export async function loadFaceplugin(dir: string): Promise<Faceplugin> {
  const req = createRequire(path.join(path.resolve(dir), 'package.json'));
  const ort = req('onnxruntime-web') as Ort;
  ort.env.wasm.numThreads = 1; // the machine is shared; one thread like the face engine
  const models = path.join(path.dirname(req.resolve('faceplugin-face-recognition-js/package.json')), 'model');
  const feature = await ort.InferenceSession.create(path.join(models, 'fr_feature.onnx'));
  const liveness = await ort.InferenceSession.create(path.join(models, 'fr_liveness.onnx'));
  const run = async (session: OrtSession, input: Float32Array, side: number): Promise<number[]> =>
    Array.from((await session.run({ input: new ort.Tensor('float32', input, [1, 3, side, side]) })).output!.data);
  return {
    async describe(frame, landmarks, alignment) {
      const src = fivePoints(landmarks);
      const m = alignment === '5-point similarity' ? similarityTransform(src, REFERENCE) : affineFrom3(src, REFERENCE);
      return run(feature, planar(warpAffine(frame, m, FEATURE_SIDE), (v) => (v - 127) / 128, false), FEATURE_SIDE);
    },
    async liveness(frame, box) {
      const crop = await livenessCrop(frame, box);
      const live = async (bgr: boolean): Promise<number> => softmax(await run(liveness, planar(crop, (v) => v, bgr), LIVENESS_SIDE))[0]!;
      return { faceplugin_liveness: await live(false), faceplugin_liveness_bgr: await live(true) };
    },
  };
}

/** convert68pts5pts: eye centres from the four lid points, nose tip, mouth corners (outer and inner lip). */
export function fivePoints(p: Point[]): Point[] {
  const mean = (...ids: number[]): Point => ({ x: ids.reduce((s, i) => s + p[i]!.x, 0) / ids.length, y: ids.reduce((s, i) => s + p[i]!.y, 0) / ids.length });
  if (p.length !== 68) throw new Error(`fivePoints: ${p.length} landmarks, expected 68`);
  return [mean(37, 38, 40, 41), mean(43, 44, 46, 47), mean(30), mean(48, 60), mean(54, 64)];
}

/** Row-major 2 x 3 matrix mapping (x, y, 1) of the source image to the crop. */
export type Affine = [number, number, number, number, number, number];

/** The exact affine through three point pairs (cv.getAffineTransform; only the first three are used). */
export function affineFrom3(src: Point[], dst: Point[]): Affine {
  const [a, b, c] = src as [Point, Point, Point];
  const det = a.x * (b.y - c.y) - a.y * (b.x - c.x) + (b.x * c.y - c.x * b.y);
  if (Math.abs(det) < 1e-9) throw new Error('affineFrom3: the points are collinear');
  // Cramer's rule on [x y 1] * [m0 m1 m2]^T = u, once per output coordinate.
  const solve = (u: [number, number, number]): [number, number, number] => [
    (u[0] * (b.y - c.y) - a.y * (u[1] - u[2]) + (u[1] * c.y - u[2] * b.y)) / det,
    (a.x * (u[1] - u[2]) - u[0] * (b.x - c.x) + (b.x * u[2] - c.x * u[1])) / det,
    (a.x * (b.y * u[2] - c.y * u[1]) - a.y * (b.x * u[2] - c.x * u[1]) + u[0] * (b.x * c.y - c.x * b.y)) / det,
  ];
  return [...solve([dst[0]!.x, dst[1]!.x, dst[2]!.x]), ...solve([dst[0]!.y, dst[1]!.y, dst[2]!.y])];
}

/** Least-squares similarity (rotation, uniform scale, shift; no reflection) from src to dst (Umeyama in 2-D). */
export function similarityTransform(src: Point[], dst: Point[]): Affine {
  const n = src.length;
  const ms = { x: src.reduce((s, p) => s + p.x, 0) / n, y: src.reduce((s, p) => s + p.y, 0) / n };
  const md = { x: dst.reduce((s, p) => s + p.x, 0) / n, y: dst.reduce((s, p) => s + p.y, 0) / n };
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const sx = src[i]!.x - ms.x;
    const sy = src[i]!.y - ms.y;
    const dx = dst[i]!.x - md.x;
    const dy = dst[i]!.y - md.y;
    dot += sx * dx + sy * dy;
    cross += sx * dy - sy * dx;
    norm += sx * sx + sy * sy;
  }
  const a = dot / norm;
  const b = cross / norm;
  return [a, -b, md.x - (a * ms.x - b * ms.y), b, a, md.y - (b * ms.x + a * ms.y)];
}

/** cv.warpAffine with INTER_LINEAR and a black constant border: each crop pixel samples the inverse map. */
export function warpAffine(img: RgbImage, m: Affine, side: number): RgbImage {
  const det = m[0] * m[4] - m[1] * m[3];
  const inv = [m[4] / det, -m[1] / det, (m[1] * m[5] - m[4] * m[2]) / det, -m[3] / det, m[0] / det, (m[3] * m[2] - m[0] * m[5]) / det];
  const out = Buffer.alloc(side * side * 3);
  const at = (x: number, y: number, c: number): number => (x < 0 || y < 0 || x >= img.width || y >= img.height ? 0 : img.data[(y * img.width + x) * 3 + c]!);
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      const x = inv[0]! * u + inv[1]! * v + inv[2]!;
      const y = inv[3]! * u + inv[4]! * v + inv[5]!;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out[(v * side + u) * 3 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width: side, height: side, data: out };
}

/** alignLivenessImage: the box scaled about its centre (at most to the image), shifted back inside, resized. */
async function livenessCrop(frame: RgbImage, box: Box): Promise<RgbImage> {
  const { width: w, height: h } = frame;
  // The package passes integer boxes (parseInt of the detector's corners).
  const x = Math.trunc(box.x);
  const y = Math.trunc(box.y);
  const bw = Math.abs(Math.trunc(box.x + box.width) - x);
  const bh = Math.abs(Math.trunc(box.y + box.height) - y);
  const scale = Math.min((h - 1) / bh, (w - 1) / bw, LIVENESS_SCALE);
  const cx = x + bw / 2;
  const cy = y + bh / 2;
  let [l, t, r, b] = [cx - (bw * scale) / 2, cy - (bh * scale) / 2, cx + (bw * scale) / 2, cy + (bh * scale) / 2];
  if (l < 0) [r, l] = [r - l, 0];
  if (t < 0) [b, t] = [b - t, 0];
  if (r > w - 1) [l, r] = [l - (r - w + 1), w - 1];
  if (b > h - 1) [t, b] = [t - (b - h + 1), h - 1];
  const left = Math.max(Math.trunc(l), 0);
  const top = Math.max(Math.trunc(t), 0);
  const width = Math.min(Math.trunc(r - l), w - 1, w - left);
  const height = Math.min(Math.trunc(b - t), h - 1, h - top);
  const data = await sharp(frame.data, { raw: { width: w, height: h, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(LIVENESS_SIDE, LIVENESS_SIDE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return { width: LIVENESS_SIDE, height: LIVENESS_SIDE, data };
}

/** Interleaved RGB to the planar [3, h, w] tensor data the models take, each value mapped by `f`. */
function planar(img: RgbImage, f: (v: number) => number, bgr: boolean): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) out[c * n + i] = f(img.data[i * 3 + (bgr ? 2 - c : c)]!);
  return out;
}

function softmax(xs: number[]): number[] {
  const top = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}
