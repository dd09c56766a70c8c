import { describe, expect, it } from 'vitest';
import { decideFaceMatch, DEFAULT_MATCH_POLICY, overlap } from './face-match.ts';
import { analysisOf, syntheticFace } from './synthetic-face.ts';

const doc = (identity = 1) => analysisOf([syntheticFace({ identity, noise: 0.3, salt: 1 })]);
const selfie = (identity = 1) => analysisOf([syntheticFace({ identity, noise: 0.3, salt: 2 })]);

describe('face match decision', () => {
  it('the same person passes with no reasons', () => {
    const r = decideFaceMatch(doc(1), selfie(1));
    expect(r).toMatchObject({ faces_a: 1, faces_b: 1, decision: 'PASSED', reasons: [], threshold: DEFAULT_MATCH_POLICY.threshold });
    expect(r.similarity).toBeGreaterThan(DEFAULT_MATCH_POLICY.threshold);
    expect(r.similarity! + r.distance!).toBeCloseTo(1, 3);
  });

  it('different people fail with FACE_MISMATCH', () => {
    const r = decideFaceMatch(doc(1), selfie(2));
    expect(r.decision).toBe('FAILED');
    expect(r.reasons).toEqual(['FACE_MISMATCH']);
    expect(r.similarity).toBeLessThan(DEFAULT_MATCH_POLICY.threshold);
  });

  it('names the side without a face', () => {
    expect(decideFaceMatch(analysisOf([]), selfie()).reasons).toEqual(['NO_FACE_DOCUMENT']);
    expect(decideFaceMatch(doc(), analysisOf([])).reasons).toEqual(['NO_FACE_SELFIE']);
    expect(decideFaceMatch(analysisOf([]), analysisOf([]))).toMatchObject({ similarity: null, reasons: ['NO_FACE_DOCUMENT', 'NO_FACE_SELFIE'] });
  });

  it('two similar-sized faces in the selfie fail with MULTIPLE_FACES even when one matches', () => {
    const crowded = analysisOf([syntheticFace({ identity: 1, noise: 0.3, salt: 2 }), syntheticFace({ identity: 3 })]);
    const r = decideFaceMatch(doc(1), crowded);
    expect(r).toMatchObject({ decision: 'FAILED', reasons: ['MULTIPLE_FACES'], faces_b: 2 });
  });

  it('a small ghost portrait on the document is not a second face', () => {
    const ghost = syntheticFace({ identity: 1, box: { x: 300, y: 300, width: 40, height: 50 } });
    const r = decideFaceMatch(analysisOf([syntheticFace({ identity: 1, noise: 0.3 }), ghost]), selfie(1));
    expect(r).toMatchObject({ decision: 'PASSED', faces_a: 2 });
  });

  it('a tiny or blurred face fails with LOW_QUALITY even when it matches', () => {
    const tiny = analysisOf([syntheticFace({ identity: 1, noise: 0.3, salt: 2, box: { x: 0, y: 0, width: 20, height: 24 } })]);
    expect(decideFaceMatch(doc(1), tiny).reasons).toEqual(['LOW_QUALITY']);
    const blurred = analysisOf([syntheticFace({ identity: 1, noise: 0.3, salt: 2, sharpness: 2 })]);
    expect(decideFaceMatch(doc(1), blurred)).toMatchObject({ decision: 'FAILED', reasons: ['LOW_QUALITY'] });
  });

  it('the threshold is a policy setting', () => {
    const r = decideFaceMatch(doc(1), selfie(1), { ...DEFAULT_MATCH_POLICY, threshold: 0.99 });
    expect(r).toMatchObject({ decision: 'FAILED', reasons: ['FACE_MISMATCH'], threshold: 0.99 });
  });
});

describe('overlap', () => {
  it('is 1 for a box inside another, 0 for disjoint boxes, partial otherwise', () => {
    expect(overlap({ x: 0, y: 0, width: 100, height: 100 }, { x: 10, y: 10, width: 20, height: 20 })).toBe(1);
    expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 20, width: 10, height: 10 })).toBe(0);
    expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 0, width: 10, height: 10 })).toBeCloseTo(0.5);
  });
});
