import { describe, expect, it } from 'vitest';
import type { ChipReason } from '../../biometrics/index.ts';
import { CHIP_REASON_CLASS, chipTamperEvidence, type ChipFailureClass } from './chip-tamper.ts';

// Every reason of the chip decision is classified, and only those: this fails to compile when biometrics adds one.
const EXHAUSTIVE: Record<ChipReason, ChipFailureClass> = CHIP_REASON_CLASS;
const KNOWN: Record<keyof typeof CHIP_REASON_CLASS, true> = Object.fromEntries(Object.keys(EXHAUSTIVE).map((k) => [k, true])) as Record<ChipReason, true>;

const TAMPERED = ['DG_HASH_MISMATCH', 'SIGNATURE_INVALID', 'DS_REVOKED', 'CSCA_COUNTRY_MISMATCH', 'MRZ_MISMATCH', 'AA_FAILED', 'CA_FAILED'] as const;
const UNVERIFIED = [
  'SOD_INVALID', 'DG_MISSING', 'DG_NOT_IN_SOD', 'DS_CERTIFICATE_MISSING', 'SIGNATURE_ALGORITHM_UNSUPPORTED', 'CSCA_UNTRUSTED', 'DG1_INVALID', 'DG2_INVALID',
  'MRZ_UNPROTECTED_MISMATCH', 'AA_NOT_PERFORMED', 'AA_CHALLENGE_INVALID', 'CA_SESSION_INVALID',
] as const;

describe('what a failed chip says about the document', () => {
  it('the two lists cover every chip reason once', () => {
    expect([...TAMPERED, ...UNVERIFIED].sort()).toEqual(Object.keys(KNOWN).sort());
  });
  it.each(TAMPERED)('%s shows the document altered or forged', (reason) => {
    expect(CHIP_REASON_CLASS[reason]).toBe('tampered');
    expect(chipTamperEvidence([reason], { aaKeySigned: true, mrzProtectedFieldsNamed: true, caKeySigned: true })).toEqual([reason]);
  });
  it.each(UNVERIFIED)('%s leaves it only not verified', (reason) => {
    expect(CHIP_REASON_CLASS[reason]).toBe('unverified');
    expect(chipTamperEvidence([reason], { aaKeySigned: true, mrzProtectedFieldsNamed: true, caKeySigned: true })).toEqual([]);
  });
  it('a failed chip authentication counts only when the SOD vouched for DG14 (its key is the one the session used)', () => {
    expect(chipTamperEvidence(['CA_FAILED'], { aaKeySigned: false, mrzProtectedFieldsNamed: true, caKeySigned: true })).toEqual(['CA_FAILED']);
    expect(chipTamperEvidence(['CA_FAILED'], { aaKeySigned: true, mrzProtectedFieldsNamed: true, caKeySigned: false })).toEqual([]);
    expect(chipTamperEvidence(['CA_FAILED'], { aaKeySigned: true, mrzProtectedFieldsNamed: true })).toEqual([]);
  });
  it('a failed active authentication counts only when the SOD vouched for DG15 (else DG15 was absent or unsigned)', () => {
    expect(chipTamperEvidence(['AA_FAILED'], { aaKeySigned: true, mrzProtectedFieldsNamed: true })).toEqual(['AA_FAILED']);
    expect(chipTamperEvidence(['AA_FAILED'], { aaKeySigned: false, mrzProtectedFieldsNamed: true })).toEqual([]);
    expect(chipTamperEvidence(['SOD_INVALID', 'AA_FAILED'], { aaKeySigned: false, mrzProtectedFieldsNamed: true })).toEqual([]);
  });
  it('keeps the tampering reasons in order among others; a passed chip, an empty trust store or an unknown code is no tampering', () => {
    expect(chipTamperEvidence(['CSCA_UNTRUSTED', 'DG_HASH_MISMATCH', 'AA_NOT_PERFORMED', 'MRZ_MISMATCH'], { aaKeySigned: false, mrzProtectedFieldsNamed: true })).toEqual(['DG_HASH_MISMATCH', 'MRZ_MISMATCH']);
    expect(chipTamperEvidence([], { aaKeySigned: true, mrzProtectedFieldsNamed: true })).toEqual([]);
    expect(chipTamperEvidence(['CSCA_UNTRUSTED', 'DS_CERTIFICATE_MISSING', 'AA_NOT_PERFORMED', 'DG_MISSING'], { aaKeySigned: false, mrzProtectedFieldsNamed: true })).toEqual([]);
    expect(chipTamperEvidence(['SOMETHING_NEW', 'toString', 'constructor'], { aaKeySigned: true, mrzProtectedFieldsNamed: true })).toEqual([]);
  });
  it('what could be an OCR misread or a signature not checked is no tampering; the same chip with a protected MRZ field or a checked signature differing is', () => {
    // A name misread on a genuine passport's photo, and a state's signature algorithm this verifier lacks.
    expect(chipTamperEvidence(['MRZ_UNPROTECTED_MISMATCH', 'SIGNATURE_ALGORITHM_UNSUPPORTED', 'CSCA_UNTRUSTED'], { aaKeySigned: true, mrzProtectedFieldsNamed: true })).toEqual([]);
    expect(chipTamperEvidence(['MRZ_MISMATCH', 'SIGNATURE_INVALID', 'CSCA_UNTRUSTED'], { aaKeySigned: true, mrzProtectedFieldsNamed: true })).toEqual(['MRZ_MISMATCH', 'SIGNATURE_INVALID']);
  });
  it('an MRZ_MISMATCH counts only from a result that names the protected fields differing (one stored before compared the whole MRZ)', () => {
    expect(chipTamperEvidence(['MRZ_MISMATCH'], { aaKeySigned: false, mrzProtectedFieldsNamed: true })).toEqual(['MRZ_MISMATCH']);
    expect(chipTamperEvidence(['MRZ_MISMATCH', 'DG_HASH_MISMATCH'], { aaKeySigned: false, mrzProtectedFieldsNamed: false })).toEqual(['DG_HASH_MISMATCH']);
  });
});
