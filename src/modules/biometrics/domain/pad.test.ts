import { describe, expect, it } from 'vitest';
import { decidePresentationAttack, PAD_POLICY, type PadPolicy } from './pad.ts';
import { SPECIES_DETECTORS } from './pad-species.ts';

/** A policy with one detector per family, each with its own threshold, so that the rule itself is what is tested. */
const policy = (enforced: boolean): PadPolicy => ({
  enforced,
  detectors: [
    { family: 'print', signal: 'halftone', threshold: 0.5 },
    { family: 'screen', signal: 'grid', threshold: 0.8 },
    { family: 'cutout', signal: 'oval', threshold: 3 },
  ],
  calibration: { seed: 't', bpcer: 0.05, apcer: 0.01, samples: 10 },
});

describe('presentation-attack decision (any one species detector flags)', () => {
  it('scores the largest margin over its own threshold and names every detector that flags', () => {
    const r = decidePresentationAttack({ halftone: 0.9, grid: 0.2, oval: 1 }, policy(true));
    expect(r.score).toBeCloseTo(0.4, 6);
    expect(r).toMatchObject({ decision: 'FAILED', attack_suspected: true, reasons: ['PAD_PRINT_SUSPECTED'], threshold: 0 });
    expect(r.families).toEqual({ print: 0.9, screen: 0.2, cutout: 1 });
    // What the reviewer sees: each signal beside its own threshold, and which one flagged.
    expect(r.detectors).toEqual([
      { family: 'print', signal: 'halftone', value: 0.9, threshold: 0.5, flagged: true },
      { family: 'screen', signal: 'grid', value: 0.2, threshold: 0.8, flagged: false },
      { family: 'cutout', signal: 'oval', value: 1, threshold: 3, flagged: false },
    ]);
    expect(decidePresentationAttack({ halftone: 0.1, grid: 1.2, oval: 5 }, policy(true)).reasons).toEqual(['PAD_SCREEN_SUSPECTED', 'PAD_CUTOUT_SUSPECTED']);
  });

  it('a detector at exactly its threshold flags; each threshold is its own (a value over one is under another)', () => {
    expect(decidePresentationAttack({ halftone: 0.5, grid: 0, oval: 0 }, policy(true)).reasons).toEqual(['PAD_PRINT_SUSPECTED']);
    // 0.7 is over the print threshold but under the screen one.
    expect(decidePresentationAttack({ halftone: 0, grid: 0.7, oval: 0 }, policy(true))).toMatchObject({ decision: 'PASSED', attack_suspected: false, reasons: [] });
  });

  it('passes a capture that no detector flags, with a negative score', () => {
    const r = decidePresentationAttack({ halftone: 0.3, grid: 0.4, oval: 1.5 }, policy(true));
    expect(r).toMatchObject({ decision: 'PASSED', attack_suspected: false, reasons: [] });
    expect(r.score).toBeLessThan(0);
  });

  it('enforced: a detected attack fails with its reason code; not enforced: it is reported and passes', () => {
    const attack = { halftone: 0, grid: 3, oval: 0 };
    expect(decidePresentationAttack(attack, policy(true))).toMatchObject({ decision: 'FAILED', enforced: true, reasons: ['PAD_SCREEN_SUSPECTED'] });
    expect(decidePresentationAttack(attack, policy(false))).toMatchObject({ decision: 'PASSED', enforced: false, attack_suspected: true, reasons: ['PAD_SCREEN_SUSPECTED'] });
  });

  it('fails a capture without a face when enforced, and only reports it otherwise', () => {
    expect(decidePresentationAttack(null, policy(true))).toMatchObject({ decision: 'FAILED', score: null, reasons: ['PAD_NO_FACE'] });
    expect(decidePresentationAttack(null, policy(false))).toMatchObject({ decision: 'PASSED', score: null, reasons: ['PAD_NO_FACE'] });
  });

  it('refuses signals a detector needs but was not given', () => {
    expect(() => decidePresentationAttack({ halftone: 1, grid: 1 }, policy(true))).toThrow(/missing input oval/);
  });

  it('ships a calibrated production policy: one species detector per family, thresholds from the evaluation', () => {
    expect(PAD_POLICY.detectors.map((d) => d.family).sort()).toEqual(['cutout', 'print', 'screen']);
    for (const d of PAD_POLICY.detectors) {
      expect(SPECIES_DETECTORS).toContain(d.signal);
      expect(Number.isFinite(d.threshold)).toBe(true);
    }
    expect(PAD_POLICY.calibration.samples).toBeGreaterThan(100);
  });
});
