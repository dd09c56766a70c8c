import { generateKeyPairSync, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyChipData, type ChipData } from '../../src/modules/biometrics/chip/passive-auth.ts';
import { certificateDer, chipSignChallenge, dg15Of, makeSampleChip, makeSod, SAMPLE_MRZ, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { verifyActiveAuthentication } from '../../src/modules/biometrics/chip/active-auth.ts';
import { parseDg14 } from '../../src/modules/biometrics/chip/dg14.ts';
import { trustStoreOf, type TrustStore } from '../../src/modules/biometrics/chip/trust-store.ts';

/**
 * Active authentication (Doc 9303-11 §6.1) with chips made here: an RSA key answering with ISO/IEC 9796-2 scheme 1
 * (SHA-1 and SHA-256) and an EC key answering with plain ECDSA; the DG15 key vouched for by the SOD.
 */
let rsa: SampleChip;
let ec: SampleChip;
let portrait: Uint8Array;
const dataOf = (c: SampleChip): ChipData => ({ sod: c.sod, dg1: c.dg1, dg2: c.dg2, dg14: c.dg14, dg15: c.dg15 });
const trustOf = (c: SampleChip): TrustStore => trustStoreOf([certificateDer(c.csca.certificate)]);

beforeAll(async () => {
  portrait = new Uint8Array(await sharp({ create: { width: 120, height: 160, channels: 3, background: '#a09080' } }).jpeg().toBuffer());
  rsa = await makeSampleChip(portrait, SAMPLE_MRZ, { activeAuthentication: 'rsa' });
  ec = await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'brainpoolP256r1', activeAuthentication: 'ec', chipAuthentication: true });
});

describe('active authentication', () => {
  it('RSA (ISO/IEC 9796-2, SHA-1 and SHA-256) answers to the challenge verify', async () => {
    const challenge = new Uint8Array(randomBytes(8));
    for (const hash of ['sha1', 'sha256'] as const) {
      const signature = chipSignChallenge(rsa.aaKey!, challenge, hash);
      expect(verifyActiveAuthentication(rsa.dg15!, challenge, signature)).toMatchObject({ valid: true, algorithm: 'rsa-iso9796-2', hash });
      const { result } = await verifyChipData(dataOf(rsa), trustOf(rsa), { activeAuth: { challenge, signature, challengeValid: true }, requireActiveAuthentication: true });
      expect(result).toMatchObject({ passed: true, reasons: [] });
      expect(result.active_authentication).toMatchObject({ supported: true, performed: true, signature_valid: true });
    }
  });

  it('ECDSA answers verify with the hash DG14 names', async () => {
    const challenge = new Uint8Array(randomBytes(8));
    const signature = chipSignChallenge(ec.aaKey!, challenge, 'sha256');
    const { result } = await verifyChipData(dataOf(ec), trustOf(ec), { activeAuth: { challenge, signature, challengeValid: true }, requireActiveAuthentication: true });
    expect(result.passed).toBe(true);
    expect(result.active_authentication).toMatchObject({ signature_valid: true, algorithm: 'ecdsa-plain', hash: 'sha256' });
  });

  it('an answer from another key (a cloned chip without the private key) fails with AA_FAILED', async () => {
    const challenge = new Uint8Array(randomBytes(8));
    for (const chip of [rsa, ec]) {
      const other = chip === rsa ? generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey : generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
      const signature = chipSignChallenge(other, challenge, 'sha256');
      const { result } = await verifyChipData(dataOf(chip), trustOf(chip), { activeAuth: { challenge, signature, challengeValid: true }, requireActiveAuthentication: true });
      expect(result.reasons).toEqual(['AA_FAILED']);
    }
  });

  it('an answer to another challenge (a recorded answer replayed) fails', async () => {
    const old = new Uint8Array(randomBytes(8));
    const signature = chipSignChallenge(rsa.aaKey!, old);
    const fresh = new Uint8Array(randomBytes(8));
    const { result } = await verifyChipData(dataOf(rsa), trustOf(rsa), { activeAuth: { challenge: fresh, signature, challengeValid: true }, requireActiveAuthentication: true });
    expect(result.reasons).toEqual(['AA_FAILED']);
  });

  it('a challenge the server did not issue (or already used) fails even with a good signature', async () => {
    const challenge = new Uint8Array(randomBytes(8));
    const signature = chipSignChallenge(rsa.aaKey!, challenge);
    const { result } = await verifyChipData(dataOf(rsa), trustOf(rsa), { activeAuth: { challenge, signature, challengeValid: false }, requireActiveAuthentication: true });
    expect(result.reasons).toEqual(['AA_CHALLENGE_INVALID']);
  });

  it('a DG15 of the reader\'s own making (not in the SOD) cannot vouch for an answer', async () => {
    const own = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const challenge = new Uint8Array(randomBytes(8));
    const signature = chipSignChallenge(own.privateKey, challenge);
    const { result } = await verifyChipData({ ...dataOf(rsa), dg15: dg15Of(own.publicKey) }, trustOf(rsa), { activeAuth: { challenge, signature, challengeValid: true }, requireActiveAuthentication: true });
    expect(result.reasons).toContain('AA_FAILED');
    expect(result.reasons).toContain('DG_HASH_MISMATCH');
  });

  it('a chip with DG15 and no answer fails when AA is required, and only warns otherwise', async () => {
    expect((await verifyChipData(dataOf(rsa), trustOf(rsa), { requireActiveAuthentication: true })).result.reasons).toEqual(['AA_NOT_PERFORMED']);
    const offline = await verifyChipData(dataOf(rsa), trustOf(rsa));
    expect(offline.result.passed).toBe(true);
    expect(offline.result.warnings).toContain('AA_NOT_PERFORMED');
    // A chip without DG15 has nothing to answer with: no AA reason.
    const plain = await makeSampleChip(portrait);
    const sod = await makeSod(new Map([[1, plain.dg1], [2, plain.dg2]]), plain.documentSigner);
    expect((await verifyChipData({ sod, dg1: plain.dg1, dg2: plain.dg2 }, trustOf(plain), { requireActiveAuthentication: true })).result.passed).toBe(true);
  });
});

describe('DG14', () => {
  it('reports ActiveAuthenticationInfo and chip authentication support; the reader\'s claim of CA alone is not verified', async () => {
    const dg14 = parseDg14(ec.dg14!);
    expect(dg14.aaHash).toBe('sha256');
    expect(dg14.chipAuthentication[0]).toMatchObject({ name: 'CA-ECDH-AES-CBC-CMAC-128', version: 2 });
    expect(dg14.chipAuthenticationKeys[0]).toMatchObject({ keyAgreement: 'ECDH' });
    const challenge = new Uint8Array(randomBytes(8));
    const { result } = await verifyChipData(dataOf(ec), trustOf(ec), { activeAuth: { challenge, signature: chipSignChallenge(ec.aaKey!, challenge, 'sha256'), challengeValid: true }, chipAuthenticationAsserted: true });
    expect(result.chip_authentication).toMatchObject({ supported: true, performed: false, verified: null, reader_asserted: true });
    expect(result.warnings).toContain('CA_NOT_VERIFIED');
  });
});
