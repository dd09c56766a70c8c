import { describe, expect, it } from 'vitest';
import { DEFAULT_SELFIE_POLICY, decideSelfie } from './selfie.ts';
import { analysisOf, syntheticFace, syntheticLandmarks } from './synthetic-face.ts';

describe('selfie checks', () => {
  it('one large, sharp, frontal face with open eyes passes', () => {
    const r = decideSelfie(analysisOf([syntheticFace()]), null);
    expect(r).toMatchObject({ decision: 'PASSED', reasons: [], faces: 1, liveness: null });
    expect(r.eye_aspect_ratio!.left).toBeGreaterThan(0.2);
  });

  it('no face', () => {
    expect(decideSelfie(analysisOf([]), null)).toMatchObject({ decision: 'FAILED', reasons: ['NO_FACE_SELFIE'], faces: 0 });
  });

  it('two faces', () => {
    expect(decideSelfie(analysisOf([syntheticFace(), syntheticFace({ identity: 2 })]), null).reasons).toContain('MULTIPLE_FACES');
  });

  it('a face far from the camera is too small', () => {
    const small = syntheticFace({ box: { x: 0, y: 0, width: 90, height: 100 } });
    expect(decideSelfie(analysisOf([small], 1280, 720), null).reasons).toEqual(['FACE_TOO_SMALL']);
  });

  it('blurred, eyes closed, turned away: each has its reason', () => {
    expect(decideSelfie(analysisOf([syntheticFace({ sharpness: 3 })]), null).reasons).toEqual(['LOW_QUALITY']);
    const closed = syntheticFace({ landmarks: syntheticLandmarks({ cx: 110, cy: 110, s: 60, eyeOpen: 0.04 }) });
    expect(decideSelfie(analysisOf([closed]), null).reasons).toEqual(['EYES_NOT_VISIBLE']);
    const turned = syntheticFace({ landmarks: syntheticLandmarks({ cx: 110, cy: 110, s: 60, noseShift: 0.7 }) });
    expect(decideSelfie(analysisOf([turned]), null).reasons).toEqual(['POSE_NOT_FRONTAL']);
  });

  it('a face found only after rotating the image is judged in the original orientation', () => {
    const upright = syntheticFace({ rotation: 90, landmarks: syntheticLandmarks({ cx: 110, cy: 110, s: 60 }) });
    expect(decideSelfie(analysisOf([upright]), null).reasons).toEqual(['POSE_NOT_FRONTAL']);
  });

  it('with a liveness gate set, a low passive score is a suspected spoof; a high one passes', () => {
    const gated = { ...DEFAULT_SELFIE_POLICY, minLivenessScore: 0.5 };
    expect(decideSelfie(analysisOf([syntheticFace()]), { score: 0.1, model: 'm' }, gated).reasons).toEqual(['SPOOF_SUSPECTED']);
    expect(decideSelfie(analysisOf([syntheticFace()]), { score: 0.9, model: 'm' }, gated).decision).toBe('PASSED');
    // By default the score is reported, not used.
    expect(decideSelfie(analysisOf([syntheticFace()]), { score: 0.1, model: 'm' })).toMatchObject({ decision: 'PASSED', liveness: { score: 0.1 } });
  });
});
