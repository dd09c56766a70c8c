/**
 * What an onboarding result says for GPG 45 (issue 23): the identity document and the checks made on it, the chip,
 * the face match and its liveness, the proof of address, and the address history. The eIDV module scores it
 * (eidv/domain/gpg45); this module does not depend on that one, so the shape is written here and checked where
 * the two are wired (src/service.ts).
 *
 * `details.document.security_features_checked` is written by the document check (checks/document.ts): true only
 * when every authenticity check that counts as GPG 45's visible security features ran and passed (the documents
 * module decides which: domain/authenticity/security-features.ts). `details.document.issuer_confirmed` (the issuer
 * confirmed the document valid and not lost or stolen) is read when another check adds it; none does today. The chip check writes
 * `details.chip.active_authentication` as `{ supported, performed, challenge_valid, signature_valid }` (checks/chip.ts):
 * the chip proved it is not a clone only when it answered a server challenge, once, with a valid signature, or
 * (`details.chip.chip_authentication.verified`) answered a server chip authentication session. A chip
 * whose failed checks show its data altered or forged (`details.chip.reasons`, classified in domain/chip-tamper.ts)
 * is carried as `chip.tampered`, whatever the document decision: GPG 45 treats it as evidence found false.
 */
import { chipTamperEvidence } from './chip-tamper.ts';
import type { FlowAnswers } from './flow.ts';
import type { OnboardingData } from './report.ts';

export interface OnboardingEvidence {
  document?: {
    type: 'passport' | 'driving_licence' | 'identity_card' | 'residence_permit' | 'other';
    decision: string; reasons: string[]; matchesPerson: boolean;
    securityFeaturesChecked?: boolean; issuerConfirmed?: boolean;
    /** `tampered`: the chip's failed checks that show the document altered or forged (domain/chip-tamper.ts; empty: none). */
    chip?: { passiveAuthentication: boolean; activeAuthentication: boolean | null; tampered: string[] };
  };
  face?: { matched: boolean; liveness: boolean };
  proofOfAddress?: { decision: string; nameFound: boolean; reasons: string[] };
  addressHistory?: Array<{ street: string; city: string; postcode: string; country: string; from: string; to?: string }>;
}

const TYPES: Record<string, NonNullable<OnboardingEvidence['document']>['type']> = {
  Passport: 'passport', 'Driving License': 'driving_licence', 'Identity Card': 'identity_card', 'Residence Permit': 'residence_permit',
};

type Loose = Record<string, unknown> | undefined;
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);
// Each code once: a document whose last name and given names both differ carries CONTACT_MISMATCH_NAME twice (two
// messages), and the GPG 45 explanation lists codes, not messages.
const codes = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.map((x) => (typeof x === 'string' ? x : String(obj(x)?.code ?? ''))).filter(Boolean))] : []);

/**
 * The chip's reasons that show the document altered or forged; a failed active authentication counts only with DG15
 * signed, a differing MRZ only when the result names the protected fields that differ (not one stored before).
 */
function tampered(chip: Record<string, unknown>): string[] {
  const group = (n: number) => (Array.isArray(chip.data_groups) ? chip.data_groups.map(obj).find((g) => g?.number === n) : undefined);
  const mrzFields = obj(chip.mrz)?.protected_fields_differ;
  return chipTamperEvidence(codes(chip.reasons), {
    aaKeySigned: group(15)?.hash_matches === true, caKeySigned: group(14)?.hash_matches === true, mrzProtectedFieldsNamed: Array.isArray(mrzFields) && mrzFields.length > 0,
  });
}

/**
 * Anti-cloning as GPG 45 counts it (its `activeAuthentication`): true when the chip answered a fresh server AA
 * challenge with a valid signature, or answered a server chip authentication session (ADR 0198) that verified;
 * null when it has neither key; false otherwise. A chip with both keys that fails AA is not rescued by CA: the
 * chip decision already failed it.
 */
function antiCloning(active: Loose, chipAuth: Loose): boolean | null {
  const aa = active?.supported === true ? active.performed === true && active.challenge_valid === true && active.signature_valid === true : null;
  const ca = chipAuth?.verified === true && chipAuth.session_valid === true ? true : chipAuth?.supported === true ? false : null;
  if (aa === false) return false;
  if (aa === true || ca === true) return true;
  return ca;
}

export function evidenceOf(data: OnboardingData, documentDecision: string | null, answers: FlowAnswers | undefined): OnboardingEvidence {
  const d = data.details;
  const out: OnboardingEvidence = {};
  const doc = obj(d.document);
  if (doc && documentDecision) {
    const reasons = codes(doc.reasons);
    const chip = obj(d.chip);
    const active = obj(chip?.active_authentication);
    const chipAuth = obj(chip?.chip_authentication);
    out.document = {
      type: TYPES[String(doc.document_type)] ?? 'other', decision: documentDecision, reasons,
      matchesPerson: !reasons.some((c) => c.startsWith('CONTACT_MISMATCH')),
      ...(doc.security_features_checked === true ? { securityFeaturesChecked: true } : {}),
      ...(doc.issuer_confirmed === true ? { issuerConfirmed: true } : {}),
      ...(chip ? { chip: { passiveAuthentication: chip.passed === true, activeAuthentication: antiCloning(active, chipAuth), tampered: tampered(chip) } } : {}),
    };
  }
  const face = obj(d.face_match);
  const chipFace = obj(obj(d.chip)?.face_match);
  if (face || chipFace) {
    out.face = { matched: face?.decision === 'PASSED' || chipFace?.decision === 'PASSED', liveness: obj(d.liveness)?.decision === 'PASSED' };
  }
  const poa = obj(d.proof_of_address);
  if (poa) out.proofOfAddress = { decision: String(poa.decision ?? ''), nameFound: poa.name_found === true, reasons: codes(poa.reasons) };
  const history = answers?.home_address_history ?? (d.home_address_history as FlowAnswers['home_address_history'] | undefined);
  if (history?.addresses?.length) out.addressHistory = history.addresses.map((a) => ({ street: a.street, city: a.city, postcode: a.postcode, country: a.country, from: a.from, ...(a.to ? { to: a.to } : {}) }));
  return out;
}
