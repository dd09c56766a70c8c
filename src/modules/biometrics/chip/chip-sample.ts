import { constants, createHash, generateKeyPairSync, getDiffieHellman, privateDecrypt, randomBytes, sign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { concat, encodeTlv, SOD_TAG } from '../domain/lds.ts';
import { HASH_OIDS, OID, parseDer, pki, toArrayBuffer } from './pki.ts';

/**
 * TEST DATA ONLY: made-up country signing CAs, document signers and chip files (EF.SOD, DG1, DG2, DG14, DG15) built
 * the way Doc 9303 prescribes, so that passive and active authentication can be exercised end to end without a
 * real passport. Keys are made with Node's crypto: RSA (PKCS#1 v1.5 or PSS), ECDSA P-256 and brainpool curves, EC
 * keys optionally written with explicit curve parameters as some states do. Country code "UTO" (Utopia, the ICAO
 * specimen state; its CSCA is C=UT).
 */
export type KeyKind = 'p256' | 'brainpoolP256r1' | 'brainpoolP384r1' | 'brainpoolP512r1' | 'rsa' | 'rsa-pss';

export interface TestIdentity {
  certificate: pkijs.Certificate;
  privateKey: KeyObject;
  kind: KeyKind;
}

const CURVES: Partial<Record<KeyKind, { name: string; hash: string }>> = {
  p256: { name: 'prime256v1', hash: 'sha256' },
  brainpoolP256r1: { name: 'brainpoolP256r1', hash: 'sha256' },
  brainpoolP384r1: { name: 'brainpoolP384r1', hash: 'sha384' },
  brainpoolP512r1: { name: 'brainpoolP512r1', hash: 'sha512' },
};
const ECDSA_OIDS: Record<string, string> = { sha256: '1.2.840.10045.4.3.2', sha384: '1.2.840.10045.4.3.3', sha512: '1.2.840.10045.4.3.4' };

/** ECParameters of brainpoolP256r1 and P-256 written out (explicit), as `openssl ecparam -param_enc explicit` gives them. */
export const EXPLICIT_PARAMETERS: Record<string, string> = {
  brainpoolP256r1: 'MIHgAgEBMCwGByqGSM49AQECIQCp+1fboe6pvD5mCpCdg41ybjv2I9UmICggE0gdH25TdzBEBCB9Wgl1/CwwV+72dTBBev/n+4BVwSbcXGzpSktE8zC12QQgJtxcbOlKS0TzMLXZu9d8v5WEFilc9+HOa8zcGP+MB7YEQQSL0q65y35XyyxLSC/8gbevud4n4eO9I8I6RFO9ms4yYlR++DXD2sT9l/hGGhRhHcnCd0UTLe2OVFwdVMcvBGmXAiEAqftX26Huqbw+ZgqQnYONcYw5eqO1Yab3kB4OgpdIVqcCAQE=',
  prime256v1: 'MIH3AgEBMCwGByqGSM49AQECIQD/////AAAAAQAAAAAAAAAAAAAAAP///////////////zBbBCD/////AAAAAQAAAAAAAAAAAAAAAP///////////////AQgWsY12Ko6k+ez671VdpiGvGUdBrDMU7D2O848PifSYEsDFQDEnTYIhucEk2pmeOETnSa3gZ9+kARBBGsX0fLhLEJH+Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT+NC4v4af5uO5+tKfA+eFivOM1drMV7Oy7ZAaDe/UfUCIQD/////AAAAAP//////////vOb6racXnoTzucrC/GMlUQIBAQ==',
};

export function generateKeys(kind: KeyKind, rsaBits = 2048): { publicKey: KeyObject; privateKey: KeyObject } {
  const curve = CURVES[kind];
  return curve ? generateKeyPairSync('ec', { namedCurve: curve.name }) : generateKeyPairSync('rsa', { modulusLength: rsaBits });
}

/** SubjectPublicKeyInfo DER; EC keys with their curve written out as explicit parameters when asked. */
export function spkiDer(publicKey: KeyObject, options: { explicit?: boolean; parameters?: Uint8Array } = {}): Uint8Array {
  const named = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
  if (!options.explicit) return named;
  const curve = publicKey.asymmetricKeyDetails?.namedCurve ?? '';
  const params = options.parameters ?? (EXPLICIT_PARAMETERS[curve] ? new Uint8Array(Buffer.from(EXPLICIT_PARAMETERS[curve]!, 'base64')) : undefined);
  if (!params) throw new Error(`no explicit parameters for ${curve}`);
  const root = parseDer(named, 'SPKI') as asn1js.Sequence;
  const point = root.valueBlock.value[1]!;
  const alg = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '1.2.840.10045.2.1' }), parseDer(params, 'ECParameters')] });
  return new Uint8Array(new asn1js.Sequence({ value: [alg, point] }).toBER(false));
}

/** The signature AlgorithmIdentifier a signer of this kind uses, and how to sign with it. */
function signerAlgorithm(kind: KeyKind): { algorithm: pkijs.AlgorithmIdentifier; hash: string; sign: (key: KeyObject, data: Uint8Array) => Uint8Array } {
  const curve = CURVES[kind];
  if (curve) {
    return { algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: ECDSA_OIDS[curve.hash]! }), hash: curve.hash, sign: (key, data) => new Uint8Array(sign(curve.hash, data, { key, dsaEncoding: 'der' })) };
  }
  if (kind === 'rsa-pss') {
    const sha256 = new pkijs.AlgorithmIdentifier({ algorithmId: HASH_OIDS.sha256!, algorithmParams: new asn1js.Null() });
    const params = new pkijs.RSASSAPSSParams({
      hashAlgorithm: sha256,
      maskGenAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.8', algorithmParams: sha256.toSchema() }),
      saltLength: 32,
    });
    return {
      algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.10', algorithmParams: params.toSchema() }), hash: 'sha256',
      sign: (key, data) => new Uint8Array(sign('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })),
    };
  }
  return { algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.11', algorithmParams: new asn1js.Null() }), hash: 'sha256', sign: (key, data) => new Uint8Array(sign('sha256', data, key)) };
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

/** A certificate for a new key of `kind` (default P-256), signed by `issuer` (self-signed when absent). */
export async function makeCertificate(opts: {
  cn: string; country?: string; ca: boolean; issuer?: TestIdentity; notBefore?: Date; notAfter?: Date; kind?: KeyKind; explicit?: boolean;
}): Promise<TestIdentity> {
  pki();
  const kind = opts.kind ?? 'p256';
  const keys = generateKeys(kind);
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
  cert.subjectPublicKeyInfo = new pkijs.PublicKeyInfo({ schema: parseDer(spkiDer(keys.publicKey, { explicit: opts.explicit }), 'SPKI') });
  const signer = opts.issuer ?? { privateKey: keys.privateKey, kind };
  const alg = signerAlgorithm(signer.kind);
  cert.signature = alg.algorithm;
  cert.signatureAlgorithm = alg.algorithm;
  const tbs = new Uint8Array(cert.encodeTBS().toBER(false));
  cert.signatureValue = new asn1js.BitString({ valueHex: toArrayBuffer(alg.sign(signer.privateKey, tbs)) });
  // Parsed back from DER so that it looks exactly like a certificate read from a file (tbsView and all).
  const der = new Uint8Array(cert.toSchema(true).toBER(false));
  return { certificate: new pkijs.Certificate({ schema: parseDer(der, 'certificate') }), privateKey: keys.privateKey, kind };
}

export const certificateDer = (c: pkijs.Certificate): Uint8Array => new Uint8Array(c.toSchema().toBER(false));

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

/** DG15: the active authentication public key (SubjectPublicKeyInfo). */
export function dg15Of(publicKey: KeyObject): Uint8Array {
  return encodeTlv(0x6f, spkiDer(publicKey));
}

/** Chip authentication protocols by their last two OID arcs (Doc 9303-11 §9.2.6): DH (1.x) or ECDH (2.x), 3DES or AES. */
export type CaProtocol = '1.1' | '1.2' | '1.3' | '1.4' | '2.1' | '2.2' | '2.3' | '2.4';

/** A DH chip authentication private key: the group and the private exponent. */
export interface DhPrivateKey {
  p: Uint8Array;
  g: Uint8Array;
  x: Uint8Array;
}

const derInteger = (bytes: Uint8Array): asn1js.Integer => new asn1js.Integer({ valueHex: toArrayBuffer(bytes[0]! & 0x80 ? concat(new Uint8Array([0]), bytes) : bytes) });

/**
 * A DH chip authentication key in RFC 2409's 1024-bit MODP group (the size older chips use), and its
 * SubjectPublicKeyInfo as X9.42 `dhpublicnumber` with {p, g, q} (q = (p - 1) / 2, the group being a safe prime).
 */
export function dhChipKey(): { privateKey: DhPrivateKey; spki: Uint8Array } {
  const dh = getDiffieHellman('modp2');
  dh.generateKeys();
  const p = new Uint8Array(dh.getPrime());
  const q = BigInt(`0x${Buffer.from(p).toString('hex')}`) >> 1n;
  const params = new asn1js.Sequence({ value: [derInteger(p), derInteger(new Uint8Array(dh.getGenerator())), derInteger(new Uint8Array(Buffer.from(q.toString(16).padStart(256, '0'), 'hex')))] });
  const y = derInteger(new Uint8Array(dh.getPublicKey()));
  const spki = new asn1js.Sequence({ value: [
    new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '1.2.840.10046.2.1' }), params] }),
    new asn1js.BitString({ valueHex: y.toBER(false) }),
  ] });
  return { privateKey: { p, g: new Uint8Array(dh.getGenerator()), x: new Uint8Array(dh.getPrivateKey()) }, spki: new Uint8Array(spki.toBER(false)) };
}

/**
 * DG14 SecurityInfos: ActiveAuthenticationInfo (ECDSA hash) and, when asked, chip authentication with a key
 * (`caProtocol`, default ECDH with AES-128; version 1 for 3DES, 2 for AES).
 */
export function dg14Of(opts: { aaHash?: 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512'; caKey?: KeyObject; caDhSpki?: Uint8Array; caProtocol?: CaProtocol } = {}): Uint8Array {
  const infos: asn1js.AsnType[] = [];
  const plain: Record<string, string> = { sha1: '1', sha224: '2', sha256: '3', sha384: '4', sha512: '5' };
  if (opts.aaHash) {
    infos.push(new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '2.23.136.1.1.5' }), new asn1js.Integer({ value: 1 }), new asn1js.ObjectIdentifier({ value: `0.4.0.127.0.7.1.1.4.1.${plain[opts.aaHash]}` })] }));
  }
  if (opts.caKey || opts.caDhSpki) {
    const protocol = opts.caProtocol ?? (opts.caDhSpki ? '1.2' : '2.2');
    infos.push(new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: `0.4.0.127.0.7.2.2.3.${protocol}` }), new asn1js.Integer({ value: protocol.endsWith('.1') ? 1 : 2 })] }));
    const pk = opts.caDhSpki ? { oid: '0.4.0.127.0.7.2.2.1.1', spki: opts.caDhSpki } : { oid: '0.4.0.127.0.7.2.2.1.2', spki: spkiDer(opts.caKey!) };
    infos.push(new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: pk.oid }), parseDer(pk.spki, 'SPKI')] }));
  }
  return encodeTlv(0x6e, new Uint8Array(new asn1js.Set({ value: infos }).toBER(false)));
}

/**
 * What the chip does for active authentication: RSA keys sign with ISO/IEC 9796-2 scheme 1 (6A || M1 || H || BC
 * for SHA-1, or H || 34 CC for SHA-256), EC keys with plain ECDSA over the challenge.
 */
export function chipSignChallenge(privateKey: KeyObject, challenge: Uint8Array, hash: 'sha1' | 'sha256' = 'sha1'): Uint8Array {
  if (privateKey.asymmetricKeyType === 'ec') return new Uint8Array(sign(hash, challenge, { key: privateKey, dsaEncoding: 'ieee-p1363' }));
  const k = (privateKey.asymmetricKeyDetails?.modulusLength ?? 1024) / 8;
  const trailer = hash === 'sha1' ? Buffer.from([0xbc]) : Buffer.from([0x34, 0xcc]);
  const hashLength = hash === 'sha1' ? 20 : 32;
  const m1 = randomBytes(k - 1 - hashLength - trailer.length);
  const digest = createHash(hash).update(m1).update(challenge).digest();
  const f = Buffer.concat([Buffer.from([0x6a]), m1, digest, trailer]);
  return new Uint8Array(privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, f));
}

async function signContent(contentType: string, content: Uint8Array, signer: TestIdentity, extraCerts: pkijs.Certificate[] = []): Promise<Uint8Array> {
  const alg = signerAlgorithm(signer.kind);
  const digestAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: HASH_OIDS[alg.hash]!, algorithmParams: new asn1js.Null() });
  const digest = createHash(alg.hash).update(content).digest();
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.certificate.issuer, serialNumber: signer.certificate.serialNumber }),
    digestAlgorithm,
    signatureAlgorithm: alg.algorithm,
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: contentType })] }),
        new pkijs.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1js.OctetString({ valueHex: new Uint8Array(digest).buffer })] }),
      ],
    }),
  });
  // Signed: the attributes as a SET (tag 31), not as the [0] they are stored under.
  const attrs = new Uint8Array(signerInfo.signedAttrs!.toSchema().toBER(false));
  attrs[0] = 0x31;
  signerInfo.signature = new asn1js.OctetString({ valueHex: toArrayBuffer(alg.sign(signer.privateKey, attrs)) });
  const signed = new pkijs.SignedData({
    version: 3,
    digestAlgorithms: [digestAlgorithm],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: contentType, eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(content) }) }),
    signerInfos: [signerInfo],
    certificates: [signer.certificate, ...extraCerts],
  });
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
export async function makeMasterList(cscas: pkijs.Certificate[], issuer: TestIdentity, signerOptions: { notAfter?: Date } = {}): Promise<Uint8Array> {
  const signer = await makeCertificate({ cn: 'Utopia Master List Signer', ca: false, issuer, country: undefined, ...signerOptions });
  const list = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 0 }), new asn1js.Set({ value: cscas.map((c) => c.toSchema()) })] });
  return signContent(OID.cscaMasterList, new Uint8Array(list.toBER(false)), signer, [issuer.certificate]);
}

/** A CRL of `csca` listing the given certificates as revoked. */
export function makeCrl(csca: TestIdentity, revoked: pkijs.Certificate[], when = new Date(Date.UTC(2025, 0, 1))): Uint8Array {
  pki();
  const alg = signerAlgorithm(csca.kind);
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1;
  crl.signature = alg.algorithm;
  crl.signatureAlgorithm = alg.algorithm;
  crl.issuer = csca.certificate.subject;
  crl.thisUpdate = new pkijs.Time({ type: 0, value: when });
  crl.nextUpdate = new pkijs.Time({ type: 0, value: new Date(when.getTime() + 90 * 86_400_000) });
  crl.revokedCertificates = revoked.map((c) => new pkijs.RevokedCertificate({ userCertificate: c.serialNumber, revocationDate: new pkijs.Time({ type: 0, value: when }) }));
  const tbs = new Uint8Array((crl as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS().toBER(false));
  crl.signatureValue = new asn1js.BitString({ valueHex: toArrayBuffer(alg.sign(csca.privateKey, tbs)) });
  return new Uint8Array(crl.toSchema(true).toBER(false));
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
  /** With `activeAuthentication`: DG15 (and DG14 for EC keys) and the chip's private key, to answer challenges. */
  dg14?: Uint8Array;
  dg15?: Uint8Array;
  aaKey?: KeyObject;
  /** With `chipAuthentication`: the chip authentication private key, whose public half is in DG14. */
  caKey?: KeyObject | DhPrivateKey;
}

/**
 * A complete, valid chip data set for `portrait` (JPEG bytes): a CSCA and document signer of `kind` (P-256 by
 * default) for the state `country`, and, when asked, an active authentication key (RSA 1024 or P-256) in DG15.
 */
export async function makeSampleChip(portrait: Uint8Array, mrz = SAMPLE_MRZ, options: {
  kind?: KeyKind; country?: string; explicit?: boolean; csca?: TestIdentity; activeAuthentication?: 'rsa' | 'ec';
  /** A chip authentication key in DG14: true is brainpoolP256r1 with AES-128. */
  chipAuthentication?: boolean | { curve: 'prime256v1' | 'brainpoolP256r1' | 'dh1024'; protocol?: CaProtocol };
} = {}): Promise<SampleChip> {
  const kind = options.kind ?? 'p256';
  const country = options.country ?? 'UT';
  const state = country === 'UT' ? 'Utopia' : country;
  const csca = options.csca ?? await makeCertificate({ cn: `${state} CSCA (TEST)`, country, ca: true, kind, explicit: options.explicit });
  const documentSigner = await makeCertificate({ cn: `${state} Document Signer (TEST)`, country: countryOf(csca), ca: false, issuer: csca, kind, explicit: options.explicit });
  const dg1 = dg1Of(mrz);
  const dg2 = dg2Of(portrait);
  const groups = new Map([[1, dg1], [2, dg2]]);
  let dg14: Uint8Array | undefined;
  let dg15: Uint8Array | undefined;
  let aaKey: KeyObject | undefined;
  if (options.activeAuthentication) {
    const keys = options.activeAuthentication === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 1024 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    aaKey = keys.privateKey;
    dg15 = dg15Of(keys.publicKey);
    groups.set(15, dg15);
  }
  let caKey: SampleChip['caKey'];
  if (options.activeAuthentication === 'ec' || options.chipAuthentication) {
    const ca = options.chipAuthentication === true ? { curve: 'brainpoolP256r1' as const } : options.chipAuthentication || undefined;
    const dh = ca?.curve === 'dh1024' ? dhChipKey() : undefined;
    const caKeys = ca && ca.curve !== 'dh1024' ? generateKeyPairSync('ec', { namedCurve: ca.curve }) : undefined;
    caKey = dh?.privateKey ?? caKeys?.privateKey;
    dg14 = dg14Of({ aaHash: options.activeAuthentication === 'ec' ? 'sha256' : undefined, caKey: caKeys?.publicKey, caDhSpki: dh?.spki, caProtocol: ca?.protocol });
    groups.set(14, dg14);
  }
  const sod = await makeSod(groups, documentSigner);
  return { csca, documentSigner, dg1, dg2, sod, mrz, dg14, dg15, aaKey, caKey };
}

function countryOf(identity: TestIdentity): string {
  const c = identity.certificate.subject.typesAndValues.find((tv) => tv.type === '2.5.4.6');
  return c ? String(c.value.valueBlock.value) : 'UT';
}
