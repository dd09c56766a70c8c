/**
 * Onboarding's needs-review rule: whether a processed report waits for a person (REPORT_IN_REVIEW, and the
 * console's review queue). The one place this is decided; processing.ts applies it to every finished run.
 */
export interface ProcessedOutcome {
  /** The spec's idscan.document_decision, or null when no identity document was checked. */
  documentDecision: string | null;
  /** The spec's face_match_decision (face match AND liveness), or null when not asked for. */
  faceDecision: 'PASSED' | 'FAILED' | null;
  /** The report's reason codes. */
  reasons: readonly string[];
}

/** A proof (of address or identity) that did not pass: PROOF_OF_ADDRESS_REFER, PROOF_OF_IDENTITY_ALERT, ... */
const PROOF_NOT_PASSED = /^PROOF_OF_(ADDRESS|IDENTITY)_/;

export function needsReview(outcome: ProcessedOutcome): boolean {
  if (outcome.documentDecision === 'REFER' || outcome.documentDecision === 'ALERT') return true;
  if (outcome.faceDecision === 'FAILED') return true;
  // A chip that was read but not verified (any failed chip check, issue 22) needs a person.
  if (outcome.reasons.includes('CHIP_NOT_VERIFIED')) return true;
  // A proof that did not pass also needs a person, although the spec's document_decision does not show it.
  return outcome.reasons.some((reason) => PROOF_NOT_PASSED.test(reason));
}

/**
 * What a chip read by the mobile reader does to the spec's decisions (issue 22): a chip that was read and failed
 * any check leaves the document unproven (a PASSED document_decision becomes REFER), and a chip portrait that does
 * not match the selfie fails face_match_decision. No chip read: the decisions stand as they are.
 */
export function withChip<T extends { documentDecision?: string | null; faceDecision?: 'PASSED' | 'FAILED' | null }>(
  outcome: T, chip: { passed: boolean; faceMatch: 'PASSED' | 'FAILED' | null } | undefined,
): T {
  if (!chip) return outcome;
  const out = { ...outcome };
  if (!chip.passed && out.documentDecision === 'PASSED') out.documentDecision = 'REFER';
  if (chip.faceMatch === 'FAILED' && out.faceDecision !== undefined) out.faceDecision = 'FAILED';
  if (chip.faceMatch !== null && out.faceDecision === null) out.faceDecision = chip.faceMatch;
  return out;
}
