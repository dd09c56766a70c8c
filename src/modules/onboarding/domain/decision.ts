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
  // A proof that did not pass also needs a person, although the spec's document_decision does not show it.
  return outcome.reasons.some((reason) => PROOF_NOT_PASSED.test(reason));
}
