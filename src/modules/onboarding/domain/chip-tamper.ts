/**
 * What a failed chip says about the document (issue 23, ADR 0180): the one place that tells a chip whose data was
 * altered or forged (evidence that the document is not genuine: GPG 45 validity 0, identity fraud 0, AML ALERT)
 * from a chip that could not be verified (not shown genuine, not shown false: it stays in review, as before).
 *
 * The keys are the chip decision's reasons (biometrics/domain/chip-decision.ts, `ChipReason`, as the chip check
 * stores them in `details.chip.reasons`); chip-tamper.test.ts fails to compile when a reason is added there and
 * not classified here. A reason this table does not know is never taken as tampering: an accusation needs a
 * check that says so.
 */

export type ChipFailureClass = 'tampered' | 'unverified';

export const CHIP_REASON_CLASS = {
  // Tampered: a check that ran and found the chip's data contradicting what the issuing state signed or the
  // document in hand. A genuine chip read correctly cannot produce any of these.

  /** The hash of a data group read differs from the one in the signed SOD (Doc 9303-11 §5.1, passive authentication: the data groups' hashes compared with the SOD's): the data was changed after signing. */
  DG_HASH_MISMATCH: 'tampered',
  /** The SOD's signature was checked and does not verify with the document signer's key: the SOD (the list of hashes) was altered or signed by someone else. */
  SIGNATURE_INVALID: 'tampered',
  /** The issuing state revoked the document signer (its CRL, Doc 9303-12): what it signed is no longer vouched for by that state; revocation is for a compromised or misused key. */
  DS_REVOKED: 'tampered',
  /** The chain ends at a trusted CSCA, but of another state than the one DG1 names as issuer: the data claims an issuer that did not sign it (a forger signing with a specimen or another state's PKI). */
  CSCA_COUNTRY_MISMATCH: 'tampered',
  /**
   * DG1 (the MRZ the state signed) differs from the MRZ printed on the photographed page in a field the printed MRZ
   * protects with a check digit that holds (document number, date of birth, date of expiry; biometrics
   * domain/mrz-binding.ts): not an OCR misread, so the page and the chip are not one document (a substituted data
   * page or chip).
   */
  MRZ_MISMATCH: 'tampered',
  /**
   * The chip's answer to this server's challenge does not verify with its DG15 public key (Doc 9303-11 §6.1, active
   * authentication): the chip does not hold the private key the issuer put in it, a cloned or emulated chip. Counted
   * only when the SOD vouches for DG15 (its hash matched): the chip decision also gives AA_FAILED when DG15 is absent
   * or unsigned, which shows nothing about the chip in hand (see `chipTamperEvidence`).
   */
  AA_FAILED: 'tampered',
  /**
   * The chip's answers to this server's chip authentication session (Doc 9303-11 §6.2, ADR 0198) do not verify with
   * the session keys agreed with DG14's public key, or carry a DG1 other than the signed one: the chip does not hold
   * DG14's private key, a cloned or emulated chip. Counted only when the SOD vouches for DG14, as AA_FAILED for DG15.
   */
  CA_FAILED: 'tampered',

  // Unverified: the check could not be completed, for want of data or of a trust anchor. Nothing was found false.

  /** The SOD could not be parsed: a damaged or incomplete upload as much as a forged one; nothing could be compared. */
  SOD_INVALID: 'unverified',
  /** DG1 or DG2 was not sent by the reader. */
  DG_MISSING: 'unverified',
  /** A data group was sent that the SOD does not list: that group is unsigned and not used, and the signed ones are intact (a reader sending an extra file is not an altered document). */
  DG_NOT_IN_SOD: 'unverified',
  /** No document signer certificate in the SOD to check the signature with: the signature was not checked at all. */
  DS_CERTIFICATE_MISSING: 'unverified',
  /** The SOD's signature uses a digest, algorithm, key type or curve the verifier does not support: likewise not checked (a state adopting a new curve is not a forger). */
  SIGNATURE_ALGORITHM_UNSUPPORTED: 'unverified',
  /** The chain does not reach a CSCA in the trust store: an empty or partial store (this service's, not the document's fault) cannot be told apart from a self-made CSCA. */
  CSCA_UNTRUSTED: 'unverified',
  /** DG1 could not be parsed as an MRZ; when it was altered its hash says so (DG_HASH_MISMATCH). */
  DG1_INVALID: 'unverified',
  /** DG2 holds no portrait this service can read; likewise. */
  DG2_INVALID: 'unverified',
  /**
   * DG1 differs from the printed MRZ only where no valid printed check digit protects it: names, nationality, sex,
   * optional data, a field whose printed check digit fails, or a printed MRZ of another length. An OCR misread of a
   * genuine page gives exactly this, so it is not evidence of another document.
   */
  MRZ_UNPROTECTED_MISMATCH: 'unverified',
  /** The chip holds an active authentication key, but the phone did not ask it to answer a challenge. */
  AA_NOT_PERFORMED: 'unverified',
  /** The chip answered a challenge this server did not issue for this session (or one used or expired): this chip was not shown to answer now, which is not a finding that the document is false. */
  AA_CHALLENGE_INVALID: 'unverified',
  /** Chip authentication answers came for no session this server started for this upload (unknown, used or expired): as AA_CHALLENGE_INVALID. */
  CA_SESSION_INVALID: 'unverified',
} as const satisfies Record<string, ChipFailureClass>;

/**
 * The chip reasons that show the document altered or forged, in the order given; empty when none does (passed, or
 * only not verified). `aaKeySigned`: DG15 was sent and its hash matched the SOD's, so a failed active
 * authentication is the chip's own failure. `mrzProtectedFieldsNamed`: the chip result names the check-digit-protected
 * fields that differ (`mrz.protected_fields_differ`), so its MRZ_MISMATCH is the field-by-field finding; a result
 * stored before that comparison (ADR 0180 decision 5) compared the whole MRZ, where a name misread gave MRZ_MISMATCH.
 * `caKeySigned`: DG14 was sent and its hash matched the SOD's, so a failed chip authentication is the chip's own
 * failure (absent: not known, never an accusation).
 */
export function chipTamperEvidence(reasons: readonly string[], facts: { aaKeySigned: boolean; mrzProtectedFieldsNamed: boolean; caKeySigned?: boolean }): string[] {
  return reasons.filter((reason) => {
    if (reason === 'AA_FAILED') return facts.aaKeySigned;
    if (reason === 'CA_FAILED') return facts.caKeySigned === true;
    if (reason === 'MRZ_MISMATCH') return facts.mrzProtectedFieldsNamed;
    return (CHIP_REASON_CLASS as Record<string, ChipFailureClass | undefined>)[reason] === 'tampered';
  });
}
