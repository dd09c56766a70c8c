import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceService, type FaceService } from '../../src/modules/biometrics/face.service.ts';
import { certificateDer, chipSignChallenge, makeSampleChip, SAMPLE_MRZ, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { trustStoreOf, type TrustStore } from '../../src/modules/biometrics/chip/trust-store.ts';
import { checkChip, type ChipCheckInput } from '../../src/modules/onboarding/checks/chip.ts';
import type { Run } from '../../src/modules/onboarding/checks/run.ts';
import { needsReview, withChip } from '../../src/modules/onboarding/domain/decision.ts';

/**
 * The onboarding chip check binds the chip to the document and the person (issue 22): DG1 against the MRZ the
 * document check read, the DG2 portrait against the selfie with the real face engine, active authentication on a
 * server challenge; any failure is CHIP_NOT_VERIFIED and goes to review. Faces: the face-api package's own demo
 * photo of several people (as face-engine.test.ts), chips generated here.
 */
const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
let faces: FaceService;
let people: Buffer[] = [];
let chip: SampleChip;
let trust: TrustStore;

beforeAll(async () => {
  faces = createFaceService({ passiveLiveness: false });
  const group = fs.readFileSync(path.join(demo, 'sample6.jpg'));
  const analysis = await faces.analyze(group);
  const scaled = await sharp(group).resize({ width: analysis.width, height: analysis.height }).toBuffer();
  for (const f of analysis.faces) {
    const m = f.box.width * 0.3;
    const left = Math.max(0, Math.round(f.box.x - m));
    const top = Math.max(0, Math.round(f.box.y - m * 1.3));
    const crop = await sharp(scaled).extract({ left, top, width: Math.min(analysis.width - left, Math.round(f.box.width + 2 * m)), height: Math.min(analysis.height - top, Math.round(f.box.height + 2.3 * m)) }).resize({ width: 320 }).jpeg({ quality: 92 }).toBuffer();
    if ((await faces.analyze(crop)).faces.length === 1) people.push(crop);
  }
  chip = await makeSampleChip(new Uint8Array(people[0]!), SAMPLE_MRZ, { kind: 'brainpoolP256r1', activeAuthentication: 'rsa' });
  trust = trustStoreOf([certificateDer(chip.csca.certificate)]);
}, 120_000);
afterAll(async () => faces?.close());

const b64 = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('base64') : undefined);

function run(upload: Record<string, unknown>): Run {
  return {
    row: {} as Run['row'], contact: {} as Run['contact'], answers: {}, today: '2026-11-25', documents: {} as Run['documents'], faces, reasons: [], details: {},
    read: async (slot) => (slot === 'chip' ? Buffer.from(JSON.stringify(upload)) : undefined), capture: async () => undefined, legacyLivenessFiles: [],
  };
}

function upload(c: SampleChip, aa?: { challenge: Uint8Array; signature: Uint8Array }) {
  return {
    sod: b64(c.sod), dg1: b64(c.dg1), dg2: b64(c.dg2), ...(c.dg15 ? { dg15: b64(c.dg15) } : {}), ...(c.dg14 ? { dg14: b64(c.dg14) } : {}),
    ...(aa ? { active_authentication: { challenge: Buffer.from(aa.challenge).toString('hex'), signature: b64(aa.signature) } } : {}),
  };
}

const selfieOf = (i: number) => sharp(people[i]!).modulate({ brightness: 0.92 }).jpeg({ quality: 75 }).toBuffer();

async function check(body: Record<string, unknown>, input: Partial<ChipCheckInput> = {}) {
  const r = run(body);
  const outcome = await checkChip(r, { selfie: await selfieOf(0), documentMrz: SAMPLE_MRZ, trustStore: async () => trust, challengeUsed: async () => true, chipAuthSession: async () => null, ...input });
  return { r, outcome: outcome! };
}

function answered(c: SampleChip = chip, key = c.aaKey!) {
  const challenge = new Uint8Array(randomBytes(8));
  // EC chips sign with the hash DG14 names (SHA-256 in these chips); RSA ones with ISO 9796-2 and SHA-1.
  return { challenge, signature: chipSignChallenge(key, challenge, key.asymmetricKeyType === 'ec' ? 'sha256' : 'sha1') };
}

describe('the onboarding chip check', () => {
  it('a genuine chip answering the server challenge, matching the document and the selfie: CHIP_AUTHENTIC', async () => {
    const { r, outcome } = await check(upload(chip, answered()));
    expect(r.reasons).toEqual(['CHIP_AUTHENTIC']);
    expect(outcome).toEqual({ passed: true, faceMatch: 'PASSED' });
    expect(r.details.chip).toMatchObject({ active_authentication: { signature_valid: true }, mrz: { printed_matches: true }, face_match: { decision: 'PASSED' } });
  });

  it('DG1 differing from the photographed MRZ: CHIP_MRZ_MISMATCH in a protected field, CHIP_MRZ_UNPROTECTED_MISMATCH in a name; no photographed MRZ: CHIP_MRZ_NOT_COMPARED', async () => {
    const other = SAMPLE_MRZ.replace('L898902C36', 'L898902C47');
    const { r } = await check(upload(chip, answered()), { documentMrz: other });
    expect(r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_MRZ_MISMATCH']);
    const misreadName = await check(upload(chip, answered()), { documentMrz: SAMPLE_MRZ.replace('ANNA<MARIA', 'ANNA<MAR1A') });
    expect(misreadName.r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_MRZ_UNPROTECTED_MISMATCH']);
    const none = await check(upload(chip, answered()), { documentMrz: null });
    expect(none.r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_MRZ_NOT_COMPARED']);
  });

  it('a chip portrait of someone else than the selfie: CHIP_FACE_MISMATCH, and the face match fails', async () => {
    const { r, outcome } = await check(upload(chip, answered()), { selfie: await selfieOf(1) });
    expect(r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_FACE_MISMATCH']);
    expect(outcome.faceMatch).toBe('FAILED');
    expect(withChip({ documentDecision: 'PASSED', faceDecision: 'PASSED' as const }, outcome)).toEqual({ documentDecision: 'REFER', faceDecision: 'FAILED' });
  });

  it('a selfie the portrait cannot be compared with (no face in it): CHIP_FACE_NOT_COMPARED, not a mismatch, and still a failure', async () => {
    const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 200, g: 190, b: 180 } } }).jpeg().toBuffer();
    const { r, outcome } = await check(upload(chip, answered()), { selfie: blank });
    expect(r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_FACE_NOT_COMPARED']);
    expect(outcome.faceMatch).toBe('FAILED');
  });

  it('active authentication: no answer, an answer from another key, an answer to a challenge not (or no longer) ours', async () => {
    expect((await check(upload(chip))).r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_AA_NOT_PERFORMED']);
    const clone = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect((await check(upload(chip, answered(chip, clone)))).r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_AA_FAILED']);
    // A replayed or foreign challenge: the chip upload did not use it (chip-reader.ts refuses such uploads too).
    expect((await check(upload(chip, answered()), { challengeUsed: async () => false })).r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_AA_CHALLENGE_INVALID']);
  });

  it('a CSCA of another state than DG1 names, and an empty trust store, are failures with reasons', async () => {
    const gbr = await makeSampleChip(new Uint8Array(people[0]!), SAMPLE_MRZ.replace('P<UTO', 'P<GBR'), { country: 'UT', activeAuthentication: 'ec' });
    const { r } = await check(upload(gbr, answered(gbr)), { trustStore: async () => trustStoreOf([certificateDer(gbr.csca.certificate)]), documentMrz: SAMPLE_MRZ.replace('P<UTO', 'P<GBR') });
    expect(r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_CSCA_COUNTRY_MISMATCH']);
    const untrusted = await check(upload(chip, answered()), { trustStore: async () => trustStoreOf([]) });
    expect(untrusted.r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_CSCA_UNTRUSTED']);
  });

  it('chip data that is not valid is CHIP_DATA_INVALID, not a silent skip', async () => {
    const { r, outcome } = await check({ sod: 'not base64!', dg1: b64(chip.dg1) });
    expect(r.reasons).toEqual(['CHIP_NOT_VERIFIED', 'CHIP_DATA_INVALID']);
    expect(outcome.passed).toBe(false);
    expect(r.details.chip).toMatchObject({ errors: expect.arrayContaining([{ pointer: '/sod', message: expect.any(String) }, { pointer: '/dg2', message: expect.any(String) }]) });
  });
});

describe('the needs-review rule and the spec decisions', () => {
  it('CHIP_NOT_VERIFIED alone sends a report to review; a verified chip does not', () => {
    expect(needsReview({ documentDecision: 'PASSED', faceDecision: 'PASSED', reasons: ['CHIP_NOT_VERIFIED', 'CHIP_AA_FAILED'] })).toBe(true);
    expect(needsReview({ documentDecision: 'PASSED', faceDecision: 'PASSED', reasons: ['CHIP_AUTHENTIC'] })).toBe(false);
  });

  it('no chip read leaves the decisions as they are; a verified chip keeps PASSED', () => {
    expect(withChip({ documentDecision: 'PASSED', faceDecision: 'PASSED' as const }, undefined)).toEqual({ documentDecision: 'PASSED', faceDecision: 'PASSED' });
    expect(withChip({ documentDecision: 'PASSED', faceDecision: 'PASSED' as const }, { passed: true, faceMatch: 'PASSED' })).toEqual({ documentDecision: 'PASSED', faceDecision: 'PASSED' });
    expect(withChip({ documentDecision: 'ALERT' }, { passed: false, faceMatch: null })).toEqual({ documentDecision: 'ALERT' });
  });
});
