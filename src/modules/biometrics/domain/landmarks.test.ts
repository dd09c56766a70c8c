import { describe, expect, it } from 'vitest';
import { eyeAspectRatio, eyesAspectRatios, rollDegrees, yawDegrees } from './landmarks.ts';
import { syntheticLandmarks } from './synthetic-face.ts';

describe('head pose from landmarks', () => {
  it('a frontal face has yaw and roll near zero', () => {
    const lm = syntheticLandmarks();
    expect(Math.abs(yawDegrees(lm))).toBeLessThan(1);
    expect(Math.abs(rollDegrees(lm))).toBeLessThan(1);
  });

  it.each([
    [0.3, 'right'],
    [-0.3, 'left'],
  ])('a nose shifted by %s reads as a turn to the image %s', (shift, side) => {
    const yaw = yawDegrees(syntheticLandmarks({ noseShift: shift }));
    expect(Math.abs(yaw)).toBeGreaterThan(15);
    expect(Math.sign(yaw)).toBe(side === 'right' ? 1 : -1);
  });

  it('a tilted (rolled) frontal head is not mistaken for a turn', () => {
    const lm = syntheticLandmarks({ roll: 25 });
    expect(rollDegrees(lm)).toBeCloseTo(25, 0);
    expect(Math.abs(yawDegrees(lm))).toBeLessThan(2);
  });

  it('open and closed eyes have distinct aspect ratios', () => {
    expect(eyesAspectRatios(syntheticLandmarks({ eyeOpen: 0.3 })).left).toBeGreaterThan(0.25);
    expect(eyesAspectRatios(syntheticLandmarks({ eyeOpen: 0.05 })).right).toBeLessThan(0.1);
  });

  it('rejects a malformed eye', () => {
    expect(() => eyeAspectRatio([{ x: 0, y: 0 }])).toThrow(/6 landmarks/);
  });
});
