import { describe, expect, it } from 'vitest';
import { evidenceOf } from './evidence.ts';

const data = (details: Record<string, unknown>) => ({ personal_details: null, idscan: null, reasons: [], details });

describe('an onboarding result as GPG 45 evidence', () => {
  it('reads the document, its chip, the face match and liveness, the proof of address', () => {
    const e = evidenceOf(data({
      document: { decision: 'PASSED', document_type: 'Passport', reasons: [] },
      chip: { passed: true, reasons: [], active_authentication: { supported: true, performed: true, challenge_valid: true, signature_valid: true } },
      face_match: { decision: 'PASSED' }, liveness: { decision: 'PASSED' },
      proof_of_address: { decision: 'PASSED', name_found: true, reasons: [] },
    }), 'PASSED', undefined);
    expect(e).toEqual({
      document: { type: 'passport', decision: 'PASSED', reasons: [], matchesPerson: true, chip: { passiveAuthentication: true, activeAuthentication: true, tampered: [] } },
      face: { matched: true, liveness: true },
      proofOfAddress: { decision: 'PASSED', nameFound: true, reasons: [] },
    });
  });
  it('a licence naming someone else (each reason code once), no chip, liveness failed', () => {
    const e = evidenceOf(data({
      document: { decision: 'REFER', document_type: 'Driving License', reasons: [{ code: 'CONTACT_MISMATCH_NAME', message: 'last name differs' }, { code: 'CONTACT_MISMATCH_NAME', message: 'given names differ' }] },
      face_match: { decision: 'PASSED' }, liveness: { decision: 'FAILED' },
    }), 'REFER', undefined);
    expect(e.document).toEqual({ type: 'driving_licence', decision: 'REFER', reasons: ['CONTACT_MISMATCH_NAME'], matchesPerson: false });
    expect(e.face).toEqual({ matched: true, liveness: false });
  });
  it('a chip without active authentication, security features and issuer confirmation when another check adds them', () => {
    const e = evidenceOf(data({ document: { decision: 'PASSED', document_type: 'Identity Card', reasons: [], security_features_checked: true, issuer_confirmed: true }, chip: { passed: false } }), 'PASSED', undefined);
    expect(e.document).toMatchObject({ type: 'identity_card', securityFeaturesChecked: true, issuerConfirmed: true, chip: { passiveAuthentication: false, activeAuthentication: null } });
  });
  it('security features count only when the document check wrote true (false, a string or absent: not checked)', () => {
    const flag = (v: unknown) => evidenceOf(data({ document: { decision: 'PASSED', document_type: 'Passport', reasons: [], security_features_checked: v } }), 'PASSED', undefined).document?.securityFeaturesChecked;
    expect(flag(true)).toBe(true);
    expect(flag(false)).toBeUndefined();
    expect(flag('true')).toBeUndefined();
    expect(flag(undefined)).toBeUndefined();
  });
  it('active authentication counts only for a fresh server challenge answered with a valid signature', () => {
    const active = (a: Record<string, unknown>) => evidenceOf(data({ document: { decision: 'PASSED', document_type: 'Passport', reasons: [] }, chip: { passed: true, active_authentication: a } }), 'PASSED', undefined).document?.chip?.activeAuthentication;
    expect(active({ supported: true, performed: true, challenge_valid: true, signature_valid: true })).toBe(true);
    expect(active({ supported: true, performed: true, challenge_valid: false, signature_valid: true })).toBe(false);
    expect(active({ supported: true, performed: true, challenge_valid: true, signature_valid: false })).toBe(false);
    expect(active({ supported: true, performed: false, challenge_valid: null, signature_valid: null })).toBe(false);
    expect(active({ supported: false, performed: false, challenge_valid: null, signature_valid: null })).toBeNull();
  });
  it('a chip authentication session the server verified counts as anti-cloning like active authentication; a claim or a failure does not', () => {
    const of = (ca: Record<string, unknown>, aa?: Record<string, unknown>) => evidenceOf(data({ document: { decision: 'PASSED', document_type: 'Passport', reasons: [] }, chip: { passed: true, chip_authentication: ca, ...(aa ? { active_authentication: aa } : {}) } }), 'PASSED', undefined).document?.chip?.activeAuthentication;
    expect(of({ supported: true, performed: true, session_valid: true, verified: true })).toBe(true);
    expect(of({ supported: true, performed: true, session_valid: true, verified: false })).toBe(false);
    expect(of({ supported: true, performed: true, session_valid: false, verified: false })).toBe(false);
    // The reader's word alone (the field stored before the server checked CA) proves nothing.
    expect(of({ supported: true, performed: false, session_valid: null, verified: null, reader_asserted: true })).toBe(false);
    expect(of({ supported: false, performed: false, session_valid: null, verified: null })).toBeNull();
    // A chip with an AA key that failed it is not rescued by chip authentication.
    expect(of({ supported: true, performed: true, session_valid: true, verified: true }, { supported: true, performed: true, challenge_valid: true, signature_valid: false })).toBe(false);
  });
  it('a chip whose checks show it altered is carried as tampered, whatever the document decision; one only not verified is not', () => {
    const chipOf = (chip: Record<string, unknown>, decision = 'REFER') => evidenceOf(data({ document: { decision: 'PASSED', document_type: 'Passport', reasons: [] }, chip }), decision, undefined).document?.chip;
    const signed15 = [{ number: 1, hash_matches: true }, { number: 15, hash_matches: true }];
    expect(chipOf({ passed: false, reasons: ['DG_HASH_MISMATCH', 'CSCA_UNTRUSTED'] })).toEqual({ passiveAuthentication: false, activeAuthentication: null, tampered: ['DG_HASH_MISMATCH'] });
    expect(chipOf({ passed: false, reasons: ['CSCA_UNTRUSTED', 'AA_NOT_PERFORMED'] })?.tampered).toEqual([]);
    // A failed active authentication counts when the SOD vouched for DG15, not when DG15 was absent or unsigned.
    expect(chipOf({ passed: false, reasons: ['AA_FAILED'], data_groups: signed15 })?.tampered).toEqual(['AA_FAILED']);
    expect(chipOf({ passed: false, reasons: ['SOD_INVALID', 'AA_FAILED'], data_groups: [{ number: 15, hash_matches: null }] })?.tampered).toEqual([]);
    expect(chipOf({ passed: false, reasons: ['AA_FAILED'] })?.tampered).toEqual([]);
    // A differing MRZ counts when the result names the protected fields; one stored before (whole-MRZ comparison) does not.
    expect(chipOf({ passed: false, reasons: ['MRZ_MISMATCH'], mrz: { printed_matches: false, protected_fields_differ: ['document_number'] } }, 'PASSED')?.tampered).toEqual(['MRZ_MISMATCH']);
    expect(chipOf({ passed: false, reasons: ['MRZ_MISMATCH'], mrz: { printed_matches: false } }, 'PASSED')?.tampered).toEqual([]);
    expect(chipOf({ passed: false, reasons: ['MRZ_UNPROTECTED_MISMATCH'], mrz: { printed_matches: false } })?.tampered).toEqual([]);
  });
  it('the address history: the answers being given, else the processed result\'s', () => {
    const addresses = [{ street: '1 Mill Lane', city: 'York', postcode: 'YO1 7HH', country: 'GB', from: '2020-01-01', to: '2026-06-01' }, { street: '2 New Road', city: 'York', postcode: 'YO1 7HH', country: 'GB', from: '2026-06-01' }];
    expect(evidenceOf(data({ home_address_history: { addresses } }), null, undefined).addressHistory).toEqual(addresses);
    expect(evidenceOf(data({}), null, { home_address_history: { addresses: [addresses[1]!] } }).addressHistory).toEqual([addresses[1]]);
  });
});
