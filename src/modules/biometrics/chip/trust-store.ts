import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { checkChain, isCa } from './chain.ts';
import { verifyCms } from './cms.ts';
import { OID, parseCertificates, parseDer, parseSignedData, PkiError, pki, summarise, type CertificateSummary } from './pki.ts';

/**
 * Trusted country signing CA (CSCA) certificates: from a folder of PEM/DER certificates, ICAO CSCA master lists
 * (.ml: CMS SignedData of CscaMasterList ::= SEQUENCE { version INTEGER, certList SET OF Certificate }) and CRLs
 * (.crl, PEM or DER). A certificate file is the operator's own trust decision. A master list is only as good as
 * its signature: its CSCAs are trusted only when the CMS signature verifies and the master list signer's
 * certificate is valid and issued by a CSCA in the list itself or already in the folder; otherwise none of its
 * certificates is used and the loader says why (ADR 0126).
 */
export interface TrustSource {
  file: string;
  certificates: number;
  kind: 'certificate' | 'master-list' | 'crl';
  signature_valid?: boolean;
  /** For a master list: whether its certificates were added to the store. */
  trusted?: boolean;
  error?: string;
}

export interface TrustStore {
  certificates: pkijs.Certificate[];
  /** CRLs as found; each is believed only once its CSCA's signature on it verifies (chain.ts). */
  crls?: pkijs.CertificateRevocationList[];
  sources: TrustSource[];
}

export function emptyTrustStore(): TrustStore {
  return { certificates: [], crls: [], sources: [] };
}

export function trustStoreOf(certificates: Uint8Array[], crls: Uint8Array[] = []): TrustStore {
  const store = emptyTrustStore();
  for (const [i, c] of certificates.entries()) {
    const certs = parseCertificates(c);
    store.certificates.push(...certs);
    store.sources.push({ file: `#${i}`, certificates: certs.length, kind: 'certificate' });
  }
  for (const c of crls) store.crls!.push(...parseCrls(c));
  return store;
}

export interface MasterList {
  certificates: pkijs.Certificate[];
  /** The CMS signature over the list verifies with the master list signer certificate it carries. */
  signatureValid: boolean;
  /** The signature verifies AND the signer certificate chains to a CSCA (in the list or `anchors`) at `now`. */
  trusted: boolean;
  /** Why it is not trusted. */
  error?: string;
  signer: CertificateSummary | null;
}

/** A CSCA master list: its certificates, and whether they may be trusted (signature and signer chain). */
export async function parseMasterList(der: Uint8Array, options: { anchors?: pkijs.Certificate[]; now?: Date } = {}): Promise<MasterList> {
  pki();
  const { signedData, content } = parseSignedData(der, OID.cscaMasterList, 'CSCA master list');
  const root = parseDer(content, 'CscaMasterList');
  const certList = root instanceof asn1js.Sequence ? root.valueBlock.value[1] : undefined;
  if (!(certList instanceof asn1js.Set)) throw new PkiError('CscaMasterList: certList not found');
  const certificates = certList.valueBlock.value.map((schema) => new pkijs.Certificate({ schema }));
  const cms = verifyCms(signedData, content);
  const signer = cms.signer ? summarise(cms.signer) : null;
  if (!cms.valid || !cms.signer) return { certificates, signatureValid: false, trusted: false, error: `master list signature: ${cms.error ?? 'invalid'}`, signer };
  // The master list signer is issued by a CSCA (Doc 9303-12 §7.1.2); the CSCAs it may chain to are the list's own
  // self-signed ones and those the operator already trusts, never the signer's own certificate.
  const anchors = [...certificates.filter(isCa), ...(options.anchors ?? [])];
  const chain = checkChain(cms.signer, anchors, [], options.now ?? new Date());
  if (!chain.valid) return { certificates, signatureValid: true, trusted: false, error: `master list signer: ${chain.message}`, signer };
  return { certificates, signatureValid: true, trusted: true, signer };
}

export function parseCrls(data: Uint8Array): pkijs.CertificateRevocationList[] {
  pki();
  const text = new TextDecoder('latin1').decode(data);
  const blocks = text.includes('-----BEGIN X509 CRL-----')
    ? [...text.matchAll(/-----BEGIN X509 CRL-----([\s\S]+?)-----END X509 CRL-----/g)].map((m) => new Uint8Array(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64')))
    : [data];
  return blocks.map((b) => new pkijs.CertificateRevocationList({ schema: parseDer(b, 'CRL') }));
}

export async function loadTrustStore(dir: string, options: { now?: Date } = {}): Promise<TrustStore> {
  const store = emptyTrustStore();
  if (!fs.existsSync(dir)) throw new Error(`trust store folder not found: ${dir}`);
  const names = fs.readdirSync(dir).sort().filter((name) => fs.statSync(path.join(dir, name)).isFile());
  const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));
  // Certificates first: a master list's signer may chain to a CSCA the operator put in the folder.
  for (const name of names.filter((n) => /\.(pem|crt|cer|der)$/i.test(n))) {
    try {
      const certs = parseCertificates(read(name));
      store.certificates.push(...certs);
      store.sources.push({ file: name, certificates: certs.length, kind: 'certificate' });
    } catch (error) {
      store.sources.push({ file: name, certificates: 0, kind: 'certificate', error: (error as Error).message });
    }
  }
  const operatorCertificates = [...store.certificates];
  for (const name of names.filter((n) => /\.ml$/i.test(n))) {
    try {
      const ml = await parseMasterList(read(name), { anchors: operatorCertificates, now: options.now });
      if (ml.trusted) store.certificates.push(...ml.certificates);
      store.sources.push({ file: name, certificates: ml.trusted ? ml.certificates.length : 0, kind: 'master-list', signature_valid: ml.signatureValid, trusted: ml.trusted, ...(ml.error ? { error: ml.error } : {}) });
    } catch (error) {
      store.sources.push({ file: name, certificates: 0, kind: 'master-list', trusted: false, error: (error as Error).message });
    }
  }
  for (const name of names.filter((n) => /\.crl$/i.test(n))) {
    try {
      const crls = parseCrls(read(name));
      store.crls!.push(...crls);
      store.sources.push({ file: name, certificates: 0, kind: 'crl' });
    } catch (error) {
      store.sources.push({ file: name, certificates: 0, kind: 'crl', error: (error as Error).message });
    }
  }
  return store;
}

export function describeTrustStore(store: TrustStore): { certificates: CertificateSummary[]; crls: number; sources: TrustStore['sources'] } {
  return { certificates: store.certificates.map(summarise), crls: store.crls?.length ?? 0, sources: store.sources };
}
