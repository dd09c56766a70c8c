/**
 * What the GPG 45 scores are computed from: the checks this service actually performed on what the contact gave
 * (onboarding: the identity document and its chip, the face match with live capture, the proof of address) and
 * what the identity sources and the screening answered. Plain data, no I/O; each field says which check it is.
 */

export type DocumentType = 'passport' | 'driving_licence' | 'identity_card' | 'residence_permit' | 'other';

export interface DocumentEvidence {
  type: DocumentType;
  /** The onboarding report's `document_decision` and its reasons (MRZ check digits, expiry, age, printed data against the MRZ). */
  decision: string;
  reasons: string[];
  /** The name and date of birth it carries are the contact's. */
  matchesPerson: boolean;
  /**
   * Its visible security features were checked as genuine: every authenticity check of the photograph that counts
   * ran and passed (documents/domain/authenticity/security-features.ts). GPG 45 validity 2; never UV, infrared or
   * tactile features.
   */
  securityFeaturesChecked?: boolean;
  /** The issuer confirmed the document is valid and not reported lost, stolen or cancelled (e.g. HMPO's Document Checking Service, DVLA). */
  issuerConfirmed?: boolean;
  /**
   * The chip (NFC), when it was read: passive authentication (data signed by the issuing state, chain checked) and
   * active or chip authentication (not cloned; null: not performed). `tampered`: the chip checks that failed in a
   * way that shows the document altered or forged (a data group's hash not the signed one, the SOD's signature
   * not verifying, a revoked signer, DG1 not the printed MRZ, a cloned chip; the onboarding module decides which,
   * onboarding/domain/chip-tamper.ts): evidence found not to be genuine. Absent or empty: none did (a chip that
   * merely could not be verified, e.g. for want of its CSCA, is not tampered).
   */
  chip?: { passiveAuthentication: boolean; activeAuthentication: boolean | null; tampered?: string[] };
}

export interface FaceEvidence {
  /** The selfie matched the document's portrait (or the chip's DG2). */
  matched: boolean;
  /** The selfie came from a live capture (an active liveness challenge passed). */
  liveness: boolean;
}

export interface AddressProofEvidence {
  decision: string;
  nameFound: boolean;
  reasons: string[];
}

/** One identity source's answer (eidv/domain/identity.ts SourceResult, with what GPG 45 reads from it). */
export interface SourceEvidence {
  source: string;
  kind: string;
  nameDob: boolean;
  nameAddress: boolean;
  /** Months over which the source has seen the identity active (accounts, roll entries); null: the source does not say. */
  activityMonths: number | null;
  /** The source checked mortality data / known-fraud data for this identity. */
  mortalityChecked: boolean;
  fraudChecked: boolean;
  deceased: boolean;
  knownFraud: boolean;
  /** Declared by the customer's side (Companies House officers and PSCs, ADR 0150): strength 1, validity 1 at most. */
  selfDeclared?: boolean;
  /** Name with month and year of birth (a source that publishes no day). */
  nameDobPartial?: boolean;
}

export type ScreeningAnswer = 'No Match' | 'Potential Match' | null;

export interface Gpg45Input {
  document?: DocumentEvidence;
  face?: FaceEvidence;
  proofOfAddress?: AddressProofEvidence;
  sources: SourceEvidence[];
  screening: { pep: ScreeningAnswer; sanctions: ScreeningAnswer };
  /** Knowledge-based or other verification performed elsewhere, with its GPG 45 score (1-2) and why. */
  otherVerification?: { score: number; why: string };
}

/**
 * What the onboarding module knows of a contact, for GPG 45: its last processed result's document, chip, face
 * match and proof of address, and the address history the flow collected. Given to eIDV as a function (the
 * onboarding module is built first and does not depend on this one).
 */
export interface ContactEvidence {
  document?: DocumentEvidence;
  face?: FaceEvidence;
  proofOfAddress?: AddressProofEvidence;
  /** The flow's 12-month address history (`home_address_history`), any order; the current address has no `to`. */
  addressHistory?: Array<{ street: string; city: string; postcode: string; country: string; from: string; to?: string }>;
}
