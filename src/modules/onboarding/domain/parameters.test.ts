import { describe, expect, it } from 'vitest';
import { asksForSomething, documentKinds, normaliseParameters, stepsFor } from './parameters.ts';
import { addressHistoryProblems, progress } from './flow.ts';

const ids = (p: Record<string, 'true' | 'false'>) => stepsFor(normaliseParameters(p)).map((s) => s.id);

describe('steps from the parameters', () => {
  it('standard ID verification: document then review', () => expect(ids({ idscan: 'true' })).toEqual(['id_document', 'review']));
  it('biometric: document, selfie, liveness', () => expect(ids({ face_match: 'true' })).toEqual(['id_document', 'selfie', 'liveness', 'review']));
  it('biometric with NFC: hand-over to the phone first', () =>
    expect(ids({ face_match_mobile: 'true' })).toEqual(['mobile_handover', 'id_document', 'selfie', 'liveness', 'review']));
  it('everything, in order', () =>
    expect(ids({ personal_details: 'true', unique_email: 'true', legal_names_history: 'true', home_address_history: 'true', idscan: 'true', selfie: 'true', proof_of_identity: 'true', proof_of_address: 'true' }))
      .toEqual(['personal_details', 'unique_email', 'legal_names_history', 'home_address_history', 'id_document', 'selfie', 'proof_of_identity', 'proof_of_address', 'review']));
  it('a request that asks nothing is recognised', () => {
    expect(asksForSomething(normaliseParameters({ suppress_invitation_mail: 'true' }))).toBe(false);
    expect(asksForSomething(normaliseParameters({ proof_of_address: 'true' }))).toBe(true);
  });
  it('missing parameters are stored as "false"', () => {
    const p = normaliseParameters({ idscan: 'true' });
    expect(Object.keys(p)).toHaveLength(11);
    expect(p.face_match).toBe('false');
  });
});

describe('documents the contact may use', () => {
  const kinds = (p: Record<string, 'true' | 'false'>) => documentKinds(normaliseParameters(p));
  it('idscan: a passport or a driving licence, as the spec words it', () => expect(kinds({ idscan: 'true' })).toEqual(['passport', 'driving_licence']));
  it('face match (also on the phone): any ID document, identity cards too', () => {
    expect(kinds({ face_match: 'true' })).toEqual(['passport', 'driving_licence', 'identity_card']);
    expect(kinds({ face_match_mobile: 'true' })).toEqual(['passport', 'driving_licence', 'identity_card']);
    expect(kinds({ idscan: 'true', face_match: 'true' })).toEqual(['passport', 'driving_licence', 'identity_card']);
  });
  it('no document asked: none offered, and only the document step carries the list', () => {
    expect(kinds({ selfie: 'true' })).toEqual([]);
    const steps = stepsFor(normaliseParameters({ personal_details: 'true', idscan: 'true' }));
    expect(steps.map((s) => s.documents)).toEqual([undefined, ['passport', 'driving_licence'], undefined]);
  });
});

describe('progress', () => {
  const p = normaliseParameters({ personal_details: 'true', idscan: 'true' });
  it('lists what is missing; the optional back side is not required', () => {
    expect(progress(p, {}, new Set()).missing).toEqual(['personal_details', 'id_document']);
    expect(progress(p, { personal_details: { address: { street: 'a', city: 'b', postcode: 'c', country: 'GB' } } }, new Set(['document_front'])).missing).toEqual([]);
  });
});

describe('12 months of address history', () => {
  const today = '2026-11-22';
  it('one address held for two years is enough', () => expect(addressHistoryProblems([{ street: 's', city: 'c', postcode: 'p', country: 'GB', from: '2024-01-01' }], today)).toEqual([]));
  it('a history that starts 6 months ago is not', () =>
    expect(addressHistoryProblems([{ street: 's', city: 'c', postcode: 'p', country: 'GB', from: '2026-05-01' }], today)).toEqual(['the addresses must cover the last 12 months']));
  it('a gap between addresses is reported', () => {
    const problems = addressHistoryProblems([
      { street: 's', city: 'c', postcode: 'p', country: 'GB', from: '2026-06-01' },
      { street: 't', city: 'c', postcode: 'p', country: 'GB', from: '2020-01-01', to: '2026-01-01' },
    ], today);
    expect(problems[0]).toMatch(/gap of 151 days/);
  });
});
