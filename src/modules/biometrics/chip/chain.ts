import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { nameToString } from './pki.ts';
import { verifyCertificateSignature, verifySignature, spkiOf } from './signature.ts';

/**
 * The document signer's path to a trusted CSCA (Doc 9303-11 §5.1, -12 §7): a CSCA in the store whose subject is
 * the DS certificate's issuer and whose key verifies the DS certificate's signature; both valid at the check date;
 * the CSCA a CA; the DS certificate not on a CRL its CSCA signed. ICAO PKI paths are one step long (link
 * certificates are CSCAs in the store), so no general path builder is needed.
 */
export interface ChainCheck {
  valid: boolean;
  csca: pkijs.Certificate | null;
  message: string;
  /** true: on a CRL of its CSCA; false: a CRL of its CSCA is held and does not list it; null: no CRL held. */
  revoked: boolean | null;
}

const BASIC_CONSTRAINTS = '2.5.29.19';
const AKI = '2.5.29.35';
const SKI = '2.5.29.14';

const der = (o: { toSchema(): asn1js.AsnType }): string => Buffer.from(o.toSchema().toBER(false)).toString('hex');
/** Names compared by their printed form: states re-encode strings (PrintableString, UTF8String) between certificates. */
const sameName = (a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames): boolean => der(a) === der(b) || nameToString(a).toUpperCase() === nameToString(b).toUpperCase();

function keyId(cert: pkijs.Certificate, oid: string): string | null {
  const ext = cert.extensions?.find((e) => e.extnID === oid);
  if (!ext) return null;
  const v = ext.parsedValue as { keyIdentifier?: asn1js.OctetString } | asn1js.OctetString | undefined;
  const bytes = v instanceof asn1js.OctetString ? v.valueBlock.valueHexView : v?.keyIdentifier?.valueBlock.valueHexView;
  return bytes ? Buffer.from(bytes).toString('hex') : null;
}

export function isCa(cert: pkijs.Certificate): boolean {
  const bc = cert.extensions?.find((e) => e.extnID === BASIC_CONSTRAINTS)?.parsedValue as pkijs.BasicConstraints | undefined;
  return bc?.cA === true;
}

function validAt(cert: pkijs.Certificate, now: Date): boolean {
  return cert.notBefore.value <= now && now <= cert.notAfter.value;
}

/** CRLs from the trust store, checked against their issuing CSCA before they are believed. */
export function isRevoked(ds: pkijs.Certificate, csca: pkijs.Certificate, crls: pkijs.CertificateRevocationList[]): boolean | null {
  const own = crls.filter((crl) => sameName(crl.issuer, csca.subject) && verifySignature(spkiOf(csca), crl.signatureAlgorithm, crl.tbsView, crl.signatureValue.valueBlock.valueHexView));
  if (own.length === 0) return null;
  const serial = Buffer.from(ds.serialNumber.valueBlock.valueHexView).toString('hex');
  return own.some((crl) => (crl.revokedCertificates ?? []).some((r) => Buffer.from(r.userCertificate.valueBlock.valueHexView).toString('hex') === serial));
}

export function checkChain(ds: pkijs.Certificate, trusted: pkijs.Certificate[], crls: pkijs.CertificateRevocationList[], now: Date): ChainCheck {
  if (trusted.length === 0) return { valid: false, csca: null, message: 'trust store is empty', revoked: null };
  const aki = keyId(ds, AKI);
  const candidates = trusted.filter((c) => sameName(c.subject, ds.issuer) && (!aki || !keyId(c, SKI) || keyId(c, SKI) === aki));
  if (candidates.length === 0) return { valid: false, csca: null, message: `no CSCA in the trust store is named ${nameToString(ds.issuer)}`, revoked: null };
  const signers = candidates.filter((c) => {
    try {
      return verifyCertificateSignature(ds, c);
    } catch {
      return false;
    }
  });
  if (signers.length === 0) return { valid: false, csca: null, message: 'the document signer certificate is not signed by the CSCA of that name', revoked: null };
  const csca = signers.find((c) => validAt(c, now) && isCa(c)) ?? signers[0]!;
  if (!isCa(csca)) return { valid: false, csca, message: 'the issuing certificate is not a CA (basicConstraints)', revoked: null };
  if (!validAt(csca, now)) return { valid: false, csca, message: `the CSCA certificate is not valid on ${now.toISOString().slice(0, 10)}`, revoked: null };
  if (!validAt(ds, now)) return { valid: false, csca, message: `the document signer certificate is not valid on ${now.toISOString().slice(0, 10)} (${ds.notBefore.value.toISOString().slice(0, 10)} to ${ds.notAfter.value.toISOString().slice(0, 10)})`, revoked: null };
  const revoked = isRevoked(ds, csca, crls);
  if (revoked) return { valid: false, csca, message: 'the document signer certificate is revoked by a CRL of its CSCA', revoked };
  return { valid: true, csca, message: 'OK', revoked };
}
