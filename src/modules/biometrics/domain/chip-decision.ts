import { alpha3ToAlpha2 } from '../../../platform/domain/countries.ts';
import type { MrzComparison } from './mrz-binding.ts';

/**
 * The chip decision (Doc 9303-11 §5.1 passive authentication, §6.1 active authentication), pure: the chip service
 * gathers the facts, this turns them into a verdict with reasons. Every check must hold; trust cannot be assumed
 * when a step could not be run.
 */
export type ChipReason =
  | 'SOD_INVALID'
  | 'DG_MISSING'
  | 'DG_NOT_IN_SOD'
  | 'DG_HASH_MISMATCH'
  | 'DS_CERTIFICATE_MISSING'
  /** The SOD's signature was checked and does not verify with the document signer's key. */
  | 'SIGNATURE_INVALID'
  /** The SOD's signature could not be checked: its algorithm, hash, key type or curve is one the verifier does not support. */
  | 'SIGNATURE_ALGORITHM_UNSUPPORTED'
  | 'CSCA_UNTRUSTED'
  /** The CSCA (or the document signer) belongs to another state than the one DG1 names as the issuer. */
  | 'CSCA_COUNTRY_MISMATCH'
  | 'DS_REVOKED'
  | 'DG1_INVALID'
  | 'DG2_INVALID'
  /**
   * DG1 differs from the MRZ read from the photographed document in a field the printed MRZ protects with a check
   * digit that holds (document number, date of birth, date of expiry): not an OCR misread (mrz-binding.ts).
   */
  | 'MRZ_MISMATCH'
  /**
   * DG1 differs from the printed MRZ only where no valid printed check digit protects it (names, nationality, sex,
   * optional data, a field whose printed check digit fails, or a printed MRZ of another length): a misread as much as
   * another document.
   */
  | 'MRZ_UNPROTECTED_MISMATCH'
  /** The chip holds an active authentication key (DG15) but no response to a server challenge came with it. */
  | 'AA_NOT_PERFORMED'
  /** The response to the challenge does not verify with the DG15 key: a cloned or emulated chip. */
  | 'AA_FAILED'
  /** The challenge the chip signed is not one this server issued for this session, has expired or was used before. */
  | 'AA_CHALLENGE_INVALID'
  /**
   * Chip authentication responses came for a session this server started, and they do not prove DG14's key: a MAC
   * that does not verify with the session keys, an error status, DG1 read back not the uploaded one, or a session
   * key not the SOD-signed DG14's. A cloned or emulated chip (or a reader that altered the responses).
   */
  | 'CA_FAILED'
  /** Chip authentication responses came without a session this server started for this upload (unknown, used, expired). */
  | 'CA_SESSION_INVALID';

export type ChipWarning =
  | 'PORTRAIT_NOT_DECODABLE' | 'NO_PRINTED_MRZ' | 'TRUST_STORE_EMPTY' | 'DG_NOT_PROVIDED'
  /** DG15 present but active authentication was not asked for (offline verification of dumped files). */
  | 'AA_NOT_PERFORMED'
  /** DG14 announces chip authentication and the reader sent no answers to a session of this server (ADR 0198). */
  | 'CA_NOT_VERIFIED';

export interface DataGroupCheck {
  number: number;
  provided: boolean;
  inSod: boolean;
  hashMatches: boolean | null;
}

export interface ActiveAuthFacts {
  /** A response to a challenge was sent. */
  performed: boolean;
  /** The challenge is one the server issued for this session, unexpired and unused (null: not judged here). */
  challengeValid: boolean | null;
  /** The signature verifies with the DG15 key. */
  signatureValid: boolean;
}

export interface ChipFacts {
  sodValid: boolean;
  dataGroups: DataGroupCheck[];
  dsCertificatePresent: boolean;
  signatureValid: boolean | null;
  /** The signature could not be checked (algorithm, hash, key type or curve not supported): not a failed check. */
  signatureUnsupported?: boolean;
  chainValid: boolean | null;
  trustStoreSize: number;
  /** C of the CSCA the chain ended at and of the document signer, and DG1's issuing state (alpha-3). */
  cscaCountry: string | null;
  dsCountry: string | null;
  issuingState: string | null;
  dsRevoked: boolean | null;
  dg1Valid: boolean;
  dg2Valid: boolean;
  /** DG1 against the printed MRZ (mrz-binding.ts); null when no printed MRZ was given. */
  mrzComparison: MrzComparison | null;
  portraitDecodable: boolean | null;
  /** DG15 (active authentication public key) is listed in the SOD and provided. */
  aaSupported: boolean;
  /** Whether a missing AA response fails the chip (onboarding: yes; offline file checks: a warning). */
  aaRequired: boolean;
  aa: ActiveAuthFacts | null;
  caSupported: boolean;
  /** Chip authentication answered on a server session (null: no answers came). */
  ca: ChipAuthFacts | null;
}

export interface ChipAuthFacts {
  /** Responses to a chip authentication session were sent. */
  performed: boolean;
  /** The session is one this server started for this upload, unexpired and used once. */
  sessionValid: boolean;
  /** The responses verify with the session keys and bind to this document's DG14 and DG1. */
  verified: boolean;
}

/** DG1 and DG2 are mandatory in every eMRTD (Doc 9303-10). */
export const REQUIRED_DATA_GROUPS = [1, 2];

/**
 * The ISO 3166 alpha-2 code a CSCA's C attribute should hold for an MRZ issuing state (alpha-3 with ICAO's own
 * codes): D is Germany, the British categories are GB, the UN codes UN, EUE the EU, and the specimen state UTO
 * is UT (ICAO's test PKI).
 */
export function issuingStateAlpha2(state: string): string | null {
  const s = state.replace(/</g, '').toUpperCase();
  if (/^GB[DNOPS]$/.test(s)) return 'GB';
  if (/^UN[OAK]$/.test(s)) return 'UN';
  if (s === 'EUE') return 'EU';
  if (s === 'UTO') return 'UT';
  return alpha3ToAlpha2(s) ?? null;
}

/**
 * Whether the CSCA (and the document signer, when it names a country) belong to DG1's issuing state. null when
 * the issuing state is unknown (DG1 unreadable: failed for that reason already); false when the CSCA names no
 * country, since every CSCA must (Doc 9303-12).
 */
export function countryMatches(f: Pick<ChipFacts, 'cscaCountry' | 'dsCountry' | 'issuingState'>): boolean | null {
  if (!f.issuingState) return null;
  if (!f.cscaCountry) return false;
  const want = issuingStateAlpha2(f.issuingState);
  const csca = f.cscaCountry.toUpperCase();
  if (csca !== want && csca !== f.issuingState.replace(/</g, '')) return false;
  return !f.dsCountry || f.dsCountry.toUpperCase() === csca;
}

export function decideChip(f: ChipFacts): { passed: boolean; reasons: ChipReason[]; warnings: ChipWarning[] } {
  const reasons: ChipReason[] = [];
  const warnings: ChipWarning[] = [];
  if (!f.sodValid) reasons.push('SOD_INVALID');
  const dg = (n: number): DataGroupCheck | undefined => f.dataGroups.find((d) => d.number === n);
  if (REQUIRED_DATA_GROUPS.some((n) => !dg(n)?.provided)) reasons.push('DG_MISSING');
  if (f.sodValid) {
    if (f.dataGroups.some((d) => d.provided && !d.inSod)) reasons.push('DG_NOT_IN_SOD');
    if (f.dataGroups.some((d) => d.hashMatches === false)) reasons.push('DG_HASH_MISMATCH');
    if (f.dataGroups.some((d) => d.inSod && !d.provided)) warnings.push('DG_NOT_PROVIDED');
    if (!f.dsCertificatePresent) reasons.push('DS_CERTIFICATE_MISSING');
    else if (f.signatureValid !== true) reasons.push(f.signatureUnsupported ? 'SIGNATURE_ALGORITHM_UNSUPPORTED' : 'SIGNATURE_INVALID');
    if (f.dsRevoked === true) reasons.push('DS_REVOKED');
    else if (f.chainValid !== true) reasons.push('CSCA_UNTRUSTED');
    // A CSCA of one state must not vouch for another state's documents (a C=UT CSCA signing a GBR DG1).
    if (f.chainValid === true && countryMatches(f) === false) reasons.push('CSCA_COUNTRY_MISMATCH');
  }
  if (f.trustStoreSize === 0) warnings.push('TRUST_STORE_EMPTY');
  if (dg(1)?.provided && !f.dg1Valid) reasons.push('DG1_INVALID');
  if (dg(2)?.provided && !f.dg2Valid) reasons.push('DG2_INVALID');
  if (f.mrzComparison === 'PROTECTED_FIELD_DIFFERS') reasons.push('MRZ_MISMATCH');
  if (f.mrzComparison === 'UNPROTECTED_FIELD_DIFFERS') reasons.push('MRZ_UNPROTECTED_MISMATCH');
  if (f.mrzComparison === null) warnings.push('NO_PRINTED_MRZ');
  if (f.portraitDecodable === false) warnings.push('PORTRAIT_NOT_DECODABLE');
  if (f.aa?.performed) {
    if (f.aa.challengeValid === false) reasons.push('AA_CHALLENGE_INVALID');
    if (!f.aa.signatureValid) reasons.push('AA_FAILED');
  } else if (f.aaSupported) {
    if (f.aaRequired) reasons.push('AA_NOT_PERFORMED');
    else warnings.push('AA_NOT_PERFORMED');
  }
  if (f.ca?.performed) {
    if (!f.ca.sessionValid) reasons.push('CA_SESSION_INVALID');
    else if (!f.ca.verified) reasons.push('CA_FAILED');
  } else if (f.caSupported) {
    warnings.push('CA_NOT_VERIFIED');
  }
  return { passed: reasons.length === 0, reasons, warnings };
}
