/**
 * The identity profiles of GPG 45, the one place they are written. Each row is a profile exactly as the guide's
 * "Identity profiles" table gives it: the pieces of evidence it needs (strength and validity of each), then the
 * activity history, identity fraud and verification scores. A profile is met when the person's scores are at
 * least these, with a different piece of evidence for each evidence requirement.
 *
 * Source: "How to prove and verify someone's identity" (Good Practice Guide 45, GOV.UK, updated 14 November 2024;
 * the 1.0 pre-release "How to check someone's identity" of 3 March 2026 numbers it version 0.4). Cross-checked
 * against GOV.UK One Login's own table (govuk-one-login/ipv-core-back, Gpg45Profile). Very high confidence (V*)
 * needs checks this service cannot make and is left out.
 */

export const GPG45_VERSION = 'GPG 45 "How to prove and verify someone\'s identity", updated 14 November 2024 (version 0.4)';

export type Confidence = 'LOW' | 'MEDIUM' | 'HIGH';
export const CONFIDENCE_ORDER: readonly Confidence[] = ['LOW', 'MEDIUM', 'HIGH'];

export interface EvidenceRequirement { strength: number; validity: number }

export interface Profile {
  name: string;
  confidence: Confidence;
  evidence: readonly EvidenceRequirement[];
  activity: number;
  fraud: number;
  verification: number;
}

const ev = (strength: number, validity: number): EvidenceRequirement => ({ strength, validity });

// name, confidence, evidence, activity history, identity fraud, verification
const row = (name: string, confidence: Confidence, evidence: EvidenceRequirement[], activity: number, fraud: number, verification: number): Profile =>
  ({ name, confidence, evidence, activity, fraud, verification });

export const PROFILES: readonly Profile[] = [
  row('L1A', 'LOW', [ev(2, 2)], 0, 1, 1),
  row('L1B', 'LOW', [ev(3, 2)], 0, 0, 1),
  row('L1C', 'LOW', [ev(1, 1)], 3, 2, 2),
  row('L2A', 'LOW', [ev(1, 1), ev(1, 1)], 2, 1, 2),
  row('L2B', 'LOW', [ev(1, 1), ev(1, 1)], 2, 2, 1),
  row('L3A', 'LOW', [ev(1, 1), ev(1, 1), ev(1, 1)], 2, 1, 1),
  row('M1A', 'MEDIUM', [ev(4, 2)], 0, 1, 2),
  row('M1B', 'MEDIUM', [ev(3, 2)], 1, 2, 2),
  row('M1C', 'MEDIUM', [ev(3, 3)], 0, 0, 3),
  row('M1D', 'MEDIUM', [ev(2, 2)], 2, 1, 3),
  row('M2A', 'MEDIUM', [ev(2, 2), ev(2, 2)], 3, 2, 2),
  row('M2B', 'MEDIUM', [ev(3, 2), ev(2, 2)], 1, 1, 2),
  row('M2C', 'MEDIUM', [ev(3, 2), ev(2, 2)], 0, 1, 3),
  row('M3A', 'MEDIUM', [ev(2, 2), ev(2, 2), ev(2, 2)], 2, 2, 2),
  row('H1A', 'HIGH', [ev(4, 3)], 0, 1, 3),
  row('H1B', 'HIGH', [ev(3, 3)], 2, 1, 3),
  row('H1C', 'HIGH', [ev(4, 3)], 0, 0, 4),
  row('H2A', 'HIGH', [ev(2, 2), ev(2, 2)], 3, 2, 3),
  row('H2B', 'HIGH', [ev(4, 2), ev(3, 2)], 0, 2, 3),
  row('H2C', 'HIGH', [ev(3, 3), ev(2, 2)], 1, 1, 3),
  row('H2D', 'HIGH', [ev(3, 3), ev(2, 2)], 0, 1, 3),
  row('H2E', 'HIGH', [ev(4, 3), ev(3, 3)], 0, 0, 3),
  row('H3A', 'HIGH', [ev(2, 2), ev(2, 2), ev(2, 2)], 2, 2, 3),
];

export function atLeast(reached: Confidence | null, required: Confidence): boolean {
  return reached !== null && CONFIDENCE_ORDER.indexOf(reached) >= CONFIDENCE_ORDER.indexOf(required);
}
