import { createRequire } from 'node:module';
import path from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type * as Tf from '@tensorflow/tfjs';
import { decodeImage, greyCrop, padAndRotate, type RgbImage } from './image.ts';
import { normalisedSharpness } from './domain/quality.ts';
import { rollDegrees } from './domain/landmarks.ts';
import { overlap } from './domain/face-match.ts';
import type { Box, FaceObservation, ImageAnalysis, Point } from './domain/types.ts';

/**
 * The face engine: @vladmandic/face-api (SSD MobileNetV1 detector, 68-point landmarks, ResNet-34
 * descriptor) on TensorFlow.js with the WebAssembly backend. Models and .wasm files are read from the
 * installed npm packages; nothing is downloaded. Loaded once per process and shared (see getFaceEngine).
 */
const require = createRequire(import.meta.url);

export interface FaceEngine {
  /** Find faces (with the padding and rotation cascade), landmarks, descriptors and sharpness. */
  analyze(image: Buffer): Promise<ImageAnalysis>;
  /** Same, on already decoded pixels (used by the liveness checks that reuse the decode). */
  analyzeRgb(image: RgbImage): Promise<ImageAnalysis>;
  /**
   * A frame of a live camera capture: upright by construction (the page sends the video as the camera gives
   * it), so only the upright steps of the cascade run and no orientation vote. A frame with no face costs the
   * upright steps (about 1 s) instead of the whole cascade with its rotations (about 3 s); a session has up to
   * 30 frames.
   */
  analyzeUpright(image: Buffer): Promise<ImageAnalysis>;
  readonly backend: string;
  /** Release this holder's use; the last one frees the models (the next getFaceEngine() loads them again). */
  close(): Promise<void>;
}

export interface FaceEngineOptions {
  /** WASM threads (the .wasm with threads needs SharedArrayBuffer); 1 keeps one core for the rest. */
  threads?: number;
  /** Detector confidence needed to call something a face. */
  minConfidence?: number;
  /** Average the descriptor with its mirror image's (default true). */
  flipAverage?: boolean;
}

/**
 * Tried in order until a face is found. Pad 0.5 suits most photos; pad 1.0 rescues very tight crops;
 * small and right-angle rotations rescue tilted and sideways images (a photo of a card held sideways).
 */
const ATTEMPTS: ReadonlyArray<Attempt> = parseAttempts(process.env.KYC_FACE_CASCADE ?? 'tiny:0.5:0,tiny:1:0,ssd:0.5:0,ssd:1:0,ssd:1:-20,ssd:1:20,ssd:0.5:90,ssd:0.5:-90,ssd:0.5:180');

/** The cascade's steps without rotation: for camera frames, which are upright (FaceEngine.analyzeUpright). */
const UPRIGHT_ATTEMPTS: ReadonlyArray<Attempt> = ATTEMPTS.filter((a) => a.rotation === 0);

interface Attempt {
  /** tiny: Tiny Face Detector (about 85 ms); ssd: SSD MobileNetV1 (about 390 ms, finds harder faces). */
  detector: 'tiny' | 'ssd';
  pad: number;
  rotation: number;
}

function parseAttempts(spec: string): Attempt[] {
  return spec.split(',').map((part) => {
    const [detector, pad, rotation] = part.split(':');
    if ((detector !== 'tiny' && detector !== 'ssd') || !Number.isFinite(Number(pad)) || !Number.isFinite(Number(rotation))) {
      throw new Error(`KYC_FACE_CASCADE: bad step "${part}" (detector:pad:rotation, e.g. ssd:1:0)`);
    }
    return { detector, pad: Number(pad), rotation: Number(rotation) };
  });
}
const MAX_FACES = 5;
const SHARPNESS_SIZE = 112;
/** Eye-line tilt (degrees) beyond which the image is levelled and analysed again. */
const MAX_ROLL = 15;
/** Landmark nets under-read strong tilts, so levelling may take two steps. */
const MAX_LEVELLING = 2;
/** A detection at least this confident is taken without checking other orientations. */
const CONFIDENT = 0.7;
/** Images at least this large (shorter side, px) get the extra unpadded face count. */
const MIN_SIDE_FOR_COUNT = 320;

let shared: Promise<FaceEngine> | undefined;
/** Holders of the shared engine: close() releases one, the last release frees the models. */
let holders = 0;

/** The process-wide engine; models load on first use and are reused. Pair every call with close(). */
export function getFaceEngine(options: FaceEngineOptions = {}): Promise<FaceEngine> {
  holders++;
  shared ??= createFaceEngine(options).catch((error: unknown) => {
    shared = undefined;
    holders = 0;
    throw error;
  });
  return shared;
}

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

async function createFaceEngine(options: FaceEngineOptions): Promise<FaceEngine> {
  const tf = require('@tensorflow/tfjs') as typeof Tf;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string): void; setThreadsCount(n: number): void };
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
  if (tf.getBackend() !== 'wasm') {
    wasm.setWasmPaths(path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep);
    wasm.setThreadsCount(options.threads ?? 1);
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js WASM backend failed to initialise');
    await tf.ready();
  }
  const modelDir = path.join(packageDir('@vladmandic/face-api'), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  const minConfidence = options.minConfidence ?? 0.5;
  const flipAverage = options.flipAverage ?? process.env.KYC_FACE_FLIP !== 'false';
  const detectors = {
    ssd: new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: MAX_FACES }),
    tiny: new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minConfidence }),
  };

  /**
   * The descriptor of the crop averaged with that of its mirror image: a cheap test-time augmentation
   * that evens out pose and lighting asymmetries (it lowered the equal error rate on our set).
   */
  async function describeAligned(aligned: FaceApi.tf.Tensor3D): Promise<Float32Array> {
    const plain = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(aligned)) as Float32Array;
    if (!flipAverage) return plain;
    const mirrored = tf.reverse(aligned as unknown as Tf.Tensor3D, 1) as unknown as FaceApi.tf.Tensor3D;
    const flipped = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(mirrored)) as Float32Array;
    mirrored.dispose();
    return plain.map((v, i) => (v + (flipped[i] as number)) / 2);
  }

  /**
   * Landmarks, descriptor and sharpness for the largest detection; the others keep only box and score
   * (every decision uses the main face and merely counts and sizes the rest, and describing each
   * bystander would cost about 150 ms).
   */
  async function describe(frame: RgbImage, input: FaceApi.tf.Tensor3D, all: FaceApi.FaceDetection[], attempt: Attempt): Promise<FaceObservation[]> {
    const bySize = [...all].sort((a, b) => b.box.area - a.box.area);
    const detections = bySize.slice(0, 1);
    const bystanders: FaceObservation[] = bySize.slice(1).map((d) => ({
      box: { x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height },
      score: d.score,
      landmarks: [],
      descriptor: [],
      sharpness: 0,
      rotation: attempt.rotation,
      pad: attempt.rotation === 0 ? 0 : attempt.pad,
    }));
    const crops = await faceapi.extractFaceTensors(input, detections);
    const out: FaceObservation[] = [...bystanders];
    try {
      for (const [i, detection] of detections.entries()) {
        const crop = crops[i];
        if (!crop) continue;
        const raw = (await faceapi.nets.faceLandmark68Net.detectLandmarks(crop)) as FaceApi.FaceLandmarks68;
        const landmarks = raw.shiftBy<FaceApi.FaceLandmarks68>(detection.box.x, detection.box.y);
        // The descriptor is computed on the landmark-aligned crop, as face-api's own pipeline does.
        const [aligned] = await faceapi.extractFaceTensors(input, [landmarks.align(null, { useDlibAlignment: true })]);
        if (!aligned) continue;
        const descriptor = await describeAligned(aligned);
        aligned.dispose();
        const box = { x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height };
        const grey = await greyCrop(frame, box, SHARPNESS_SIZE);
        out.push({
          box,
          score: detection.score,
          landmarks: landmarks.positions.map((p): Point => ({ x: p.x, y: p.y })),
          descriptor: Array.from(descriptor),
          sharpness: normalisedSharpness({ width: SHARPNESS_SIZE, height: SHARPNESS_SIZE, data: grey }),
          rotation: attempt.rotation,
          pad: attempt.rotation === 0 ? 0 : attempt.pad,
        });
      }
    } finally {
      crops.forEach((c) => c.dispose());
    }
    return out.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  }

  function frameTensor(frame: RgbImage): FaceApi.tf.Tensor3D {
    return faceapi.tf.tensor3d(new Uint8Array(frame.data.buffer, frame.data.byteOffset, frame.data.length), [frame.height, frame.width, 3], 'int32');
  }

  /** Best detector score in one orientation, without landmarks or descriptors (for the orientation vote). */
  async function topScore(image: RgbImage, attempt: Attempt): Promise<number> {
    const input = frameTensor(await padAndRotate(image, attempt.pad, attempt.rotation));
    try {
      const detections = await faceapi.detectAllFaces(input, detectors[attempt.detector]);
      return Math.max(0, ...detections.map((d) => d.score));
    } finally {
      input.dispose();
    }
  }

  /**
   * Detect, then describe, in one padded and rotated frame. `skip` (boxes in the caller's image, only for
   * unpadded upright frames) drops detections of faces already described.
   */
  async function analyzeAt(image: RgbImage, attempt: Attempt, levelled: number, skip: Box[] = []): Promise<ImageAnalysis | null> {
    const frame = await padAndRotate(image, attempt.pad, attempt.rotation);
    const input = frameTensor(frame);
    try {
      const detections = (await faceapi.detectAllFaces(input, detectors[attempt.detector]))
        .filter((d) => skip.every((b) => overlap(d.box, b) < 0.5))
        .slice(0, MAX_FACES);
      if (detections.length === 0) return null;
      const faces = await describe(frame, input, detections, attempt);
      if (faces[0]?.landmarks.length !== 68) return null;
      // A tilted head: level the eye line and look again (landmark nets under-read strong tilts).
      const roll = rollDegrees(faces[0]!.landmarks);
      if (Math.abs(roll) > MAX_ROLL && levelled < MAX_LEVELLING) {
        const again = await analyzeAt(image, { ...attempt, rotation: attempt.rotation - Math.round(roll) }, levelled + 1);
        if (again) return again;
      }
      // Report boxes in the caller's image when no rotation was needed (the padding is undone).
      if (attempt.rotation === 0) {
        const p = (frame.width - image.width) / 2;
        for (const f of faces) {
          f.box = { ...f.box, x: f.box.x - p, y: f.box.y - p };
          f.landmarks = f.landmarks.map((q) => ({ x: q.x - p, y: q.y - p }));
        }
      }
      return { width: image.width, height: image.height, faces };
    } finally {
      input.dispose();
    }
  }

  async function analyzeRgb(image: RgbImage, attempts: ReadonlyArray<Attempt> = ATTEMPTS): Promise<ImageAnalysis> {
    const upright = attempts === UPRIGHT_ATTEMPTS;
    for (const attempt of attempts) {
      const found = await analyzeAt(image, attempt, 0);
      if (!found) continue;
      const first = found.faces[0];
      if (!first || first.rotation !== 0) return found;
      // The vote is for the fast detector's finds; the SSD steps run on hard upright crops, and the
      // rotation steps of the cascade already cover images where nothing upright is found.
      if (upright || first.score >= CONFIDENT || attempt.detector !== 'tiny') return withUnpaddedCount(image, found);
      // An unsure upright find competes with the quarter and half turns (detection scores only); the
      // most confident orientation is described. Detectors are fairly rotation tolerant, so this helps
      // with unsure finds but cannot catch every sideways photo (docs/biometrics.md).
      let best = { rotation: 0, score: first.score };
      for (const rotation of [90, -90, 180]) {
        const score = await topScore(image, { ...attempt, rotation });
        if (score > best.score + 0.05) best = { rotation, score };
      }
      if (best.rotation === 0) return withUnpaddedCount(image, found);
      return (await analyzeAt(image, { ...attempt, rotation: best.rotation }, 0)) ?? found;
    }
    return { width: image.width, height: image.height, faces: [] };
  }

  /**
   * The padding that rescues tight crops shrinks the faces of a wide photo, and the first find stops
   * the cascade; so on photo-sized images one more unpadded pass looks for people the first pass
   * missed (a second person in a selfie must not go unnoticed). Only new faces are described.
   */
  async function withUnpaddedCount(image: RgbImage, found: ImageAnalysis): Promise<ImageAnalysis> {
    if (Math.min(image.width, image.height) < MIN_SIDE_FOR_COUNT) return found;
    const extra = await analyzeAt(image, { detector: 'tiny', pad: 0, rotation: 0 }, MAX_LEVELLING, found.faces.map((f) => f.box));
    const others = (extra?.faces ?? []).filter((f) => found.faces.every((g) => overlap(f.box, g.box) < 0.5));
    if (others.length === 0) return found;
    const faces = [...found.faces, ...others].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { ...found, faces: faces.slice(0, MAX_FACES) };
  }

  // One image at a time: the WASM backend is single-threaded anyway and this bounds memory.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const next = queue.then(job, job);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    backend: tf.getBackend(),
    analyze: (buffer) => serial(async () => analyzeRgb(await decodeImage(buffer))),
    analyzeRgb: (image) => serial(() => analyzeRgb(image)),
    analyzeUpright: (buffer) => serial(async () => analyzeRgb(await decodeImage(buffer), UPRIGHT_ATTEMPTS)),
    async close() {
      holders = Math.max(0, holders - 1);
      if (holders > 0) return;
      faceapi.nets.ssdMobilenetv1.dispose();
      faceapi.nets.tinyFaceDetector.dispose();
      faceapi.nets.faceLandmark68Net.dispose();
      faceapi.nets.faceRecognitionNet.dispose();
      shared = undefined;
    },
  };
}
