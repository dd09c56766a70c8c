import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { concat, encodeTlv, SOD_TAG } from '../domain/lds.ts';
import { HASH_OIDS, OID, pki } from './pki.ts';

/**
 * TEST DATA ONLY: a made-up country signing CA, a document signer and chip files (EF.SOD, DG1, DG2)
 * built the way Doc 9303 prescribes, so that passive authentication can be exercised end to end
 * without a real passport. Country code "UTO" (Utopia, the ICAO specimen country).
 */
const subtle = webcrypto.subtle;
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export interface TestIdentity {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
}

function name(country: string, cn: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.6', value: new asn1js.PrintableString({ value: country }) }),
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: cn }) }),
    ],
  });
}

function keyUsage(bits: number, unused: number): pkijs.Extension {
  const value = new asn1js.BitString({ valueHex: new Uint8Array([bits]).buffer, unusedBits: unused });
  return new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: value.toBER(false) });
}

let serial = Date.now() % 1_000_000;

/** A certificate for a new P-256 key, signed by `issuer` (self-signed when absent). */
export async function makeCertificate(opts: { cn: string; country?: string; ca: boolean; issuer?: TestIdentity; notBefore?: Date; notAfter?: Date }): Promise<TestIdentity> {
  pki();
  const keys = (await subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: ++serial });
  cert.subject = name(opts.country ?? 'UT', opts.cn);
  cert.issuer = opts.issuer ? opts.issuer.certificate.subject : cert.subject;
  cert.notBefore.value = opts.notBefore ?? new Date(Date.UTC(2020, 0, 1));
  cert.notAfter.value = opts.notAfter ?? new Date(Date.UTC(2040, 0, 1));
  const basic = new pkijs.BasicConstraints(opts.ca ? { cA: true, pathLenConstraint: 0 } : { cA: false });
  cert.extensions = [
    new pkijs.Extension({ extnID: '2.5.29.19', critical: true, extnValue: basic.toSchema().toBER(false) }),
    // CSCA: keyCertSign + cRLSign; document signer: digitalSignature.
    opts.ca ? keyUsage(0x06, 1) : keyUsage(0x80, 7),
  ];
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(opts.issuer?.privateKey ?? keys.privateKey, 'SHA-256');
  return { certificate: cert, privateKey: keys.privateKey };
}

export function dg1Of(mrz: string): Uint8Array {
  return encodeTlv(0x61, encodeTlv(0x5f1f, new TextEncoder().encode(mrz)));
}

/** DG2 with one ISO/IEC 19794-5 facial record around the given image (JPEG: dataType 0, JPEG 2000: 1). */
export function dg2Of(image: Uint8Array, opts: { width?: number; height?: number; dataType?: 0 | 1 } = {}): Uint8Array {
  const u16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];
  const u32 = (v: number): number[] => [(v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
  const imageInfo = [0x01, opts.dataType ?? 0, ...u16(opts.width ?? 0), ...u16(opts.height ?? 0), 0x01, 0x02, 0x00, 0x00, 0x00, 0x00];
  const facialLength = 20 + imageInfo.length + image.length;
  // Facial information: length, feature point count (0), gender, eyes, hair, feature mask, expression, pose, pose uncertainty.
  const facial = [...u32(facialLength), ...new Array<number>(16).fill(0)];
  const recordLength = 14 + facialLength;
  const header = [0x46, 0x41, 0x43, 0x00, 0x30, 0x31, 0x30, 0x00, ...u32(recordLength), 0x00, 0x01];
  const record = concat(new Uint8Array([...header, ...facial, ...imageInfo]), image);
  const bhdr = encodeTlv(0xa1, concat(encodeTlv(0x80, new Uint8Array([1, 1])), encodeTlv(0x87, new Uint8Array([1, 1])), encodeTlv(0x88, new Uint8Array([0, 8]))));
  const template = encodeTlv(0x7f60, concat(bhdr, encodeTlv(0x5f2e, record)));
  return encodeTlv(0x75, encodeTlv(0x7f61, concat(encodeTlv(0x02, new Uint8Array([1])), template)));
}

async function signContent(contentType: string, content: Uint8Array, signer: TestIdentity, extraCerts: pkijs.Certificate[] = []): Promise<Uint8Array> {
  const digest = createHash('sha256').update(content).digest();
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: contentType, eContent: new asn1js.OctetString({ valueHex: new Uint8Array(content).buffer }) }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.certificate.issuer, serialNumber: signer.certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: contentType })] }),
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1js.OctetString({ valueHex: new Uint8Array(digest).buffer })] }),
          ],
        }),
      }),
    ],
    certificates: [signer.certificate, ...extraCerts],
  });
  await signed.sign(signer.privateKey, 0, 'SHA-256');
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

/** EF.SOD over the given data groups (hashes with SHA-256), signed by the document signer. */
export async function makeSod(dataGroups: Map<number, Uint8Array>, signer: TestIdentity): Promise<Uint8Array> {
  const hashes = [...dataGroups.entries()].sort(([a], [b]) => a - b).map(
    ([n, bytes]) =>
      new asn1js.Sequence({ value: [new asn1js.Integer({ value: n }), new asn1js.OctetString({ valueHex: new Uint8Array(createHash('sha256').update(bytes).digest()).buffer })] }),
  );
  const lds = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 0 }),
      new pkijs.AlgorithmIdentifier({ algorithmId: HASH_OIDS.sha256 as string }).toSchema(),
      new asn1js.Sequence({ value: hashes }),
    ],
  });
  const der = await signContent(OID.ldsSecurityObject, new Uint8Array(lds.toBER(false)), signer);
  return encodeTlv(SOD_TAG, der);
}

/** A CSCA master list holding `cscas`, signed by a master list signer issued by `issuer`. */
export async function makeMasterList(cscas: pkijs.Certificate[], issuer: TestIdentity): Promise<Uint8Array> {
  const signer = await makeCertificate({ cn: 'Utopia Master List Signer', ca: false, issuer });
  const list = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 0 }), new asn1js.Set({ value: cscas.map((c) => c.toSchema()) })] });
  return signContent(OID.cscaMasterList, new Uint8Array(list.toBER(false)), signer, [issuer.certificate]);
}

export function pem(cert: pkijs.Certificate): string {
  const b64 = Buffer.from(cert.toSchema().toBER(false)).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
}

export const SAMPLE_MRZ = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<L898902C36UTO7408122F1204159ZE184226B<<<<<10';

export interface SampleChip {
  csca: TestIdentity;
  documentSigner: TestIdentity;
  dg1: Uint8Array;
  dg2: Uint8Array;
  sod: Uint8Array;
  mrz: string;
}

/** A complete, valid chip data set for `portrait` (JPEG bytes). */
export async function makeSampleChip(portrait: Uint8Array, mrz = SAMPLE_MRZ): Promise<SampleChip> {
  const csca = await makeCertificate({ cn: 'Utopia CSCA (TEST)', ca: true });
  const documentSigner = await makeCertificate({ cn: 'Utopia Document Signer (TEST)', ca: false, issuer: csca });
  const dg1 = dg1Of(mrz);
  const dg2 = dg2Of(portrait);
  const sod = await makeSod(new Map([[1, dg1], [2, dg2]]), documentSigner);
  return { csca, documentSigner, dg1, dg2, sod, mrz };
}
