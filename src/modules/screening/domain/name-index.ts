/**
 * An inverted index over every listed name so that a query scores a few dozen candidate names instead of
 * all of them. Each name token is posted under several keys (its fold, consonant skeleton, double
 * metaphone, and for long tokens its first and last four letters), so a typo or a transliteration that
 * breaks one key still reaches the name through another. Candidates are ranked by the idf of the keys
 * they share with the query, the best are then compared in full.
 */
import type { ListedEntity } from './entity.ts';
import { normalizeName, type NameToken, type NormalizedName } from './normalize.ts';

export interface IndexedName {
  entity: number;
  /** Position of the name in entity.names. */
  name: number;
  norm: NormalizedName;
}

/**
 * Blocking keys of one token, most specific first. Initials are no key (too common); particles and
 * company forms only by their exact fold, so "AL-'ABD, Ahmad" outranks the hundreds of other Ahmads.
 */
export function tokenKeys(t: NameToken): string[] {
  if (t.initial) return [];
  if (t.weight < 0.4) return [`f${t.fold}`];
  const keys = [`f${t.fold}`];
  if (t.skeleton.length >= 2) keys.push(`s${t.skeleton}`);
  if (t.phonetic.length >= 2) keys.push(`m${t.phonetic}`);
  if (t.fold.length >= 5) keys.push(`p${t.fold.slice(0, 4)}`, `x${t.fold.slice(-4)}`);
  return [...new Set(keys)];
}

/**
 * Keys of what a token may also be: the given names it stands for, and a transliterated token's other
 * readings (Korean MR, a kanji's readings: Kim reaches 김 read as Gim). Posted for listed names; for a
 * query they reach names but never count for more than the token's own best key (NameIndex.candidates).
 */
export function otherKeys(t: NameToken): string[] {
  const keys: string[] = [];
  // Given names: a query token also looks up the names it stands for by their fold, so Bob reaches the
  // Roberts and Sasha the Aleksandrs.
  if (t.given && !t.initial && t.weight >= 0.4) for (const fold of t.given.others) keys.push(`f${fold}`);
  if (t.translit || t.readings || t.syllable) for (const alt of t.alts ?? []) keys.push(...tokenKeys(alt));
  return keys;
}

/** Every token of a name in every reading (NormalizedName.readings), for posting. */
function allTokens(norm: NormalizedName): NameToken[] {
  return norm.readings ? [...norm.tokens, ...norm.readings.flat()] : norm.tokens;
}

/** A key posted for more names than this (and this share of all names) is "common". */
const COMMON_MIN = 2000;
const COMMON_SHARE = 0.003;
/**
 * A deferred key's posting list up to this many times the reachable names is walked rather than searched
 * per name: the walk reads the list in order and checks a bit that stays in cache, a search jumps about.
 */
const DEFERRED_WALK_RATIO = 32;

/**
 * Unions of common keys kept across queries (NameIndex.unionOf): at most this many bytes (about 430 unions of
 * 150 KB at 1.2M names; the benchmark's 6,000 queries at 1M meet 796 groups of keys, the 426 most met hold 96%
 * of the look-ups), each built once its keys have been met this many times. Groups met fewer times are counted
 * up to UNION_MET_MAX of them (then counted afresh).
 */
const UNION_CACHE_BYTES = 64 << 20;
const UNION_AFTER = 4;
const UNION_MET_MAX = 10_000;

/** Binary search in an ascending posting list. */
function contains(list: Int32Array, id: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!;
    if (v === id) return true;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * A plain token's key numbers (own, and own then other: NameIndex.keysOf), with what they were made from: the
 * fields tokenKeys and otherKeys read for a token with no alts.
 */
interface TokenKeyNumbers {
  skeleton: string;
  phonetic: string;
  initial: boolean;
  low: boolean;
  given: NameToken['given'];
  own: readonly number[];
  all: readonly number[];
}

/** At most this many tokens' key numbers are kept (NameIndex.keyNumbers); then they are counted afresh. */
const KEY_CACHE_MAX = 65_536;

export interface Candidate {
  ref: IndexedName;
  rank: number;
}

export class NameIndex {
  readonly names: IndexedName[] = [];
  /** Key → its number; posting lists (ascending name ids) by key number. */
  private readonly keyIds = new Map<string, number>();
  private readonly postings: Int32Array[] = [];
  /**
   * The posting lists of common keys as one bit per name (150 KB each at 1.2M names, a few hundred keys):
   * the names a query's rare keys found are looked up in them by one bit test each, where a binary search
   * jumped about a list of tens of thousands of ids.
   */
  private readonly bits: Array<Uint32Array | undefined> = [];
  /**
   * The names one query touches, kept dense (a sparse set): `slotOf[id]` is the name's slot in this query
   * when `slotIds[slot] === id` and the slot is below `count`, so nothing is cleared between queries. The
   * only scattered access per posting is one 4-byte read of `slotOf` (4.8 MB at 1.2M names, where a
   * per-name record was 38 MB); the tokens credited and the rank sit by slot, side by side in touched order.
   */
  private readonly slotOf: Int32Array;
  /** Each name's entity number, so a candidate is accepted or not without reading its record. */
  private readonly entityOf: Int32Array;
  private slotIds = new Int32Array(4096);
  private slotSeen = new Int32Array(4096);
  private slotRank = new Float64Array(4096);
  private count = 0;
  /**
   * One bit per name: touched in this query, so `slotOf` is read only for names touched before (walk); the
   * deferred look-ups read the touched names off these bits in id order. 150 KB at 1.2M names: in cache.
   */
  private readonly touched: Uint32Array;
  /**
   * One bit per word of `touched`: the word has a touched name. Reading the touched names in id order visits
   * only those words (a few thousand) instead of scanning all of `touched` (37,500 words at 1.2M names).
   */
  private readonly touchedWords: Uint32Array;
  /** Unions of common keys' bits by their key numbers (unionOf), and how often groups without one were met. */
  private readonly unions = new Map<string, Uint32Array>();
  private readonly unionsMet = new Map<string, number>();
  /**
   * Scratch kept between queries (fit): the reachable slots, those kept for ranking and their ranks. They have
   * thousands of entries at 1M names; allocated per query, each was garbage for the collector.
   */
  private reachableScratch = new Int32Array(4096);
  private keptScratch = new Int32Array(4096);
  private rankScratch = new Float64Array(4096);
  /** Scratch for lookUpDeferred: touched names by id. */
  private byId = new Int32Array(4096);
  /** Scratch for wordsTouched: the words of the touched bits that hold a touched name. */
  private wordScratch = new Int32Array(4096);
  /**
   * Key numbers of plain tokens by fold (keysOf): a query's words come back query after query, and building
   * their key strings and hashing them in `keyIds` each time was about 3% of a query at 1M.
   */
  private readonly keyNumbers = new Map<string, TokenKeyNumbers>();
  /** One bit per name: met by the last walked token's keys in this query (lastWalk); cleared before it returns. */
  private readonly met: Uint32Array;
  /** Scratch for lastWalk: the names it ranks by class, key by key, and the key that gave each of its slots. */
  private alone = new Int32Array(4096);
  private slotKey = new Int32Array(4096);
  /** The names of deferred keys with no bits of their own, for one query (deferredTests). */
  private readonly rareDeferred: Uint32Array;

  /**
   * `byClass: false` ranks every name the last walked token's keys meet one by one (the general path), as
   * before lastWalk: the tests compare the two.
   */
  constructor(
    readonly entities: readonly ListedEntity[],
    private readonly options: { byClass?: boolean } = {},
  ) {
    const lists: number[][] = [];
    entities.forEach((entity, e) => {
      entity.names.forEach((name, n) => {
        const norm = normalizeName(name.full);
        if (norm.tokens.length === 0) return;
        const id = this.names.length;
        this.names.push({ entity: e, name: n, norm });
        for (const token of allTokens(norm)) {
          for (const key of [...tokenKeys(token), ...(token.alts && (token.translit || token.readings || token.syllable) ? token.alts.flatMap(tokenKeys) : [])]) {
            let k = this.keyIds.get(key);
            if (k === undefined) {
              this.keyIds.set(key, (k = lists.length));
              lists.push([]);
            }
            const list = lists[k]!;
            if (list[list.length - 1] !== id) list.push(id);
          }
        }
      });
    });
    for (const list of lists) this.postings.push(Int32Array.from(list));
    // Common keys (those a query defers) also as one bit per name, so a deferred look-up is one bit test.
    const bound = this.commonBound();
    for (const list of this.postings) {
      if (list.length <= bound) {
        this.bits.push(undefined);
        continue;
      }
      const bits = new Uint32Array((this.names.length >> 5) + 1);
      for (let k = 0; k < list.length; k++) bits[list[k]! >> 5]! |= 1 << (list[k]! & 31);
      this.bits.push(bits);
    }
    this.slotOf = new Int32Array(this.names.length);
    this.entityOf = Int32Array.from(this.names, (n) => n.entity);
    this.touched = new Uint32Array((this.names.length >> 5) + 1);
    this.touchedWords = new Uint32Array((this.touched.length >> 5) + 1);
    this.met = new Uint32Array(this.touched.length);
    this.rareDeferred = new Uint32Array(this.touched.length);
  }

  /** Whether some listed name has this token, spelled the same way (its fold). */
  hasToken(t: NameToken): boolean {
    return !t.initial && this.keyIds.has(`f${t.fold}`);
  }

  get keyCount(): number {
    return this.postings.length;
  }

  /** A key posted for more names than this is common: deferred when the query has rarer ones. */
  private commonBound(): number {
    return Math.max(COMMON_MIN, COMMON_SHARE * this.names.length);
  }

  private idf(df: number): number {
    return Math.log(1 + this.names.length / df);
  }

  /** Room for `more` slots beyond this query's count (the slot arrays grow by doubling, kept contents). */
  private reserve(more: number): void {
    let size = this.slotIds.length;
    if (this.count + more <= size) return;
    while (this.count + more > size) size *= 2;
    const grow = <T extends Int32Array | Float64Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.slotIds = grow(this.slotIds, new Int32Array(size));
    this.slotSeen = grow(this.slotSeen, new Int32Array(size));
    this.slotRank = grow(this.slotRank, new Float64Array(size));
  }

  /**
   * Adds `w` to every name of `list` not yet credited for query token `bit` in this query. Whether a name is
   * touched is read from a bit (`touched`, in cache), so only a name touched before pays the scattered read
   * of its slot; a new one gets the next slot, ranked w.
   */
  private walk(list: Int32Array, bit: number, w: number): void {
    this.reserve(list.length);
    const { slotOf, touched, touchedWords, slotIds, slotSeen, slotRank } = this;
    let count = this.count;
    for (let k = 0; k < list.length; k++) {
      const id = list[k]!;
      const word = id >> 5;
      const mask = 1 << (id & 31);
      const t = touched[word]!;
      if ((t & mask) === 0) {
        touched[word] = t | mask;
        touchedWords[word >> 5]! |= 1 << (word & 31);
        slotOf[id] = count;
        slotIds[count] = id;
        slotSeen[count] = bit;
        slotRank[count] = w;
        count++;
        continue;
      }
      const s = slotOf[id]!;
      // Bit set: this query token already counted for this name through a more specific key.
      const seen = slotSeen[s]!;
      if ((seen & bit) !== 0) continue;
      slotSeen[s] = seen | bit;
      slotRank[s]! += w;
    }
    this.count = count;
  }

  /**
   * The deferred keys grouped by query token, in the order of `deferred` (by weight, ties in key order), each
   * token's union of their bits asked once (unionOf) where every key has bits: what lastWalk's tests, the
   * reach of the deferred keys (candidates) and testDeferredByName read.
   */
  private deferredByToken(deferred: ReadonlyArray<{ bit: number; key: number; w: number }>): DeferredToken[] {
    const tokens: DeferredToken[] = [];
    for (const { bit, key, w } of deferred) {
      let token = tokens.find((t) => t.bit === bit);
      if (!token) tokens.push((token = { bit, keys: [], w: 0, union: undefined }));
      token.keys.push(key);
      token.w = Math.max(token.w, w);
    }
    for (const token of tokens) if (token.keys.every((key) => this.bits[key])) token.union = this.unionOf(token.keys);
    return tokens;
  }

  /**
   * The walk of the last query token with keys to walk (candidates). A name its keys meet that no earlier token's
   * walked key met and that has none of the deferred keys can only ever have the weight of the first of these
   * keys that meets it (the token counts once; no later token has a key walked), so it gets no slot: its id is
   * written to the list of the key that met it first (`alone`, in id order key by key), and it is ranked as one
   * of that key's class (bestByClass). A name that may have a deferred key (`tests`, deferredTests) gets a slot,
   * and a name already touched is credited, as walk does. In a query of common names only (the driver) this
   * is the one token walked, and most of the names it meets, thousands, are ranked by class.
   */
  private lastWalk(keys: ReadonlyArray<{ key: number; w: number }>, bit: number, tests: readonly Uint32Array[]): Int32Array {
    const { met, touched, touchedWords, slotOf } = this;
    let total = 0;
    for (const { key } of keys) total += this.postings[key]!.length;
    const alone = (this.alone = fit(this.alone, total));
    const ends = new Int32Array(keys.length);
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      const list = this.postings[keys[i]!.key]!;
      const w = keys[i]!.w;
      this.reserve(list.length);
      if (this.slotKey.length < this.slotIds.length) this.slotKey = grown(this.slotKey, this.slotIds.length);
      const { slotIds, slotSeen, slotRank, slotKey } = this;
      let count = this.count;
      for (let k = 0; k < list.length; k++) {
        const id = list[k]!;
        const word = id >> 5;
        const mask = 1 << (id & 31);
        if ((touched[word]! & mask) !== 0) {
          const s = slotOf[id]!;
          const seen = slotSeen[s]!;
          if ((seen & bit) !== 0) continue;
          slotSeen[s] = seen | bit;
          slotRank[s]! += w;
          continue;
        }
        const m = met[word]!;
        if ((m & mask) !== 0) continue;
        met[word] = m | mask;
        let some = false;
        for (let t = 0; t < tests.length; t++) {
          if ((tests[t]![word]! & mask) !== 0) {
            some = true;
            break;
          }
        }
        if (!some) {
          alone[n++] = id;
          continue;
        }
        touched[word]! |= mask;
        touchedWords[word >> 5]! |= 1 << (word & 31);
        slotOf[id] = count;
        slotIds[count] = id;
        slotSeen[count] = bit;
        slotRank[count] = w;
        slotKey[count] = i;
        count++;
      }
      this.count = count;
      ends[i] = n;
    }
    for (const { key } of keys) {
      const list = this.postings[key]!;
      for (let k = 0; k < list.length; k++) met[list[k]! >> 5] = 0;
    }
    return ends;
  }

  /** Starts a query: the names the last one touched are untouched again. */
  private untouchAll(): void {
    const { touched, touchedWords, slotIds } = this;
    for (let s = 0; s < this.count; s++) {
      const id = slotIds[s]!;
      touched[id >> 5] = 0;
      touchedWords[id >> 10] = 0;
    }
    this.count = 0;
  }

  /**
   * The words of `touched` that hold a touched name, in ascending order, read off `touchedWords`: the one walk of
   * those bits that both readings of the touched names in id order (touchedById, testDeferredByName) start from.
   */
  private wordsTouched(): Int32Array {
    const { touchedWords } = this;
    const words = (this.wordScratch = fit(this.wordScratch, this.count));
    let n = 0;
    for (let group = 0; group < touchedWords.length; group++) {
      let bits = touchedWords[group]!;
      while (bits !== 0) {
        const low = bits & -bits;
        words[n++] = (group << 5) | (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return words.subarray(0, n);
  }

  /**
   * The touched names in ascending id order. Their slots are not read here: each is a scattered read of
   * `slotOf`, and most have none of the deferred keys, so the callers read a name's slot only once a key's bit
   * says it has one.
   */
  private touchedById(): Int32Array {
    this.byId = fit(this.byId, this.count);
    const { touched, byId } = this;
    const words = this.wordsTouched();
    let k = 0;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      let bits = touched[word]!;
      while (bits !== 0) {
        const low1 = bits & -bits;
        byId[k++] = (word << 5) | (31 - Math.clz32(low1));
        bits ^= low1;
      }
    }
    return byId.subarray(0, k);
  }

  /**
   * Credits each reachable name (by slot) with the deferred keys it has, heaviest first, a query token once
   * per name: a list not much longer than the reachable names is walked (the touched bits say which names it
   * credits), a longer one searched per name. Where the bits decide, every touched name is credited, the
   * unreachable ones too: their ranks are never read again (`best` takes the reachable slots only), and
   * marking the reachable ones apart (bits set, then cleared, at random) cost more than testing them all;
   * most touched names are reachable.
   */
  private lookUpDeferred(reachable: Int32Array, deferred: ReadonlyArray<{ bit: number; key: number; w: number }>, tokens: readonly DeferredToken[]): void {
    const { touched, slotOf, slotIds, slotSeen, slotRank } = this;
    // For the bit tests, the touched names in the order of their ids (read off the touched bits): each key's
    // bits are then read front to back instead of at random. A name's credits still come key by key in the
    // same order, so its rank is the same sum.
    let byId: Int32Array | undefined;
    if (deferred.every(({ key }) => this.bits[key] && reachable.length <= this.postings[key]!.length)) {
      this.testDeferredByName(deferred, tokens);
      return;
    }
    for (const { bit, key, w } of deferred) {
      const list = this.postings[key]!;
      const bits = this.bits[key];
      if (bits && reachable.length <= list.length) {
        byId ??= this.touchedById();
        for (let r = 0; r < byId.length; r++) {
          const id = byId[r]!;
          if ((bits[id >> 5]! & (1 << (id & 31))) === 0) continue;
          const s = slotOf[id]!;
          const seen = slotSeen[s]!;
          if ((seen & bit) !== 0) continue;
          slotSeen[s] = seen | bit;
          slotRank[s]! += w;
        }
        continue;
      }
      if (list.length <= reachable.length * DEFERRED_WALK_RATIO) {
        for (let k = 0; k < list.length; k++) {
          const id = list[k]!;
          if ((touched[id >> 5]! & (1 << (id & 31))) === 0) continue;
          const s = slotOf[id]!;
          const seen = slotSeen[s]!;
          if ((seen & bit) !== 0) continue;
          slotSeen[s] = seen | bit;
          slotRank[s]! += w;
        }
        continue;
      }
      for (let r = 0; r < reachable.length; r++) {
        const s = reachable[r]!;
        const seen = slotSeen[s]!;
        if ((seen & bit) !== 0 || !contains(list, slotIds[s]!)) continue;
        slotSeen[s] = seen | bit;
        slotRank[s]! += w;
      }
    }
  }

  /**
   * lookUpDeferred when every deferred key is tested by its bits: touched name by name (in id order) instead of key by
   * key. Most names have none of a common token's keys; the union of that token's keys (cached, unionOf) says
   * so in one bit test where each key cost one. The touched names are read off the touched bits a word (32
   * names) at a time, and a word none of whose touched names is in any union is passed over whole, so most
   * touched names cost no step of their own. The names that have some get their credits key by key in the
   * deferred order, so each rank is the same sum as key by key; `seen` and `rank` are the same per name.
   */
  private testDeferredByName(deferred: ReadonlyArray<{ bit: number; key: number; w: number }>, tokens: readonly DeferredToken[]): void {
    const { slotOf, slotSeen, slotRank, touched } = this;
    const tokenBits = tokens.map((t) => t.bit);
    const unions = tokens.map((t) => t.union);
    const keyBits = deferred.map(({ key }) => this.bits[key]!);
    const words = this.wordsTouched();
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      const names = touched[word]!;
      // The touched names of this word that some union (or a token without one) may credit.
      let some = 0;
      for (let u = 0; u < unions.length; u++) {
        const union = unions[u];
        some |= union ? names & union[word]! : names;
      }
      while (some !== 0) {
        const mask = some & -some;
        some ^= mask;
        let may = 0;
        for (let u = 0; u < unions.length; u++) {
          const union = unions[u];
          if (!union || (union[word]! & mask) !== 0) may |= tokenBits[u]!;
        }
        const s = slotOf[(word << 5) | (31 - Math.clz32(mask))]!;
        let seen = slotSeen[s]!;
        for (let d = 0; d < deferred.length; d++) {
          const bit = deferred[d]!.bit;
          if ((may & bit) === 0 || (seen & bit) !== 0 || (keyBits[d]![word]! & mask) === 0) continue;
          seen |= bit;
          slotRank[s]! += deferred[d]!.w;
        }
        slotSeen[s] = seen;
      }
    }
  }

  /**
   * The union of common keys' bits (one query token's deferred keys), kept across queries: common given names
   * come back query after query. Building one reads every key's bits (150 KB each at 1.2M names), more than
   * one query's tests, so a group of keys gets its union once it has been met UNION_AFTER times; until then
   * (and once the budget is spent) its keys are tested one by one (undefined). Kept unions are never dropped:
   * a least-recently-used cache tried first built and dropped 150 KB buffers query after query and made
   * queries 3× slower (ADR 0209).
   */
  private unionOf(keys: readonly number[]): Uint32Array | undefined {
    if (keys.length === 1) return this.bits[keys[0]!]!;
    const id = keys.join(',');
    const kept = this.unions.get(id);
    if (kept) return kept;
    if (this.unions.size >= Math.floor(UNION_CACHE_BYTES / (4 * this.touched.length))) return undefined;
    const met = (this.unionsMet.get(id) ?? 0) + 1;
    if (met < UNION_AFTER) {
      if (this.unionsMet.size >= UNION_MET_MAX) this.unionsMet.clear();
      this.unionsMet.set(id, met);
      return undefined;
    }
    this.unionsMet.delete(id);
    const union = new Uint32Array(this.touched.length);
    for (const key of keys) {
      const bits = this.bits[key]!;
      for (let w = 0; w < union.length; w++) union[w]! |= bits[w]!;
    }
    this.unions.set(id, union);
    return union;
  }

  /** The best `limit` of the given slots, by rank, at or above a third of the query's weight. */
  private best(slots: Int32Array, maxPossible: number, limit: number, accept: (entity: number) => boolean): Candidate[] {
    const rank = this.slotRank;
    let floor = 0.34 * maxPossible;
    let kept = 0;
    const keptSlots = (this.keptScratch = fit(this.keptScratch, slots.length));
    for (let k = 0; k < slots.length; k++) if (rank[slots[k]!]! >= floor) keptSlots[kept++] = slots[k]!;
    if (kept > limit) {
      // Raise the floor to the limit-th best rank (quickselect, no full sort of thousands of names).
      const ranks = (this.rankScratch = fit(this.rankScratch, kept)).subarray(0, kept);
      for (let k = 0; k < kept; k++) ranks[k] = rank[keptSlots[k]!]!;
      floor = kthLargest(ranks, limit);
    }
    // The names above the floor (fewer than `limit`), ranked; then those at the floor in touched order, as
    // the stable sort of them all ranked them, only as many as are wanted. A query of common names ties
    // thousands at the floor: each `accept` reads the entity, a cache miss, so they are not all asked.
    const out: Candidate[] = [];
    let ties = 0;
    for (let k = 0; k < kept; k++) {
      const s = keptSlots[k]!;
      const r = rank[s]!;
      if (r < floor) continue;
      if (r === floor) {
        keptSlots[ties++] = s;
        continue;
      }
      const id = this.slotIds[s]!;
      if (accept(this.entityOf[id]!)) out.push({ ref: this.names[id]!, rank: r });
    }
    sortByDescending(out, (c) => c.rank);
    for (let k = 0; k < ties && out.length < limit; k++) {
      const id = this.slotIds[keptSlots[k]!]!;
      if (accept(this.entityOf[id]!)) out.push({ ref: this.names[id]!, rank: floor });
    }
    return out.length > limit ? out.slice(0, limit) : out;
  }

  /** The numbers of the listed keys among `keys`, each once, after those of `out` (which it extends). */
  private keyNumbersOf(keys: readonly string[], out: number[]): number[] {
    for (const key of keys) {
      const k = this.keyIds.get(key);
      if (k !== undefined && !out.includes(k)) out.push(k);
    }
    return out;
  }

  /**
   * A token's listed key numbers: its own (tokenKeys), and its own then what it may also be (otherKeys). Kept
   * by fold for tokens with no alts, whose keys depend only on the fields TokenKeyNumbers holds (checked on
   * each use, so a token whose fold is shared by another spelling gets its own keys).
   */
  private keysOf(token: NameToken): { own: readonly number[]; all: readonly number[] } {
    const plain = !token.alts && !token.translit && !token.readings && !token.syllable;
    const low = token.weight < 0.4;
    if (plain) {
      const kept = this.keyNumbers.get(token.fold);
      if (kept && kept.skeleton === token.skeleton && kept.phonetic === token.phonetic && kept.initial === token.initial && kept.low === low && kept.given === token.given) return kept;
    }
    const own = this.keyNumbersOf(tokenKeys(token), []);
    const all = token.given || token.alts ? this.keyNumbersOf(otherKeys(token), [...own]) : own;
    if (plain) {
      if (this.keyNumbers.size >= KEY_CACHE_MAX) this.keyNumbers.clear();
      this.keyNumbers.set(token.fold, { skeleton: token.skeleton, phonetic: token.phonetic, initial: token.initial, low, given: token.given, own, all });
    }
    return { own, all };
  }

  /** `accept(entity)`: whether names of that entity (its number) may be candidates. */
  candidates(query: NormalizedName, limit: number, accept: (entity: number) => boolean = () => true): Candidate[] {
    this.untouchAll();
    let maxPossible = 0;
    // Keys as common as a popular given name are walked only when the query has nothing rarer; otherwise
    // they are looked up (binary search) for the names the rare keys found. Same ranking, far fewer steps.
    const bound = this.commonBound();
    const postings = this.postings;
    const tokens = query.tokens.slice(0, 30);
    const keys = tokens.map((token) => this.keysOf(token));
    const own = keys.map((k) => k.own);
    // Own keys first, then what the token may also be (only tokens that have any).
    const perToken = keys.map((k) => k.all);
    // Rare and common are judged on the tokens' own keys: a rare nickname must not leave the names found by
    // common own keys unwalked.
    const anyRare = own.some((keys) => keys.some((k) => postings[k]!.length <= bound));
    // Only common keys (a query of popular names): walk the token with the fewest postings, look up the rest.
    let driver = -1;
    if (!anyRare && perToken.length > 1) {
      const totals = own.map((keys) => (keys.length === 0 ? Infinity : keys.reduce((sum, k) => sum + postings[k]!.length, 0)));
      driver = totals.indexOf(Math.min(...totals));
    }
    // Each key's weight, and whether it is walked now or deferred (looked up for the names walked keys found).
    const plan = perToken.map((keys, t) => {
      // A token's weight is its own best key's; what it may also be (otherKeys) counts no more than that.
      let ownBest = 0;
      for (const k of own[t]!) ownBest = Math.max(ownBest, this.idf(postings[k]!.length));
      return keys.map((key) => {
        const list = postings[key]!;
        const idf = this.idf(list.length);
        return { bit: 1 << t, key, w: ownBest > 0 ? Math.min(idf, ownBest) : idf, later: (anyRare && list.length > bound) || (driver >= 0 && t !== driver) };
      });
    });
    for (const keys of plan) maxPossible += keys.reduce((best, k) => Math.max(best, k.w), 0);
    const deferred = plan.flat().filter((k) => k.later);
    // Most weighty keys first: a token found through its fold is not looked up again through its prefix.
    sortByDescending(deferred, (d) => d.w);
    const byToken = this.deferredByToken(deferred);
    let classes: Classes | undefined;
    // The last token with keys to walk: the names only its keys meet are ranked by class (lastWalk).
    let last = plan.length - 1;
    while (last >= 0 && plan[last]!.every((k) => k.later)) last--;
    for (let t = 0; t < plan.length; t++) {
      if (t === last && this.options.byClass !== false) {
        const keys = plan[t]!.filter((k) => !k.later);
        const firstSlot = this.count;
        const ends = this.lastWalk(keys, 1 << t, this.deferredTests(byToken));
        this.clearRareDeferred(deferred);
        classes = { keys, ends, firstSlot };
        continue;
      }
      for (const { bit, key, w, later } of plan[t]!) if (!later) this.walk(postings[key]!, bit, w);
    }
    // A name that cannot reach the floor even if every deferred token matched is not ranked (a token counts
    // once, through its best key), and not looked up where that means a search (lookUpDeferred).
    let deferredMax = 0;
    for (const { w } of byToken) deferredMax += w;
    const need = deferred.length > 0 ? 0.34 * maxPossible - deferredMax : -Infinity;
    const rank = this.slotRank;
    let n = 0;
    const reachable = (this.reachableScratch = fit(this.reachableScratch, this.count));
    for (let s = 0; s < this.count; s++) if (rank[s]! >= need) reachable[n++] = s;
    const slots = reachable.subarray(0, n);
    if (deferred.length > 0) this.lookUpDeferred(slots, deferred, byToken);
    return classes ? this.bestByClass(slots, classes, maxPossible, limit, accept) : this.best(slots, maxPossible, limit, accept);
  }

  /**
   * For lastWalk, the bits that say a name may have one of the deferred keys: each token's union, else each
   * key's bits; a key with no bits of its own (a rare key of what a token may also be) is set, for this query,
   * in `rareDeferred` (cleared by clearRareDeferred).
   */
  private deferredTests(tokens: readonly DeferredToken[]): Uint32Array[] {
    const tests: Uint32Array[] = [];
    for (const { keys, union } of tokens) {
      if (union) {
        tests.push(union);
        continue;
      }
      for (const key of keys) {
        const bits = this.bits[key];
        if (bits) {
          tests.push(bits);
          continue;
        }
        const list = this.postings[key]!;
        for (let k = 0; k < list.length; k++) this.rareDeferred[list[k]! >> 5]! |= 1 << (list[k]! & 31);
        if (!tests.includes(this.rareDeferred)) tests.push(this.rareDeferred);
      }
    }
    return tests;
  }

  /** Clears what deferredTests set in `rareDeferred`. */
  private clearRareDeferred(deferred: ReadonlyArray<{ key: number }>): void {
    for (const { key } of deferred) {
      if (this.bits[key]) continue;
      const list = this.postings[key]!;
      for (let k = 0; k < list.length; k++) this.rareDeferred[list[k]! >> 5] = 0;
    }
  }

  /**
   * best, for a lastWalk: the names with slots (`slots`) and the classes of names with none, each ranked the
   * weight of the last token's key that met it first. The same candidates in the same order as best over
   * every name: the floor is the limit-th best rank of them all (a class counts as many names as it holds),
   * and the order among equal ranks is the order the walk met them: earlier tokens' names first (slot order),
   * then by the last token's key and the id (a key's names are in id order).
   */
  private bestByClass(slots: Int32Array, classes: Classes, maxPossible: number, limit: number, accept: (entity: number) => boolean): Candidate[] {
    const rank = this.slotRank;
    const { keys, ends, firstSlot } = classes;
    const start = (i: number) => (i === 0 ? 0 : ends[i - 1]!);
    let floor = 0.34 * maxPossible;
    const kept: number[] = [];
    for (let k = 0; k < slots.length; k++) if (rank[slots[k]!]! >= floor) kept.push(slots[k]!);
    let total = kept.length;
    for (let i = 0; i < keys.length; i++) if (keys[i]!.w >= floor) total += ends[i]! - start(i);
    if (total > limit) {
      // The limit-th best rank, each class counted as its names; no more than `limit` of one class can change it.
      let copies = 0;
      for (let i = 0; i < keys.length; i++) if (keys[i]!.w >= floor) copies += Math.min(limit, ends[i]! - start(i));
      const ranks = (this.rankScratch = fit(this.rankScratch, kept.length + copies)).subarray(0, kept.length + copies);
      let r = 0;
      for (const s of kept) ranks[r++] = rank[s]!;
      for (let i = 0; i < keys.length; i++) {
        if (keys[i]!.w < floor) continue;
        for (let c = Math.min(limit, ends[i]! - start(i)); c > 0; c--) ranks[r++] = keys[i]!.w;
      }
      floor = kthLargest(ranks, limit);
    }
    const size = this.names.length;
    // Where the walk met a name: the last token's key, then the id; a name an earlier token met comes before
    // them all, in slot order.
    const order = (key: number, id: number) => key * size + id;
    const orderOf = (s: number) => (s < firstSlot ? s - firstSlot : order(this.slotKey[s]!, this.slotIds[s]!));
    const out: Array<Candidate & { order: number }> = [];
    const ties: number[] = [];
    for (const s of kept) {
      const r = rank[s]!;
      const id = this.slotIds[s]!;
      if (r > floor) {
        if (accept(this.entityOf[id]!)) out.push({ ref: this.names[id]!, rank: r, order: orderOf(s) });
      } else if (r === floor) ties.push(s);
    }
    for (let i = 0; i < keys.length; i++) {
      if (keys[i]!.w <= floor) continue;
      for (let k = start(i); k < ends[i]!; k++) {
        const id = this.alone[k]!;
        if (accept(this.entityOf[id]!)) out.push({ ref: this.names[id]!, rank: keys[i]!.w, order: order(i, id) });
      }
    }
    out.sort((a, b) => b.rank - a.rank || a.order - b.order);
    // Ties at the floor in the order met: the slots' (already in that order) merged with the classes' at the floor.
    const atFloor: number[] = [];
    for (let i = 0; i < keys.length; i++) if (keys[i]!.w === floor && ends[i]! > start(i)) atFloor.push(i);
    let t = 0;
    let c = 0;
    let k = atFloor.length > 0 ? start(atFloor[0]!) : 0;
    while (out.length < limit) {
      const slotOrder = t < ties.length ? orderOf(ties[t]!) : Infinity;
      const classOrder = c < atFloor.length ? order(atFloor[c]!, this.alone[k]!) : Infinity;
      if (slotOrder === Infinity && classOrder === Infinity) break;
      let id: number;
      if (slotOrder < classOrder) id = this.slotIds[ties[t++]!]!;
      else {
        id = this.alone[k++]!;
        if (k >= ends[atFloor[c]!]! && ++c < atFloor.length) k = start(atFloor[c]!);
      }
      if (accept(this.entityOf[id]!)) out.push({ ref: this.names[id]!, rank: floor, order: 0 });
    }
    const candidates = out.map(({ ref, rank }) => ({ ref, rank }));
    return candidates.length > limit ? candidates.slice(0, limit) : candidates;
  }
}

/**
 * Sorts by `key`, highest first, ties kept in their order: what the built-in stable sort gives, by insertion
 * (arrays of a few dozen, sorted every query; the built-in sort allocates a work array per call).
 */
function sortByDescending<T>(items: T[], key: (item: T) => number): void {
  for (let k = 1; k < items.length; k++) {
    const item = items[k]!;
    const v = key(item);
    let m = k - 1;
    while (m >= 0 && key(items[m]!) < v) {
      items[m + 1] = items[m]!;
      m--;
    }
    items[m + 1] = item;
  }
}

/** One query token's deferred keys, their heaviest weight and their union (NameIndex.deferredByToken). */
interface DeferredToken {
  bit: number;
  keys: number[];
  w: number;
  union: Uint32Array | undefined;
}

/**
 * The names lastWalk ranks by class: its keys (each class's weight), where each key's names end in `alone`, and
 * the first slot it gave (the slots before are earlier tokens').
 */
interface Classes {
  keys: ReadonlyArray<{ w: number }>;
  ends: Int32Array;
  firstSlot: number;
}

/** A copy of `a` in a new array of `n` values (a slot array grown with the others). */
function grown(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/** `scratch` if it holds `n` values, else a new array twice that size (its contents are not kept). */
function fit<T extends Int32Array | Float64Array>(scratch: T, n: number): T {
  return scratch.length >= n ? scratch : (new (scratch.constructor as new (n: number) => T)(n * 2));
}

/** The k-th largest value (1-based) of `values`, which it reorders (Hoare quickselect). */
export function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}
