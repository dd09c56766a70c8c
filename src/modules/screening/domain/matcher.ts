/**
 * Screening one query against the indexed lists: candidates from the index, each compared in full, date
 * of birth and country applied as evidence, and every match returned with its explanation (which query
 * name against which listed name, the per-factor scores and reason codes).
 */
import { compareNormalized, ONE_NAME_PART, scoreAndPart, type NameComparison, type SimilarityCache, type TokenPair } from './compare.ts';
import type { AliasQuality, EntitySchema, ListedEntity } from './entity.ts';
import { decideMatch, dobEvidence, genderEvidence, nationalityEvidence, residenceEvidence, type EvidenceFactor } from './evidence.ts';
import { NameIndex, type IndexedName } from './name-index.ts';
import { normalizeName, type NameToken, type NormalizedName } from './normalize.ts';
import { DEFAULT_THRESHOLD, thresholdFor, topicOf, type ScreeningTopic, type ThresholdOverride, type TopicThreshold } from './thresholds.ts';

export { DEFAULT_THRESHOLD };

export interface ScreeningQuery {
  name: string;
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  dob?: string;
  /** Country of residence (the address), ISO 3166-1 alpha-2: agrees or says nothing, never counts against. */
  country?: string;
  /** Nationality as an identity document states it (MRZ, chip), ISO 3166-1 alpha-2. Never the address country. */
  nationality?: string;
  gender?: 'male' | 'female';
  type?: 'person' | 'company';
}

export interface MatchExplanation {
  queryName: string;
  matchedName: string;
  aliasQuality: AliasQuality;
  nameScore: number;
  tokens: TokenPair[];
  unmatchedQuery: string[];
  unmatchedListed: string[];
  evidence: EvidenceFactor[];
}

export interface Match {
  list: string;
  entityId: string;
  sourceId: string;
  schema: EntitySchema;
  /** The entity's primary name. */
  listedName: string;
  /** The name (primary or alias) that matched. */
  matchedName: string;
  /** Priority: the name score with the evidence adjustments, 0 to 1. The decision is the rule's (evidence.ts). */
  score: number;
  /** Which threshold applied (sanctions, pep, other) and its value. */
  topic: ScreeningTopic;
  threshold: number;
  topics: string[];
  programs: string[];
  sourceUrl?: string;
  reasons: string[];
  explanation: MatchExplanation;
}

export interface MatcherOptions {
  /**
   * Name score at or above which a listed entity is a potential match: one number for every topic, or per
   * topic; unset, the per-topic THRESHOLDS (thresholds.ts).
   */
  threshold?: ThresholdOverride;
  /** Names compared in full per query (after index ranking). */
  candidates: number;
  /** Most matches returned per query. */
  maxMatches: number;
}

export const DEFAULT_OPTIONS: MatcherOptions = { candidates: 60, maxMatches: 20 };

/** Weak aliases ("SALEH", "ABU ALI") match only when they cover the query completely and nearly exactly. */
const WEAK_ALIAS_MIN = 0.95;

/**
 * Screening's policy for a query that names one part only of a listed name (ADR 0185), or lacks the surname the
 * listing marks (`Mohammed Ali` against `AL-HOUTHI, Mohammed Ali`, ADR 0187): compare.ts charges
 * it ONE_NAME_PART, so `PUTIN` is not the same name as `PUTIN, Vladimir` (kyc compare, the labelled pairs),
 * but a compliance officer screening `PUTIN` still gets the Putins. Such a comparison is held to the
 * threshold lowered by the same factor, which keeps every listed name it found before the charge; its lower
 * score puts it after the full-name matches, and NAME_PARTIAL says why. The match reports the threshold
 * that applied.
 */
function thresholdForComparison(onePartOnly: boolean, threshold: TopicThreshold): TopicThreshold {
  return onePartOnly ? { ...threshold, match: Math.round(threshold.match * ONE_NAME_PART * 10000) / 10000 } : threshold;
}

function schemaAccepts(type: ScreeningQuery['type'], schema: EntitySchema): boolean {
  if (!type) return true;
  if (type === 'person') return schema === 'person' || schema === 'unknown';
  return schema !== 'person';
}

export function nameReasons(c: NameComparison, query: NormalizedName, listed: NormalizedName): string[] {
  const reasons = new Set<string>();
  const allExact = c.pairs.every((p) => p.reason === 'exact');
  if (allExact && c.unmatchedQuery.length === 0 && c.unmatchedListed.length === 0 && !c.reordered) reasons.add('NAME_EXACT');
  for (const p of c.pairs) {
    if (p.reason === 'variant') reasons.add('NAME_SPELLING_VARIANT');
    if (p.reason === 'fuzzy') reasons.add('NAME_FUZZY');
    if (p.reason === 'phonetic') reasons.add('NAME_PHONETIC');
    if (p.reason === 'initial') reasons.add('NAME_INITIALS');
    if (p.reason === 'equivalent') reasons.add('NAME_EQUIVALENT');
  }
  if (c.reordered) reasons.add('NAME_REORDERED');
  if (c.unmatchedQuery.length > 0 || c.unmatchedListed.length > 0) reasons.add('NAME_PARTIAL');
  if (query.transliterated || listed.transliterated) reasons.add('NAME_TRANSLITERATED');
  if (query.removed.length > 0 || listed.removed.length > 0) reasons.add('NAME_TITLES_OR_FORMS_IGNORED');
  return [...reasons];
}

export class Matcher {
  readonly index: NameIndex;
  /** Each entity's topic (which threshold applies), worked out once. */
  private readonly topics: ScreeningTopic[];
  /** Per query type, which entities (by number) it accepts: read per candidate, so one byte, not the record. */
  private readonly accepts = new Map<ScreeningQuery['type'], Uint8Array>();

  constructor(readonly entities: readonly ListedEntity[], readonly options: MatcherOptions = DEFAULT_OPTIONS) {
    this.index = new NameIndex(entities);
    this.topics = entities.map((e) => topicOf(e.topics));
    for (const type of [undefined, 'person', 'company'] as const) this.accepts.set(type, Uint8Array.from(entities, (e) => (schemaAccepts(type, e.schema) ? 1 : 0)));
  }

  get size(): { entities: number; names: number; keys: number } {
    return { entities: this.entities.length, names: this.index.names.length, keys: this.index.keyCount };
  }

  /** What readAhead read, kept so that the compiler cannot drop the reads. */
  private readSink = 0;

  /**
   * Reads the candidates' records (the name, its tokens, their texts) before they are compared, one level
   * per pass. At a million names each is a read that misses the cache; in the comparison they come one after
   * another, each waiting for the last, while here the reads of a pass do not depend on each other and the
   * processor overlaps them. Reads only: nothing it does changes a result.
   */
  private readAhead(refs: readonly IndexedName[]): void {
    let sink = 0;
    for (let k = 0; k < refs.length; k++) sink += this.topics[refs[k]!.entity]!.length;
    for (let k = 0; k < refs.length; k++) sink += refs[k]!.norm.tokens.length;
    for (let k = 0; k < refs.length; k++) {
      const tokens = refs[k]!.norm.tokens;
      for (let j = 0; j < tokens.length; j++) sink += tokens[j]!.text.length;
    }
    this.readSink = sink;
  }

  /** Candidates of every reading of the name (NormalizedName.readings), each name once. */
  private acceptsOf(type: ScreeningQuery['type']): Uint8Array {
    // As schemaAccepts reads the type: unset, a person, or anything else as a company.
    return this.accepts.get(!type ? undefined : type === 'person' ? 'person' : 'company')!;
  }

  private candidates(norm: NormalizedName, limit: number, accept: (entity: number) => boolean): IndexedName[] {
    const first = this.index.candidates(norm, limit, accept).map((c) => c.ref);
    if (!norm.readings) return first;
    const seen = new Set(first);
    for (const tokens of norm.readings) {
      for (const { ref } of this.index.candidates({ ...norm, tokens, readings: undefined }, limit, accept)) {
        if (!seen.has(ref)) seen.add(ref);
      }
    }
    return [...seen];
  }

  screen(query: ScreeningQuery, overrides: Partial<MatcherOptions> = {}): Match[] {
    const options = { ...this.options, ...overrides };
    const norm = normalizeName(query.name);
    if (norm.tokens.length === 0) return [];
    const accepts = this.acceptsOf(query.type);
    const accept = (entity: number) => accepts[entity] === 1;
    const best = new Map<number, Match>();
    const cache: SimilarityCache = new Map();
    const knownOf = new Map<readonly NameToken[], readonly boolean[]>();
    const known = (tokens: readonly NameToken[]) => {
      let k = knownOf.get(tokens);
      if (!k) knownOf.set(tokens, (k = tokens.map((t) => this.index.hasToken(t))));
      return k;
    };
    const thresholds = new Map<ScreeningTopic, TopicThreshold>();
    const thresholdOf = (topic: ScreeningTopic) => thresholds.get(topic) ?? thresholds.set(topic, thresholdFor(topic, options.threshold)).get(topic)!;
    // The lower of the two thresholds a comparison may be held to (with the one-part charge or without): a score
    // under it is dropped whichever applies, so the score-only comparison may stop once it surely ends there.
    const floors = new Map<ScreeningTopic, number>();
    const floorOf = (topic: ScreeningTopic) => {
      let floor = floors.get(topic);
      if (floor === undefined) {
        const t = thresholdOf(topic);
        floors.set(topic, (floor = Math.min(thresholdForComparison(false, t).match, thresholdForComparison(true, t).match)));
      }
      return floor;
    };
    const refs = this.candidates(norm, options.candidates, accept);
    this.readAhead(refs);
    for (const ref of refs) {
      const topic = this.topics[ref.entity]!;
      const threshold = thresholdOf(topic);
      // Under the threshold no evidence makes a match (decideMatch): most candidates stop here, on the score
      // alone (the same number the full comparison gives), neither explained nor weighed.
      const quick = scoreAndPart(norm, ref.norm, cache, known, floorOf(topic));
      if (quick.score < thresholdForComparison(quick.onePartOnly, threshold).match) continue;
      const c = compareNormalized(norm, ref.norm, cache, known);
      const entity = this.entities[ref.entity]!;
      const listedName = entity.names[ref.name]!;
      const applied = thresholdForComparison(c.onePartOnly, threshold);
      if (listedName.quality === 'weak' && (c.score < WEAK_ALIAS_MIN || c.unmatchedQuery.length > 0 || c.unmatchedListed.length > 0)) continue;
      const evidence = [
        dobEvidence(query.dob, entity.birthDates),
        nationalityEvidence(query.nationality, [...entity.nationalities, ...entity.citizenships]),
        residenceEvidence(query.country, [...entity.countries, ...entity.nationalities, ...entity.citizenships]),
        genderEvidence(query.gender, entity.gender),
      ].filter((e): e is EvidenceFactor => e !== undefined);
      const decision = decideMatch(c.score, evidence, applied, c.pairs.some((p) => p.reason === 'equivalent'));
      if (!decision.potential) continue;
      const score = decision.priority;
      const previous = best.get(ref.entity);
      if (previous && previous.score >= score) continue;
      const reasons = nameReasons(c, norm, ref.norm);
      if (listedName.quality === 'weak') reasons.push('WEAK_ALIAS');
      for (const e of evidence) reasons.push(e.reason);
      best.set(ref.entity, {
        list: entity.list,
        entityId: entity.id,
        sourceId: entity.sourceId,
        schema: entity.schema,
        listedName: entity.names[0]!.full,
        matchedName: listedName.full,
        score: Math.round(score * 1000) / 1000,
        topic,
        threshold: applied.match,
        topics: entity.topics,
        programs: entity.programs,
        ...(entity.sourceUrl ? { sourceUrl: entity.sourceUrl } : {}),
        reasons,
        explanation: {
          queryName: query.name,
          matchedName: listedName.full,
          aliasQuality: listedName.quality,
          nameScore: c.score,
          tokens: c.pairs,
          unmatchedQuery: c.unmatchedQuery,
          unmatchedListed: c.unmatchedListed,
          evidence,
        },
      });
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score)
      .slice(0, options.maxMatches);
  }
}
