import { describe, expect, it } from 'vitest';
import { calibrateThreshold, equalErrorRate, ratesAt, type ScoredPair } from './calibration.ts';

const pair = (same: boolean, score: number): ScoredPair => ({ a: 'a', b: 'b', same, score });
const pairs = [pair(true, 0.9), pair(true, 0.8), pair(true, 0.5), pair(false, 0.6), pair(false, 0.3), pair(false, 0.2), pair(false, 0.1)];

describe('verification metrics', () => {
  it('counts accepts at a threshold', () => {
    expect(ratesAt(pairs, 0.55)).toMatchObject({ tar: 2 / 3, far: 1 / 4, falseAccepts: 1, falseRejects: 1 });
    expect(ratesAt(pairs, 0.7)).toMatchObject({ tar: 2 / 3, far: 0 });
  });

  it('finds the equal error point', () => {
    const { eer } = equalErrorRate(pairs);
    expect(eer).toBeGreaterThan(0);
    expect(eer).toBeLessThan(0.35);
    expect(equalErrorRate([pair(true, 0.9), pair(false, 0.1)]).eer).toBe(0);
  });

  it('calibrates between the highest rejected impostor and the next genuine score', () => {
    expect(calibrateThreshold(pairs, 0)).toBeCloseTo((0.6 + 0.8) / 2);
    // Allowing one false accept in four moves the boundary to the next impostor.
    expect(calibrateThreshold(pairs, 0.25)).toBeCloseTo((0.3 + 0.5) / 2);
    expect(() => calibrateThreshold([pair(true, 1)], 0)).toThrow();
  });
});
