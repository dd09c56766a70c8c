import { describe, expect, it } from 'vitest';
import { needsReview, type ProcessedOutcome } from './decision.ts';

const outcome = (o: Partial<ProcessedOutcome>): ProcessedOutcome => ({ documentDecision: null, faceDecision: null, reasons: [], ...o });

describe('needsReview: which processed reports wait for a person', () => {
  it.each<[string, Partial<ProcessedOutcome>, boolean]>([
    ['nothing checked', {}, false],
    ['document PASSED', { documentDecision: 'PASSED' }, false],
    ['document REFER', { documentDecision: 'REFER' }, true],
    ['document ALERT', { documentDecision: 'ALERT' }, true],
    ['face PASSED with a PASSED document', { documentDecision: 'PASSED', faceDecision: 'PASSED' }, false],
    ['face FAILED with a PASSED document', { documentDecision: 'PASSED', faceDecision: 'FAILED' }, true],
    ['face FAILED without a document', { faceDecision: 'FAILED' }, true],
    ['proof of address REFER', { reasons: ['PROOF_OF_ADDRESS_REFER'] }, true],
    ['proof of identity ALERT', { reasons: ['PROOF_OF_IDENTITY_ALERT'] }, true],
    ['other reasons alone (document PASSED)', { documentDecision: 'PASSED', reasons: ['CHIP_AUTHENTIC', 'FACE_NOT_COMPARED', 'SELFIE_NOT_USABLE'] }, false],
    ['a reason that only contains the proof prefix', { reasons: ['NOT_PROOF_OF_ADDRESS_REFER'] }, false],
  ])('%s', (_name, given, expected) => expect(needsReview(outcome(given))).toBe(expected));
});
