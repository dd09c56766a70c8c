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

export interface Candidate {
  ref: IndexedName;
  rank: number;
}

export class NameIndex {
  readonly names: IndexedName[] = [];
  private readonly postings = new Map<string, Int32Array>();
  private acc: Float64Array = new Float64Array(0);
  private seenToken: Int32Array = new Int32Array(0);
  private gen: Int32Array = new Int32Array(0);
  private generation = 0;

  constructor(readonly entities: readonly ListedEntity[]) {
    const lists = new Map<string, number[]>();
    entities.forEach((entity, e) => {
      entity.names.forEach((name, n) => {
        const norm = normalizeName(name.full);
        if (norm.tokens.length === 0) return;
        const id = this.names.length;
        this.names.push({ entity: e, name: n, norm });
        for (const token of norm.tokens) {
          for (const key of tokenKeys(token)) {
            let list = lists.get(key);
            if (!list) lists.set(key, (list = []));
            if (list[list.length - 1] !== id) list.push(id);
          }
        }
      });
    });
    for (const [key, list] of lists) this.postings.set(key, Int32Array.from(list));
    this.acc = new Float64Array(this.names.length);
    this.seenToken = new Int32Array(this.names.length);
    this.gen = new Int32Array(this.names.length);
  }

  get keyCount(): number {
    return this.postings.size;
  }

  private idf(df: number): number {
    return Math.log(1 + this.names.length / df);
  }

  /** The `limit` names sharing the most (idf-weighted) query tokens; each query token counts once per name. */
  candidates(query: NormalizedName, limit: number, accept: (ref: IndexedName) => boolean = () => true): Candidate[] {
    this.generation++;
    const gen = this.generation;
    const touched: number[] = [];
    let maxPossible = 0;
    query.tokens.slice(0, 30).forEach((token, t) => {
      const bit = 1 << t;
      let best = 0;
      for (const key of tokenKeys(token)) {
        const list = this.postings.get(key);
        if (!list) continue;
        const w = this.idf(list.length);
        if (w > best) best = w;
        for (let k = 0; k < list.length; k++) {
          const id = list[k]!;
          if (this.gen[id] !== gen) {
            this.gen[id] = gen;
            this.acc[id] = 0;
            this.seenToken[id] = 0;
            touched.push(id);
          }
          // Bit t set: this query token already counted for this name through a more specific key.
          if ((this.seenToken[id]! & bit) !== 0) continue;
          this.seenToken[id]! |= bit;
          this.acc[id]! += w;
        }
      }
      maxPossible += best;
    });
    const floor = 0.3 * maxPossible;
    const out: Candidate[] = [];
    for (const id of touched) {
      const rank = this.acc[id]!;
      if (rank < floor) continue;
      const ref = this.names[id]!;
      if (!accept(ref)) continue;
      out.push({ ref, rank });
    }
    out.sort((a, b) => b.rank - a.rank);
    return out.length > limit ? out.slice(0, limit) : out;
  }
}
