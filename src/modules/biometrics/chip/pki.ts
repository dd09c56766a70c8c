import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** pkijs on Node's own WebCrypto: one engine for the process. */
let ready = false;
export function pki(): typeof pkijs {
  if (!ready) {
    pkijs.setEngine('node-webcrypto', new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: webcrypto as unknown as Crypto }));
    ready = true;
  }
  return pkijs;
}

export class PkiError extends Error {}

/**
 * A hash, signature algorithm, key type or curve this verifier does not support (or a key it cannot read): the
 * signature was not checked, which is not a finding that it is false (ADR 0180).
 */
export class UnsupportedAlgorithmError extends PkiError {}

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function parseDer(bytes: Uint8Array, what: string): asn1js.AsnType {
  const asn = asn1js.fromBER(toArrayBuffer(bytes));
  if (asn.offset === -1) throw new PkiError(`${what}: not valid BER/DER (${asn.result.error})`);
  return asn.result;
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  pki();
  return new pkijs.Certificate({ schema: parseDer(der, 'certificate') });
}

/** Certificates from PEM (any number of blocks) or a single DER certificate. */
export function parseCertificates(data: Uint8Array): pkijs.Certificate[] {
  const text = new TextDecoder('latin1').decode(data);
  if (text.includes('-----BEGIN CERTIFICATE-----')) {
    const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)];
    return blocks.map((m) => parseCertificate(new Uint8Array(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'))));
  }
  return [parseCertificate(data)];
}

const NAME_OIDS: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.6': 'C', '2.5.4.10': 'O', '2.5.4.11': 'OU', '2.5.4.5': 'serialNumber' };

export function nameToString(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues.map((tv) => `${NAME_OIDS[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`).join(', ');
}

export function countryOf(name: pkijs.RelativeDistinguishedNames): string | null {
  const c = name.typesAndValues.find((tv) => tv.type === '2.5.4.6');
  return c ? String(c.value.valueBlock.value) : null;
}

export interface CertificateSummary {
  subject: string;
  issuer: string;
  serial: string;
  country: string | null;
  not_before: string;
  not_after: string;
}

export function summarise(cert: pkijs.Certificate): CertificateSummary {
  return {
    subject: nameToString(cert.subject),
    issuer: nameToString(cert.issuer),
    serial: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex'),
    country: countryOf(cert.subject),
    not_before: cert.notBefore.value.toISOString(),
    not_after: cert.notAfter.value.toISOString(),
  };
}

/** The bytes of an OCTET STRING, primitive or constructed. */
export function octets(value: asn1js.OctetString): Uint8Array {
  return new Uint8Array(value.getValue());
}

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  ldsSecurityObject: '2.23.136.1.1.1',
  cscaMasterList: '2.23.136.1.1.2',
} as const;

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
export const HASH_OIDS: Record<string, string> = Object.fromEntries(Object.entries(HASHES).map(([oid, name]) => [name, oid]));

export function hashName(oid: string): string {
  const name = HASHES[oid];
  if (!name) throw new UnsupportedAlgorithmError(`unsupported hash algorithm ${oid}`);
  return name;
}

/** Parse CMS ContentInfo(SignedData) and check its encapsulated content type. */
export function parseSignedData(der: Uint8Array, contentType: string, what: string): { signedData: pkijs.SignedData; content: Uint8Array } {
  pki();
  const info = new pkijs.ContentInfo({ schema: parseDer(der, what) });
  if (info.contentType !== OID.signedData) throw new PkiError(`${what}: not CMS SignedData (${info.contentType})`);
  const signedData = new pkijs.SignedData({ schema: info.content });
  const eContentType = signedData.encapContentInfo.eContentType;
  if (eContentType !== contentType) throw new PkiError(`${what}: content type ${eContentType}, expected ${contentType}`);
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) throw new PkiError(`${what}: no encapsulated content`);
  return { signedData, content: octets(eContent) };
}
