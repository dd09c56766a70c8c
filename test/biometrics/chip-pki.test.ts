import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyChipData } from '../../src/modules/biometrics/chip/passive-auth.ts';
import {
  certificateDer, dg1Of, generateKeys, makeCertificate, makeCrl, makeMasterList, makeSampleChip, makeSod, pem, spkiDer, EXPLICIT_PARAMETERS, SAMPLE_MRZ, type KeyKind,
} from '../../src/modules/biometrics/chip/chip-sample.ts';
import { publicKeyFromSpki } from '../../src/modules/biometrics/chip/signature.ts';
import { loadTrustStore, parseMasterList, trustStoreOf } from '../../src/modules/biometrics/chip/trust-store.ts';
import { ldifOf } from '../../src/modules/biometrics/chip/ldif.ts';

/**
 * The chip PKI with keys the test makes: document signers and CSCAs on RSA (PKCS#1 v1.5 and PSS), ECDSA P-256 and
 * brainpool curves (also written with explicit parameters), the CSCA's state against DG1's issuing state, master
 * list signatures and CRLs. No real passport data.
 */
let portrait: Uint8Array;
const GBR_MRZ = SAMPLE_MRZ.replace('P<UTO', 'P<GBR').replace('C36UTO', 'C36GBR').replace(/.$/, '0');

beforeAll(async () => {
  portrait = new Uint8Array(await sharp({ create: { width: 120, height: 160, channels: 3, background: '#b0a090' } }).jpeg().toBuffer());
});

const trustOf = (...certs: { certificate: Parameters<typeof certificateDer>[0] }[]) => trustStoreOf(certs.map((c) => certificateDer(c.certificate)));

describe('signature algorithms and curves', () => {
  const kinds: KeyKind[] = ['p256', 'brainpoolP256r1', 'brainpoolP384r1', 'brainpoolP512r1', 'rsa', 'rsa-pss'];
  for (const kind of kinds) {
    it(`a chip signed with ${kind} passes, and fails once the SOD signature is broken`, async () => {
      const chip = await makeSampleChip(portrait, SAMPLE_MRZ, { kind });
      const trust = trustOf(chip.csca);
      const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trust);
      expect(result).toMatchObject({ passed: true, reasons: [], signature_valid: true, chain_valid: true, country_matches: true });
      expect(result.document_signer?.key?.type).toBe(kind.startsWith('rsa') ? 'rsa' : 'ec');
      // The scheme named for the reviewer, from the signer info's algorithm (not only its OID).
      expect(result.sod?.signature_scheme).toMatch({ rsa: /^RSA PKCS#1 v1\.5 with SHA-\d+$/, 'rsa-pss': /^RSA-PSS with SHA-\d+$/ }[kind as string] ?? /^ECDSA with SHA-\d+$/);
      // The last bytes of the SOD are the signature: flip one.
      const sod = new Uint8Array(chip.sod);
      sod[sod.length - 3] = (sod[sod.length - 3] as number) ^ 0x40;
      const broken = await verifyChipData({ sod, dg1: chip.dg1, dg2: chip.dg2 }, trust);
      expect(broken.result.reasons).toContain('SIGNATURE_INVALID');
    });
  }

  it('brainpoolP256r1 keys given with explicit curve parameters verify (mapped to the named curve)', async () => {
    const chip = await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'brainpoolP256r1', explicit: true });
    const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trustOf(chip.csca));
    expect(result.passed).toBe(true);
    expect(result.document_signer?.key).toMatchObject({ type: 'ec', curve: 'brainpoolP256r1', explicit_parameters: true });
    expect(result.csca?.key).toMatchObject({ curve: 'brainpoolP256r1', explicit_parameters: true });
  });

  it('mixed keys: an RSA CSCA certifying a brainpoolP384r1 document signer, and a brainpool CSCA certifying an RSA-PSS one', async () => {
    for (const [cscaKind, dsKind] of [['rsa', 'brainpoolP384r1'], ['brainpoolP512r1', 'rsa-pss']] as const) {
      const csca = await makeCertificate({ cn: 'Utopia CSCA (TEST)', ca: true, kind: cscaKind });
      const ds = await makeCertificate({ cn: 'Utopia DS (TEST)', ca: false, issuer: csca, kind: dsKind });
      const dg1 = dg1Of(SAMPLE_MRZ);
      const dg2 = (await makeSampleChip(portrait)).dg2;
      const sod = await makeSod(new Map([[1, dg1], [2, dg2]]), ds);
      const { result } = await verifyChipData({ sod, dg1, dg2 }, trustOf(csca));
      expect(result, `${cscaKind} -> ${dsKind}`).toMatchObject({ passed: true, csca: { key: { type: cscaKind.startsWith('rsa') ? 'rsa' : 'ec' } } });
    }
  });

  it('explicit parameters that are no known curve are refused', () => {
    const { publicKey } = generateKeys('brainpoolP256r1');
    const params = Buffer.from(EXPLICIT_PARAMETERS.brainpoolP256r1!, 'base64');
    // Change one byte of the coefficient b: the same point on another (unnamed) curve.
    const b = params.indexOf(Buffer.from('26dc5c6ce94a4b44f330b5d9', 'hex'));
    expect(b).toBeGreaterThan(0);
    params[b + 5] = (params[b + 5] as number) ^ 0x01;
    expect(() => publicKeyFromSpki(spkiDer(publicKey, { explicit: true, parameters: new Uint8Array(params) }))).toThrow(/unsupported curve|not readable/);
  });

  it('a document signer certificate signed by another key than its CSCA (same name) is untrusted', async () => {
    const chip = await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'brainpoolP256r1' });
    const impostor = await makeCertificate({ cn: 'Utopia CSCA (TEST)', ca: true, kind: 'brainpoolP256r1' });
    const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trustOf(impostor));
    expect(result.reasons).toEqual(['CSCA_UNTRUSTED']);
    expect(result.chain_message).toMatch(/not signed by the CSCA/);
  });
});

describe("the CSCA's state is DG1's issuing state", () => {
  it('a GBR DG1 signed under a C=UT CSCA fails with CSCA_COUNTRY_MISMATCH', async () => {
    const chip = await makeSampleChip(portrait, GBR_MRZ, { kind: 'brainpoolP256r1', country: 'UT' });
    const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trustOf(chip.csca));
    expect(result.chain_valid).toBe(true);
    expect(result.reasons).toEqual(['CSCA_COUNTRY_MISMATCH']);
    expect(result).toMatchObject({ issuing_state: 'GBR', country_matches: false });
  });

  it('the same GBR DG1 under a C=GB CSCA passes', async () => {
    const chip = await makeSampleChip(portrait, GBR_MRZ, { country: 'GB' });
    const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trustOf(chip.csca));
    expect(result).toMatchObject({ passed: true, country_matches: true });
  });

  it('a document signer of another state under the right CSCA fails too', async () => {
    const csca = await makeCertificate({ cn: 'Utopia CSCA (TEST)', ca: true });
    const ds = await makeCertificate({ cn: 'DS', country: 'GB', ca: false, issuer: csca });
    const dg1 = dg1Of(SAMPLE_MRZ);
    const dg2 = (await makeSampleChip(portrait)).dg2;
    const sod = await makeSod(new Map([[1, dg1], [2, dg2]]), ds);
    const { result } = await verifyChipData({ sod, dg1, dg2 }, trustOf(csca));
    expect(result.reasons).toEqual(['CSCA_COUNTRY_MISMATCH']);
  });
});

describe('master lists and CRLs', () => {
  it('a master list with a broken signature is not trusted, and the loader says why', async () => {
    const chip = await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'rsa' });
    const ml = await makeMasterList([chip.csca.certificate], chip.csca);
    expect((await parseMasterList(ml)).trusted).toBe(true);
    const broken = new Uint8Array(ml);
    broken[broken.length - 5] = (broken[broken.length - 5] as number) ^ 0x01; // inside the signature
    const parsed = await parseMasterList(broken);
    expect(parsed).toMatchObject({ signatureValid: false, trusted: false });
    expect(parsed.error).toMatch(/master list signature/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-ml-'));
    try {
      fs.writeFileSync(path.join(dir, 'good.ml'), ml);
      const good = await loadTrustStore(dir);
      expect(good.certificates).toHaveLength(1);
      expect((await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, good)).result.passed).toBe(true);
      fs.writeFileSync(path.join(dir, 'good.ml'), broken);
      const store = await loadTrustStore(dir);
      expect(store.certificates).toHaveLength(0);
      expect(store.sources[0]).toMatchObject({ file: 'good.ml', kind: 'master-list', trusted: false, signature_valid: false });
      expect(store.sources[0]!.error).toMatch(/signature/);
      expect((await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, store)).result.reasons).toEqual(['CSCA_UNTRUSTED']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a master list whose signer no CSCA issued (self-made signer) is not trusted', async () => {
    const chip = await makeSampleChip(portrait);
    const stranger = await makeCertificate({ cn: 'Someone', ca: true });
    const ml = await makeMasterList([chip.csca.certificate], stranger);
    const parsed = await parseMasterList(ml);
    expect(parsed).toMatchObject({ signatureValid: true, trusted: false });
    expect(parsed.error).toMatch(/master list signer/);
  });

  it('a master list whose signer certificate has expired is not trusted', async () => {
    const chip = await makeSampleChip(portrait);
    const ml = await makeMasterList([chip.csca.certificate], chip.csca, { notAfter: new Date('2023-01-01') });
    expect((await parseMasterList(ml, { now: new Date('2022-06-01') })).trusted).toBe(true);
    expect((await parseMasterList(ml)).trusted).toBe(false);
  });

  it('a document signer on a CRL of its CSCA is refused (DS_REVOKED); a CRL signed by someone else is ignored', async () => {
    const chip = await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'brainpoolP256r1' });
    const csca = certificateDer(chip.csca.certificate);
    const data = { sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 };
    const clean = await verifyChipData(data, trustStoreOf([csca], [makeCrl(chip.csca, [])]));
    expect(clean.result).toMatchObject({ passed: true, revoked: false });
    const revoked = await verifyChipData(data, trustStoreOf([csca], [makeCrl(chip.csca, [chip.documentSigner.certificate])]));
    expect(revoked.result.reasons).toEqual(['DS_REVOKED']);
    const forger = await makeCertificate({ cn: 'Utopia CSCA (TEST)', ca: true });
    const forged = await verifyChipData(data, trustStoreOf([csca], [makeCrl(forger, [chip.documentSigner.certificate])]));
    expect(forged.result).toMatchObject({ passed: true, revoked: null });
  });

  it('the loader reads ICAO PKD LDIF files: signed master lists trusted, broken ones not, CRLs used, document signers never trusted', async () => {
    const chip = await makeSampleChip(portrait, SAMPLE_MRZ, { kind: 'p256' });
    const other = await makeSampleChip(portrait, GBR_MRZ, { kind: 'rsa', country: 'GB' });
    const good = await makeMasterList([chip.csca.certificate], chip.csca);
    const broken = await makeMasterList([other.csca.certificate], other.csca);
    broken[broken.length - 5] = (broken[broken.length - 5] as number) ^ 0x01;
    const pkd = (o: string, c: string, i: number) => `cn=${i},o=${o},c=${c},dc=data,dc=download,dc=pkd,dc=icao,dc=int`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-ldif-'));
    try {
      fs.writeFileSync(path.join(dir, 'icaopkd-002-complete-000001.ldif'), ldifOf([
        { dn: pkd('ml', 'UT', 1), attributes: [{ name: 'objectClass', value: 'pkdMasterList' }, { name: 'pkdMasterListContent', value: good }] },
        { dn: pkd('ml', 'GB', 2), attributes: [{ name: 'pkdMasterListContent', value: broken }] },
      ]));
      fs.writeFileSync(path.join(dir, 'icaopkd-001-complete-000001.ldif'), ldifOf([
        { dn: pkd('dsc', 'GB', 1), attributes: [{ name: 'userCertificate;binary', value: certificateDer(other.documentSigner.certificate) }] },
        { dn: pkd('crl', 'UT', 2), attributes: [{ name: 'certificateRevocationList;binary', value: makeCrl(chip.csca, [chip.documentSigner.certificate]) }] },
        { dn: 'dc=data,dc=download,dc=pkd,dc=icao,dc=int', attributes: [{ name: 'objectClass', value: 'domain' }] },
      ]));
      const store = await loadTrustStore(dir);
      // Only the good list's CSCA: neither the broken list's nor the document signer listed in collection 001.
      expect(store.certificates.map((c) => certificateDer(c))).toEqual([certificateDer(chip.csca.certificate)]);
      expect(store.sources).toEqual([
        { file: 'icaopkd-001-complete-000001.ldif', certificates: 0, kind: 'ldif', ldif: { master_lists: 0, crls: 1, document_signers_not_used: 1, other_entries: 1 } },
        { file: 'icaopkd-002-complete-000001.ldif', certificates: 1, kind: 'ldif', ldif: { master_lists: 2, crls: 0, document_signers_not_used: 0, other_entries: 0 } },
        { file: 'icaopkd-002-complete-000001.ldif#1 (UT)', certificates: 1, kind: 'master-list', signature_valid: true, trusted: true },
        expect.objectContaining({ file: 'icaopkd-002-complete-000001.ldif#2 (GB)', certificates: 0, kind: 'master-list', signature_valid: false, trusted: false, error: expect.stringMatching(/signature/) }),
      ]);
      expect((await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, store)).result.reasons).toEqual(['DS_REVOKED']);
      expect((await verifyChipData({ sod: other.sod, dg1: other.dg1, dg2: other.dg2 }, store)).result.reasons).toEqual(['CSCA_UNTRUSTED']);

      // A file cut short keeps what verified before the bad line, and says where reading stopped.
      fs.rmSync(path.join(dir, 'icaopkd-001-complete-000001.ldif'));
      fs.appendFileSync(path.join(dir, 'icaopkd-002-complete-000001.ldif'), `dn: ${pkd('ml', 'FR', 3)}\npkdMasterListContent:: MIIB*\n`);
      const cut = await loadTrustStore(dir);
      expect(cut.certificates).toHaveLength(1);
      expect(cut.sources[0]!.error).toMatch(/^read stopped: line \d+: pkdmasterlistcontent is not base64$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the loader reads certificates, master lists and CRLs from one folder', async () => {
    const chip = await makeSampleChip(portrait);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-trust-'));
    try {
      fs.writeFileSync(path.join(dir, 'utopia.pem'), pem(chip.csca.certificate));
      fs.writeFileSync(path.join(dir, 'utopia.crl'), makeCrl(chip.csca, [chip.documentSigner.certificate]));
      const store = await loadTrustStore(dir);
      expect(store.crls).toHaveLength(1);
      expect((await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, store)).result.reasons).toEqual(['DS_REVOKED']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
