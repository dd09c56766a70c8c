import type { FaceObservation, ImageAnalysis, Point } from './types.ts';

/**
 * Synthetic 68-point landmark sets and observations for the pure decision tests: a frontal face
 * centred at (cx, cy) with half-width s, whose nose can be shifted (yaw) and eyes closed.
 */
export function syntheticLandmarks(opts: { cx?: number; cy?: number; s?: number; noseShift?: number; eyeOpen?: number; roll?: number } = {}): Point[] {
  const { cx = 100, cy = 100, s = 50, noseShift = 0, eyeOpen = 0.3, roll = 0 } = opts;
  const pts: Point[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = Math.PI * (i / 16);
    pts.push({ x: -Math.cos(t), y: -0.1 + Math.sin(t) * 1.1 });
  }
  for (let i = 0; i < 5; i++) pts.push({ x: -0.8 + i * 0.12, y: -0.55 });
  for (let i = 0; i < 5; i++) pts.push({ x: 0.32 + i * 0.12, y: -0.55 });
  for (let i = 0; i < 4; i++) pts.push({ x: noseShift * (i / 3), y: -0.35 + i * 0.15 });
  for (let i = 0; i < 5; i++) pts.push({ x: noseShift * 0.8 - 0.2 + i * 0.1, y: 0.2 });
  const eye = (ex: number): Point[] => {
    const w = 0.3;
    const h = eyeOpen * w;
    return [
      { x: ex - w / 2, y: -0.35 },
      { x: ex - w / 6, y: -0.35 - h / 2 },
      { x: ex + w / 6, y: -0.35 - h / 2 },
      { x: ex + w / 2, y: -0.35 },
      { x: ex + w / 6, y: -0.35 + h / 2 },
      { x: ex - w / 6, y: -0.35 + h / 2 },
    ];
  };
  pts.push(...eye(-0.45), ...eye(0.45));
  for (let i = 0; i < 12; i++) pts.push({ x: 0.4 * Math.cos((2 * Math.PI * i) / 12), y: 0.5 + 0.15 * Math.sin((2 * Math.PI * i) / 12) });
  for (let i = 0; i < 8; i++) pts.push({ x: 0.3 * Math.cos((2 * Math.PI * i) / 8), y: 0.5 + 0.05 * Math.sin((2 * Math.PI * i) / 8) });
  const r = (roll * Math.PI) / 180;
  return pts.map((p) => ({ x: cx + s * (p.x * Math.cos(r) - p.y * Math.sin(r)), y: cy + s * (p.x * Math.sin(r) + p.y * Math.cos(r)) }));
}

/** A descriptor: a fixed pseudo-random unit-ish vector per identity, nudged by `noise`. */
export function syntheticDescriptor(identity: number, noise = 0, salt = 1): number[] {
  let seed = identity * 7919 + 17;
  let noiseSeed = salt * 104729 + identity;
  const rnd = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const rnd2 = (): number => ((noiseSeed = (noiseSeed * 48271) % 2147483647) / 2147483647) * 2 - 1;
  return Array.from({ length: 128 }, () => rnd() * 0.09 + noise * rnd2() * 0.09);
}

export function syntheticFace(over: Partial<FaceObservation> & { identity?: number; noise?: number; salt?: number } = {}): FaceObservation {
  const { identity = 1, noise = 0, salt = 1, ...rest } = over;
  return {
    box: { x: 50, y: 40, width: 120, height: 140 },
    score: 0.99,
    landmarks: syntheticLandmarks({ cx: 110, cy: 110, s: 60 }),
    descriptor: syntheticDescriptor(identity, noise, salt),
    sharpness: 300,
    rotation: 0,
    pad: 0,
    ...rest,
  };
}

export function analysisOf(faces: FaceObservation[], width = 400, height = 400): ImageAnalysis {
  return { width, height, faces };
}
