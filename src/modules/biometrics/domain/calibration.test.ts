import { describe, expect, it } from 'vitest';
import { anyFlagRates, BONA_FIDE, calibrateThreshold, equalErrorRate, padRatesAt, ratesAt, splitByGroup, thresholdForBpcer, thresholdsForAnyFlag, type MultiScoredPresentation, type ScoredPair, type ScoredPresentation } from './calibration.ts';

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

describe('presentation-attack metrics (ISO/IEC 30107-3)', () => {
  const p = (kind: string, score: number): ScoredPresentation => ({ kind, score });
  const items = [p(BONA_FIDE, 0.1), p(BONA_FIDE, 0.2), p(BONA_FIDE, 0.3), p(BONA_FIDE, 0.9), p('print', 0.8), p('print', 0.25), p('screen', 0.95), p('screen', 0.7)];

  it('counts BPCER over bona fide and APCER per attack species, attacks under the threshold being missed', () => {
    const r = padRatesAt(items, 0.5);
    expect(r.bpcer).toBe(1 / 4);
    expect(r.bonaFide).toBe(4);
    expect(r.apcer.print).toEqual({ rate: 0.5, missed: 1, total: 2 });
    expect(r.apcer.screen).toEqual({ rate: 0, missed: 0, total: 2 });
    expect(r.maxApcer).toBe(0.5);
    // A score equal to the threshold is an attack (>=).
    expect(padRatesAt([p(BONA_FIDE, 0.5), p('print', 0.5)], 0.5)).toMatchObject({ bpcer: 1, maxApcer: 0 });
  });

  it('picks the lowest threshold within the BPCER budget, halfway to the next bona fide score', () => {
    const bona = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
    // 10 % of 10 = 1 bona fide may be rejected: the 1.0; the threshold sits between 0.9 and 1.0.
    expect(thresholdForBpcer(bona, 0.1)).toBeCloseTo(0.95);
    expect(padRatesAt(bona.map((s) => p(BONA_FIDE, s)), thresholdForBpcer(bona, 0.1)).bpcer).toBe(0.1);
    // 5 % of 10 rounds down to none: every bona fide must pass.
    expect(thresholdForBpcer(bona, 0.05)).toBeGreaterThan(1);
    expect(() => thresholdForBpcer([], 0.05)).toThrow();
  });
});

describe('splitByGroup', () => {
  const items = Array.from({ length: 60 }, (_, i) => ({ id: i, person: `p${i % 12}`, origin: i % 12 < 8 ? 'shared' : 'demo' }));

  it('keeps every group on one side, splits each stratum, and is deterministic for a seed', () => {
    const { calibration, test } = splitByGroup(items, (t) => t.person, (t) => t.origin, 'seed-a');
    const calGroups = new Set(calibration.map((t) => t.person));
    expect(test.every((t) => !calGroups.has(t.person))).toBe(true);
    expect(calibration.length + test.length).toBe(items.length);
    expect(new Set(calibration.filter((t) => t.origin === 'shared').map((t) => t.person)).size).toBe(4);
    expect(new Set(test.filter((t) => t.origin === 'demo').map((t) => t.person)).size).toBe(2);
    expect(splitByGroup(items, (t) => t.person, (t) => t.origin, 'seed-a').calibration).toEqual(calibration);
    const other = splitByGroup(items, (t) => t.person, (t) => t.origin, 'seed-b').calibration.map((t) => t.person);
    expect(new Set(other)).not.toEqual(calGroups);
  });

  it('a threshold chosen on calibration does not move when the test split changes', () => {
    const scored = items.map((t) => ({ ...t, kind: t.id % 3 === 0 ? BONA_FIDE : 'print', score: (t.id * 37) % 100 / 100 }));
    const { calibration, test } = splitByGroup(scored, (t) => t.person, (t) => t.origin, 'seed-a');
    const choose = (cal: typeof scored): number => thresholdForBpcer(cal.filter((t) => t.kind === BONA_FIDE).map((t) => t.score), 0.05);
    const before = choose(calibration);
    // Even if every test item were an extreme bona fide score, the chosen threshold is the same.
    for (const t of test) t.score = 0.999;
    expect(choose(splitByGroup(scored, (t) => t.person, (t) => t.origin, 'seed-a').calibration)).toBe(before);
  });
});

describe('thresholds for detectors combined by "any one flags"', () => {
  // 40 bona fide: detector a is high on print, b on screen; each has one high bona fide score of its own.
  const bona: MultiScoredPresentation[] = Array.from({ length: 40 }, (_, i) => ({ kind: BONA_FIDE, scores: { a: i === 0 ? 5 : i / 40, b: i === 1 ? 5 : (40 - i) / 40 } }));
  const print: MultiScoredPresentation[] = Array.from({ length: 10 }, (_, i) => ({ kind: 'print', scores: { a: 3 + i / 10, b: 0 } }));
  const screen: MultiScoredPresentation[] = Array.from({ length: 10 }, (_, i) => ({ kind: 'screen', scores: { a: 0, b: 3.1 + i / 10 } }));
  const items = [...bona, ...print, ...screen];

  it('keeps the combined BPCER within budget and catches each species with its own detector', () => {
    const { thresholds, rates } = thresholdsForAnyFlag(items, ['a', 'b'], 0.05);
    expect(rates.bpcer).toBeLessThanOrEqual(0.05);
    expect(rates.apcer.print!.missed).toBe(0);
    expect(rates.apcer.screen!.missed).toBe(0);
    // Both bona fide outliers are given up (2 of 40 = 5 %): each threshold sits under its species.
    expect(thresholds.a).toBeLessThan(3);
    expect(thresholds.b).toBeLessThan(3.1);
    expect(anyFlagRates(items, thresholds)).toEqual(rates);
  });

  it('spends the budget where it buys APCER: with no budget it cannot reject the bona fide outliers', () => {
    const strict = thresholdsForAnyFlag(items, ['a', 'b'], 0);
    expect(strict.rates.bpcer).toBe(0);
    expect(strict.thresholds.a).toBeGreaterThan(5);
    expect(strict.rates.apcer.print!.missed).toBe(10);
  });

  it('counts a presentation without a face as an attack detected and a bona fide rejected', () => {
    const r = anyFlagRates([{ kind: BONA_FIDE, scores: null }, { kind: 'print', scores: null }], { a: 1 });
    expect(r.bpcer).toBe(1);
    expect(r.apcer.print!.missed).toBe(0);
  });
});
