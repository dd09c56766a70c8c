/**
 * Similarity of two name tokens, 0..1, and the reason for it. Libraries do the string metrics (Levenshtein from
 * fastest-levenshtein; Jaro-Winkler is talisman's, recomputed without allocating in jaro-winkler.ts, ADR 0216);
 * this file only decides how to combine them for names.
 */
import { distance } from 'fastest-levenshtein';
import { collapsed } from './arabic.ts';
import { equivalentNames } from './given-names.ts';
import { jaroWinkler } from './jaro-winkler.ts';
import type { NameToken } from './normalize.ts';

/** `equivalent`: recorded as the same given name (a nickname, another language's form: given-names.ts). */
export type TokenReason = 'exact' | 'variant' | 'initial' | 'phonetic' | 'equivalent' | 'fuzzy' | 'none';

/**
 * A recorded given-name equivalent (Bill/William, Sasha/Aleksandr) counts as much as a close variant, less
 * than the same name: with the surname equal the name is over the threshold, with the surname missing it
 * is not (compare.ts also refuses a name matched by equivalents alone).
 */
export const EQUIVALENT_SCORE = 0.9;
/** A Latin token that fits an Arabic-script word's pattern (arabic.ts): the same consonants, vowels free. */
const PATTERN_SCORE = 0.95;

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

/**
 * Jaro-Winkler forgives too much on short tokens (Jin/Jing, Ali/Alo): there the edit count weighs more. One
 * blend for the similarity and for its bound below (surelyBelow), which is an upper bound only while
 * both weigh the two metrics alike.
 */
function blend(jw: number, edit: number, longest: number): number {
  return longest <= 4 ? 0.3 * jw + 0.7 * edit : 0.5 * jw + 0.5 * edit;
}

function stringSimilarity(a: string, b: string): number {
  return blend(jaroWinkler(a, b), editSimilarity(a, b), Math.max(a.length, b.length));
}

/**
 * tokenSimilarity of a pair for which `surelyDissimilar` holds is below this. Screening aligns only pairs at
 * compare.ts' PAIR_MIN (0.72) and above, so it may skip such a pair without working out its similarity.
 */
export const SURELY_BELOW = 0.7;

/**
 * Characters of a string counted by their low 6 bits (collisions only raise the bound below), kept for the few
 * tokens last met as the first argument of surelyDissimilar: a screening query's tokens, each of which meets
 * every listed token of 60 candidates, so its counts are worked out once per query, not once per pair.
 */
const RECENT = 8;
const recentTokens: (NameToken | undefined)[] = new Array(RECENT).fill(undefined);
const recentFold: Uint8Array[] = Array.from({ length: RECENT }, () => new Uint8Array(64));
const recentText: Uint8Array[] = Array.from({ length: RECENT }, () => new Uint8Array(64));
let nextRecent = 0;

function fillCounts(counts: Uint8Array, x: string): void {
  counts.fill(0);
  for (let i = 0; i < x.length; i++) counts[x.charCodeAt(i) & 63]!++;
}

/** Which of the recent slots holds the token's counts (fold, then text): filled on first sight. */
function countsSlot(t: NameToken): number {
  for (let k = 0; k < RECENT; k++) if (recentTokens[k] === t) return k;
  const k = nextRecent;
  nextRecent = (nextRecent + 1) % RECENT;
  recentTokens[k] = t;
  fillCounts(recentFold[k]!, t.fold);
  fillCounts(recentText[k]!, t.text);
  return k;
}

/** Per character class, how many of y's characters were taken so far; valid where `takenAt` holds the call's stamp. */
const taken = new Uint8Array(64);
const takenAt = new Int32Array(64);
let stamp = 0;

/** How many characters x (by its counts) and y share, whatever their order: one pass over y, nothing to clear. */
function sharedCount(xCounts: Uint8Array, y: string): number {
  if (++stamp === 0x7fffffff) {
    takenAt.fill(0);
    stamp = 1;
  }
  let shared = 0;
  for (let i = 0; i < y.length; i++) {
    const c = y.charCodeAt(i) & 63;
    if (takenAt[c] !== stamp) {
      takenAt[c] = stamp;
      taken[c] = 0;
    }
    if (taken[c]! < xCounts[c]!) {
      taken[c]!++;
      shared++;
    }
  }
  return shared;
}

/** The Jaro-Winkler bound of surelyBelow for strings of these lengths sharing `shared` characters. */
function jaroWinklerBound(lx: number, ly: number, shared: number): number {
  const jaro = Math.min(1, (shared / lx + shared / ly + 1) / 3);
  return jaro >= 0.7 ? jaro + Math.min(4, lx, ly) * 0.1 * (1 - jaro) : jaro;
}

/**
 * True only when tokenSimilarity(a, b) is surely below SURELY_BELOW, known without the string metrics: most
 * pairs a screening query meets (a given name against a surname) share too few letters. Only for plain tokens,
 * where writtenSimilarity's result is its fuzzy score whenever that is under 0.7 (its phonetic rules for Latin
 * pairs start at 0.7, a Baltic ending, and 0.8): no other readings (alts),
 * no Arabic pattern, no initial, not transliterated (its phonetic rules start at 0.4), not recorded given-name
 * equivalents (those score EQUIVALENT_SCORE whatever their letters), neither the same text nor the same fold or
 * legal form. Two given names that are not equivalents are bounded like any pair: a query's given name meets
 * the given names of most of its candidates.
 * `a`'s character counts are kept between calls (screening passes the query's token first).
 */
export function surelyDissimilar(a: NameToken, b: NameToken): boolean {
  if (a.alts || b.alts || a.pattern || b.pattern || a.initial || b.initial || a.translit || b.translit) return false;
  if ((a.given && b.given && equivalentNames(a.given, b.given)) || a.text === b.text || a.fold === b.fold || (a.form !== undefined && a.form === b.form)) return false;
  // The counts are bytes: a (nonsensical) token longer than that is measured, not bounded.
  if (a.text.length > 255 || a.fold.length > 255) return false;
  const k = countsSlot(a);
  // writtenSimilarity takes the better of the folded and the written forms when they differ.
  if (a.text === a.fold && b.text === b.fold) return surelyBelow(a.fold, recentFold[k]!, b.fold);
  return surelyBelow(a.fold, recentFold[k]!, b.fold) && surelyBelow(a.text, recentText[k]!, b.text);
}

/**
 * stringSimilarity(x, y) is under SURELY_BELOW, told from the characters the two share, whatever their order
 * (counted once). First by an upper bound of it: Jaro matches equal characters, each once, so its matches m are
 * at most the shared count c, and Jaro is at most (c/|x| + c/|y| + 1)/3; Winkler adds at most 4 × 0.1 of what is
 * left, above 0.7; Levenshtein needs an edit for each character of the longer string left unshared, so the edit
 * similarity is at most c / max length. Else (letters shared but not in order, as in names made of the same
 * syllables) by that bound's Jaro part with the edit similarity itself, which is at most the bound's edit part.
 * The second costs one Levenshtein, paid only by pairs the first lets through, which would otherwise be
 * measured in full (Jaro-Winkler and Levenshtein, on both forms). The margin covers rounding.
 */
function surelyBelow(x: string, xCounts: Uint8Array, y: string): boolean {
  const lx = x.length;
  const ly = y.length;
  if (lx === 0 || ly === 0) return false;
  const shared = sharedCount(xCounts, y);
  if (shared === 0) return true;
  const longest = Math.max(lx, ly);
  const jaroWinklerAtMost = jaroWinklerBound(lx, ly, shared);
  if (blend(jaroWinklerAtMost, shared / longest, longest) < SURELY_BELOW - 1e-9) return true;
  return blend(jaroWinklerAtMost, editSimilarity(x, y), longest) < SURELY_BELOW - 1e-9;
}

const ALT_FLOOR = 0.25;

/**
 * What tokenSimilarity reads of a token, as one string, for memoising it (compare.ts). The text alone decides
 * fold, skeleton, phonetic code, initial, patronymic, given name and legal form; the rest is set by the script the
 * token came from (transliterated or not, its other readings, a syllable, an Arabic pattern), so two listed tokens
 * with the same text (a Latin `vladimir` and one transliterated from Cyrillic) get their own entries. Plain tokens,
 * most of any list, use their text; the others compute the key once and keep it on the token.
 */
export function similarityKey(t: NameToken): string {
  if (!t.translit && !t.alts && !t.syllable && !t.readings && !t.pattern) return t.text;
  return (t.similarityKey ??= [t.text, t.translit ? 't' : '', t.syllable ? 's' : '', t.readings ? 'r' : '', t.pattern?.source ?? '', ...(t.alts ?? []).map(similarityKey)].join('\u0000'));
}

/**
 * Best of the tokens' readings (NameToken.alts). A reading other than the written one counts only as a
 * spelling variant, a phonetic equivalent or an initial, never as a typo, and never as exact.
 */
export function tokenSimilarity(a: NameToken, b: NameToken): TokenSimilarity {
  const best = bestReading(a, b);
  // A syllable of a name written by syllable (Jin Ping) is a name of its own: Ming is not a typo of Ping.
  return (a.syllable || b.syllable) && best.reason === 'fuzzy' ? NONE : best;
}

function bestReading(a: NameToken, b: NameToken): TokenSimilarity {
  let best = writtenSimilarity(a, b);
  // Readings are small rewrites (an ending, a vowel pattern, a letter): tokens with nothing in common as written
  // get nothing from them, and skipping those keeps a search over a million names as fast as before.
  if ((!a.alts && !b.alts) || best.score >= 0.98 || (best.score < ALT_FLOOR && !a.initial && !b.initial && !a.readings && !b.readings)) return best;
  for (const x of a.alts ? [a, ...a.alts] : [a]) {
    for (const y of b.alts ? [b, ...b.alts] : [b]) {
      if (x === a && y === b) continue;
      const s = writtenSimilarity(x, y);
      if (s.reason === 'fuzzy' || s.reason === 'none') continue;
      const score = Math.min(s.score, 0.98);
      if (score > best.score) best = { score, reason: s.reason === 'exact' ? 'variant' : s.reason };
    }
  }
  return best;
}

function writtenSimilarity(a: NameToken, b: NameToken): TokenSimilarity {
  if (a.text === b.text) return { score: 1, reason: 'exact' };
  // Legal forms of the same kind (Ltd, Limited, LLC, GmbH, OOO: company-forms.ts) are spellings of one form.
  if (a.fold === b.fold || (a.form !== undefined && a.form === b.form)) return { score: 0.98, reason: 'variant' };
  // An Arabic-script word against a Latin one: its pattern decides (the consonant skeleton is too coarse,
  // l and r share a class: نصر الله is not Nasser); a near spelling may still count as a fuzzy pair.
  if (a.pattern !== b.pattern) {
    const pat = (a.pattern ?? b.pattern)!;
    const latin = a.pattern ? b : a;
    if (!latin.pattern) {
      if (latin.text.length > 1 && pat.test(collapsed(latin.text))) return { score: PATTERN_SCORE, reason: 'phonetic' };
      const fuzzy = stringSimilarity(a.fold, b.fold);
      return fuzzy >= 0.5 ? { score: fuzzy, reason: 'fuzzy' } : { score: fuzzy, reason: 'none' };
    }
  }
  // Whether the two are recorded given-name equivalents: looked up only where it can change the result.
  const mayBeEquivalent = a.given !== undefined && b.given !== undefined;
  if (a.initial || b.initial) {
    // "V." against "Vladimir": consistent, but an initial is weak evidence (its weight is lower too).
    const same = a.text[0] === b.text[0] || a.fold[0] === b.fold[0] || (a.skeleton !== '' && a.skeleton[0] === b.skeleton[0]);
    return same ? { score: 0.9, reason: 'initial' } : NONE;
  }
  // Pavlov (a surname) and Pavlovna (a patronymic) share a stem, not a name part; a patronymic against
  // a token as long as itself is another spelling of it (an unrecognised ending), not a stem.
  if (a.patronymic !== b.patronymic) {
    const [p, other] = a.patronymic ? [a, b] : [b, a];
    if (other.fold.length <= p.fold.length - 2) return NONE;
  }
  const translitPair = a.translit || b.translit;
  const la = a.fold.length;
  const lb = b.fold.length;
  // Lengths this far apart are no typo of each other (and skipping them keeps screening fast).
  if (!translitPair && (la < 0.6 * lb || lb < 0.6 * la) && Math.abs(la - lb) > 2) return mayBeEquivalent && equivalentNames(a.given!, b.given!) ? { score: EQUIVALENT_SCORE, reason: 'equivalent' } : NONE;
  // Typos are made in the written form and spelling variants in the folded one: compare both.
  const fuzzy = a.text === a.fold && b.text === b.fold ? stringSimilarity(a.fold, b.fold) : Math.max(stringSimilarity(a.fold, b.fold), stringSimilarity(a.text, b.text));
  let best: TokenSimilarity = { score: fuzzy, reason: 'fuzzy' };
  const equivalent = mayBeEquivalent && fuzzy < EQUIVALENT_SCORE && equivalentNames(a.given!, b.given!);
  if (equivalent) best = { score: EQUIVALENT_SCORE, reason: 'equivalent' };
  // Phonetic keys alone are too coarse (Lefebvre and Lawler share one): the spelling must be close too.
  const translit = a.translit || b.translit;
  if (fuzzy < (translit ? 0.4 : 0.6)) return equivalent ? best : fuzzy < 0.5 ? { score: fuzzy, reason: 'none' } : best;
  if (translit && a.skeleton.length >= 3 && a.skeleton === b.skeleton && fuzzy < 0.95) {
    // Same consonants in the same order, one side transliterated from a script that writes few vowels
    // (Arabic fldymyr, Hebrew vldymyr for Vladimir). Between two Latin spellings this would be too loose
    // (Castillo/Castro).
    best = { score: 0.95, reason: 'phonetic' };
  }
  if (best.score < 0.95 && fuzzy >= (translit ? 0.4 : 0.7) && (translit ? inflected(a.skeleton, b.skeleton) : balticEnding(a.fold, b.fold))) {
    // Baltic endings (Putinas, Putins) and, from other scripts, one sound more or less (Belarusian Uladzimir).
    best = { score: 0.95, reason: 'phonetic' };
  }
  // Double metaphone codes stop at four sounds: Pavlov and Pavlovich share one, so lengths must agree too.
  if (a.phonetic.length >= 3 && a.phonetic === b.phonetic && Math.abs(a.fold.length - b.fold.length) <= 1 && fuzzy >= 0.8 && best.score < 0.88) best = { score: 0.88, reason: 'phonetic' };
  return best.score < 0.5 ? { score: best.score, reason: 'none' } : best;
}

function inflected(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length < 3 || long.length !== short.length + 1) return false;
  // One sound more at the end (an ending, a final r Burmese drops) or at the start of a long stem (Belarusian Uladzimir).
  return (long.startsWith(short) && (short.length >= 4 || long.endsWith('s'))) || (short.length >= 4 && long.endsWith(short));
}

/** Lithuanian and Latvian add -s, -as, -is, -us to names: Putinas, Vladimirs. */
function balticEnding(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length < 4 || !long.startsWith(short)) return false;
  const ending = long.slice(short.length);
  return ending === 's' || ending === 'as' || ending === 'is' || ending === 'us';
}
