/**
 * Name against name: tokens aligned in any order (so "PUTIN, Vladimir" equals "Vladimir Putin"), each
 * pair scored by tokenSimilarity, then one score for the names with every step kept for the explanation.
 */
import { normalizeName, type NameToken, type NormalizedName } from './normalize.ts';
import { similarityKey, SURELY_BELOW, surelyDissimilar, tokenSimilarity, type TokenReason, type TokenSimilarity } from './similarity.ts';

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
  /** Fraction of the query's weight covered by matched tokens. */
  coverage: number;
  /**
   * The query names one part only of a listed name of several (a surname or a given name alone), or lacks the
   * surname the listing marks (`Mohammed Ali` against `AL-HOUTHI, Mohammed Ali`): ONE_NAME_PART.
   */
  onePartOnly: boolean;
}

/** A pair below this is no evidence that the tokens are the same name part. */
const PAIR_MIN = 0.72;
// similarity() skips pairs known to be under SURELY_BELOW without measuring them: that must stay under PAIR_MIN.
if (SURELY_BELOW > PAIR_MIN) throw new Error('compare.ts: SURELY_BELOW must not exceed PAIR_MIN');
/**
 * Costs of what does not line up. A query token the listed name lacks is strong evidence against the
 * match ("Daniel Green" is not the vessel "DANIEL"); a listed token the query lacks is weak evidence
 * (lists carry middle names, patronymics and second surnames that customers leave out).
 */
const QUERY_MISSING_FACTOR = 0.6;
const LISTED_MISSING_FACTOR = 0.93;
/** Missing weight of an unmatched initial, and of a full query token confirmed only by a listed initial. */
const INITIAL_MISSING = 0.1;
/**
 * A fuzzy (typo-like) pair counts for less than its string similarity: one poor token among exact ones
 * must not carry the name over the threshold (Smirnov/Mironov, Mary/Mark), while a one-letter typo in a
 * longer token (0.9 and up) still does.
 */
export const FUZZY_STRETCH = 1.5;
/**
 * A query token that is itself a listed token (Maria, when Marias are listed) is a real name, not a typo
 * of another one (Mayra): its fuzzy pairs count for less. Screening knows this from the index.
 */
export const KNOWN_TOKEN_STRETCH = 3;
const ONLY_INITIAL_CONFIRMED = 0.3;
/** Factor for a name whose only matched parts are given-name equivalents (Bob against Robert). */
const EQUIVALENTS_ONLY = 0.5;
/**
 * The one place that tells a missing given name or surname from a missing middle name (ADR 0185). A listed
 * name word the query lacks costs LISTED_MISSING_FACTOR, which suits middle names, patronymics and second
 * surnames; but when the query accounts for only one of the listed name's full name words (`PUTIN` against
 * `PUTIN, Vladimir`, `MAHMOOD` against `AHMADINEJAD, Mahmood`), the word it lacks is the given name or the
 * surname, and a surname alone names a family, not a person. Such a comparison costs this factor once more.
 * Particles, patronymics, initials and legal forms are not name words here (an initial does cover one:
 * `Путин В. В.` names two parts). A query written with a title (`Präsident Putin`, `Sheikh Mahmood`) is a
 * form of address for one person and is not charged. Chosen on the project's calibration pairs
 * (eval/screening/calibration-pairs.ts, `node --import tsx eval/screening/calibrate-pairs.ts`), never on
 * the OFAC fixtures it is reported on.
 */
export const ONE_NAME_PART = 0.94;

/** A full name word: not a particle, patronymic, initial or legal form (those have lower weights). */
function isNameWord(t: NameToken): boolean {
  return t.weight === 1 && !t.initial && t.form === undefined;
}

/**
 * The listing marks its surname (`AL-HOUTHI, Mohammed Ali`: normalize.ts NameToken.part) and the query, not
 * written with a title, has none of the surname's name words: `Mohammed Ali` names a given name and a middle
 * name, a part of the name as much as a given name alone is, and is charged ONE_NAME_PART the same (ADR 0187).
 * Only where the listing says which words are the surname: elsewhere a missing word may be a middle name. A
 * surname written inside a query word (`Xijinping` for `XI, Jinping`) is not missing, as in namesOnePart.
 */
function lacksListedSurname(missing: readonly NameToken[], listed: readonly NameToken[], query: readonly NameToken[], queryTitled: boolean): boolean {
  if (queryTitled || !missing.some((t) => t.part === 'surname' && isNameWord(t))) return false;
  return !listed.some((t) => t.part === 'surname' && isNameWord(t) && (!missing.includes(t) || writtenInside(t, query)));
}

/**
 * The query covers exactly one of the listed name's name words and leaves at least one other out. A listed
 * word written inside a query's name word is not left out: `Xijinping` joins `Xi Jinping`, it does not drop
 * Xi (a patronymic is no such word: Vladimirovich does not contain the given name Vladimir).
 */
function namesOnePart(coveredNameWords: number, missing: readonly NameToken[], query: readonly NameToken[], queryTitled: boolean): boolean {
  if (queryTitled || coveredNameWords !== 1) return false;
  return missing.some((t) => isNameWord(t) && !writtenInside(t, query));
}

/**
 * namesOnePart(...) || lacksListedSurname(...) for the listed tokens not in `usedB` (bits), the same tests in
 * loops: it runs for most candidates of a query (a surname or a given name alone covered), and the arrays and
 * closures of the general form were a third of a query's garbage.
 */
function onePartByBits(coveredNameWords: number, usedB: number, listed: readonly NameToken[], query: readonly NameToken[], queryTitled: boolean): boolean {
  if (queryTitled) return false;
  if (coveredNameWords === 1) {
    for (let j = 0; j < listed.length; j++) if ((usedB & (1 << j)) === 0 && isNameWord(listed[j]!) && !writtenInside(listed[j]!, query)) return true;
  }
  let surnameMissing = false;
  for (let j = 0; j < listed.length && !surnameMissing; j++) surnameMissing = (usedB & (1 << j)) === 0 && listed[j]!.part === 'surname' && isNameWord(listed[j]!);
  if (!surnameMissing) return false;
  for (let j = 0; j < listed.length; j++) {
    const t = listed[j]!;
    if (t.part !== 'surname' || !isNameWord(t)) continue;
    // Aligned (`!missing.includes(t)` there: a name's tokens are distinct objects) or written inside a query word.
    if ((usedB & (1 << j)) !== 0 || writtenInside(t, query)) return false;
  }
  return true;
}

/** A listed word written at the start or end of a longer query name word (`Xi` in `Xijinping`). */
function writtenInside(t: NameToken, query: readonly NameToken[]): boolean {
  for (const q of query) if (isNameWord(q) && q.text.length > t.text.length && (q.text.startsWith(t.text) || q.text.endsWith(t.text))) return true;
  return false;
}

/** An aligned pair of tokens: query token i, listed token j, and their similarity. */
interface Cell {
  i: number;
  j: number;
  sim: TokenSimilarity;
}

/**
 * Token similarity, memoised per query token (by its number), then per listed token's similarity key: listed
 * names repeat tokens (Mohammed, Ali, Bank) a lot. Two levels, so a look-up builds no key string.
 */
export type SimilarityCache = Map<number, Map<string, TokenSimilarity>>;

/**
 * Stands for a similarity known to be under SURELY_BELOW, so under PAIR_MIN: align drops the pair either way,
 * and nothing else reads it (the explanation lists aligned pairs only).
 */
const DISSIMILAR: TokenSimilarity = { score: 0, reason: 'none' };

/**
 * Token similarity for align, memoised in the query token's own map (`perToken`, from the SimilarityCache).
 * Only whether it reaches PAIR_MIN matters below it, so a surely dissimilar pair is not measured.
 */
function similarity(a: NameToken, b: NameToken, perToken: Map<string, TokenSimilarity> | undefined): TokenSimilarity {
  if (!perToken) return surelyDissimilar(a, b) ? DISSIMILAR : tokenSimilarity(a, b);
  const key = similarityKey(b);
  let s = perToken.get(key);
  if (!s) perToken.set(key, (s = surelyDissimilar(a, b) ? DISSIMILAR : tokenSimilarity(a, b)));
  return s;
}

/**
 * Scratch of the alignment, kept between calls (it runs for every candidate of every query, and objects per
 * cell were most of a comparison's garbage): the cells at PAIR_MIN or above as parallel arrays, their order,
 * and the chosen pairs, which alignInto leaves in chosenI, chosenJ and chosenSim.
 */
let cellI = new Int32Array(64);
let cellJ = new Int32Array(64);
let cellScore = new Float64Array(64);
let cellOrder = new Int32Array(64);
const cellSim: TokenSimilarity[] = [];
let chosenI = new Int32Array(64);
let chosenJ = new Int32Array(64);
const chosenSim: TokenSimilarity[] = [];

/**
 * Greedy best-first assignment: names have few tokens, and the best pair is nearly always right. Returns how
 * many pairs it chose, left in chosenI/chosenJ/chosenSim (valid until the next call).
 */
function alignInto(a: readonly NameToken[], b: readonly NameToken[], cacheOffset: number, cache?: SimilarityCache, giveUpBelow = 0): number {
  if (a.length * b.length > cellI.length) {
    const size = a.length * b.length * 2;
    cellI = new Int32Array(size);
    cellJ = new Int32Array(size);
    cellScore = new Float64Array(size);
    cellOrder = new Int32Array(size);
    chosenI = new Int32Array(size);
    chosenJ = new Int32Array(size);
  }
  let n = 0;
  // What the query tokens met so far with no listed token at PAIR_MIN cost at least (see GIVEN_UP).
  let surelyMissing = 0;
  for (let i = 0; i < a.length; i++) {
    // The query token's number, offset per reading (compareReadings), keys its memo: looked up once per row.
    let perToken: Map<string, TokenSimilarity> | undefined;
    if (cache) {
      perToken = cache.get(i + cacheOffset);
      if (!perToken) cache.set(i + cacheOffset, (perToken = new Map()));
    }
    for (let j = 0; j < b.length; j++) {
      const s = similarity(a[i]!, b[j]!, perToken);
      if (s.score < PAIR_MIN) continue;
      cellI[n] = i;
      cellJ[n] = j;
      cellScore[n] = s.score * Math.min(a[i]!.weight, b[j]!.weight) + s.score * 1e-3;
      cellSim[n] = s;
      n++;
    }
    if (giveUpBelow > 0 && (n === 0 || cellI[n - 1] !== i)) {
      // No cell in this row: the query token stays unaligned whatever the assignment, and costs its missing weight.
      surelyMissing += missingWeight(a[i]!);
      if (QUERY_MISSING_FACTOR ** surelyMissing + ROUNDING_MARGIN < giveUpBelow) return GIVEN_UP;
    }
  }
  // Best first, ties in the order found: what a stable sort gives, by insertion (a handful of cells).
  for (let k = 0; k < n; k++) {
    const score = cellScore[k]!;
    let m = k - 1;
    while (m >= 0 && cellScore[cellOrder[m]!]! < score) {
      cellOrder[m + 1] = cellOrder[m]!;
      m--;
    }
    cellOrder[m + 1] = k;
  }
  let chosen = 0;
  if (a.length <= 31 && b.length <= 31) {
    // Which tokens are taken, as bits (every real name has fewer than 32 tokens).
    let usedA = 0;
    let usedB = 0;
    for (let k = 0; k < n; k++) {
      const c = cellOrder[k]!;
      const i = cellI[c]!;
      const j = cellJ[c]!;
      if ((usedA & (1 << i)) !== 0 || (usedB & (1 << j)) !== 0) continue;
      usedA |= 1 << i;
      usedB |= 1 << j;
      chosenI[chosen] = i;
      chosenJ[chosen] = j;
      chosenSim[chosen++] = cellSim[c]!;
    }
  } else {
    const usedA = new Uint8Array(a.length);
    const usedB = new Uint8Array(b.length);
    for (let k = 0; k < n; k++) {
      const c = cellOrder[k]!;
      const i = cellI[c]!;
      const j = cellJ[c]!;
      if (usedA[i] || usedB[j]) continue;
      usedA[i] = 1;
      usedB[j] = 1;
      chosenI[chosen] = i;
      chosenJ[chosen] = j;
      chosenSim[chosen++] = cellSim[c]!;
    }
  }
  return chosen;
}

/**
 * What alignInto returns when told to give up below a score (`giveUpBelow`) and the query tokens it has met
 * with no listed token at PAIR_MIN already cost that much: the score is at most QUERY_MISSING_FACTOR to their
 * missing weight (quality is at most 1, and every other factor at most 1; the identical-names 1 needs every query
 * token aligned), so the rest of the query's tokens need not be compared. ROUNDING_MARGIN covers the rounding of
 * the score to 4 decimals and of the sums.
 */
const GIVEN_UP = -1;
const ROUNDING_MARGIN = 0.00005 + 1e-9;

/** alignInto's pairs as objects, for the explained comparison. */
function align(a: readonly NameToken[], b: readonly NameToken[], cacheOffset: number, cache?: SimilarityCache): Cell[] {
  const n = alignInto(a, b, cacheOffset, cache);
  const cells: Cell[] = [];
  for (let k = 0; k < n; k++) cells.push({ i: chosenI[k]!, j: chosenJ[k]!, sim: chosenSim[k]! });
  return cells;
}

/** A legal form one name has and the other lacks ("Gazprom Ltd" against "GAZPROM") says little. */
const FORM_MISSING = 0.1;

function missingWeight(t: NameToken): number {
  // A word of a joined reading costs what its written parts would (normalize.ts particlesJoined).
  return t.initial ? INITIAL_MISSING : t.form ? FORM_MISSING : t.weight + (t.particlesJoined ?? 0);
}

/**
 * Directional: how well `listed` explains `query`. The screening matcher uses this direction; the
 * symmetric compareNames takes the better of both. Names with several readings (NormalizedName.readings:
 * Korean, Arabic, Japanese) are compared in each, and the best reading pair counts.
 * `knownQueryTokens(tokens)`: which of a reading's tokens are listed tokens themselves.
 */
export function compareNormalized(query: NormalizedName, listed: NormalizedName, cache?: SimilarityCache, knownQueryTokens?: (tokens: readonly NameToken[]) => readonly boolean[]): NameComparison {
  return compareReadings(query, listed, cache, knownQueryTokens, false);
}

/**
 * The score compareNormalized would give, to the same last digit, without the explanation (token pairs,
 * unmatched tokens, order): screening drops most candidates on the score alone and explains the few left.
 */
export function scoreNormalized(query: NormalizedName, listed: NormalizedName, cache?: SimilarityCache, knownQueryTokens?: (tokens: readonly NameToken[]) => readonly boolean[]): number {
  return compareReadings(query, listed, cache, knownQueryTokens, true).score;
}

/**
 * scoreNormalized with whether the one-part charge applied (NameComparison.onePartOnly), as compareNormalized says.
 * `below`: the caller drops any score under it, so a comparison that surely ends under it may stop early and
 * report 0 (only for names of one reading each, most of them); 0, the default, never stops.
 */
export function scoreAndPart(query: NormalizedName, listed: NormalizedName, cache?: SimilarityCache, knownQueryTokens?: (tokens: readonly NameToken[]) => readonly boolean[], below = 0): { score: number; onePartOnly: boolean } {
  if (!query.readings && !listed.readings) {
    // One reading each (most names): compareTokens' score-only path without the comparison object around it,
    // since this runs for every candidate of every query.
    const a = query.tokens;
    const b = listed.tokens;
    if (a.length === 0 || b.length === 0) return { score: 0, onePartOnly: false };
    const chosen = alignInto(a, b, 0, cache, below);
    if (chosen === GIVEN_UP) return { score: 0, onePartOnly: false };
    return scoreOf(a, b, chosen, knownQueryTokens?.(a), query.removed.length > 0);
  }
  const c = compareReadings(query, listed, cache, knownQueryTokens, true);
  return { score: c.score, onePartOnly: c.onePartOnly };
}

const SCORE_ONLY: Omit<NameComparison, 'score'> = { pairs: [], unmatchedQuery: [], unmatchedListed: [], reordered: false, coverage: 0, onePartOnly: false };

const isJoined = (t: NameToken) => t.particlesJoined !== undefined;
const isPrefixed = (t: NameToken) => t.particlePrefix === true;

function compareReadings(query: NormalizedName, listed: NormalizedName, cache: SimilarityCache | undefined, knownQueryTokens: ((tokens: readonly NameToken[]) => readonly boolean[]) | undefined, scoreOnly: boolean): NameComparison {
  const titled = query.removed.length > 0;
  if (!query.readings && !listed.readings) return compareTokens(query.tokens, listed.tokens, 0, cache, knownQueryTokens?.(query.tokens), titled, scoreOnly);
  const queryReadings = [query.tokens, ...(query.readings ?? [])];
  const listedReadings = [listed.tokens, ...(listed.readings ?? [])];
  let best: NameComparison | undefined;
  queryReadings.forEach((a, r) => {
    const known = knownQueryTokens?.(a);
    const aJoined = a.some(isJoined);
    const aPrefixed = a.some(isPrefixed);
    for (const b of listedReadings) {
      // A joined reading (normalize.ts particlesJoined) is for a name written joined on the other side only:
      // two joined readings would compare longer words, where one differing letter weighs less (Al Qaeda,
      // Al Qaida), and say nothing the written forms do not; and against a name with no word that may be
      // written joined (none begins with a particle) it has nothing to meet.
      const bJoined = b.some(isJoined);
      if (aJoined && (bJoined || !b.some(isPrefixed))) continue;
      if (bJoined && !aPrefixed) continue;
      // The cache is per query token: each query reading gets its own range of token numbers.
      const c = compareTokens(a, b, r * 64, cache, known, titled, scoreOnly);
      if (!best || c.score > best.score) best = c;
    }
  });
  return best!;
}

/**
 * What an aligned pair counts for in the name score: its similarity, a fuzzy (typo-like) pair stretched down
 * (more for a query token that is itself a listed name). Between two transliterations vowels are guesses, not
 * typos: no stretch there. One place for both the explained comparison and the score-only one.
 */
function pairWorth(qa: NameToken, lb: NameToken, sim: TokenSimilarity, knownQueryToken: boolean): number {
  if (sim.reason !== 'fuzzy' || (qa.translit && lb.translit)) return sim.score;
  return Math.max(0, 1 - (knownQueryToken ? KNOWN_TOKEN_STRETCH : FUZZY_STRETCH) * (1 - sim.score));
}

function compareTokens(a: readonly NameToken[], b: readonly NameToken[], cacheOffset: number, cache: SimilarityCache | undefined, knownQueryTokens: readonly boolean[] | undefined, queryTitled: boolean, scoreOnly = false): NameComparison {
  if (a.length === 0 || b.length === 0) return scoreOnly ? { ...SCORE_ONLY, score: 0 } :  { score: 0, pairs: [], unmatchedQuery: a.map((t) => t.text), unmatchedListed: b.map((t) => t.text), reordered: false, coverage: 0, onePartOnly: false };
  if (scoreOnly) {
    // A literal, not a spread of SCORE_ONLY: this runs for every candidate of every query.
    const { score, onePartOnly } = scoreOf(a, b, alignInto(a, b, cacheOffset, cache), knownQueryTokens, queryTitled);
    return { score, pairs: SCORE_ONLY.pairs, unmatchedQuery: SCORE_ONLY.unmatchedQuery, unmatchedListed: SCORE_ONLY.unmatchedListed, reordered: false, coverage: 0, onePartOnly };
  }
  const chosen = align(a, b, cacheOffset, cache);
  let matched = 0;
  let matchedWeight = 0;
  let queryMissing = 0;
  const pairs: TokenPair[] = [];
  for (const c of chosen) {
    const qa = a[c.i]!;
    const lb = b[c.j]!;
    const w = Math.min(qa.weight, lb.weight);
    const sim = c.sim;
    const s = pairWorth(qa, lb, sim, knownQueryTokens?.[c.i] ?? false);
    matched += s * w;
    matchedWeight += w;
    if (lb.initial && !qa.initial) queryMissing += ONLY_INITIAL_CONFIRMED;
    pairs.push({ query: qa.text, listed: lb.text, score: round(sim.score), reason: sim.reason });
  }
  const usedA = new Set(chosen.map((c) => c.i));
  const usedB = new Set(chosen.map((c) => c.j));
  const restA = a.filter((_, i) => !usedA.has(i));
  const restB = b.filter((_, j) => !usedB.has(j));
  for (const t of restA) queryMissing += missingWeight(t);
  let listedMissing = 0;
  for (const t of restB) listedMissing += missingWeight(t);
  const quality = matchedWeight === 0 ? 0 : matched / matchedWeight;
  let score = quality * QUERY_MISSING_FACTOR ** queryMissing * LISTED_MISSING_FACTOR ** listedMissing;
  const onePartOnly = namesOnePart(chosen.filter((c) => isNameWord(b[c.j]!)).length, restB, a, queryTitled) || lacksListedSurname(restB, b, a, queryTitled);
  if (onePartOnly) score *= ONE_NAME_PART;
  const identical = restA.length === 0 && restB.length === 0 && pairs.every((p) => p.reason === 'exact');
  // Particles and initials alone ("Al", "V. V.") identify no one, unless the names are identical
  // ("M.T.T. LTDA." listed and screened as written).
  if (identical) score = 1;
  else if (matchedWeight < 0.9) score *= 0.5;
  // A recorded equivalent is evidence only beside another name part: "Bob" alone is not "Robert".
  else if (pairs.every((p) => p.reason === 'equivalent')) score *= EQUIVALENTS_ONLY;
  const order = [...chosen].sort((x, y) => x.i - y.i).map((c) => c.j);
  const reordered = order.some((v, k) => k > 0 && v < order[k - 1]!);
  const queryWeight = a.reduce((sum, t) => sum + t.weight, 0);
  return {
    score: round(score),
    pairs,
    unmatchedQuery: restA.map((t) => t.text),
    unmatchedListed: restB.map((t) => t.text),
    reordered,
    coverage: round(Math.min(1, matchedWeight / queryWeight)),
    onePartOnly,
  };
}

/**
 * compareTokens' score, the same arithmetic in the same order, with nothing kept for the explanation: of the
 * `chosen` pairs alignInto just left in its scratch.
 */
function scoreOf(a: readonly NameToken[], b: readonly NameToken[], chosen: number, knownQueryTokens: readonly boolean[] | undefined, queryTitled: boolean): { score: number; onePartOnly: boolean } {
  let matched = 0;
  let coveredNameWords = 0;
  let matchedWeight = 0;
  let queryMissing = 0;
  let allExact = true;
  let allEquivalent = true;
  // Which tokens are aligned: bits while names have up to 31 tokens (all real ones), arrays beyond.
  const small = a.length <= 31 && b.length <= 31;
  let bitsA = 0;
  let bitsB = 0;
  const usedA = small ? undefined : new Uint8Array(a.length);
  const usedB = small ? undefined : new Uint8Array(b.length);
  for (let k = 0; k < chosen; k++) {
    const i = chosenI[k]!;
    const j = chosenJ[k]!;
    const qa = a[i]!;
    const lb = b[j]!;
    const w = Math.min(qa.weight, lb.weight);
    const sim = chosenSim[k]!;
    const s = pairWorth(qa, lb, sim, knownQueryTokens?.[i] ?? false);
    matched += s * w;
    matchedWeight += w;
    if (lb.initial && !qa.initial) queryMissing += ONLY_INITIAL_CONFIRMED;
    if (sim.reason !== 'exact') allExact = false;
    if (sim.reason !== 'equivalent') allEquivalent = false;
    if (isNameWord(lb)) coveredNameWords++;
    if (small) {
      bitsA |= 1 << i;
      bitsB |= 1 << j;
    } else {
      usedA![i] = 1;
      usedB![j] = 1;
    }
  }
  let restA = 0;
  let restB = 0;
  for (let i = 0; i < a.length; i++) if (small ? (bitsA & (1 << i)) === 0 : !usedA![i]) (queryMissing += missingWeight(a[i]!)), restA++;
  let listedMissing = 0;
  for (let j = 0; j < b.length; j++) {
    if (small ? (bitsB & (1 << j)) !== 0 : usedB![j]) continue;
    listedMissing += missingWeight(b[j]!);
    restB++;
  }
  const quality = matchedWeight === 0 ? 0 : matched / matchedWeight;
  let score = quality * QUERY_MISSING_FACTOR ** queryMissing * LISTED_MISSING_FACTOR ** listedMissing;
  // The unaligned listed tokens are gathered only when they can matter: a single name word covered, or a surname marked.
  const marked = restB > 0 && (coveredNameWords === 1 || b[0]!.part === 'surname');
  let onePartOnly = false;
  if (marked && small) onePartOnly = onePartByBits(coveredNameWords, bitsB, b, a, queryTitled);
  else if (marked) {
    const missing = b.filter((_, j) => !usedB![j]);
    onePartOnly = namesOnePart(coveredNameWords, missing, a, queryTitled) || lacksListedSurname(missing, b, a, queryTitled);
  }
  if (onePartOnly) score *= ONE_NAME_PART;
  if (restA === 0 && restB === 0 && allExact) score = 1;
  else if (matchedWeight < 0.9) score *= 0.5;
  else if (allEquivalent) score *= EQUIVALENTS_ONLY;
  return { score: round(score), onePartOnly };
}

/** Symmetric: the better of both directions, so compareNames(a, b) === compareNames(b, a). */
export function compareNamesNormalized(a: NormalizedName, b: NormalizedName): NameComparison {
  const ab = compareNormalized(a, b);
  const ba = compareNormalized(b, a);
  return ab.score >= ba.score ? ab : swap(ba);
}

function swap(c: NameComparison): NameComparison {
  return { ...c, pairs: c.pairs.map((p) => ({ ...p, query: p.listed, listed: p.query })), unmatchedQuery: c.unmatchedListed, unmatchedListed: c.unmatchedQuery };
}

export function compareNames(a: string, b: string): NameComparison {
  return compareNamesNormalized(normalizeName(a), normalizeName(b));
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
