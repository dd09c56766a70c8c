/** Properties that must hold for any names, checked with generated inputs (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from './compare.ts';

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüéèçñšžłßåø'.split(''));
const token = fc.array(letters, { minLength: 2, maxLength: 9 }).map((cs) => cs.join(''));
const name = fc.array(token, { minLength: 1, maxLength: 4 }).map((ts) => ts.join(' '));

const stripDiacritics = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

describe('compareNames properties', () => {
  it('is symmetric: compare(a, b) = compare(b, a)', () => {
    fc.assert(fc.property(name, name, (a, b) => compareNames(a, b).score === compareNames(b, a).score), { numRuns: 300 });
  });
  it('a name matches itself with score 1', () => {
    fc.assert(fc.property(name, (a) => compareNames(a, a).score === 1), { numRuns: 300 });
  });
  it('is case-invariant', () => {
    fc.assert(fc.property(name, name, (a, b) => compareNames(a.toUpperCase(), b).score === compareNames(a, b).score), { numRuns: 300 });
  });
  it('is diacritic-invariant for letters that decompose (é = e)', () => {
    fc.assert(fc.property(name, name, (a, b) => compareNames(stripDiacritics(a), b).score === compareNames(a, b).score), { numRuns: 300 });
  });
  it('is invariant to token order', () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 2, maxLength: 4 }), name, (tokens, b) => compareNames([...tokens].reverse().join(' '), b).score === compareNames(tokens.join(' '), b).score),
      { numRuns: 200 },
    );
  });
  it('scores stay within [0, 1]', () => {
    fc.assert(fc.property(name, name, (a, b) => {
      const s = compareNames(a, b).score;
      return s >= 0 && s <= 1;
    }), { numRuns: 300 });
  });
});

describe('a concrete case of each property', () => {
  it('diacritics: Müller = Muller', () => expect(compareNames('Hans Müller', 'Peter Smith').score).toBe(compareNames('Hans Muller', 'Peter Smith').score));
});
