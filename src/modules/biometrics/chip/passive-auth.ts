import { createHash, timingSafeEqual } from 'node:crypto';
import * as pkijs from 'pkijs';
import { decideChip, type ChipReason, type ChipWarning, type DataGroupCheck } from '../domain/chip-decision.ts';
import { normaliseMrz, parseDg1, parseDg2, type Dg2Portrait } from '../domain/lds.ts';
import { parseSod, type ParsedSod } from './sod.ts';
import { pki, summarise, type CertificateSummary } from './pki.ts';
import type { TrustStore } from './trust-store.ts';

/** What a chip-reading app sends: the raw files read from the chip (EF.SOD and the data groups). */
export interface ChipData {
  sod: Uint8Array;
  dg1?: Uint8Array;
  dg2?: Uint8Array;
  dg14?: Uint8Array;
  dg15?: Uint8Array;
  /** Any other data group by number (3, 7, 11, 12, ...). */
  other?: Record<number, Uint8Array>;
}

export interface ChipVerifyOptions {
  printedMrz?: string;
  /** Date for certificate validity (default: now). */
  now?: Date;
}

export interface ChipResult {
  passed: boolean;
  reasons: ChipReason[];
  warnings: ChipWarning[];
  sod: { hash_algorithm: string; lds_version: string | null; data_groups: number[]; signature_algorithm: string | null } | null;
  data_groups: Array<{ number: number; provided: boolean; in_sod: boolean; hash_matches: boolean | null }>;
  signature_valid: boolean | null;
  document_signer: CertificateSummary | null;
  csca: CertificateSummary | null;
  chain_valid: boolean | null;
  chain_message: string | null;
  mrz: { chip: string | null; printed_matches: boolean | null };
  portrait: { format: string; width: number; height: number; bytes: number; decodable: boolean | null } | null;
  errors: string[];
}

export interface ChipVerification {
  result: ChipResult;
  /** The DG2 portrait's image bytes (JPEG or JPEG 2000) for face comparison. */
  portrait: Dg2Portrait | null;
}

function dataGroupsOf(data: ChipData): Map<number, Uint8Array> {
  const map = new Map<number, Uint8Array>();
  for (const [n, v] of Object.entries(data.other ?? {})) map.set(Number(n), v);
  if (data.dg1) map.set(1, data.dg1);
  if (data.dg2) map.set(2, data.dg2);
  if (data.dg14) map.set(14, data.dg14);
  if (data.dg15) map.set(15, data.dg15);
  return map;
}

function checkHashes(sod: ParsedSod | null, provided: Map<number, Uint8Array>): DataGroupCheck[] {
  const numbers = new Set<number>([...provided.keys(), ...(sod ? sod.securityObject.hashes.keys() : []), 1, 2]);
  return [...numbers].sort((a, b) => a - b).map((number) => {
    const bytes = provided.get(number);
    const expected = sod?.securityObject.hashes.get(number);
    let hashMatches: boolean | null = null;
    if (bytes && expected) {
      const actual = createHash(sod!.securityObject.hashAlgorithm).update(bytes).digest();
      hashMatches = actual.length === expected.length && timingSafeEqual(actual, expected);
    }
    return { number, provided: Boolean(bytes), inSod: Boolean(expected), hashMatches };
  });
}

async function checkSignature(signedData: pkijs.SignedData): Promise<{ valid: boolean; signer: pkijs.Certificate | null; error?: string }> {
  try {
    const r = await signedData.verify({ signer: 0, checkChain: false, extendedMode: true });
    return { valid: r.signatureVerified === true, signer: r.signerCertificate ?? null };
  } catch (error) {
    const e = error as pkijs.SignedDataVerifyError;
    return { valid: e.signatureVerified === true, signer: e.signerCertificate ?? null, error: e.message };
  }
}

async function checkChain(ds: pkijs.Certificate, trust: TrustStore, now: Date): Promise<{ valid: boolean; csca: pkijs.Certificate | null; message: string }> {
  if (trust.certificates.length === 0) return { valid: false, csca: null, message: 'trust store is empty' };
  const engine = new pkijs.CertificateChainValidationEngine({ trustedCerts: trust.certificates, certs: [ds], checkDate: now });
  const r = await engine.verify();
  // The path runs from the DS certificate up to the trust anchor; the anchor is its last element.
  const path = (r as { certificatePath?: pkijs.Certificate[] }).certificatePath ?? [];
  return { valid: r.result, csca: r.result ? (path[path.length - 1] ?? null) : null, message: r.resultMessage };
}

export async function verifyChipData(data: ChipData, trust: TrustStore, options: ChipVerifyOptions = {}): Promise<ChipVerification> {
  pki();
  const errors: string[] = [];
  const now = options.now ?? new Date();
  let sod: ParsedSod | null = null;
  try {
    sod = parseSod(data.sod);
  } catch (error) {
    errors.push(`EF.SOD: ${(error as Error).message}`);
  }
  const provided = dataGroupsOf(data);
  const dataGroups = checkHashes(sod, provided);

  let signature: Awaited<ReturnType<typeof checkSignature>> | null = null;
  let chain: Awaited<ReturnType<typeof checkChain>> | null = null;
  if (sod) {
    signature = await checkSignature(sod.signedData);
    if (signature.error && !signature.valid) errors.push(`signature: ${signature.error}`);
    if (signature.signer) chain = await checkChain(signature.signer, trust, now);
  }

  let chipMrz: string | null = null;
  let dg1Valid = false;
  if (data.dg1) {
    try {
      chipMrz = parseDg1(data.dg1).mrz;
      dg1Valid = true;
    } catch (error) {
      errors.push(`DG1: ${(error as Error).message}`);
    }
  }
  const mrzMatches = options.printedMrz === undefined || chipMrz === null ? null : normaliseMrz(options.printedMrz) === chipMrz;

  let portrait: Dg2Portrait | null = null;
  if (data.dg2) {
    try {
      portrait = parseDg2(data.dg2);
    } catch (error) {
      errors.push(`DG2: ${(error as Error).message}`);
    }
  }
  const portraitDecodable = portrait ? await isDecodable(portrait) : null;

  const decision = decideChip({
    sodValid: sod !== null,
    dataGroups,
    dsCertificatePresent: Boolean(signature?.signer),
    signatureValid: signature ? signature.valid : null,
    chainValid: chain ? chain.valid : null,
    trustStoreSize: trust.certificates.length,
    dg1Valid,
    dg2Valid: portrait !== null,
    mrzMatches: options.printedMrz === undefined ? null : mrzMatches === true,
    portraitDecodable,
  });
  const signerInfo = sod?.signedData.signerInfos[0];
  return {
    portrait,
    result: {
      ...decision,
      sod: sod && {
        hash_algorithm: sod.securityObject.hashAlgorithm,
        lds_version: sod.securityObject.ldsVersion,
        data_groups: [...sod.securityObject.hashes.keys()].sort((a, b) => a - b),
        signature_algorithm: signerInfo?.signatureAlgorithm.algorithmId ?? null,
      },
      data_groups: dataGroups.map((d) => ({ number: d.number, provided: d.provided, in_sod: d.inSod, hash_matches: d.hashMatches })),
      signature_valid: signature ? signature.valid : null,
      document_signer: signature?.signer ? summarise(signature.signer) : null,
      csca: chain?.csca ? summarise(chain.csca) : null,
      chain_valid: chain ? chain.valid : null,
      chain_message: chain?.message ?? null,
      mrz: { chip: chipMrz, printed_matches: options.printedMrz === undefined ? null : mrzMatches === true },
      portrait: portrait && { format: portrait.format, width: portrait.width, height: portrait.height, bytes: portrait.image.length, decodable: portraitDecodable },
      errors,
    },
  };
}

/** JPEG decodes with sharp; JPEG 2000 needs a decoder the prebuilt sharp does not include. */
async function isDecodable(p: Dg2Portrait): Promise<boolean> {
  const { decodePortrait } = await import('./portrait.ts');
  return (await decodePortrait(p)) !== null;
}
