import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { checkChain, isCa } from './chain.ts';
import { verifyCms } from './cms.ts';
import { LdifError, ldifEntries } from './ldif.ts';
import { OID, parseCertificates, parseDer, parseSignedData, PkiError, pki, summarise, type CertificateSummary } from './pki.ts';

/**
 * Trusted country signing CA (CSCA) certificates: from a folder of PEM/DER certificates, ICAO CSCA master lists
 * (.ml: CMS SignedData of CscaMasterList ::= SEQUENCE { version INTEGER, certList SET OF Certificate }) and CRLs
 * (.crl, PEM or DER). A certificate file is the operator's own trust decision. A master list is only as good as
 * its signature: its CSCAs are trusted only when the CMS signature verifies and the master list signer's
 * certificate is valid and issued by a CSCA in the list itself or already in the folder; otherwise none of its
 * certificates is used and the loader says why (ADR 0126). ICAO PKD LDIF files (.ldif) are read for their master
 * lists and CRLs (ADR 0206).
 */
export interface TrustSource {
  file: string;
  certificates: number;
  kind: 'certificate' | 'master-list' | 'crl' | 'ldif';
  /** For an ICAO PKD LDIF file: what it held (ldif.ts). Document signer certificates are counted, never trusted. */
  ldif?: { master_lists: number; crls: number; document_signers_not_used: number; other_entries: number };
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
  for (const name of names.filter((n) => /\.ldif$/i.test(n))) store.sources.push(...(await readPkdLdif(store, name, read(name), operatorCertificates, options.now)));
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

/**
 * An ICAO PKD LDIF file (ADR 0206): each master list in it (`pkdMasterListContent`) is trusted on the same terms as a
 * `.ml` file and listed as its own source; its CRLs are added (believed only once their CSCA's signature verifies,
 * chain.ts). Document signer certificates (`userCertificate`) are not trust anchors: a chip's SOD carries its own,
 * which must chain to a CSCA, so they are counted and left out. What was read before a malformed line is kept (each
 * master list stands on its own signature) and the file's source says where reading stopped.
 */
async function readPkdLdif(store: TrustStore, file: string, bytes: Uint8Array, anchors: pkijs.Certificate[], now?: Date): Promise<TrustSource[]> {
  const summary: TrustSource = { file, certificates: 0, kind: 'ldif', ldif: { master_lists: 0, crls: 0, document_signers_not_used: 0, other_entries: 0 } };
  const counts = summary.ldif!;
  const sources: TrustSource[] = [summary];
  let index = 0;
  try {
    for (const entry of ldifEntries(new TextDecoder('utf-8').decode(bytes))) {
      index++;
      // The entry's number in the file and its state (the dn's c=), so an operator can find it: icaopkd-002.ldif#3 (FR).
      const where = `${file}#${index} (${entry.dn.match(/(?:^|,)c=([A-Za-z]{2,3})(?:,|$)/i)?.[1]?.toUpperCase() ?? '?'})`;
      let used = false;
      for (const attribute of entry.attributes) {
        const name = attribute.name.split(';')[0];
        const der = new Uint8Array(attribute.value);
        if (name === 'pkdmasterlistcontent') {
          used = true;
          counts.master_lists++;
          try {
            const ml = await parseMasterList(der, { anchors, now });
            if (ml.trusted) store.certificates.push(...ml.certificates);
            const added = ml.trusted ? ml.certificates.length : 0;
            summary.certificates += added;
            sources.push({ file: where, certificates: added, kind: 'master-list', signature_valid: ml.signatureValid, trusted: ml.trusted, ...(ml.error ? { error: ml.error } : {}) });
          } catch (error) {
            sources.push({ file: where, certificates: 0, kind: 'master-list', trusted: false, error: (error as Error).message });
          }
        } else if (name === 'certificaterevocationlist') {
          used = true;
          counts.crls++;
          try {
            store.crls!.push(...parseCrls(der));
          } catch (error) {
            sources.push({ file: where, certificates: 0, kind: 'crl', error: (error as Error).message });
          }
        } else if (name === 'usercertificate') {
          used = true;
          counts.document_signers_not_used++;
        }
      }
      if (!used) counts.other_entries++;
    }
  } catch (error) {
    summary.error = error instanceof LdifError ? `read stopped: ${error.message}` : (error as Error).message;
  }
  return sources;
}

export function describeTrustStore(store: TrustStore): { certificates: CertificateSummary[]; crls: number; sources: TrustStore['sources'] } {
  return { certificates: store.certificates.map(summarise), crls: store.crls?.length ?? 0, sources: store.sources };
}
