import { describe, expect, it } from 'vitest';
import { defaultYears, deleteAfter, mustRetain } from './retention.ts';

describe('retention rules', () => {
  it('keeps regulated records five years by default and sandbox records not at all', () => {
    expect(defaultYears(false)).toBe(5);
    expect(defaultYears(true)).toBe(0);
  });

  it.each([
    ['2026-11-22T10:00:00.000Z', 5, '2031-11-22T10:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 1, '2025-02-28T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 0, '2026-01-01T00:00:00.000Z'],
  ])('a record that ended %s with %i years may go at %s', (ended, years, expected) => {
    expect(deleteAfter(new Date(ended), years).toISOString()).toBe(expected);
  });

  it.each([
    [5, true, true],
    [5, false, false],
    [0, true, false],
  ])('years %i, records %s: retained %s', (years, records, expected) => {
    expect(mustRetain(years, records)).toBe(expected);
  });
});
