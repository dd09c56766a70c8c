import { describe, expect, it } from 'vitest';
import { NAME_MAX, nameProblem, normaliseName } from './display-name.ts';

describe('display names of console users', () => {
  it('keeps a name trimmed and NFC-normalised, of 1 to NAME_MAX characters (counted as characters, not UTF-16 units)', () => {
    expect(normaliseName('  Anna Reviewer \u00a0')).toBe('Anna Reviewer');
    expect(normaliseName('Zoe\u0301')).toBe('Zoé');
    expect(nameProblem('Anna Reviewer')).toBeUndefined();
    expect(nameProblem('李小龍')).toBeUndefined();
    expect(nameProblem('😀'.repeat(NAME_MAX))).toBeUndefined(); // 100 characters, 200 UTF-16 units
    expect(nameProblem('x'.repeat(NAME_MAX + 1))).toBe('must be at most 100 characters');
    expect(nameProblem(normaliseName('   '))).toBe('must not be empty');
  });

  it('refuses control and bidirectional characters, and tab or line breaks', () => {
    expect(nameProblem('Anna\u202EReviewer')).toBe('must not contain the bidirectional control character U+202E');
    expect(nameProblem('Anna\u0007')).toBe('must not contain the control character U+0007');
    expect(nameProblem('Anna\u200BReviewer')).toBe('must not contain the invisible character U+200B');
    expect(nameProblem('Anna\nReviewer')).toBe('must be one line (no tab or line break)');
    expect(nameProblem('Anna\tReviewer')).toBe('must be one line (no tab or line break)');
    // Zero-width joiners are legitimate in Persian and Indic names (the shared rule keeps them).
    expect(nameProblem('\u0645\u06cc\u200c\u0631\u0627')).toBeUndefined();
  });
});
