import { describe, expect, it } from 'vitest';
import { fitLogistic, predictLogistic } from './logistic.ts';
import { decidePresentationAttack, PAD_POLICY, type PadPolicy } from './pad.ts';

/** A policy with one detector per family, each reading one input, so the rule itself is what is tested. */
const model = (input: string, weight: number): PadPolicy['detectors'][number]['model'] => ({ inputs: [input], mean: [0], scale: [1], weights: [weight], bias: 0 });
const policy = (enforced: boolean): PadPolicy => ({
  threshold: 0.9,
  enforced,
  detectors: [
    { family: 'print', model: model('halftone', 10) },
    { family: 'screen', model: model('moire', 10) },
    { family: 'cutout', model: model('edge', 10) },
  ],
  calibration: { seed: 't', bpcer: 0.05, apcer: 0.01, samples: 10 },
});

describe('presentation-attack decision', () => {
  it('scores the most suspicious family and names every family over the threshold', () => {
    const r = decidePresentationAttack({ halftone: 1, moire: -1, edge: 0.1 }, policy(true));
    expect(r.score).toBeCloseTo(1 / (1 + Math.exp(-10)), 4);
    expect(r).toMatchObject({ decision: 'FAILED', attack_suspected: true, reasons: ['PAD_PRINT_SUSPECTED'], threshold: 0.9 });
    expect(decidePresentationAttack({ halftone: 1, moire: 1, edge: -1 }, policy(true)).reasons).toEqual(['PAD_PRINT_SUSPECTED', 'PAD_SCREEN_SUSPECTED']);
  });

  it('passes a capture whose every family stays under the threshold', () => {
    expect(decidePresentationAttack({ halftone: -1, moire: -1, edge: 0.1 }, policy(true))).toMatchObject({ decision: 'PASSED', attack_suspected: false, reasons: [] });
  });

  it('reports but does not fail when the policy is not enforced (signal missed its target on calibration)', () => {
    expect(decidePresentationAttack({ halftone: 0, moire: 3, edge: 0 }, policy(false))).toMatchObject({ decision: 'PASSED', attack_suspected: true, reasons: ['PAD_SCREEN_SUSPECTED'] });
  });

  it('fails a capture without a face when enforced', () => {
    expect(decidePresentationAttack(null, policy(true))).toMatchObject({ decision: 'FAILED', score: null, reasons: ['PAD_NO_FACE'] });
  });

  it('refuses signals a detector needs but was not given', () => {
    expect(() => decidePresentationAttack({ halftone: 1 }, policy(true))).toThrow(/missing input/);
  });

  it('ships a calibrated production policy with a detector for each family', () => {
    expect(PAD_POLICY.detectors.map((d) => d.family).sort()).toEqual(['cutout', 'print', 'screen']);
    expect(PAD_POLICY.threshold).toBeGreaterThan(0);
    expect(PAD_POLICY.threshold).toBeLessThan(1);
    expect(PAD_POLICY.calibration.samples).toBeGreaterThan(100);
  });
});

describe('logistic regression', () => {
  it('separates two classes on the input that tells them apart and ignores noise', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ signal: (i % 2 ? 1 : -1) + ((i * 7) % 5) / 10, noise: ((i * 13) % 11) / 11 }));
    const labels = rows.map((_, i) => (i % 2 ? 1 : 0) as 0 | 1);
    const m = fitLogistic(['signal', 'noise'], rows, labels);
    expect(Math.abs(m.weights[0] as number)).toBeGreaterThan(5 * Math.abs(m.weights[1] as number));
    expect(predictLogistic(m, { signal: 1.2, noise: 0.5 })).toBeGreaterThan(0.8);
    expect(predictLogistic(m, { signal: -1.2, noise: 0.5 })).toBeLessThan(0.2);
  });
});
