import { describe, expect, it } from 'vitest';
import { decideActiveLiveness } from './liveness.ts';
import { analysisOf, syntheticFace, syntheticLandmarks } from './synthetic-face.ts';

/** One frame of person `identity` with the nose shifted by `shift` (positive: toward the image's right). */
const frame = (shift: number, identity = 1, salt = 1) =>
  analysisOf([syntheticFace({ identity, noise: 0.2, salt, landmarks: syntheticLandmarks({ cx: 110, cy: 110, s: 60, noseShift: shift }) })]);
const turn = (to: number, identity = 1) => [0, to * 0.25, to * 0.5, to * 0.75, to].map((s, i) => frame(s, identity, i + 1));

describe('active liveness (head turn)', () => {
  it('a head turning to the person\'s left (image right, unmirrored) passes turn_left', () => {
    const r = decideActiveLiveness(turn(0.6), { type: 'turn_left' });
    expect(r).toMatchObject({ decision: 'PASSED', reasons: [], frames: 5 });
    expect(Math.max(...r.yaw.map((y) => y ?? 0))).toBeGreaterThan(18);
  });

  it('the same motion fails turn_right as WRONG_DIRECTION, and passes it when the frames are mirrored', () => {
    expect(decideActiveLiveness(turn(0.6), { type: 'turn_right' }).reasons).toEqual(['WRONG_DIRECTION']);
    expect(decideActiveLiveness(turn(0.6), { type: 'turn_right', mirrored: true }).decision).toBe('PASSED');
  });

  it('a still photo held up to the camera does not turn', () => {
    const still = [1, 2, 3, 4, 5].map((salt) => frame(0, 1, salt));
    expect(decideActiveLiveness(still, { type: 'turn_left' }).reasons).toEqual(['TURN_NOT_DETECTED']);
  });

  it('a face swapped mid-sequence is caught', () => {
    const frames = [...turn(0.6).slice(0, 3), frame(0.45, 2), frame(0.6, 2)];
    expect(decideActiveLiveness(frames, { type: 'turn_left' }).reasons).toContain('FACE_CHANGED');
  });

  it('frame count, missing faces, a turned start', () => {
    expect(decideActiveLiveness(turn(0.6).slice(0, 2), { type: 'turn_left' }).reasons).toEqual(['TOO_FEW_FRAMES']);
    expect(decideActiveLiveness(Array.from({ length: 21 }, () => frame(0)), { type: 'turn_left' }).reasons).toEqual(['TOO_MANY_FRAMES']);
    const gap = [frame(0), analysisOf([]), frame(0.6)];
    expect(decideActiveLiveness(gap, { type: 'turn_left' }).reasons).toEqual(['NO_FACE_IN_FRAME']);
    const startTurned = [frame(0.5), frame(0.6), frame(0.7)];
    expect(decideActiveLiveness(startTurned, { type: 'turn_left' }).reasons).toEqual(['NOT_FRONTAL_AT_START']);
  });
});
