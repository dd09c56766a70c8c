/**
 * Similarity of two name tokens, 0..1, and the reason for it. Libraries do the string metrics
 * (Jaro-Winkler from talisman, Levenshtein from fastest-levenshtein); this file only decides how to
 * combine them for names.
 */
import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import { distance } from 'fastest-levenshtein';
import type { NameToken } from './normalize.ts';

export type TokenReason = 'exact' | 'variant' | 'initial' | 'phonetic' | 'fuzzy' | 'none';

export interface TokenSimilarity {
  score: number;
  reason: TokenReason;
}

const NONE: TokenSimilarity = { score: 0, reason: 'none' };

/**
 * Optimal-string-alignment distance would count a transposition as one edit; Levenshtein counts two.
 * Names are typed by people, so a swapped pair of letters is checked for explicitly.
 */
function editSimilarity(a: string, b: string): number {
  const len = Math.max(a.length, b.length);
  if (len === 0) return 1;
  let d = distance(a, b);
  if (d === 2 && a.length === b.length) {
    for (let i = 0; i < a.length - 1; i++) {
      if (a[i] !== b[i]) {
        if (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) d = 1;
        break;
      }
    }
  }
  return 1 - d / len;
}

export function tokenSimilarity(a: NameToken, b: NameToken): TokenSimilarity {
  if (a.text === b.text) return { score: 1, reason: 'exact' };
  if (a.fold === b.fold) return { score: 0.98, reason: 'variant' };
  if (a.initial || b.initial) {
    // "V." against "Vladimir": consistent, but an initial is weak evidence (its weight is lower too).
    const same = a.text[0] === b.text[0] || a.fold[0] === b.fold[0] || (a.skeleton !== '' && a.skeleton[0] === b.skeleton[0]);
    return same ? { score: 0.9, reason: 'initial' } : NONE;
  }
  const fuzzy = 0.5 * jaroWinkler(a.fold, b.fold) + 0.5 * editSimilarity(a.fold, b.fold);
  let best: TokenSimilarity = { score: fuzzy, reason: 'fuzzy' };
  if (a.skeleton.length >= 3 && a.skeleton === b.skeleton && fuzzy < 0.9) {
    // Same consonants in the same order: a transliteration or vowel variant (Fladimir/Vladimir, Btn/Putin).
    best = { score: 0.9, reason: 'phonetic' };
  }
  if (best.score < 0.86 && inflected(a.skeleton, b.skeleton)) {
    // Baltic and Slavic endings (Putinas, Putins, Putina) and Belarusian Uladzimir: one sound more or less.
    best = { score: 0.86, reason: 'phonetic' };
  }
  if (a.phonetic.length >= 3 && a.phonetic === b.phonetic && best.score < 0.88) best = { score: 0.88, reason: 'phonetic' };
  return best.score < 0.5 ? { score: best.score, reason: 'none' } : best;
}

function inflected(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length < 3 || long.length !== short.length + 1) return false;
  // One more sound at the end (an ending), or at the start of a long stem (Belarusian Uladzimir: ў dropped).
  return long.startsWith(short) || (short.length >= 4 && long.endsWith(short));
}
