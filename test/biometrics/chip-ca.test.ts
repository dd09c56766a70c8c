import { createECDH, generateKeyPairSync } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { startChipAuthentication, verifyChipAuthResponses, READ_LENGTH } from '../../src/modules/biometrics/chip/chip-auth.ts';
import { certificateDer, dg14Of, makeSampleChip, SAMPLE_MRZ, type CaProtocol, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { verifyChipData, type ChipVerifyOptions } from '../../src/modules/biometrics/chip/passive-auth.ts';
import { trustStoreOf } from '../../src/modules/biometrics/chip/trust-store.ts';
import { answerChipAuthentication } from '../../src/modules/biometrics/chip/chip-simulator.ts';
import { deriveSessionKeys, protectResponse, sscBytes } from '../../src/modules/biometrics/chip/secure-messaging.ts';

/**
 * Chip authentication checked by the server (Doc 9303-11 §6.2, ADR 0198): the server's ephemeral key and protected
 * commands, answered by a simulated chip that holds DG14's private key, on P-256 and brainpoolP256r1, with 3DES and
 * AES session keys. A response replayed from another session, one from a chip without the key, one altered on the
 * way, or the responses swapped, fail.
 */
let portrait: Uint8Array;
const chips = new Map<string, SampleChip>();
const chipOf = (curve: 'prime256v1' | 'brainpoolP256r1' | 'dh1024', protocol: CaProtocol) => chips.get(`${curve}/${protocol}`)!;

beforeAll(async () => {
  portrait = new Uint8Array(await sharp({ create: { width: 60, height: 80, channels: 3, background: '#a09080' } }).jpeg().toBuffer());
  for (const curve of ['prime256v1', 'brainpoolP256r1'] as const) {
    for (const protocol of ['2.1', '2.2', '2.3', '2.4'] as const) {
      chips.set(`${curve}/${protocol}`, await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'p256', chipAuthentication: { curve, protocol } }));
    }
  }
  for (const protocol of ['1.1', '1.2'] as const) chips.set(`dh1024/${protocol}`, await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'p256', chipAuthentication: { curve: 'dh1024', protocol } }));
});

describe('chip authentication, verified by the server', () => {
  it.each([
    ['prime256v1', '2.1', 'CA-ECDH-3DES-CBC-CBC', 1], ['prime256v1', '2.2', 'CA-ECDH-AES-CBC-CMAC-128', 2],
    ['prime256v1', '2.3', 'CA-ECDH-AES-CBC-CMAC-192', 2], ['prime256v1', '2.4', 'CA-ECDH-AES-CBC-CMAC-256', 2],
    ['brainpoolP256r1', '2.1', 'CA-ECDH-3DES-CBC-CBC', 1], ['brainpoolP256r1', '2.2', 'CA-ECDH-AES-CBC-CMAC-128', 2],
    ['brainpoolP256r1', '2.4', 'CA-ECDH-AES-CBC-CMAC-256', 2],
  ] as const)('%s %s: the genuine chip\'s answers verify and give back DG1\'s first bytes', (curve, protocol, name, version) => {
    const chip = chipOf(curve, protocol);
    const start = startChipAuthentication(chip.dg14!);
    expect(start).toMatchObject({ protocol: `0.4.0.127.0.7.2.2.3.${protocol}`, name, version });
    expect(start.ephemeralPublicKey[0]).toBe(0x04);
    expect(start.ephemeralPublicKey.length).toBe(65);
    const responses = answerChipAuthentication(chip.caKey!, chip.dg1, start);
    const result = verifyChipAuthResponses(start.session, responses);
    expect(result).toMatchObject({ valid: true });
    expect(Buffer.from(result.read!)).toEqual(Buffer.from(chip.dg1.subarray(0, READ_LENGTH)));
  });

  it.each([['1.1', 'CA-DH-3DES-CBC-CBC', 1], ['1.2', 'CA-DH-AES-CBC-CMAC-128', 2]] as const)('DH (1024-bit MODP, X9.42 key) %s: the genuine chip\'s answers verify; another DH key\'s do not', (protocol, name, version) => {
    const chip = chipOf('dh1024', protocol);
    const start = startChipAuthentication(chip.dg14!);
    expect(start).toMatchObject({ protocol: `0.4.0.127.0.7.2.2.3.${protocol}`, name, version });
    expect(start.ephemeralPublicKey.length).toBe(128);
    const result = verifyChipAuthResponses(start.session, answerChipAuthentication(chip.caKey!, chip.dg1, start));
    expect(result.valid).toBe(true);
    expect(Buffer.from(result.read!)).toEqual(Buffer.from(chip.dg1.subarray(0, READ_LENGTH)));
    const other = chipOf('dh1024', protocol === '1.1' ? '1.2' : '1.1');
    expect(verifyChipAuthResponses(start.session, answerChipAuthentication(other.caKey!, chip.dg1, start)).valid).toBe(false);
  });

  it('a new session has new keys: answers recorded from another session (a replay) do not verify', () => {
    const chip = chipOf('brainpoolP256r1', '2.2');
    const first = startChipAuthentication(chip.dg14!);
    const recorded = answerChipAuthentication(chip.caKey!, chip.dg1, first);
    const second = startChipAuthentication(chip.dg14!);
    expect(Buffer.from(second.ephemeralPublicKey)).not.toEqual(Buffer.from(first.ephemeralPublicKey));
    expect(verifyChipAuthResponses(second.session, recorded)).toMatchObject({ valid: false, error: expect.stringMatching(/MAC does not verify/) });
  });

  it('a chip without DG14\'s private key (a clone with the copied files and a key of its own) cannot answer', () => {
    const genuine = chipOf('prime256v1', '2.2');
    const start = startChipAuthentication(genuine.dg14!);
    // The clone holds the genuine DG1 and DG14 but another private key on the same curve.
    const responses = answerChipAuthentication(chipOf('prime256v1', '2.3').caKey!, genuine.dg1, start);
    // The clone cannot even check the server's commands (their MACs are not under its keys): 6988 without a MAC.
    expect(Buffer.from(responses[0]!).toString('hex')).toBe('6988');
    expect(verifyChipAuthResponses(start.session, responses)).toMatchObject({ valid: false, error: expect.stringMatching(/no MAC/) });
  });

  it('a response altered on the way (one byte of the data, of the MAC, or the status) fails; swapped or missing responses fail', () => {
    const chip = chipOf('brainpoolP256r1', '2.1');
    const start = startChipAuthentication(chip.dg14!);
    const responses = answerChipAuthentication(chip.caKey!, chip.dg1, start);
    expect(verifyChipAuthResponses(start.session, responses).valid).toBe(true);
    for (const at of [3, responses[1]!.length - 5, responses[1]!.length - 1]) {
      const altered = Uint8Array.from(responses[1]!);
      altered[at] = altered[at]! ^ 0x01;
      expect(verifyChipAuthResponses(start.session, [responses[0]!, altered]).valid, `byte ${at}`).toBe(false);
    }
    expect(verifyChipAuthResponses(start.session, [responses[1]!, responses[0]!]).valid).toBe(false);
    expect(verifyChipAuthResponses(start.session, [responses[0]!]).valid).toBe(false);
    expect(verifyChipAuthResponses(start.session, [responses[0]!, new Uint8Array([0x90, 0x00])]).valid).toBe(false);
  });

  it('a reader that MACs well-formed responses with keys of its own making (it never holds the server\'s) fails', () => {
    const chip = chipOf('prime256v1', '2.2');
    const start = startChipAuthentication(chip.dg14!);
    // All a reader can agree a secret with is the server's ephemeral public key and a private key of its own.
    const own = createECDH('prime256v1');
    own.generateKeys();
    const keys = deriveSessionKeys(new Uint8Array(own.computeSecret(start.ephemeralPublicKey)), 'AES-128');
    const forged = [protectResponse(keys, sscBytes(keys, 2), new Uint8Array(), 0x9000), protectResponse(keys, sscBytes(keys, 4), chip.dg1.subarray(0, READ_LENGTH), 0x9000)];
    expect(verifyChipAuthResponses(start.session, forged)).toMatchObject({ valid: false, error: expect.stringMatching(/response 1: the MAC does not verify/) });
  });

  it('the key id picks the key; a DG14 without an ECDH key is refused', () => {
    const chip = chipOf('prime256v1', '2.2');
    expect(() => startChipAuthentication(chip.dg14!, 7)).toThrow(/no chip authentication key 7/);
  });
});

describe('chip authentication in the chip check: bound to this document\'s signed DG14 and DG1', () => {
  const verify = (c: SampleChip, chipAuth: ChipVerifyOptions['chipAuth'], files: Partial<SampleChip> = {}) =>
    verifyChipData({ sod: c.sod, dg1: files.dg1 ?? c.dg1, dg2: c.dg2, dg14: files.dg14 ?? c.dg14 }, trustStoreOf([certificateDer(c.csca.certificate)]), { chipAuth });

  it('the genuine chip\'s answers: verified, no CA_NOT_VERIFIED; no answers: the warning', async () => {
    const chip = chipOf('brainpoolP256r1', '2.2');
    const start = startChipAuthentication(chip.dg14!);
    const { result } = await verify(chip, { session: start.session, responses: answerChipAuthentication(chip.caKey!, chip.dg1, start) });
    expect(result).toMatchObject({ passed: true, reasons: [], chip_authentication: { performed: true, session_valid: true, verified: true, protocol: 'CA-ECDH-AES-CBC-CMAC-128' } });
    expect(result.warnings).not.toContain('CA_NOT_VERIFIED');
    expect((await verify(chip, undefined)).result).toMatchObject({ passed: true, warnings: expect.arrayContaining(['CA_NOT_VERIFIED']), chip_authentication: { performed: false, verified: null } });
  });

  it('answers without a session of this server: CA_SESSION_INVALID', async () => {
    const chip = chipOf('brainpoolP256r1', '2.2');
    const start = startChipAuthentication(chip.dg14!);
    const { result } = await verify(chip, { session: null, responses: answerChipAuthentication(chip.caKey!, chip.dg1, start) });
    expect(result).toMatchObject({ passed: false, reasons: ['CA_SESSION_INVALID'], chip_authentication: { session_valid: false, verified: false } });
  });

  it('a session run with a DG14 of the reader\'s own making (its own key, answered correctly) does not count for the signed files', async () => {
    const chip = chipOf('prime256v1', '2.2');
    const own = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const ownDg14 = dg14Of({ caKey: own.publicKey });
    const start = startChipAuthentication(ownDg14);
    const responses = answerChipAuthentication(own.privateKey, chip.dg1, start);
    expect(verifyChipAuthResponses(start.session, responses).valid).toBe(true);
    // Uploaded with the genuine DG14: the session's key is not in it.
    expect((await verify(chip, { session: start.session, responses })).result.reasons).toEqual(['CA_FAILED']);
    // Uploaded with its own DG14: not the SOD's.
    expect((await verify(chip, { session: start.session, responses }, { dg14: ownDg14 })).result.reasons).toEqual(['DG_HASH_MISMATCH', 'CA_FAILED']);
  });

  it('the chip answering with a DG1 other than the uploaded one: CA_FAILED', async () => {
    const chip = chipOf('prime256v1', '2.1');
    const start = startChipAuthentication(chip.dg14!);
    const other = Uint8Array.from(chip.dg1);
    other[10] = other[10]! ^ 0x01;
    const { result } = await verify(chip, { session: start.session, responses: answerChipAuthentication(chip.caKey!, other, start) });
    expect(result.reasons).toEqual(['CA_FAILED']);
    expect(result.errors.join()).toMatch(/DG1 other than the uploaded one/);
  });
});
