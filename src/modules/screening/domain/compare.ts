/**
 * Name against name: tokens aligned in any order (so "PUTIN, Vladimir" equals "Vladimir Putin"), each
 * pair scored by tokenSimilarity, then one score for the names with every step kept for the explanation.
 */
import { normalizeName, type NameToken, type NormalizedName } from './normalize.ts';
import { tokenSimilarity, type TokenReason } from './similarity.ts';

export interface TokenPair {
  query: string;
  listed: string;
  score: number;
  reason: TokenReason;
}

export interface NameComparison {
  score: number;
  pairs: TokenPair[];
  /** Tokens of either name left without a counterpart. */
  unmatchedQuery: string[];
  unmatchedListed: string[];
  /** The aligned tokens are not in the same order in both names. */
  reordered: boolean;
  /** Fraction of the shorter name's weight covered by matched tokens. */
  coverage: number;
}

/** A pair below this is no evidence that the tokens are the same name part. */
const PAIR_MIN = 0.72;
/** Each unmatched token of the longer name costs this factor (middle names, patronymics). */
const EXTRA_TOKEN_FACTOR = 0.95;

interface Cell {
  i: number;
  j: number;
  score: number;
  reason: TokenReason;
}

/** Greedy best-first assignment: names have few tokens, and the best pair is nearly always right. */
function align(a: NameToken[], b: NameToken[]): Cell[] {
  const cells: Cell[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const s = tokenSimilarity(a[i]!, b[j]!);
      if (s.score >= PAIR_MIN) cells.push({ i, j, score: s.score * Math.min(a[i]!.weight, b[j]!.weight) + s.score * 1e-3, reason: s.reason });
    }
  }
  cells.sort((x, y) => y.score - x.score);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const chosen: Cell[] = [];
  for (const c of cells) {
    if (usedA.has(c.i) || usedB.has(c.j)) continue;
    usedA.add(c.i);
    usedB.add(c.j);
    chosen.push(c);
  }
  return chosen;
}

function totalWeight(tokens: NameToken[]): number {
  let w = 0;
  for (const t of tokens) w += t.weight;
  return w;
}

export function compareNormalized(query: NormalizedName, listed: NormalizedName): NameComparison {
  const a = query.tokens;
  const b = listed.tokens;
  if (a.length === 0 || b.length === 0) return { score: 0, pairs: [], unmatchedQuery: a.map((t) => t.text), unmatchedListed: b.map((t) => t.text), reordered: false, coverage: 0 };
  const chosen = align(a, b);
  let matched = 0;
  let matchedWeight = 0;
  const pairs: TokenPair[] = [];
  for (const c of chosen) {
    const w = (a[c.i]!.weight + b[c.j]!.weight) / 2;
    const s = tokenSimilarity(a[c.i]!, b[c.j]!).score;
    matched += s * w;
    matchedWeight += w;
    pairs.push({ query: a[c.i]!.text, listed: b[c.j]!.text, score: round(s), reason: c.reason });
  }
  const usedA = new Set(chosen.map((c) => c.i));
  const usedB = new Set(chosen.map((c) => c.j));
  const restA = a.filter((_, i) => !usedA.has(i));
  const restB = b.filter((_, j) => !usedB.has(j));
  const wA = totalWeight(a);
  const wB = totalWeight(b);
  // The shorter name must be covered; the longer may carry extra middle names at a small cost each.
  const [shortRest, longRest] = wA <= wB ? [restA, restB] : [restB, restA];
  const shortWeight = Math.min(wA, wB);
  const coverage = matchedWeight === 0 ? 0 : Math.min(1, matchedWeight / (matchedWeight + totalWeight(shortRest)));
  const quality = matchedWeight === 0 ? 0 : matched / matchedWeight;
  const extra = totalWeight(longRest);
  let score = quality * coverage ** 2 * EXTRA_TOKEN_FACTOR ** extra;
  // A name that is only particles or initials ("Al", "V. V.") against a full name is no match.
  if (shortWeight < 0.9) score *= 0.8;
  const order = [...chosen].sort((x, y) => x.i - y.i).map((c) => c.j);
  const reordered = order.some((v, k) => k > 0 && v < order[k - 1]!);
  return {
    score: round(score),
    pairs,
    unmatchedQuery: restA.map((t) => t.text),
    unmatchedListed: restB.map((t) => t.text),
    reordered,
    coverage: round(coverage),
  };
}

export function compareNames(a: string, b: string): NameComparison {
  return compareNormalized(normalizeName(a), normalizeName(b));
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
