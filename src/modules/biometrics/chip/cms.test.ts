import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeTlv, SOD_TAG } from '../domain/lds.ts';
import { certificateDer, makeSampleChip, type SampleChip } from './chip-sample.ts';
import { verifyCms } from './cms.ts';
import { verifyChipData } from './passive-auth.ts';
import { OID } from './pki.ts';
import { parseSod } from './sod.ts';
import { trustStoreOf } from './trust-store.ts';

/**
 * A signature the verifier could not check (ADR 0180) against one it checked and found false: only the second is
 * SIGNATURE_INVALID, which counts as evidence of a forged document; the first is SIGNATURE_ALGORITHM_UNSUPPORTED.
 */
let chip: SampleChip;
beforeAll(async () => {
  // The portrait's bytes are never decoded here: any bytes make a DG2 whose hash the SOD signs.
  chip = await makeSampleChip(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
});

/** The chip's SOD with its signer info changed by `edit` (outside the signed attributes, so nothing else breaks). */
function sodWith(edit: (signerInfo: pkijs.SignerInfo) => void): { signedData: pkijs.SignedData; content: Uint8Array; sod: Uint8Array } {
  const { signedData, content } = parseSod(chip.sod);
  edit(signedData.signerInfos[0]!);
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return { signedData, content, sod: encodeTlv(SOD_TAG, new Uint8Array(info.toSchema().toBER(false))) };
}
const UNKNOWN_SIGNATURE_ALGORITHM = '1.2.840.10045.4.3.127';
const UNKNOWN_DIGEST = '2.16.840.1.101.3.4.2.127';

describe('the SOD signature: checked and false, or not checked', () => {
  it('a genuine SOD verifies; a flipped signature bit is checked and false (not unsupported)', () => {
    const { signedData, content } = parseSod(chip.sod);
    expect(verifyCms(signedData, content)).toMatchObject({ valid: true });
    const broken = sodWith((si) => {
      const bytes = new Uint8Array(si.signature.valueBlock.valueHexView);
      bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0x40;
      si.signature = new asn1js.OctetString({ valueHex: bytes.buffer });
    });
    const check = verifyCms(broken.signedData, broken.content);
    expect(check.valid).toBe(false);
    expect(check.unsupported).toBeUndefined();
  });

  it.each([
    ['a signature algorithm', (si: pkijs.SignerInfo) => { si.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: UNKNOWN_SIGNATURE_ALGORITHM }); }, /unsupported signature algorithm/],
    ['a digest algorithm', (si: pkijs.SignerInfo) => { si.digestAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: UNKNOWN_DIGEST }); }, /unsupported hash algorithm/],
  ])('%s the verifier does not support: not checked, said so', (_what, edit, error) => {
    const { signedData, content } = sodWith(edit);
    const check = verifyCms(signedData, content);
    expect(check).toMatchObject({ valid: false, unsupported: true });
    expect(check.error).toMatch(error);
    expect(check.signer).not.toBeNull();
  });

  it('the chip decision: SIGNATURE_ALGORITHM_UNSUPPORTED with signature_valid null; a broken signature stays SIGNATURE_INVALID', async () => {
    const trust = trustStoreOf([certificateDer(chip.csca.certificate)]);
    const unsupported = await verifyChipData({ sod: sodWith((si) => { si.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: UNKNOWN_SIGNATURE_ALGORITHM }); }).sod, dg1: chip.dg1, dg2: chip.dg2 }, trust);
    expect(unsupported.result).toMatchObject({ passed: false, reasons: ['SIGNATURE_ALGORITHM_UNSUPPORTED'], signature_valid: null });
    const broken = await verifyChipData({
      sod: sodWith((si) => {
        const bytes = new Uint8Array(si.signature.valueBlock.valueHexView);
        bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0x40;
        si.signature = new asn1js.OctetString({ valueHex: bytes.buffer });
      }).sod,
      dg1: chip.dg1, dg2: chip.dg2,
    }, trust);
    expect(broken.result).toMatchObject({ passed: false, reasons: ['SIGNATURE_INVALID'], signature_valid: false });
  });
});
