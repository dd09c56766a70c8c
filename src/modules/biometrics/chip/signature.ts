import { createPublicKey, constants, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { hashName, toArrayBuffer, UnsupportedAlgorithmError } from './pki.ts';

/**
 * Signature checks of chip PKI objects (X.509 certificates, CMS signer infos, CRLs) with Node's crypto (OpenSSL)
 * instead of WebCrypto: WebCrypto knows only the NIST curves, and many states sign with brainpool curves
 * (brainpoolP256r1/P384r1/P512r1) or give their EC keys as explicit parameters. OpenSSL 3 reads both, and maps
 * explicit parameters onto the named curve they equal; a key on a curve it cannot name is refused, so a
 * made-up (weak) curve never verifies anything (ADR 0125).
 */

/** The curves a state's document signer or CSCA may use (Doc 9303-12 §5.3 and BSI TR-03111). */
export const ALLOWED_CURVES = new Set([
  'prime256v1', 'secp384r1', 'secp521r1', 'secp224r1',
  'brainpoolP224r1', 'brainpoolP256r1', 'brainpoolP320r1', 'brainpoolP384r1', 'brainpoolP512r1',
]);

export interface PublicKeyInfo {
  key: KeyObject;
  type: 'rsa' | 'rsa-pss' | 'ec';
  /** OpenSSL's curve name for EC keys (explicit parameters mapped to it), null otherwise. */
  curve: string | null;
  /** Whether the key was given with explicit curve parameters rather than a curve OID. */
  explicitParameters: boolean;
  bits: number | null;
}

const EC_PUBLIC_KEY = '1.2.840.10045.2.1';

/** A public key from SubjectPublicKeyInfo DER; EC keys on curves outside ALLOWED_CURVES are refused. */
export function publicKeyFromSpki(spki: Uint8Array): PublicKeyInfo {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
  } catch (error) {
    throw new UnsupportedAlgorithmError(`public key not readable: ${(error as Error).message}`);
  }
  const details = key.asymmetricKeyDetails ?? {};
  const type = key.asymmetricKeyType;
  if (type === 'ec') {
    const curve = details.namedCurve ?? null;
    if (!curve || !ALLOWED_CURVES.has(curve)) throw new UnsupportedAlgorithmError(`EC key on an unsupported curve (${curve ?? 'explicit parameters that match no named curve'})`);
    return { key, type: 'ec', curve, explicitParameters: hasExplicitParameters(spki), bits: null };
  }
  if (type === 'rsa' || type === 'rsa-pss') return { key, type, curve: null, explicitParameters: false, bits: details.modulusLength ?? null };
  throw new UnsupportedAlgorithmError(`unsupported public key type ${type ?? 'unknown'}`);
}

/** SubjectPublicKeyInfo of an EC key whose parameters are a SEQUENCE (explicit) rather than an OID (named). */
function hasExplicitParameters(spki: Uint8Array): boolean {
  const asn = asn1js.fromBER(toArrayBuffer(spki));
  const alg = asn.result instanceof asn1js.Sequence ? asn.result.valueBlock.value[0] : undefined;
  if (!(alg instanceof asn1js.Sequence)) return false;
  const [oid, params] = alg.valueBlock.value;
  return oid instanceof asn1js.ObjectIdentifier && oid.valueBlock.toString() === EC_PUBLIC_KEY && params instanceof asn1js.Sequence;
}

export function spkiOf(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER(false));
}

interface Scheme {
  kind: 'rsa' | 'pss' | 'ecdsa' | 'ecdsa-plain';
  hash: string;
  saltLength?: number;
}

const RSA: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1', '1.2.840.113549.1.1.14': 'sha224', '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384', '1.2.840.113549.1.1.13': 'sha512',
};
const ECDSA: Record<string, string> = {
  '1.2.840.10045.4.1': 'sha1', '1.2.840.10045.4.3.1': 'sha224', '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384', '1.2.840.10045.4.3.4': 'sha512',
};
/** BSI TR-03111 ecdsa-plain-signatures: r || s instead of a DER SEQUENCE (some states' SODs use them). */
const ECDSA_PLAIN: Record<string, string> = {
  '0.4.0.127.0.7.1.1.4.1.1': 'sha1', '0.4.0.127.0.7.1.1.4.1.2': 'sha224', '0.4.0.127.0.7.1.1.4.1.3': 'sha256',
  '0.4.0.127.0.7.1.1.4.1.4': 'sha384', '0.4.0.127.0.7.1.1.4.1.5': 'sha512',
};
export const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
export const RSASSA_PSS = '1.2.840.113549.1.1.10';

/**
 * The scheme of a signature AlgorithmIdentifier. `digestOid` is the CMS signer info's digest algorithm, used when
 * the signature algorithm names no hash (rsaEncryption, or id-ecPublicKey that some writers put there).
 */
export function schemeOf(algorithm: pkijs.AlgorithmIdentifier, digestOid?: string): Scheme {
  const oid = algorithm.algorithmId;
  if (RSA[oid]) return { kind: 'rsa', hash: RSA[oid] };
  if (ECDSA[oid]) return { kind: 'ecdsa', hash: ECDSA[oid] };
  if (ECDSA_PLAIN[oid]) return { kind: 'ecdsa-plain', hash: ECDSA_PLAIN[oid] };
  if ((oid === RSA_ENCRYPTION || oid === EC_PUBLIC_KEY) && digestOid) return { kind: oid === RSA_ENCRYPTION ? 'rsa' : 'ecdsa', hash: hashName(digestOid) };
  if (oid === RSASSA_PSS) {
    const params = algorithm.algorithmParams instanceof asn1js.Sequence ? new pkijs.RSASSAPSSParams({ schema: algorithm.algorithmParams }) : new pkijs.RSASSAPSSParams();
    const hash = hashName(params.hashAlgorithm.algorithmId);
    const mgfHashParams = params.maskGenAlgorithm.algorithmParams;
    const mgfHash = mgfHashParams instanceof asn1js.Sequence ? hashName(new pkijs.AlgorithmIdentifier({ schema: mgfHashParams }).algorithmId) : 'sha1';
    // OpenSSL's verify uses the signature hash for MGF1 too; a different MGF1 hash is legal but unheard of in eMRTDs.
    if (mgfHash !== hash) throw new UnsupportedAlgorithmError(`RSASSA-PSS with MGF1 over ${mgfHash} and hash ${hash} is not supported`);
    return { kind: 'pss', hash, saltLength: params.saltLength };
  }
  throw new UnsupportedAlgorithmError(`unsupported signature algorithm ${oid}`);
}

const SCHEME_NAMES: Record<Scheme['kind'], string> = { rsa: 'RSA PKCS#1 v1.5', pss: 'RSA-PSS', ecdsa: 'ECDSA', 'ecdsa-plain': 'ECDSA (plain r||s)' };

/** A signature AlgorithmIdentifier as a reviewer reads it ("ECDSA with SHA-256"); null for one not supported here. */
export function signatureSchemeName(algorithm: pkijs.AlgorithmIdentifier, digestOid?: string): string | null {
  try {
    const scheme = schemeOf(algorithm, digestOid);
    return `${SCHEME_NAMES[scheme.kind]} with ${scheme.hash.toUpperCase().replace(/^SHA/, 'SHA-')}`;
  } catch (error) {
    if (error instanceof UnsupportedAlgorithmError) return null;
    throw error;
  }
}

/** Does `signature` over `data` verify with the public key (SPKI DER) under the AlgorithmIdentifier? */
export function verifySignature(spki: Uint8Array, algorithm: pkijs.AlgorithmIdentifier, data: Uint8Array, signature: Uint8Array, digestOid?: string): boolean {
  const scheme = schemeOf(algorithm, digestOid);
  const { key, type } = publicKeyFromSpki(spki);
  const ec = scheme.kind === 'ecdsa' || scheme.kind === 'ecdsa-plain';
  if (ec !== (type === 'ec')) throw new UnsupportedAlgorithmError(`a ${type.toUpperCase()} key cannot check an ${scheme.kind.toUpperCase()} signature`);
  const input = scheme.kind === 'pss'
    ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: scheme.saltLength }
    : scheme.kind === 'ecdsa-plain' ? { key, dsaEncoding: 'ieee-p1363' as const } : scheme.kind === 'ecdsa' ? { key, dsaEncoding: 'der' as const } : { key, padding: constants.RSA_PKCS1_PADDING };
  try {
    return cryptoVerify(scheme.hash, data, input, signature);
  } catch {
    return false;
  }
}

/** A certificate's own signature, checked with its issuer's key. */
export function verifyCertificateSignature(cert: pkijs.Certificate, issuer: pkijs.Certificate): boolean {
  return verifySignature(spkiOf(issuer), cert.signatureAlgorithm, cert.tbsView, cert.signatureValue.valueBlock.valueHexView);
}
