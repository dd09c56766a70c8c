import { createHash, timingSafeEqual } from 'node:crypto';
import type * as pkijs from 'pkijs';
import { countryMatches, decideChip, type ChipReason, type ChipWarning, type DataGroupCheck } from '../domain/chip-decision.ts';
import { parseDg1, parseDg2, type Dg2Portrait } from '../domain/lds.ts';
import { compareMrz, type MrzBinding } from '../domain/mrz-binding.ts';
import { verifyActiveAuthentication, type ActiveAuthResult } from './active-auth.ts';
import { checkChain, type ChainCheck } from './chain.ts';
import { verifyChipAuthResponses, type ChipAuthSession } from './chip-auth.ts';
import { verifyCms, type CmsCheck } from './cms.ts';
import { parseDg14, type Dg14 } from './dg14.ts';
import { parseSod, type ParsedSod } from './sod.ts';
import { countryOf, pki, summarise, type CertificateSummary } from './pki.ts';
import { publicKeyFromSpki, signatureSchemeName, spkiOf } from './signature.ts';
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
  /** The MRZ read from the photographed document (or typed from it): DG1 must equal it. */
  printedMrz?: string;
  /** Date for certificate validity (default: now). */
  now?: Date;
  /**
   * The chip's answer to an active authentication challenge. `challengeValid`: whether the challenge is one the
   * server issued for this session, unexpired and used once (judged by the caller, which holds the challenges).
   */
  activeAuth?: { challenge: Uint8Array; signature: Uint8Array; challengeValid?: boolean | null };
  /** A chip with DG15 and no answer to a challenge fails (onboarding); otherwise it is a warning. */
  requireActiveAuthentication?: boolean;
  /** The reader says it performed chip authentication (recorded, not verified). */
  chipAuthenticationAsserted?: boolean;
  /**
   * The chip's responses to the commands of a chip authentication session this server started (chip-auth.ts).
   * `session` is null when the upload names no session of this server that it used (judged by the caller, which
   * holds the sessions): unknown, expired, used before, or another run's.
   */
  chipAuth?: { session: ChipAuthSession | null; responses: Uint8Array[] };
}

export interface ChipResult {
  passed: boolean;
  reasons: ChipReason[];
  warnings: ChipWarning[];
  sod: { hash_algorithm: string; lds_version: string | null; data_groups: number[]; signature_algorithm: string | null; signature_scheme: string | null } | null;
  data_groups: Array<{ number: number; provided: boolean; in_sod: boolean; hash_matches: boolean | null }>;
  signature_valid: boolean | null;
  document_signer: (CertificateSummary & { key: KeySummary | null }) | null;
  csca: (CertificateSummary & { key: KeySummary | null }) | null;
  chain_valid: boolean | null;
  chain_message: string | null;
  /** The DS certificate on a CRL of its CSCA (true), not on one (false), no CRL held (null). */
  revoked: boolean | null;
  /** DG1's issuing state (alpha-3) and whether the CSCA and document signer are of that state. */
  issuing_state: string | null;
  country_matches: boolean | null;
  mrz: { chip: string | null; printed_matches: boolean | null; protected_fields_differ?: string[] };
  portrait: { format: string; width: number; height: number; bytes: number; decodable: boolean | null } | null;
  active_authentication: { supported: boolean; performed: boolean; challenge_valid: boolean | null; signature_valid: boolean | null; algorithm: string | null; hash: string | null };
  chip_authentication: {
    supported: boolean; protocols: string[]; key_agreement: string[];
    /** Responses to a server session came; the session was this server's for this upload; they verified (null: none came). */
    performed: boolean; session_valid: boolean | null; verified: boolean | null; protocol: string | null;
    reader_asserted: boolean | null;
  };
  pace: boolean | null;
  errors: string[];
}

export interface KeySummary {
  type: string;
  curve: string | null;
  explicit_parameters: boolean;
  bits: number | null;
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

  let signature: CmsCheck | null = null;
  let chain: ChainCheck | null = null;
  if (sod) {
    signature = verifyCms(sod.signedData, sod.content);
    if (!signature.valid) errors.push(`signature: ${signature.error ?? 'invalid'}`);
    if (signature.signer) chain = checkChain(signature.signer, trust.certificates, trust.crls ?? [], now);
    if (chain && !chain.valid) errors.push(`chain: ${chain.message}`);
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
  // A DG1 that could not be read matches no printed MRZ, but shows nothing false either (DG1_INVALID says why).
  const mrzBinding: MrzBinding | null = options.printedMrz === undefined ? null
    : chipMrz === null ? { comparison: 'UNPROTECTED_FIELD_DIFFERS', protectedFields: [] } : compareMrz(chipMrz, options.printedMrz);

  let portrait: Dg2Portrait | null = null;
  if (data.dg2) {
    try {
      portrait = parseDg2(data.dg2);
    } catch (error) {
      errors.push(`DG2: ${(error as Error).message}`);
    }
  }
  const portraitDecodable = portrait ? await isDecodable(portrait) : null;

  let dg14: Dg14 | null = null;
  if (data.dg14) {
    try {
      dg14 = parseDg14(data.dg14);
    } catch (error) {
      errors.push(`DG14: ${(error as Error).message}`);
    }
  }
  // DG15 counts only when the SOD vouches for it (its hash is checked with the others).
  const dg15Trusted = Boolean(data.dg15) && dataGroups.some((d) => d.number === 15 && d.hashMatches === true);
  let aa: ActiveAuthResult | null = null;
  if (options.activeAuth) {
    aa = data.dg15 ? verifyActiveAuthentication(data.dg15, options.activeAuth.challenge, options.activeAuth.signature, dg14?.aaHash ?? null) : { valid: false, algorithm: null, hash: null, error: 'no DG15 to check the response with' };
    if (aa.valid && !dg15Trusted) aa = { ...aa, valid: false, error: 'DG15 is not covered by a valid SOD hash' };
    if (!aa.valid) errors.push(`active authentication: ${aa.error ?? 'invalid'}`);
  }

  const ca = options.chipAuth ? checkChipAuthentication(options.chipAuth, dg14, data.dg1, dataGroups) : null;
  if (ca && !ca.valid) errors.push(`chip authentication: ${ca.error ?? 'invalid'}`);

  const issuingState = chipMrz ? chipMrz.slice(2, 5) : null;
  const cscaCountry = chain?.csca ? countryOf(chain.csca.subject) : null;
  const dsCountry = signature?.signer ? countryOf(signature.signer.subject) : null;
  const decision = decideChip({
    sodValid: sod !== null,
    dataGroups,
    dsCertificatePresent: Boolean(signature?.signer),
    signatureValid: signature ? signature.valid : null,
    signatureUnsupported: signature?.unsupported === true,
    chainValid: chain ? chain.valid : null,
    trustStoreSize: trust.certificates.length,
    cscaCountry, dsCountry, issuingState,
    dsRevoked: chain?.revoked ?? null,
    dg1Valid,
    dg2Valid: portrait !== null,
    mrzComparison: mrzBinding?.comparison ?? null,
    portraitDecodable,
    aaSupported: Boolean(data.dg15) || Boolean(sod?.securityObject.hashes.has(15)),
    aaRequired: options.requireActiveAuthentication === true,
    aa: options.activeAuth ? { performed: true, challengeValid: options.activeAuth.challengeValid ?? null, signatureValid: aa?.valid === true } : null,
    caSupported: (dg14?.chipAuthenticationKeys.length ?? 0) > 0,
    ca: options.chipAuth ? { performed: true, sessionValid: options.chipAuth.session !== null, verified: ca?.valid === true } : null,
  });
  const signerInfo = sod?.signedData.signerInfos[0];
  const country = chain?.valid ? countryMatches({ cscaCountry, dsCountry, issuingState }) : null;
  return {
    portrait,
    result: {
      ...decision,
      sod: sod && {
        hash_algorithm: sod.securityObject.hashAlgorithm,
        lds_version: sod.securityObject.ldsVersion,
        data_groups: [...sod.securityObject.hashes.keys()].sort((a, b) => a - b),
        signature_algorithm: signerInfo?.signatureAlgorithm.algorithmId ?? null,
        signature_scheme: signerInfo ? signatureSchemeName(signerInfo.signatureAlgorithm, signerInfo.digestAlgorithm.algorithmId) : null,
      },
      data_groups: dataGroups.map((d) => ({ number: d.number, provided: d.provided, in_sod: d.inSod, hash_matches: d.hashMatches })),
      // null: not checked (no SOD, or an algorithm the verifier does not support), as opposed to checked and false.
      signature_valid: signature && !signature.unsupported ? signature.valid : null,
      document_signer: signature?.signer ? { ...summarise(signature.signer), key: keySummary(signature.signer) } : null,
      csca: chain?.csca ? { ...summarise(chain.csca), key: keySummary(chain.csca) } : null,
      chain_valid: chain ? chain.valid : null,
      chain_message: chain?.message ?? null,
      revoked: chain?.revoked ?? null,
      issuing_state: issuingState,
      country_matches: country,
      mrz: {
        chip: chipMrz,
        printed_matches: mrzBinding ? mrzBinding.comparison === 'MATCH' : null,
        // Which check-digit-protected fields differ (names of fields, never their values).
        ...(mrzBinding?.protectedFields.length ? { protected_fields_differ: mrzBinding.protectedFields } : {}),
      },
      portrait: portrait && { format: portrait.format, width: portrait.width, height: portrait.height, bytes: portrait.image.length, decodable: portraitDecodable },
      active_authentication: {
        supported: Boolean(data.dg15),
        performed: Boolean(options.activeAuth),
        challenge_valid: options.activeAuth?.challengeValid ?? null,
        signature_valid: aa ? aa.valid : null,
        algorithm: aa?.algorithm ?? null,
        hash: aa?.hash ?? null,
      },
      chip_authentication: {
        supported: (dg14?.chipAuthenticationKeys.length ?? 0) > 0,
        protocols: dg14?.chipAuthentication.map((c) => c.name) ?? [],
        key_agreement: dg14?.chipAuthenticationKeys.map((k) => k.keyAgreement) ?? [],
        // Verified only by the server's own session (chip-auth.ts); what the reader says it did is recorded, not believed.
        performed: Boolean(options.chipAuth),
        session_valid: options.chipAuth ? options.chipAuth.session !== null : null,
        verified: ca ? ca.valid : null,
        protocol: options.chipAuth?.session?.name ?? null,
        reader_asserted: options.chipAuthenticationAsserted ?? null,
      },
      pace: dg14?.pace ?? null,
      errors,
    },
  };
}

/**
 * The chip's answers to the server's session, then what binds them to this document: the session's key is one of
 * the uploaded DG14's, DG14's hash is the SOD's, and the DG1 bytes the chip sent under the session keys are the
 * uploaded DG1's (whose hash is the SOD's too).
 */
function checkChipAuthentication(input: NonNullable<ChipVerifyOptions['chipAuth']>, dg14: Dg14 | null, dg1: Uint8Array | undefined, dataGroups: DataGroupCheck[]): { valid: boolean; error?: string } {
  const { session, responses } = input;
  if (!session) return { valid: false, error: 'the responses answer no chip authentication session this server started for this upload' };
  const answer = verifyChipAuthResponses(session, responses);
  if (!answer.valid) return answer;
  if (!dg14?.chipAuthenticationKeys.some((k) => Buffer.from(k.spki).toString('base64') === session.chipKey)) return { valid: false, error: 'the session\'s chip key is not in the uploaded DG14' };
  if (!dataGroups.some((d) => d.number === 14 && d.hashMatches === true)) return { valid: false, error: 'DG14 is not covered by a valid SOD hash' };
  if (!dg1 || !answer.read || Buffer.compare(Buffer.from(dg1.subarray(0, answer.read.length)), Buffer.from(answer.read)) !== 0) {
    return { valid: false, error: 'the chip read back a DG1 other than the uploaded one' };
  }
  return { valid: true };
}

function keySummary(cert: pkijs.Certificate): { type: string; curve: string | null; explicit_parameters: boolean; bits: number | null } | null {
  try {
    const k = publicKeyFromSpki(spkiOf(cert));
    return { type: k.type, curve: k.curve, explicit_parameters: k.explicitParameters, bits: k.bits };
  } catch {
    return null;
  }
}

/** JPEG decodes with sharp; JPEG 2000 needs a decoder the prebuilt sharp does not include. */
async function isDecodable(p: Dg2Portrait): Promise<boolean> {
  const { decodePortrait } = await import('./portrait.ts');
  return (await decodePortrait(p)) !== null;
}
