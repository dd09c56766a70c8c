import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyChipData, type ChipData } from '../../src/modules/biometrics/chip/passive-auth.ts';
import { dg1Of, dg2Of, makeCertificate, makeMasterList, makeSampleChip, makeSod, SAMPLE_MRZ, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { parseMasterList, trustStoreOf, emptyTrustStore, type TrustStore } from '../../src/modules/biometrics/chip/trust-store.ts';
import { parseDg1, parseDg2 } from '../../src/modules/biometrics/domain/lds.ts';

/**
 * Passive authentication against chip data generated here: a test CSCA, a document signer, DG1 with an
 * MRZ and DG2 with a JPEG portrait. No real passport data is involved.
 */
let chip: SampleChip;
let trust: TrustStore;
let portrait: Buffer;
const data = (): ChipData => ({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 });
const printed = `${SAMPLE_MRZ.slice(0, 44)}\n${SAMPLE_MRZ.slice(44)}`;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg');
  portrait = await sharp(demo).resize({ width: 240 }).jpeg({ quality: 80 }).toBuffer();
  chip = await makeSampleChip(new Uint8Array(portrait));
  trust = trustStoreOf([new Uint8Array(chip.csca.certificate.toSchema().toBER(false))]);
});

describe('LDS parsing', () => {
  it('reads the MRZ from DG1 and splits it into lines', () => {
    const { mrz, lines } = parseDg1(chip.dg1);
    expect(mrz).toBe(SAMPLE_MRZ);
    expect(lines).toHaveLength(2);
  });

  it('extracts the JPEG portrait from DG2 unchanged', () => {
    const p = parseDg2(chip.dg2);
    expect(p.format).toBe('jpeg');
    expect(Buffer.from(p.image).equals(portrait)).toBe(true);
  });

  it('recognises a JPEG 2000 portrait', () => {
    const jp2 = new Uint8Array([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a, 1, 2, 3]);
    expect(parseDg2(dg2Of(jp2, { dataType: 1 })).format).toBe('jpeg2000');
  });

  it('rejects a DG1 with a wrong tag or MRZ length', () => {
    expect(() => parseDg1(dg2Of(new Uint8Array([1])))).toThrow(/tag 61/);
    expect(() => parseDg1(dg1Of('P<UTO'))).toThrow(/characters/);
  });
});

describe('passive authentication', () => {
  it('accepts genuine chip data: hashes, signature, chain to the CSCA, MRZ', async () => {
    const { result, portrait: p } = await verifyChipData(data(), trust, { printedMrz: printed });
    expect(result).toMatchObject({ passed: true, reasons: [], signature_valid: true, chain_valid: true });
    expect(result.data_groups.filter((d) => d.hash_matches)).toHaveLength(2);
    expect(result.csca?.subject).toContain('Utopia CSCA');
    expect(result.mrz.printed_matches).toBe(true);
    expect(result.portrait).toMatchObject({ format: 'jpeg', decodable: true });
    expect(Buffer.from(p!.image).equals(portrait)).toBe(true);
  });

  it('a tampered DG1 (one changed character) fails its hash', async () => {
    const dg1 = dg1Of(SAMPLE_MRZ.replace('ERIKSSON', 'ERIKSSAN'));
    const { result } = await verifyChipData({ ...data(), dg1 }, trust);
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual(['DG_HASH_MISMATCH']);
    expect(result.data_groups.find((d) => d.number === 1)?.hash_matches).toBe(false);
    expect(result.signature_valid).toBe(true);
  });

  it('a swapped portrait in DG2 fails its hash', async () => {
    const other = await sharp(portrait).flop().jpeg().toBuffer();
    const { result } = await verifyChipData({ ...data(), dg2: dg2Of(new Uint8Array(other)) }, trust);
    expect(result.reasons).toEqual(['DG_HASH_MISMATCH']);
  });

  it('a SOD re-signed by a key the CSCA never certified is untrusted', async () => {
    const rogue = await makeCertificate({ cn: 'Utopia Document Signer (TEST)', ca: false });
    const forged = await makeSod(new Map([[1, chip.dg1], [2, chip.dg2]]), rogue);
    const { result } = await verifyChipData({ ...data(), sod: forged }, trust);
    expect(result.signature_valid).toBe(true);
    expect(result.reasons).toEqual(['CSCA_UNTRUSTED']);
  });

  it('a SOD whose signed content was altered fails the signature', async () => {
    const sod = new Uint8Array(chip.sod);
    // Flip one bit inside the DG1 hash stored in the signed LDSSecurityObject.
    const dg1Hash = createHash('sha256').update(chip.dg1).digest();
    const at = Buffer.from(sod).indexOf(Buffer.from(dg1Hash));
    expect(at).toBeGreaterThan(0);
    sod[at] = (sod[at] as number) ^ 0x01;
    const { result } = await verifyChipData(data(), trust);
    expect(result.passed).toBe(true);
    const tampered = await verifyChipData({ ...data(), sod }, trust);
    expect(tampered.result.passed).toBe(false);
    expect(tampered.result.reasons).toContain('SIGNATURE_INVALID');
    expect(tampered.result.reasons).toContain('DG_HASH_MISMATCH');
  });

  it('a genuine chip is untrusted without its CSCA in the trust store', async () => {
    const otherCsca = await makeCertificate({ cn: 'Other CSCA', ca: true });
    const wrong = trustStoreOf([new Uint8Array(otherCsca.certificate.toSchema().toBER(false))]);
    expect((await verifyChipData(data(), wrong)).result.reasons).toEqual(['CSCA_UNTRUSTED']);
    const empty = await verifyChipData(data(), emptyTrustStore());
    expect(empty.result.reasons).toEqual(['CSCA_UNTRUSTED']);
    expect(empty.result.warnings).toContain('TRUST_STORE_EMPTY');
  });

  it('an expired document signer certificate is untrusted at the check date', async () => {
    const expired = await makeCertificate({ cn: 'Old DS', ca: false, issuer: chip.csca, notBefore: new Date('2021-01-01'), notAfter: new Date('2022-01-01') });
    const sod = await makeSod(new Map([[1, chip.dg1], [2, chip.dg2]]), expired);
    expect((await verifyChipData({ ...data(), sod }, trust)).result.reasons).toEqual(['CSCA_UNTRUSTED']);
    expect((await verifyChipData({ ...data(), sod }, trust, { now: new Date('2021-06-01') })).result.passed).toBe(true);
  });

  it('the printed MRZ must equal the chip MRZ: MRZ_MISMATCH where a valid printed check digit protects the field, else MRZ_UNPROTECTED_MISMATCH', async () => {
    // Another document number with its own valid check digit (L898902C4 → 7): not a misread.
    const other = await verifyChipData(data(), trust, { printedMrz: printed.replace('L898902C36', 'L898902C47') });
    expect(other.result.reasons).toEqual(['MRZ_MISMATCH']);
    expect(other.result.mrz).toMatchObject({ printed_matches: false, protected_fields_differ: ['document_number'] });
    // The same character misread, the printed check digit failing; a name misread: neither is evidence of another document.
    for (const misread of [printed.replace('L898902C3', 'L898902C4'), printed.replace('ERIKSSON', 'ERIKSS0N')]) {
      const r = await verifyChipData(data(), trust, { printedMrz: misread });
      expect(r.result.reasons).toEqual(['MRZ_UNPROTECTED_MISMATCH']);
      expect(r.result.mrz.printed_matches).toBe(false);
      expect(r.result.mrz).not.toHaveProperty('protected_fields_differ');
    }
  });

  it('missing DG2 and garbage SOD are reported, not thrown', async () => {
    expect((await verifyChipData({ sod: chip.sod, dg1: chip.dg1 }, trust)).result.reasons).toEqual(['DG_MISSING']);
    const bad = await verifyChipData({ ...data(), sod: new Uint8Array([0x77, 0x03, 1, 2, 3]) }, trust);
    expect(bad.result.reasons).toContain('SOD_INVALID');
    expect(bad.result.errors[0]).toMatch(/EF.SOD/);
  });

  it('a data group the SOD does not list is rejected', async () => {
    const dg11 = new Uint8Array([0x6b, 0x03, 0x5f, 0x0e, 0x00]);
    expect((await verifyChipData({ ...data(), other: { 11: dg11 } }, trust)).result.reasons).toEqual(['DG_NOT_IN_SOD']);
  });

  it('DG14 and DG15, when present in the SOD, are hash-checked too', async () => {
    const dg14 = new Uint8Array([0x6e, 0x02, 0x31, 0x00]);
    const dg15 = new Uint8Array([0x6f, 0x02, 0x30, 0x00]);
    const sod = await makeSod(new Map([[1, chip.dg1], [2, chip.dg2], [14, dg14], [15, dg15]]), chip.documentSigner);
    expect((await verifyChipData({ ...data(), sod, dg14, dg15 }, trust)).result.passed).toBe(true);
    const r = await verifyChipData({ ...data(), sod, dg14, dg15: new Uint8Array([0x6f, 0x02, 0x30, 0x01]) }, trust);
    expect(r.result.reasons).toEqual(['DG_HASH_MISMATCH']);
  });
});

describe('JPEG 2000 portraits', () => {
  /** Encode with OpenJPEG (WASM) at test time: a bare codestream and the same inside JP2 boxes. */
  async function jpeg2000(): Promise<{ codestream: Uint8Array; jp2: Uint8Array; width: number; height: number }> {
    const require = createRequire(import.meta.url);
    type Encoder = { getDecodedBuffer(i: object): Uint8Array; setQuality(lossless: boolean, ratio: number): void; encode(): void; getEncodedBuffer(): Uint8Array };
    const oj = await (require('@cornerstonejs/codec-openjpeg/wasmjs') as () => Promise<{ J2KEncoder: new () => Encoder }>)();
    const { data, info } = await sharp(portrait).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const enc = new oj.J2KEncoder();
    enc.getDecodedBuffer({ width: info.width, height: info.height, bitsPerSample: 8, componentCount: 3, isSigned: false, isUsingColorTransform: true }).set(data);
    enc.setQuality(false, 10);
    enc.encode();
    const codestream = new Uint8Array(enc.getEncodedBuffer());
    const box = (type: string, content: Uint8Array): Buffer => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + content.length);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, content]);
    };
    const jp2 = Buffer.concat([
      box('jP  ', new Uint8Array([0x0d, 0x0a, 0x87, 0x0a])),
      box('ftyp', new Uint8Array(Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1'))),
      box('jp2c', codestream),
    ]);
    return { codestream, jp2: new Uint8Array(jp2), width: info.width, height: info.height };
  }

  it('decodes a JPEG 2000 portrait (bare codestream and JP2 file) from DG2', async () => {
    const { decodePortrait } = await import('../../src/modules/biometrics/chip/portrait.ts');
    const j = await jpeg2000();
    for (const image of [j.codestream, j.jp2]) {
      const p = parseDg2(dg2Of(image, { dataType: 1 }));
      expect(p.format).toBe('jpeg2000');
      const png = await decodePortrait(p);
      expect(png).not.toBeNull();
      const meta = await sharp(png!).metadata();
      expect([meta.width, meta.height]).toEqual([j.width, j.height]);
    }
  });

  it('a chip with a JPEG 2000 portrait verifies and reports it decodable; a corrupt one is not', async () => {
    const j = await jpeg2000();
    const dg2 = dg2Of(j.jp2, { dataType: 1 });
    const sod = await makeSod(new Map([[1, chip.dg1], [2, dg2]]), chip.documentSigner);
    const { result } = await verifyChipData({ sod, dg1: chip.dg1, dg2 }, trust);
    expect(result).toMatchObject({ passed: true, portrait: { format: 'jpeg2000', decodable: true } });
    const broken = dg2Of(j.codestream.subarray(0, 40), { dataType: 1 });
    const sod2 = await makeSod(new Map([[1, chip.dg1], [2, broken]]), chip.documentSigner);
    const r2 = await verifyChipData({ sod: sod2, dg1: chip.dg1, dg2: broken }, trust);
    expect(r2.result.passed).toBe(true);
    expect(r2.result.warnings).toContain('PORTRAIT_NOT_DECODABLE');
  });
});

describe('CSCA master list', () => {
  it('imports the CSCAs of a signed master list and trusts chips they issued', async () => {
    const ml = await makeMasterList([chip.csca.certificate], chip.csca);
    const parsed = await parseMasterList(ml);
    expect(parsed.signatureValid).toBe(true);
    expect(parsed.certificates).toHaveLength(1);
    const store: TrustStore = { certificates: parsed.certificates, sources: [] };
    expect((await verifyChipData(data(), store)).result.passed).toBe(true);
  });
});
