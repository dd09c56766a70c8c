import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, parseCertificates, parseDer, parseSignedData, PkiError, summarise, type CertificateSummary } from './pki.ts';

/**
 * Trusted country signing CA (CSCA) certificates: from a folder of PEM/DER certificates and ICAO CSCA
 * master lists (.ml: CMS SignedData of CscaMasterList ::= SEQUENCE { version INTEGER, certList SET OF
 * Certificate }). What goes in the folder is the operator's trust decision: a master list's own signature
 * is checked for integrity, but the list is trusted because it was put there.
 */
export interface TrustStore {
  certificates: pkijs.Certificate[];
  sources: Array<{ file: string; certificates: number; kind: 'certificate' | 'master-list'; signature_valid?: boolean; error?: string }>;
}

export function emptyTrustStore(): TrustStore {
  return { certificates: [], sources: [] };
}

export function trustStoreOf(certificates: Uint8Array[]): TrustStore {
  const store = emptyTrustStore();
  for (const [i, c] of certificates.entries()) {
    const certs = parseCertificates(c);
    store.certificates.push(...certs);
    store.sources.push({ file: `#${i}`, certificates: certs.length, kind: 'certificate' });
  }
  return store;
}

/** The certificates of a CSCA master list and whether its CMS signature verifies with its own signer. */
export async function parseMasterList(der: Uint8Array): Promise<{ certificates: pkijs.Certificate[]; signatureValid: boolean }> {
  const { signedData, content } = parseSignedData(der, OID.cscaMasterList, 'CSCA master list');
  const root = parseDer(content, 'CscaMasterList');
  const certList = root instanceof asn1js.Sequence ? root.valueBlock.value[1] : undefined;
  if (!(certList instanceof asn1js.Set)) throw new PkiError('CscaMasterList: certList not found');
  const certificates = certList.valueBlock.value.map((schema) => new pkijs.Certificate({ schema }));
  let signatureValid = false;
  try {
    signatureValid = await signedData.verify({ signer: 0, checkChain: false });
  } catch {
    signatureValid = false;
  }
  return { certificates, signatureValid };
}

export async function loadTrustStore(dir: string): Promise<TrustStore> {
  const store = emptyTrustStore();
  if (!fs.existsSync(dir)) throw new Error(`trust store folder not found: ${dir}`);
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const data = new Uint8Array(fs.readFileSync(file));
    try {
      if (/\.ml$/i.test(name)) {
        const ml = await parseMasterList(data);
        store.certificates.push(...ml.certificates);
        store.sources.push({ file: name, certificates: ml.certificates.length, kind: 'master-list', signature_valid: ml.signatureValid });
      } else if (/\.(pem|crt|cer|der)$/i.test(name)) {
        const certs = parseCertificates(data);
        store.certificates.push(...certs);
        store.sources.push({ file: name, certificates: certs.length, kind: 'certificate' });
      }
    } catch (error) {
      store.sources.push({ file: name, certificates: 0, kind: /\.ml$/i.test(name) ? 'master-list' : 'certificate', error: (error as Error).message });
    }
  }
  return store;
}

export function describeTrustStore(store: TrustStore): { certificates: CertificateSummary[]; sources: TrustStore['sources'] } {
  return { certificates: store.certificates.map(summarise), sources: store.sources };
}
