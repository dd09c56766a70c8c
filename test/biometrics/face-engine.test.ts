import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceService, type FaceService } from '../../src/modules/biometrics/face.service.ts';
import type { Box } from '../../src/modules/biometrics/domain/types.ts';

/**
 * The real engine on real photos that the face-api package itself ships (demo/sample*.jpg), so the test
 * needs neither ../shared/data nor committed face images. Models load once for the whole file.
 */
const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const group = fs.readFileSync(path.join(demo, 'sample6.jpg'));

let service: FaceService;
let people: Buffer[] = [];

async function cropFace(image: Buffer, box: Box, margin: number, size: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const m = box.width * margin;
  const left = Math.max(0, Math.round(box.x - m));
  const top = Math.max(0, Math.round(box.y - m * 1.3));
  const width = Math.min(meta.width! - left, Math.round(box.width + 2 * m));
  const height = Math.min(meta.height! - top, Math.round(box.height + 2.3 * m));
  return sharp(image).extract({ left, top, width, height }).resize({ width: size }).jpeg({ quality: 92 }).toBuffer();
}

beforeAll(async () => {
  service = createFaceService({ passiveLiveness: false });
  const analysis = await service.analyze(group);
  // sample6 is resized to at most 1024 px by the engine; crop from the same scale.
  const scaled = await sharp(group).resize({ width: analysis.width, height: analysis.height }).toBuffer();
  const crops = await Promise.all(analysis.faces.map((f) => cropFace(scaled, f.box, 0.3, 320)));
  // People stand cheek to cheek in this photo: keep the crops that hold one face only.
  for (const crop of crops) if ((await service.analyze(crop)).faces.length === 1) people.push(crop);
}, 120_000);

afterAll(async () => {
  await service?.close();
});

describe('face engine on shipped sample photos', () => {
  it('finds every person in a group photo and calls it MULTIPLE_FACES as a selfie', async () => {
    expect(people.length).toBeGreaterThanOrEqual(3);
    const r = await service.checkSelfie(group);
    expect(r.reasons).toContain('MULTIPLE_FACES');
  });

  it('the same face after re-encoding, mirroring, a brightness change and resizing still matches', async () => {
    const probe = await sharp(people[0]!).flop().modulate({ brightness: 1.25 }).resize({ width: 240 }).jpeg({ quality: 60 }).toBuffer();
    const r = await service.compare(people[0]!, probe);
    expect(r).toMatchObject({ faces_a: 1, faces_b: 1, decision: 'PASSED', reasons: [] });
  });

  it('different people do not match', async () => {
    for (const other of people.slice(1)) {
      const r = await service.compare(people[0]!, other);
      expect(r.decision).toBe('FAILED');
      expect(r.reasons).toContain('FACE_MISMATCH');
      expect(r.similarity!).toBeLessThan(r.threshold);
    }
  });

  it('a tight crop (face filling the frame) is found thanks to the padding', async () => {
    const analysis = await service.analyze(people[1]!);
    const tight = await cropFace(people[1]!, analysis.faces[0]!.box, -0.05, 150);
    const r = await service.compare(people[1]!, tight);
    expect(r.faces_b).toBe(1);
    expect(r.decision).toBe('PASSED');
  });

  it('a head tilted by 45 degrees is levelled (eye line) and still matches', async () => {
    const tilted = await sharp(people[2]!).rotate(45, { background: '#808080' }).toBuffer();
    const analysis = await service.analyze(tilted);
    expect(analysis.faces.length).toBe(1);
    // The engine rotated the frame back by about 45 degrees before describing the face.
    expect(Math.abs(analysis.faces[0]!.rotation)).toBeGreaterThan(30);
    expect(Math.abs(analysis.faces[0]!.rotation)).toBeLessThan(60);
    expect((await service.compare(people[2]!, tilted)).decision).toBe('PASSED');
  });

  it('an image without a face is NO_FACE on the side it is on', async () => {
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8a7f70' } }).png().toBuffer();
    const none = await service.analyze(blank); // the whole cascade runs once
    expect(none.faces).toEqual([]);
    const face = await service.analyze(people[0]!);
    expect(service.compareAnalyses(none, face).reasons).toEqual(['NO_FACE_DOCUMENT']);
    expect(service.compareAnalyses(face, none).reasons).toEqual(['NO_FACE_SELFIE']);
  });

  it('a heavily blurred selfie is LOW_QUALITY', async () => {
    const blurred = await sharp(people[0]!).blur(8).jpeg().toBuffer();
    const r = await service.checkSelfie(blurred);
    expect(r.decision).toBe('FAILED');
    expect(r.reasons.some((x) => x === 'LOW_QUALITY' || x === 'NO_FACE_SELFIE')).toBe(true);
  });

  it('a clear single-face crop passes the selfie checks with landmarks-based measures', async () => {
    const r = await service.checkSelfie(people[0]!);
    expect(r.faces).toBe(1);
    expect(r.eye_aspect_ratio!.left).toBeGreaterThan(0.12);
    expect(r.reasons).not.toContain('MULTIPLE_FACES');
    expect(r.reasons).not.toContain('LOW_QUALITY');
  });

  it('a replayed still fails active liveness', async () => {
    const frames = [people[0]!, people[0]!, people[0]!, people[0]!];
    const r = await service.verifyActiveLiveness(frames, { type: 'turn_left' });
    expect(r.reasons).toEqual(['TURN_NOT_DETECTED']);
    expect(r.min_similarity).toBeGreaterThan(0.9);
  });

  it('verifyChip compares the chip portrait with the selfie', async () => {
    const { makeSampleChip } = await import('../../src/modules/biometrics/chip/chip-sample.ts');
    const { trustStoreOf } = await import('../../src/modules/biometrics/chip/trust-store.ts');
    const chip = await makeSampleChip(new Uint8Array(people[0]!));
    const trust = trustStoreOf([new Uint8Array(chip.csca.certificate.toSchema().toBER(false))]);
    const data = { sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 };
    const selfie = await sharp(people[0]!).modulate({ brightness: 0.9 }).jpeg({ quality: 70 }).toBuffer();
    const same = await service.verifyChip(data, trust, undefined, selfie);
    expect(same).toMatchObject({ passed: true, face_match: { decision: 'PASSED' } });
    const other = await service.verifyChip(data, trust, undefined, people[1]!);
    expect(other.passed).toBe(true);
    expect(other.face_match).toMatchObject({ decision: 'FAILED', reasons: ['FACE_MISMATCH'] });
  });

  it('rejects undecodable input', async () => {
    await expect(service.compare(Buffer.from('not an image'), people[0]!)).rejects.toThrow();
  });
});

describe('shared engine', () => {
  it('closing one service does not break another that shares the models', async () => {
    const other = createFaceService({ passiveLiveness: false });
    await other.analyze(people[0]!);
    await other.close();
    const r = await service.compare(people[0]!, people[0]!);
    expect(r.decision).toBe('PASSED');
  });
});
