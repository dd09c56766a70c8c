import { describe, expect, it } from 'vitest';
import { evaluateGpg45 } from './evaluate.ts';
import type { DocumentEvidence, Gpg45Input, SourceEvidence } from './evidence.ts';
import { scoreAll, scoreActivity, scoreDocument, scoreFraud } from './scores.ts';

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
  ])('%s', (_label, doc, strength, validity) => {
    const scored = scoreDocument(doc);
    expect({ strength: scored.strength, validity: scored.validity }).toEqual({ strength, validity });
    expect(scored.why.length).toBeGreaterThan(0);
  });
  it('says what would raise a passport read without its chip', () => {
    expect(scoreDocument(passport()).raise.join(' ')).toMatch(/read the chip/);
  });
});

describe('activity, fraud', () => {
  it.each([[null, 0], [3, 0], [6, 1], [12, 2], [24, 3], [40, 4]])('activity over %s months scores %i', (months, score) => {
    expect(scoreActivity([source('cra', { activityMonths: months })]).score).toBe(score);
  });
  it('activity from a source that did not find the person does not count', () => {
    expect(scoreActivity([source('cra', { nameDob: false, nameAddress: false, activityMonths: 60 })]).score).toBe(0);
  });
  it.each([
    ['no source checked', [source('a')], clear, 0],
    ['one source checked mortality', [source('a', { mortalityChecked: true })], clear, 1],
    ['mortality and fraud, one source, screening clear', [source('a', { mortalityChecked: true, fraudChecked: true })], clear, 2],
    ['mortality and fraud from two sources, screening clear', [source('a', { mortalityChecked: true }), source('b', { fraudChecked: true })], clear, 3],
    ['both checked but a PEP potential match', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: 'Potential Match' as const, sanctions: 'No Match' as const }, 1],
    ['both checked but not screened', [source('a', { mortalityChecked: true, fraudChecked: true })], { pep: null, sanctions: null }, 1],
    ['reported deceased', [source('a', { mortalityChecked: true, deceased: true }), source('b', { fraudChecked: true })], clear, 0],
    ['known fraud', [source('a', { fraudChecked: true, knownFraud: true })], clear, 0],
  ])('identity fraud: %s', (_label, sources, screening, score) => {
    expect(scoreFraud(sources, screening).score).toBe(score);
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
