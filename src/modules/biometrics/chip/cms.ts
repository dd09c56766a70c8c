import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sameBytes } from '../../../platform/crypto/hash.ts';
import { hashName, OID, UnsupportedAlgorithmError } from './pki.ts';
import { spkiOf, verifySignature } from './signature.ts';

/**
 * CMS SignedData signature check (RFC 5652 §5.4, §5.6) for EF.SOD and CSCA master lists, by hand on Node's
 * crypto so that brainpool and explicit-parameter keys verify (signature.ts). The signer is the certificate in
 * `certificates` that the signer info names (issuer and serial, or subject key identifier).
 */
export interface CmsCheck {
  valid: boolean;
  signer: pkijs.Certificate | null;
  /**
   * The signature could not be checked: its digest or signature algorithm, or the signer's key type or curve, is one
   * this verifier does not support (pki.ts UnsupportedAlgorithmError). `valid` is false, but nothing was found false:
   * a check that ran and failed leaves this absent.
   */
  unsupported?: true;
  /** Why it is not valid, in words for the reviewer or the operator. */
  error?: string;
}

const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SKI = '2.5.29.14';

function der(o: { toSchema(): asn1js.AsnType }): Uint8Array {
  return new Uint8Array(o.toSchema().toBER(false));
}

export function findSigner(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | null {
  const certs = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certs.find((c) => sameBytes(der(c.issuer), der(sid.issuer)) && sameBytes(c.serialNumber.valueBlock.valueHexView, sid.serialNumber.valueBlock.valueHexView)) ?? null;
  }
  // [0] SubjectKeyIdentifier
  const wanted = sid instanceof asn1js.Constructed || sid instanceof asn1js.Primitive ? new Uint8Array((sid as asn1js.Primitive).valueBlock.valueHexView ?? []) : null;
  if (!wanted) return null;
  return certs.find((c) => {
    const ext = c.extensions?.find((e) => e.extnID === SKI);
    const value = ext?.parsedValue as asn1js.OctetString | undefined;
    return value ? sameBytes(new Uint8Array(value.valueBlock.valueHexView), wanted) : false;
  }) ?? null;
}

export function verifyCms(signedData: pkijs.SignedData, content: Uint8Array): CmsCheck {
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return { valid: false, signer: null, error: 'no signer info' };
  const signer = findSigner(signedData, signerInfo);
  if (!signer) return { valid: false, signer: null, error: 'the signer certificate is not in the SignedData' };
  try {
    const digestOid = signerInfo.digestAlgorithm.algorithmId;
    const hash = hashName(digestOid);
    let signedBytes = content;
    if (signerInfo.signedAttrs) {
      const attrs = signerInfo.signedAttrs.attributes;
      const digest = attrs.find((a) => a.type === MESSAGE_DIGEST)?.values[0];
      const type = attrs.find((a) => a.type === CONTENT_TYPE)?.values[0];
      if (!(digest instanceof asn1js.OctetString)) return { valid: false, signer, error: 'no message-digest attribute' };
      if (!(type instanceof asn1js.ObjectIdentifier) || type.valueBlock.toString() !== signedData.encapContentInfo.eContentType) {
        return { valid: false, signer, error: 'the content-type attribute does not name the signed content' };
      }
      if (!sameBytes(new Uint8Array(createHash(hash).update(content).digest()), new Uint8Array(digest.valueBlock.valueHexView))) {
        return { valid: false, signer, error: 'the message digest does not match the content' };
      }
      // The signature covers the attributes DER-encoded as a SET (tag 31), not as the [0] they are stored under.
      signedBytes = new Uint8Array(signerInfo.signedAttrs.encodedValue.slice(0));
      signedBytes[0] = 0x31;
    }
    const valid = verifySignature(spkiOf(signer), signerInfo.signatureAlgorithm, signedBytes, signerInfo.signature.valueBlock.valueHexView, digestOid);
    return valid ? { valid, signer } : { valid, signer, error: 'the signature does not verify with the signer certificate' };
  } catch (error) {
    return { valid: false, signer, error: (error as Error).message, ...(error instanceof UnsupportedAlgorithmError ? { unsupported: true as const } : {}) };
  }
}

export { OID };
