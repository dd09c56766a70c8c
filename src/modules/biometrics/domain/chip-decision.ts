/**
 * Passive authentication decision (Doc 9303-11 §5.1), pure: the chip service gathers the facts, this
 * turns them into a verdict with reasons. Every check must hold; trust cannot be assumed when a step
 * could not be run.
 */
export type ChipReason =
  | 'SOD_INVALID'
  | 'DG_MISSING'
  | 'DG_NOT_IN_SOD'
  | 'DG_HASH_MISMATCH'
  | 'DS_CERTIFICATE_MISSING'
  | 'SIGNATURE_INVALID'
  | 'CSCA_UNTRUSTED'
  | 'DG1_INVALID'
  | 'DG2_INVALID'
  | 'MRZ_MISMATCH';

export type ChipWarning = 'PORTRAIT_NOT_DECODABLE' | 'NO_PRINTED_MRZ' | 'TRUST_STORE_EMPTY' | 'DG_NOT_PROVIDED';

export interface DataGroupCheck {
  number: number;
  provided: boolean;
  inSod: boolean;
  hashMatches: boolean | null;
}

export interface ChipFacts {
  sodValid: boolean;
  dataGroups: DataGroupCheck[];
  dsCertificatePresent: boolean;
  signatureValid: boolean | null;
  chainValid: boolean | null;
  trustStoreSize: number;
  dg1Valid: boolean;
  dg2Valid: boolean;
  /** null when no printed MRZ was given. */
  mrzMatches: boolean | null;
  portraitDecodable: boolean | null;
}

/** DG1 and DG2 are mandatory in every eMRTD (Doc 9303-10). */
export const REQUIRED_DATA_GROUPS = [1, 2];

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
    else if (f.signatureValid !== true) reasons.push('SIGNATURE_INVALID');
    if (f.chainValid !== true) reasons.push('CSCA_UNTRUSTED');
  }
  if (f.trustStoreSize === 0) warnings.push('TRUST_STORE_EMPTY');
  if (dg(1)?.provided && !f.dg1Valid) reasons.push('DG1_INVALID');
  if (dg(2)?.provided && !f.dg2Valid) reasons.push('DG2_INVALID');
  if (f.mrzMatches === false) reasons.push('MRZ_MISMATCH');
  if (f.mrzMatches === null) warnings.push('NO_PRINTED_MRZ');
  if (f.portraitDecodable === false) warnings.push('PORTRAIT_NOT_DECODABLE');
  return { passed: reasons.length === 0, reasons, warnings };
}
