import { expect } from 'vitest';
import { compareNames } from '../../src/modules/screening/domain/compare.ts';
import { DEFAULT_THRESHOLD } from '../../src/modules/screening/domain/matcher.ts';

/** The screening name tests' two assertions: a pair at or above the default threshold, or below it, with the token pairs shown on failure. */
export function expectMatch(a: string, b: string): void {
  const c = compareNames(a, b);
  expect(c.score, `${a} ~ ${b}: ${JSON.stringify(c.pairs)}`).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
}

export function expectNoMatch(a: string, b: string): void {
  const c = compareNames(a, b);
  expect(c.score, `${a} !~ ${b}: ${JSON.stringify(c.pairs)}`).toBeLessThan(DEFAULT_THRESHOLD);
}
