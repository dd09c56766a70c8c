/**
 * jaro-winkler.ts must give talisman's Jaro-Winkler to the last bit (screening's scores, and so its matches,
 * are compared for equality across versions): checked on random strings over small alphabets (many matches,
 * transpositions and ties of length), on name tokens with typos, and on edge cases.
 */
import { describe, expect, it } from 'vitest';
import talismanJaroWinkler from 'talisman/metrics/jaro-winkler.js';
import { seededRandom } from '../../../../test/helpers/seeded-random.ts';
import { jaroWinkler } from './jaro-winkler.ts';


function word(r: () => number, alphabet: string, maxLength: number): string {
  let s = '';
  const n = Math.floor(r() * (maxLength + 1));
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}

const same = (a: string, b: string) => expect(Object.is(jaroWinkler(a, b), talismanJaroWinkler(a, b)), `${JSON.stringify(a)} / ${JSON.stringify(b)}: ${jaroWinkler(a, b)} against ${talismanJaroWinkler(a, b)}`).toBe(true);

describe('jaroWinkler', () => {
  it("equals talisman's on random strings, bit for bit", () => {
    const r = seededRandom(18);
    for (const alphabet of ['ab', 'abc', 'abcde', 'abcdefghijklmnopqrstuvwxyz', 'aé中😀']) {
      for (let k = 0; k < 10000; k++) {
        const a = word(r, alphabet, 14);
        // Half the pairs a small edit apart, where Winkler's boost and the transpositions matter.
        const b = r() < 0.5 ? word(r, alphabet, 14) : a.slice(0, Math.floor(r() * a.length)) + word(r, alphabet, 2) + a.slice(Math.floor(r() * a.length));
        same(a, b);
        // Both orders: which string is the longer, and the sum's order, are talisman's.
        same(b, a);
      }
    }
  });

  it("equals talisman's on names with typos, and on the edge cases", () => {
    const names = ['martha', 'marhta', 'dwayne', 'duane', 'dixon', 'dicksonx', 'vladimir', 'wladimir', 'putin', 'putni', 'mohammed', 'muhammad', 'jin', 'jing', 'ali', 'alo', 'karovi', 'karova', 'schmidt', 'smith'];
    for (const a of names) for (const b of names) same(a, b);
    for (const [a, b] of [['', ''], ['', 'a'], ['a', ''], ['a', 'a'], ['a', 'b'], ['ab', 'ba'], ['abcdefghijklmnopqrstuvwxyz'.repeat(10), 'zyxwvutsrqponmlkjihgfedcba'.repeat(10)]]) same(a!, b!);
  });

  it('gives the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 4);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });
});
