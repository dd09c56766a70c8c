/**
 * The GPG 45 scores, each from the checks actually performed, each with why and what would raise it. The rules
 * follow the guide's sections "Get evidence of the claimed identity" (strength), "Check the evidence is genuine or
 * valid" (validity), "Check the claimed identity has existed over time" (activity history), "Check if the claimed
 * identity is at high risk of identity fraud" and "Check that the identity belongs to the person who's claiming
 * it" (verification), as this service reads them (ADR 0135 lists where a reading was needed).
 */
import type { Gpg45Input, SourceEvidence } from './evidence.ts';

export interface ScoredEvidence {
  /** `document`, `proof_of_address`, or `source:<id>`. */
  id: string;
  label: string;
  strength: number;
  validity: number;
  why: string[];
  raise: string[];
}

export interface ScoredItem { score: number; why: string[]; raise: string[] }

export interface Gpg45Scores {
  evidence: ScoredEvidence[];
  activity: ScoredItem;
  fraud: ScoredItem;
  verification: ScoredItem;
}

const CHIPPED = new Set(['passport', 'identity_card', 'residence_permit']);
const LABEL: Record<string, string> = {
  passport: 'passport', driving_licence: 'photocard driving licence', identity_card: 'national identity card', residence_permit: 'biometric residence permit', other: 'identity document',
};

/** The chip checks that show the document altered or forged (evidence.ts, DocumentEvidence.chip.tampered). */
export function chipTampered(doc: Gpg45Input['document']): string[] {
  return doc?.chip?.tampered ?? [];
}

/** A failed chip check as a reviewer reads it, with its report code (CHIP_...). */
const CHIP_CHECK: Record<string, string> = {
  DG_HASH_MISMATCH: 'a data group differs from what the issuing state signed',
  SIGNATURE_INVALID: 'the signature over the chip\'s data does not verify',
  DS_REVOKED: 'the document signer is revoked by its state',
  CSCA_COUNTRY_MISMATCH: 'the chip is signed under another state\'s authority than its issuer\'s',
  MRZ_MISMATCH: 'the chip\'s MRZ differs from the printed one in a field its valid check digit protects',
  AA_FAILED: 'the chip did not prove it is the genuine chip (active authentication): a clone',
};
const chipCheck = (reason: string): string => `${CHIP_CHECK[reason] ?? 'chip check failed'} (CHIP_${reason})`;

/** The identity document: strength from what it is (and whether its chip shows it is a biometric one), validity from the checks made. */
export function scoreDocument(doc: NonNullable<Gpg45Input['document']>): ScoredEvidence {
  const why: string[] = [];
  const raise: string[] = [];
  const label = LABEL[doc.type] ?? 'identity document';
  let strength: number;
  if (CHIPPED.has(doc.type) && doc.chip) {
    strength = 4;
    why.push(`strength 4: a biometric (chip) ${label}, issued after checks of the person, with a photo and cryptographic security features`);
  } else if (CHIPPED.has(doc.type) || doc.type === 'driving_licence') {
    strength = 3;
    why.push(`strength 3: a ${label} with a photo and printed security features${CHIPPED.has(doc.type) ? '; its chip was not read, so it is not shown to be a biometric one' : ''}`);
    if (CHIPPED.has(doc.type)) raise.push('strength 4: read the chip (NFC, the mobile hand-over) to show it is a biometric document');
  } else {
    strength = 2;
    why.push('strength 2: an identity document of a kind without known security features');
  }

  let validity = 0;
  // GPG 45 ("Check the evidence is genuine or valid"): evidence found not to be genuine scores validity 0, and this
  // finding comes before the document's own checks, whatever they gave.
  const tampered = chipTampered(doc);
  if (tampered.length) {
    why.push(`validity 0: the chip shows the document altered or forged, evidence found not to be genuine (failed: ${tampered.map(chipCheck).join('; ')})`);
    raise.push('none: a person must resolve the altered or forged document before it counts as evidence');
    return { id: 'document', label, strength, validity, why, raise };
  }
  if (doc.decision !== 'PASSED' || !doc.matchesPerson) {
    why.push(`validity 0: the document did not pass its checks (${doc.decision}${doc.matchesPerson ? '' : ', not the contact\'s name and date of birth'}${doc.reasons.length ? `: ${doc.reasons.join(', ')}` : ''})`);
    raise.push('validity 1 or more: a document that passes its checks (MRZ check digits, not expired, printed data agreeing with the MRZ) in the contact\'s name');
    return { id: 'document', label, strength, validity, why, raise };
  }
  validity = 1;
  why.push('validity 1: MRZ check digits valid, not expired, printed data agrees with the MRZ: its details are consistent');
  // GPG 45 validity 2: the evidence checked as genuine, by its visible security features or with its issuer.
  // What counts as "security features checked" is decided in one place: documents/domain/authenticity/security-features.ts.
  if (doc.securityFeaturesChecked) {
    validity = 2;
    why.push('validity 2: its visible security features were checked as genuine by automated inspection of the photograph (the portrait where the format prints it, the MRZ\'s OCR-B print, colour print, no screen, screenshot or editing traces); UV, infrared and tactile features were not examined');
  }
  if (doc.issuerConfirmed && validity < 2) {
    validity = 2;
    why.push('validity 2: the issuer confirmed the document is valid');
  }
  if (doc.chip?.passiveAuthentication) {
    validity = 3;
    why.push('validity 3: the chip\'s data is signed by the issuing state and the signature chain checked (passive authentication)'
      + (doc.chip.activeAuthentication ? '; the chip proved it is not a clone (active or chip authentication)' : ''));
    if (doc.issuerConfirmed && doc.chip.activeAuthentication) {
      validity = 4;
      why.push('validity 4: the issuer also confirmed it is valid and not reported lost, stolen or cancelled');
    } else {
      raise.push('validity 4: ' + [
        ...(doc.chip.activeAuthentication ? [] : ['the chip\'s active or chip authentication (anti-cloning)']),
        ...(doc.issuerConfirmed ? [] : ['the issuer\'s confirmation that the document is not reported lost, stolen or cancelled (for a UK passport, HM Passport Office\'s Document Checking Service; not available to this service)']),
      ].join(' and '));
    }
  } else {
    if (doc.chip) why.push('the chip was read but its passive authentication failed: its data is not shown to be the issuer\'s');
    if (validity < 2) raise.push('validity 2: every authenticity check of the photograph measured and passed (its visible security features), or the issuer\'s confirmation');
    if (CHIPPED.has(doc.type)) raise.push('validity 3: read the chip and pass its passive authentication');
  }
  return { id: 'document', label, strength, validity, why, raise };
}

/** A proof of address (utility bill, bank or council tax statement) read from a file: no photo, details not confirmed with the issuer. */
export function scoreProofOfAddress(poa: NonNullable<Gpg45Input['proofOfAddress']>): ScoredEvidence {
  const passed = poa.decision === 'PASSED' && poa.nameFound;
  return {
    id: 'proof_of_address', label: 'proof of address', strength: 1, validity: passed ? 1 : 0,
    why: [
      'strength 1: a bill or statement naming the person at an address, without a photo or security features',
      passed ? 'validity 1: read, recent, and naming the contact at their address' : `validity 0: it did not pass (${poa.decision}${poa.reasons.length ? `: ${poa.reasons.join(', ')}` : ''})`,
    ],
    raise: passed ? ['validity 2: the account confirmed with its issuer (an identity source that holds it)'] : ['validity 1: a recent statement naming the contact at their current address'],
  };
}

/** An identity source's record (credit reference agency, electoral roll, identity vendor) found for the person. */
export function scoreSource(s: SourceEvidence): ScoredEvidence | undefined {
  if (s.selfDeclared) return scoreSelfDeclared(s);
  if (!s.nameDob && !s.nameAddress) return undefined;
  const both = s.nameDob && s.nameAddress;
  return {
    id: `source:${s.source}`, label: `${s.source} record`, strength: both ? 2 : 1, validity: both ? 2 : 1,
    why: both
      ? [`strength 2 and validity 2: ${s.source} holds a record (an account or register entry) for this name, date of birth and address, confirmed with the source itself`]
      : [`strength 1 and validity 1: ${s.source} confirms the name with ${s.nameDob ? 'the date of birth' : 'the address'} only`],
    raise: both ? [] : [`strength and validity 2: ${s.source} confirming name, date of birth and address together`],
  };
}

/**
 * A register entry the customer's side declared (Companies House officers and PSCs, filed by the company; ADR
 * 0150): it shows the identity is on a public record, not that anyone checked it, so strength 1 (no checks of the
 * person by the issuer) and validity 1 (read from the issuer itself, details consistent) whatever it matched, and
 * only when the name and the month and year of birth agree. It can fill a low-confidence profile's strength-1
 * evidence; it never reaches a medium one (which needs strength 2 or more for every piece).
 */
function scoreSelfDeclared(s: SourceEvidence): ScoredEvidence | undefined {
  if (!s.nameDobPartial) return undefined;
  return {
    id: `source:${s.source}`, label: `${s.source} record`, strength: 1, validity: 1,
    why: [
      `strength 1: ${s.source} holds the name with the month and year of birth${s.nameAddress ? ' and the address given (a correspondence address)' : ''}, as declared by the company; nobody checked the person`,
      `validity 1: read from ${s.source} itself; its details agree with the contact's`,
    ],
    raise: [`strength 2 or more: a source independent of the customer (credit reference agency, electoral roll) or an identity document`],
  };
}

/**
 * Activity history (GPG 45 version 0.4, "How to prove and verify someone's identity", updated 14 November 2024,
 * section "Check the claimed identity has existed over time"): the longest period over which a source that found
 * the person has seen the identity active. The guide scores the activity period and the activity events in it;
 * sources here report only months (SourceEvidence.activityMonths), so the events are not counted.
 *
 * Verified: score 1 from 6 months matches GOV.UK One Login's fraud check (ipv-cri-fraud,
 * ActivityHistoryScoreCalculator: 6 months or more of records gives 1, the only score it awards).
 * NOT verified: the months for 2, 3 and 4. The guide's table could not be read from this machine (the stored copy
 * of the page holds its opening section only; ADR 0165). They stay this service's reading until checked.
 */
export const ACTIVITY_MONTHS: ReadonlyArray<{ score: number; months: number }> = [
  { score: 4, months: 36 }, { score: 3, months: 24 }, { score: 2, months: 12 }, { score: 1, months: 6 },
];

export function scoreActivity(sources: readonly SourceEvidence[]): ScoredItem {
  const reporting = sources.filter((s) => (s.nameDob || s.nameAddress) && s.activityMonths !== null);
  if (reporting.length === 0) {
    return { score: 0, why: ['activity history 0: no source that found the person reports how long the identity has been active'], raise: ['activity history 1 or more: an identity source reporting activity (accounts, electoral roll) over 6 months or more'] };
  }
  const best = reporting.reduce((a, b) => ((b.activityMonths ?? 0) > (a.activityMonths ?? 0) ? b : a));
  const months = best.activityMonths ?? 0;
  const score = ACTIVITY_MONTHS.find((t) => months >= t.months)?.score ?? 0;
  const next = [...ACTIVITY_MONTHS].reverse().find((t) => t.score > score);
  return {
    score,
    why: [`activity history ${score}: ${best.source} has seen the identity active over ${months} months`],
    raise: next ? [`activity history ${next.score}: activity over ${next.months} months or more`] : [],
  };
}

/**
 * Identity fraud (GPG 45 section "Check if the claimed identity is at high risk of identity fraud"): the sources'
 * mortality and known-fraud data, and the impersonation-risk check, which this service makes with PEP screening.
 * A source's flag (deceased, a known fraudulent identity) sets it to 0, and so does an identity document whose chip
 * shows it altered or forged (the identity is being used with false evidence, ADR 0180).
 *
 * - 1: a source checked mortality or known-fraud data and found nothing.
 * - 2: both checked, and the impersonation-risk check made (a PEP list loaded and screened). As in GOV.UK One
 *   Login's fraud check (govuk-one-login ipv-cri-fraud, IdentityScoreCalculator: 1 to 2 when the PEP check ran,
 *   "irrelevant of result"), the score counts the check, not its answer: a hit there is a separate
 *   contra-indicator, here a potential match that puts the report in review (aml/domain/decision.ts,
 *   needsReview) until a person decides it. Lowering the score on the answer instead kept a reviewed and
 *   dismissed false positive at 1 for good, since screening's answer still reports it (kindAnswers).
 * - 3: those checks come from two independent sources.
 *
 * Sanctions screening is not part of this score: it is the AML decision's (aml/domain/decision.ts), and a sanctions
 * list not loaded, or a sanctions match, says nothing about whether the identity is fabricated or stolen.
 */
export function scoreFraud(sources: readonly SourceEvidence[], screening: Gpg45Input['screening'], document?: Gpg45Input['document']): ScoredItem {
  const deceased = sources.filter((s) => s.deceased).map((s) => s.source);
  const fraud = sources.filter((s) => s.knownFraud).map((s) => s.source);
  const tampered = chipTampered(document);
  if (deceased.length || fraud.length || tampered.length) {
    return {
      score: 0,
      why: [
        ...(deceased.length ? [`identity fraud 0: reported deceased by ${deceased.join(', ')}`] : []),
        ...(fraud.length ? [`identity fraud 0: a known fraudulent or stolen identity according to ${fraud.join(', ')}`] : []),
        ...(tampered.length ? [`identity fraud 0: the identity is being used with an altered or forged document (its chip: ${tampered.map((r) => `CHIP_${r}`).join(', ')})`] : []),
      ],
      raise: ['a person must resolve the flag before any confidence is given'],
    };
  }
  const mortality = sources.filter((s) => s.mortalityChecked).map((s) => s.source);
  const known = sources.filter((s) => s.fraudChecked).map((s) => s.source);
  const checkers = new Set([...mortality, ...known]);
  const screened = screening.pep !== null;
  const screeningWhy = !screened ? 'the impersonation-risk (PEP) check was not made: no PEP list is loaded'
    : screening.pep === 'No Match' ? 'the impersonation-risk (PEP) check was made: no match'
      : 'the impersonation-risk (PEP) check was made: a potential match, which a person reviews (PEP_POTENTIAL_MATCH)';
  if (checkers.size === 0) {
    return { score: 0, why: ['identity fraud 0: no source checked mortality or known-fraud data', screeningWhy], raise: ['identity fraud 1: an identity source that checks mortality or known-fraud data'] };
  }
  const raise: string[] = [];
  let score = 1;
  const why = [`identity fraud 1: ${[...checkers].join(', ')} checked ${[mortality.length ? 'mortality' : '', known.length ? 'known-fraud' : ''].filter(Boolean).join(' and ')} data: clear`];
  if (mortality.length && known.length && screened) {
    score = 2;
    why.push('identity fraud 2: both mortality and known-fraud data checked, and ' + screeningWhy);
    if (checkers.size >= 2) {
      score = 3;
      why.push(`identity fraud 3: the checks come from ${checkers.size} independent sources`);
    } else raise.push('identity fraud 3: the mortality and known-fraud checks confirmed by a second independent source');
  } else {
    why.push(screeningWhy);
    raise.push('identity fraud 2: ' + [
      ...(mortality.length ? [] : ['a mortality check']), ...(known.length ? [] : ['a known-fraud check']),
      ...(screened ? [] : ['PEP screening (the impersonation-risk check: load a PEP list)']),
    ].join(', '));
  }
  return { score, why, raise };
}

/** Verification: the face match with live capture against the document's photo, or knowledge-based verification. */
export function scoreVerification(input: Pick<Gpg45Input, 'face' | 'otherVerification'>, document: ScoredEvidence | undefined): ScoredItem {
  const photoEvidence = document !== undefined && document.strength >= 3 && document.validity >= 1;
  let score = 0;
  const why: string[] = [];
  const raise: string[] = [];
  if (input.face?.matched && photoEvidence && input.face.liveness) {
    score = 3;
    why.push(`verification 3: the face matched the ${document!.label}'s photo (strength ${document!.strength}) and came from a live capture (active liveness challenge passed)`);
    raise.push('verification 4: a biometric comparison whose presentation-attack detection is independently tested (ISO/IEC 30107-3); not claimed by this service');
  } else if (input.face?.matched && photoEvidence) {
    score = 2;
    why.push(`verification 2: the face matched the ${document!.label}'s photo, but liveness was not shown`);
    raise.push('verification 3: the selfie from a live capture (pass the liveness challenge)');
  } else {
    why.push(input.face ? (input.face.matched ? 'verification 0: the face matched, but not a valid photo document of strength 3 or more' : 'verification 0: the face did not match the document\'s photo')
      : 'verification 0: no face match was performed');
    raise.push('verification 3: a face match with live capture against a passport, identity card or driving licence');
  }
  if (input.otherVerification && input.otherVerification.score > score) {
    score = input.otherVerification.score;
    why.push(`verification ${score}: ${input.otherVerification.why}`);
  }
  return { score, why, raise };
}

/** Every score from the evidence. */
export function scoreAll(input: Gpg45Input): Gpg45Scores {
  const document = input.document ? scoreDocument(input.document) : undefined;
  const evidence = [
    ...(document ? [document] : []),
    ...(input.proofOfAddress ? [scoreProofOfAddress(input.proofOfAddress)] : []),
    ...input.sources.filter((s) => s.kind !== 'document').map(scoreSource).filter((e): e is ScoredEvidence => e !== undefined),
  ];
  return {
    evidence,
    activity: scoreActivity(input.sources),
    fraud: scoreFraud(input.sources, input.screening, input.document),
    verification: scoreVerification(input, document),
  };
}
