/**
 * The presentation-attack verdict through the real engine and the shipped policy, on captures generated
 * by the project's attack simulator (eval/faces/attacks.ts) from a face in a demo photo that
 * @vladmandic/face-api ships (no shared data needed). sample4 is one of the calibration split's groups in
 * eval:faces (the captures here use another seed). Removing a species detector (or the calibrated policy)
 * makes these fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceService, PAD_POLICY, type FaceService } from '../../src/modules/biometrics/index.ts';
import { presentationAttackSignals } from '../../src/modules/biometrics/passive-liveness.ts';
import { renderSample, type SampleKind } from '../../eval/faces/attacks.ts';
import type { RgbImage } from '../../src/modules/biometrics/image.ts';

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const PHOTO = process.env.PAD_TEST_PHOTO ?? 'sample4.jpg';

let service: FaceService;
let source: RgbImage;

beforeAll(async () => {
  service = createFaceService();
  const file = path.join(demo, PHOTO);
  const analysis = await service.analyze(fs.readFileSync(file));
  const meta = await sharp(file).metadata();
  const scale = meta.width! / analysis.width;
  const face = analysis.faces[0]!;
  // Cut the largest face with a selfie's framing, as eval/faces/sources.ts does.
  const side = Math.round(Math.min(face.box.width * scale * 2.2, meta.width!, meta.height!));
  const left = Math.round(Math.max(0, Math.min(meta.width! - side, (face.box.x + face.box.width / 2) * scale - side / 2)));
  const top = Math.round(Math.max(0, Math.min(meta.height! - side, (face.box.y + face.box.height / 2) * scale - side / 2)));
  const { data } = await sharp(file).removeAlpha().extract({ left, top, width: side, height: side }).raw().toBuffer({ resolveWithObject: true });
  source = { width: side, height: side, data };
});

afterAll(async () => {
  await service.close();
});

const capture = (kind: SampleKind, variant = 0): Promise<Buffer> => renderSample(source, kind, 'unit-test', PHOTO, variant);

describe('presentation-attack verdict on generated captures', () => {
  it('reports each species detector, the largest margin over its threshold, and fails only when enforced', async () => {
    for (const kind of ['genuine', 'print', 'screen', 'replay', 'cutout'] as const) {
      const r = await service.assessPresentationAttack(await capture(kind));
      expect(r.threshold).toBe(0);
      expect(r.enforced).toBe(PAD_POLICY.enforced);
      expect(Object.keys(r.families).sort()).toEqual(['cutout', 'print', 'screen']);
      const margins = PAD_POLICY.detectors.map((d) => (r.families[d.family] as number) - d.threshold);
      expect(r.score).toBeCloseTo(Math.max(...margins), 3);
      expect(r.attack_suspected).toBe(r.score! >= 0);
      expect(r.decision).toBe(r.attack_suspected && PAD_POLICY.enforced ? 'FAILED' : 'PASSED');
    }
  });

  it('each species detector rises on its own attack over the genuine capture of the same face', async () => {
    const signals = async (kind: SampleKind): Promise<Record<string, number>> => {
      const img = await capture(kind, 1);
      const face = (await service.analyze(img)).faces[0];
      expect(face, `${kind}: face found`).toBeDefined();
      return (await presentationAttackSignals(img, face!))!;
    };
    const genuine = await signals('genuine');
    // Ink dot screens, the panel's pixel grid, the scissors' oval.
    expect((await signals('print')).halftone).toBeGreaterThan(genuine.halftone!);
    expect((await signals('screen')).grid).toBeGreaterThan(genuine.grid!);
    expect((await signals('cutout')).oval).toBeGreaterThan(genuine.oval!);
    expect(genuine.antispoof).toBeGreaterThanOrEqual(0);
    expect(genuine.liveness).toBeLessThanOrEqual(1);
  });

  it('a capture without a face is not accepted as bona fide', async () => {
    const blank = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 120, g: 130, b: 140 } } }).jpeg().toBuffer();
    expect(await service.assessPresentationAttack(blank)).toMatchObject({ score: null, reasons: ['PAD_NO_FACE'] });
  });
});
