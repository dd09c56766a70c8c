/**
 * The onboarding request's parameters (spec: string booleans) and the steps of the hosted flow they ask for.
 * Pure: no I/O.
 */

export const BOOLEAN_PARAMETERS = [
  'suppress_invitation_mail',
  'personal_details',
  'idscan',
  'face_match',
  'face_match_mobile',
  'unique_email',
  'legal_names_history',
  'home_address_history',
  'selfie',
  'proof_of_identity',
  'proof_of_address',
] as const;

export type BooleanParameter = (typeof BOOLEAN_PARAMETERS)[number];
export type StringBool = 'true' | 'false';
export type Parameters = Record<BooleanParameter, StringBool> & { frontend_redirect_url?: string };

/** Every parameter present, missing ones "false" (so the stored request says exactly what was asked). */
export function normaliseParameters(given: Partial<Record<BooleanParameter, StringBool>> & { frontend_redirect_url?: string }): Parameters {
  const out = Object.fromEntries(BOOLEAN_PARAMETERS.map((p) => [p, given[p] ?? 'false'])) as Parameters;
  if (given.frontend_redirect_url) out.frontend_redirect_url = given.frontend_redirect_url;
  return out;
}

export const on = (p: Parameters, name: BooleanParameter) => p[name] === 'true';

/** Upload slots a step fills; the browser flow and the processing job agree on these names. */
export type Slot =
  | 'document_front' | 'document_back' | 'selfie'
  | 'proof_of_identity' | 'proof_of_address' | 'chip';

export type StepId =
  | 'personal_details' | 'unique_email' | 'legal_names_history' | 'home_address_history'
  | 'id_document' | 'selfie' | 'liveness' | 'mobile_handover' | 'proof_of_identity' | 'proof_of_address' | 'review';

export interface Step {
  id: StepId;
  /** Uploads this step needs; `optional` ones the contact may skip (a back side a passport does not have). */
  uploads: { slot: Slot; optional?: boolean; kinds: ('image' | 'pdf')[] }[];
  /** The document step only: the kinds of document the contact may use (`documentKinds`). */
  documents?: DocumentKind[];
}

/** An identity document the contact may photograph in the document step. */
export type DocumentKind = 'passport' | 'driving_licence' | 'identity_card';

/**
 * Which documents a request accepts, the one place the page's choice of document comes from. The spec's
 * `idscan` asks for "an ID document (passport or driving licence)"; `face_match` and `face_match_mobile` for
 * "an ID document", so there a national identity card is offered too: the document engine reads its MRZ
 * (TD1/TD2) like a passport's, and the mobile chip reader reads its chip. Both asked: the wider list.
 */
export function documentKinds(p: Parameters): DocumentKind[] {
  if (!wantsDocument(p)) return [];
  return wantsFaceMatch(p) ? ['passport', 'driving_licence', 'identity_card'] : ['passport', 'driving_licence'];
}

const IMAGE: ('image' | 'pdf')[] = ['image'];
const IMAGE_OR_PDF: ('image' | 'pdf')[] = ['image', 'pdf'];

/** A document is asked for by idscan, face_match or face_match_mobile (the latter two add the face). */
export function wantsDocument(p: Parameters): boolean {
  return on(p, 'idscan') || on(p, 'face_match') || on(p, 'face_match_mobile');
}

export function wantsFaceMatch(p: Parameters): boolean {
  return on(p, 'face_match') || on(p, 'face_match_mobile');
}

/** The steps of the flow, in the order the contact meets them. */
export function stepsFor(p: Parameters): Step[] {
  const steps: Step[] = [];
  if (on(p, 'personal_details')) steps.push({ id: 'personal_details', uploads: [] });
  if (on(p, 'unique_email')) steps.push({ id: 'unique_email', uploads: [] });
  if (on(p, 'legal_names_history')) steps.push({ id: 'legal_names_history', uploads: [] });
  if (on(p, 'home_address_history')) steps.push({ id: 'home_address_history', uploads: [] });
  // face_match_mobile: the document, selfie and chip are taken on the phone; the hand-over step comes first.
  if (on(p, 'face_match_mobile')) steps.push({ id: 'mobile_handover', uploads: [] });
  if (wantsDocument(p)) {
    steps.push({ id: 'id_document', uploads: [{ slot: 'document_front', kinds: IMAGE }, { slot: 'document_back', optional: true, kinds: IMAGE }], documents: documentKinds(p) });
  }
  if (wantsFaceMatch(p) || on(p, 'selfie')) steps.push({ id: 'selfie', uploads: [{ slot: 'selfie', kinds: IMAGE }] });
  // Liveness has no upload slot: its frames come only through a capture session (liveness.service.ts).
  if (wantsFaceMatch(p)) steps.push({ id: 'liveness', uploads: [] });
  if (on(p, 'face_match_mobile')) steps[steps.length - 1]!.uploads.push({ slot: 'chip', optional: true, kinds: [] });
  if (on(p, 'proof_of_identity')) steps.push({ id: 'proof_of_identity', uploads: [{ slot: 'proof_of_identity', kinds: IMAGE_OR_PDF }] });
  if (on(p, 'proof_of_address')) steps.push({ id: 'proof_of_address', uploads: [{ slot: 'proof_of_address', kinds: IMAGE_OR_PDF }] });
  steps.push({ id: 'review', uploads: [] });
  return steps;
}

/** True when the request asks the contact for anything at all. */
export function asksForSomething(p: Parameters): boolean {
  return stepsFor(p).length > 1;
}

export function slotsOf(p: Parameters): Map<Slot, { optional: boolean; kinds: ('image' | 'pdf')[] }> {
  const out = new Map<Slot, { optional: boolean; kinds: ('image' | 'pdf')[] }>();
  for (const step of stepsFor(p)) for (const u of step.uploads) out.set(u.slot, { optional: u.optional ?? false, kinds: u.kinds });
  return out;
}
