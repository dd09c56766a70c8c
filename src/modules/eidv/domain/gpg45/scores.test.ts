import { describe, expect, it } from 'vitest';
import { evaluateGpg45 } from './evaluate.ts';
import type { DocumentEvidence, Gpg45Input, SourceEvidence } from './evidence.ts';
import { ACTIVITY_MONTHS, scoreAll, scoreActivity, scoreDocument, scoreFraud } from './scores.ts';

const passport = (over: Partial<DocumentEvidence> = {}): DocumentEvidence => ({ type: 'passport', decision: 'PASSED', reasons: [], matchesPerson: true, ...over });
const chip = { passiveAuthentication: true, activeAuthentication: true };
const source = (name: string, over: Partial<SourceEvidence> = {}): SourceEvidence => ({
  source: name, kind: 'provider', nameDob: true, nameAddress: true, activityMonths: null, mortalityChecked: false, fraudChecked: false, deceased: false, knownFraud: false, ...over,
});
const clear = { pep: 'No Match' as const, sanctions: 'No Match' as const };
const live = { matched: true, liveness: true };
const run = (input: Partial<Gpg45Input>, required: 'LOW' | 'MEDIUM' | 'HIGH' = 'MEDIUM') =>
  evaluateGpg45(scoreAll({ sources: [], screening: clear, ...input }), required);

describe('evidence strength and validity from the checks performed', () => {
  it.each([
    ['passport, chip passive and active authentication', passport({ chip }), 4, 3],
    ['passport, chip passive authentication only', passport({ chip: { passiveAuthentication: true, activeAuthentication: null } }), 4, 3],
    ['passport, chip read but passive authentication failed', passport({ chip: { passiveAuthentication: false, activeAuthentication: null } }), 4, 1],
    ['passport, MRZ checks only (chip not read)', passport(), 3, 1],
    ['passport, MRZ checks and security features checked', passport({ securityFeaturesChecked: true }), 3, 2],
    ['passport, chip and issuer confirmation', passport({ chip, issuerConfirmed: true }), 4, 4],
    ['driving licence, MRZ/data checks', passport({ type: 'driving_licence' }), 3, 1],
    ['driving licence, issuer confirmed (security features)', passport({ type: 'driving_licence', securityFeaturesChecked: true }), 3, 2],
    ['passport that failed its checks', passport({ decision: 'REFER', reasons: ['EXPIRED'] }), 3, 0],
    ['passport in someone else\'s name', passport({ chip, matchesPerson: false }), 4, 0],
    ['passport without its chip, issuer confirmed only', passport({ issuerConfirmed: true }), 3, 2],
    ['passport, security features checked and chip passive authentication', passport({ securityFeaturesChecked: true, chip: { passiveAuthentication: true, activeAuthentication: null } }), 4, 3],
    ['passport, security features checked, chip read but passive authentication failed', passport({ securityFeaturesChecked: true, chip: { passiveAuthentication: false, activeAuthentication: null } }), 4, 2],
    ['security features checked on a document that failed its checks', passport({ securityFeaturesChecked: true, decision: 'REFER', reasons: ['MRZ_CHECK_DIGIT'] }), 3, 0],
    ['chip active authentication without the issuer: not 4', passport({ securityFeaturesChecked: true, chip }), 4, 3],
  ])('%s', (_label, doc, strength, validity) => {
    const scored = scoreDocument(doc);
    expect({ strength: scored.strength, validity: scored.validity }).toEqual({ strength, validity });
    expect(scored.why.length).toBeGreaterThan(0);
  });
  it('says what would raise a passport read without its chip', () => {
    expect(scoreDocument(passport()).raise.join(' ')).toMatch(/read the chip/);
    expect(scoreDocument(passport()).raise.join(' ')).toMatch(/validity 2: every authenticity check/);
    expect(scoreDocument(passport({ securityFeaturesChecked: true })).raise.join(' ')).not.toMatch(/validity 2/);
  });
  it('says which security features were checked, and which were not', () => {
    const why = scoreDocument(passport({ securityFeaturesChecked: true })).why.join(' ');
    expect(why).toMatch(/validity 2: its visible security features .*portrait.*OCR-B.*colour print/);
    expect(why).toMatch(/UV, infrared and tactile features were not examined/);
  });
});

describe('activity, fraud', () => {
  it.each([[null, 0], [0, 0], [5, 0], [6, 1], [11, 1], [12, 2], [23, 2], [24, 3], [35, 3], [36, 4], [120, 4]])('activity over %s months scores %i', (months, score) => {
    expect(scoreActivity([source('cra', { activityMonths: months })]).score).toBe(score);
  });
  it('the table is ordered and each score has one threshold (the rule reads it top down)', () => {
    expect(ACTIVITY_MONTHS.map((t) => t.score)).toEqual([4, 3, 2, 1]);
    for (let i = 1; i < ACTIVITY_MONTHS.length; i++) expect(ACTIVITY_MONTHS[i]!.months).toBeLessThan(ACTIVITY_MONTHS[i - 1]!.months);
  });
  it('the longest activity among the sources that found the person counts', () => {
    expect(scoreActivity([source('roll', { activityMonths: 14 }), source('cra', { activityMonths: 30 })])).toMatchObject({ score: 3, why: [expect.stringContaining('cra')] });
  });
  it('activity from a source that did not find the person does not count', () => {
    expect(scoreActivity([source('cra', { nameDob: false, nameAddress: false, activityMonths: 60 })]).score).toBe(0);
  });
  it.each([
    ['no source checked', [source('a')], clear, 0],
    ['one source checked mortality', [source('a', { mortalityChecked: true })], clear, 1],
    ['mortality and fraud, one source, screening clear', [source('a', { mortalityChecked: true, fraudChecked: true })], clear, 2],
    ['mortality and fraud from two sources, screening clear', [source('a', { mortalityChecked: true }), source('b', { fraudChecked: true })], clear, 3],
    ['both checked, PEP check made with a potential match (in review under the AML decision)', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: 'Potential Match' as const, sanctions: 'No Match' as const }, 2],
    ['both checked but no PEP list loaded', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: null, sanctions: 'No Match' as const }, 1],
    ['both checked but not screened at all', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: null, sanctions: null }, 1],
    ['both checked, PEP clear, no sanctions list loaded (sanctions are not part of the score)', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: 'No Match' as const, sanctions: null }, 2],
    ['both checked, PEP clear, a sanctions potential match (the AML decision\'s, not the score\'s)', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: 'No Match' as const, sanctions: 'Potential Match' as const }, 2],
    ['two sources, PEP check made with a potential match', [source('a', { mortalityChecked: true }), source('b', { fraudChecked: true })], { pep: 'Potential Match' as const, sanctions: 'Potential Match' as const }, 3],
    ['only fraud checked, screening clear', [source('a', { fraudChecked: true })], clear, 1],
    ['deceased even though no source says it checked mortality', [source('a', { deceased: true })], clear, 0],
    ['a source that did not find the person but flags fraud still counts the flag', [source('a', { nameDob: false, nameAddress: false, knownFraud: true })], clear, 0],
    ['reported deceased', [source('a', { mortalityChecked: true, deceased: true }), source('b', { fraudChecked: true })], clear, 0],
    ['known fraud', [source('a', { fraudChecked: true, knownFraud: true })], clear, 0],
  ])('identity fraud: %s', (_label, sources, screening, score) => {
    expect(scoreFraud(sources, screening).score).toBe(score);
  });
  it('identity fraud says what the PEP check found, and asks for a PEP list when none is loaded', () => {
    const both = [source('a', { mortalityChecked: true, fraudChecked: true })];
    expect(scoreFraud(both, { pep: 'Potential Match', sanctions: 'No Match' }).why.join(' ')).toMatch(/potential match, which a person reviews/);
    expect(scoreFraud(both, { pep: null, sanctions: 'No Match' }).raise.join(' ')).toMatch(/PEP screening/);
  });
});

describe('confidence reached from real combinations of evidence', () => {
  it('a chip-verified passport with a live face match reaches MEDIUM (M1C) with no credit file', () => {
    const r = run({ document: passport({ chip }), face: live });
    expect(r).toMatchObject({ confidence: 'MEDIUM', profile: 'M1C', required_met: true });
    expect(r.scores.verification.score).toBe(3);
  });
  it('adding a source that checked mortality and fraud takes it to HIGH (H1A)', () => {
    const r = run({ document: passport({ chip }), face: live, sources: [source('cra', { mortalityChecked: true, fraudChecked: true })] });
    expect(r).toMatchObject({ confidence: 'HIGH', profile: 'H1A' });
  });
  it('a passport read without its chip, with a live face match, reaches no level: its validity is 1 (L1B and M1C need more)', () => {
    const r = run({ document: passport(), face: live });
    expect(r.confidence).toBeNull();
    expect(r.missing_codes).toEqual(['EVIDENCE_VALIDITY_LT_3']);
  });
  it('a licence with security features checked, a live face and an identity source reaches MEDIUM (M2C)', () => {
    const r = run({ document: passport({ type: 'driving_licence', securityFeaturesChecked: true }), face: live, sources: [source('cra', { fraudChecked: true })] });
    expect(r).toMatchObject({ confidence: 'MEDIUM', profile: 'M2C' });
  });
  it('a face match without liveness verifies only to 2', () => {
    expect(run({ document: passport({ chip }), face: { matched: true, liveness: false } }).scores.verification.score).toBe(2);
  });
  it('a face that did not match verifies to 0 and the required level names verification', () => {
    const r = run({ document: passport({ chip }), face: { matched: false, liveness: true } });
    expect(r.scores.verification.score).toBe(0);
    expect(r.missing_codes.some((c) => c.startsWith('VERIFICATION_LT_'))).toBe(true);
  });
  it('two identity sources with activity and a mortality check lack only verification: nearest M1D', () => {
    const r = run({ proofOfAddress: { decision: 'PASSED', nameFound: true, reasons: [] }, sources: [source('cra', { activityMonths: 30, mortalityChecked: true }), source('roll', { activityMonths: 14 })] });
    expect(r.confidence).toBeNull();
    expect(r.to_raise).toMatchObject({ confidence: 'MEDIUM', profile: 'M1D' });
    expect(r.missing_codes).toEqual(['VERIFICATION_LT_3']);
  });
  it('knowledge-based verification counts where present (L1A from one source and KBV)', () => {
    const r = run({ sources: [source('cra', { mortalityChecked: true })], otherVerification: { score: 1, why: 'knowledge-based questions answered' } }, 'LOW');
    expect(r).toMatchObject({ confidence: 'LOW', profile: 'L1A' });
  });
  it('every piece of evidence carries why and, below the top, what would raise it', () => {
    const r = run({ document: passport(), face: live, sources: [source('cra', { nameAddress: false })] });
    for (const e of r.scores.evidence) expect(e.why.length).toBeGreaterThan(0);
    expect(r.scores.evidence.find((e) => e.id === 'source:cra')).toMatchObject({ strength: 1, validity: 1 });
    expect(r.to_raise?.missing.length).toBeGreaterThan(0);
  });
});

describe('a chip that failed: altered or forged, or only not verified (ADR 0180)', () => {
  const checked = [source('cra', { mortalityChecked: true, fraudChecked: true })];
  const failed = (tampered: string[] | undefined, over: Partial<DocumentEvidence> = {}) =>
    passport({ securityFeaturesChecked: true, chip: { passiveAuthentication: false, activeAuthentication: null, ...(tampered ? { tampered } : {}) }, ...over });
  it.each<[string, DocumentEvidence, number, number, RegExp]>([
    ['passed', passport({ chip: { ...chip, tampered: [] } }), 3, 2, /^validity 3: /m],
    ['not verified (no reason shows tampering)', failed([]), 2, 2, /passive authentication failed: its data is not shown to be the issuer's/],
    ['not verified, evidence without the field (sandbox, older callers)', failed(undefined), 2, 2, /passive authentication failed/],
    ['not verified, without security features checked', failed([], { securityFeaturesChecked: false }), 1, 2, /passive authentication failed/],
    ...(['DG_HASH_MISMATCH', 'SIGNATURE_INVALID', 'DS_REVOKED', 'CSCA_COUNTRY_MISMATCH', 'MRZ_MISMATCH', 'AA_FAILED'] as const).map((reason): [string, DocumentEvidence, number, number, RegExp] =>
      [`tampered: ${reason}`, failed([reason]), 0, 0, new RegExp(`^validity 0: the chip shows the document altered or forged.*\\(CHIP_${reason}\\)`, 'm')]),
    ['tampered, and the document decision REFER as onboarding gives it: the chip is named, not the document\'s checks', failed(['DG_HASH_MISMATCH'], { decision: 'REFER' }), 0, 0, /^validity 0: the chip shows .*a data group differs from what the issuing state signed \(CHIP_DG_HASH_MISMATCH\)/m],
    ['tampered on two checks: both named', failed(['DG_HASH_MISMATCH', 'AA_FAILED']), 0, 0, /CHIP_DG_HASH_MISMATCH.*CHIP_AA_FAILED/],
  ])('%s', (_label, document, validity, fraud, why) => {
    const scores = scoreAll({ document, sources: checked, screening: clear });
    const doc = scores.evidence.find((e) => e.id === 'document')!;
    expect(doc.validity).toBe(validity);
    expect(doc.strength).toBe(4);
    expect(doc.why.join('\n')).toMatch(why);
    expect(scores.fraud.score).toBe(fraud);
    if (fraud === 0) expect(scores.fraud.why).toEqual([expect.stringMatching(/^identity fraud 0: the identity is being used with an altered or forged document \(its chip: CHIP_/)]);
  });
  it('a tampered chip is named in the fraud score beside a source\'s flag', () => {
    const why = scoreFraud([source('a', { deceased: true })], clear, failed(['SIGNATURE_INVALID'])).why;
    expect(why).toEqual([expect.stringMatching(/reported deceased/), expect.stringMatching(/altered or forged document \(its chip: CHIP_SIGNATURE_INVALID\)/)]);
  });
  it('no profile is met from the other evidence when the chip is tampered; the same evidence with the chip only not verified meets one', () => {
    const input = { face: live, sources: [source('cra', { mortalityChecked: true, fraudChecked: true, activityMonths: 24 }), source('roll', { fraudChecked: true })] };
    const unverified = run({ ...input, document: failed([]) }, 'LOW');
    expect(unverified.confidence).not.toBeNull();
    const tampered = run({ ...input, document: failed(['MRZ_MISMATCH']) }, 'LOW');
    expect(tampered).toMatchObject({ confidence: null, profiles_met: [] });
    expect(tampered.scores.verification.score).toBe(0);
    expect(tampered.scores.identity_fraud.score).toBe(0);
  });
});
