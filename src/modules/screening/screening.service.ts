/**
 * The screening use cases for the rest of the product: load the configured lists (each load is a
 * version with a content hash), screen a person or company and decide PEP and sanctions results, and
 * tell what changed between two versions of a list so the AML module can re-screen (ongoing monitoring).
 */
import { compareNames } from './domain/compare.ts';
import type { ListedEntity } from './domain/entity.ts';
import { DEFAULT_OPTIONS, Matcher, type Match, type ScreeningQuery } from './domain/matcher.ts';
import { decide, type Decision } from './domain/outcome.ts';
import { DEFAULT_THRESHOLD, PEP_TOPICS, SANCTION_TOPICS, thresholdFor, type ScreeningTopic, type ThresholdOverride } from './domain/thresholds.ts';
import { diffEntityHashes, entityHashes, type ListDiff } from './domain/versions.ts';
import { listFreshness } from './domain/freshness.ts';
import { assessPep, type PepAssessment } from './domain/pep.ts';
import { loadLists, type LoadedList } from './lists.loader.ts';
import type { ListSource } from './sources.ts';
import { fetchSources, readSourceState, sourceFolder, type SourceFetchOptions, type SourceFetchResult, type SourceState } from './sources.fetch.ts';

/** Screening's outcome rule (No Match / Potential Match per topic) is domain/outcome.ts. */
export type { Decision };

export interface ListVersion {
  list: string;
  format: string;
  source: string;
  contentHash: string;
  entities: number;
  loadedAt: string;
  /** The local file's last change (lists read from SCREENING_LISTS). */
  modifiedAt?: string;
}

/** A match, with what makes it a PEP match when it is one (positions, relation to the PEP, category, former). */
export type ScreenedMatch = Match & { pep?: PepAssessment };

/** A loaded list's age: since its last successful download (downloaded sources) or its file's last change. */
export interface ListHealth {
  list: string;
  lastSuccessAt: string | null;
  ageHours: number | null;
  stale: boolean;
}

export interface ScreeningResult {
  decision: Decision;
  /** The spec's `pep_matches` and `sanctions_matches`. */
  pep: Decision;
  sanctions: Decision;
  matches: ScreenedMatch[];
  /** The sanctions match threshold used (the lowest: sanctions are tuned for recall first). */
  threshold: number;
  /** The match threshold used per topic. */
  thresholds: Record<ScreeningTopic, number>;
  /** The list versions this result was computed against (for the audit trail). */
  lists: Array<{ list: string; contentHash: string }>;
  screenedAt: string;
}

export interface ScreeningServiceOptions {
  /** Paths (files, folders, zips; `id=path` names a list). Ignored when `loader` is given. */
  lists?: string[];
  /** Custom source of lists (tests, a database, a download job). */
  loader?: () => LoadedList[] | Promise<LoadedList[]>;
  /** One match threshold for every topic, instead of the per-topic defaults (domain/thresholds.ts). */
  threshold?: number;
  /** A threshold per topic, over the defaults: PEP lists are long and mostly false positives, sanctions misses the costliest. */
  thresholds?: { pep?: number; sanctions?: number; other?: number };
  now?: () => Date;
  /** Where versions are kept beyond this process (screening.repo.ts over the database). */
  store?: VersionStore;
  /**
   * Lists downloaded from their publishers (SCREENING_SOURCES) into `dir`: `refresh()` fetches them
   * (conditional requests, limits) before reloading, and every load reads the files already there.
   */
  sources?: { sources: readonly ListSource[]; dir: string } & SourceFetchOptions;
  /** A list not updated for longer is flagged stale (SCREENING_MAX_LIST_AGE_HOURS, default 48). */
  maxListAgeHours?: number;
  /** The firm's country: PEP positions there are `domestic` (PEP_DOMESTIC_COUNTRY, default GB). */
  pepDomesticCountry?: string;
}

/** A configured download source and how its last attempts went (from the state kept beside its files). */
export interface SourceStatus extends Omit<SourceState, 'files'> {
  publisher: string;
  format?: string;
  /** The list id it is loaded under, once a file is on disk. */
  loaded: boolean;
  bytes?: number;
}

export interface VersionStore {
  save(version: ListVersion, hashes: ReadonlyMap<string, string>): Promise<unknown>;
  hashes(listId: string, contentHash: string): Promise<Map<string, string> | undefined>;
}

/** Screening without lists would report "No Match" against nothing: it is refused instead. */
export class NoListsLoadedError extends Error {
  readonly code = 'SCREENING_LISTS_NOT_LOADED';
  constructor() {
    super('no screening lists are loaded: configure SCREENING_LISTS (or --lists) with the sanctions and PEP lists to screen against');
  }
}

export const DEFAULT_MAX_LIST_AGE_HOURS = 48;

const isPep = (m: Match) => m.topics.some((t) => PEP_TOPICS.test(t));

export function createScreeningService(options: ScreeningServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const configured: ThresholdOverride | undefined = options.threshold ?? options.thresholds;
  const thresholdsFor = (override?: ThresholdOverride): Record<ScreeningTopic, number> => ({
    sanctions: thresholdFor('sanctions', override).match, pep: thresholdFor('pep', override).match, other: thresholdFor('other', override).match,
  });
  const threshold = thresholdsFor(configured).sanctions;
  let lists: LoadedList[] = [];
  let matcher: Matcher | undefined;
  let versions: ListVersion[] = [];
  let byId = new Map<string, ListedEntity>();
  /** Which kinds of list are loaded: a PEP answer needs a PEP list, a sanctions answer a sanctions list. */
  let coverage = { pep: false, sanctions: false };
  /** Every version seen per list id, oldest first, with per-entity hashes for diffs. */
  const history = new Map<string, Array<{ version: ListVersion; hashes: Map<string, string> }>>();

  /** Downloaded sources first, so that their ids (`id=folder`) win over a same-named file in SCREENING_LISTS. */
  function specs(): string[] {
    const src = options.sources;
    const downloaded = src ? src.sources.flatMap((s) => {
      const folder = sourceFolder(src.dir, s);
      return folder ? [`${s.id}=${folder}`] : [];
    }) : [];
    return [...downloaded, ...(options.lists ?? [])];
  }

  async function load(): Promise<ListVersion[]> {
    const loaded = options.loader ? await options.loader() : loadLists(specs());
    const unchanged = matcher !== undefined && loaded.length === versions.length
      && loaded.every((l, i) => versions[i]!.list === l.id && versions[i]!.contentHash === l.contentHash);
    // Same lists, same content: keep the index (building it for a million names takes most of a minute).
    if (unchanged) return versions;
    const loadedAt = now().toISOString();
    lists = loaded;
    byId = new Map(loaded.flatMap((l) => l.entities.map((e) => [e.id, e] as const)));
    const topics = (test: RegExp) => loaded.some((l) => l.entities.some((e) => e.topics.some((t) => test.test(t))));
    coverage = { pep: topics(PEP_TOPICS), sanctions: topics(SANCTION_TOPICS) };
    matcher = loaded.some((l) => l.entities.length > 0) ? new Matcher(loaded.flatMap((l) => l.entities), { ...DEFAULT_OPTIONS, ...(configured !== undefined ? { threshold: configured } : {}) }) : undefined;
    versions = loaded.map((l) => ({ list: l.id, format: l.format, source: l.source, contentHash: l.contentHash, entities: l.entities.length, loadedAt, ...(l.modifiedAt ? { modifiedAt: l.modifiedAt } : {}) }));
    for (const [i, l] of loaded.entries()) {
      const h = history.get(l.id) ?? [];
      if (h[h.length - 1]?.version.contentHash !== l.contentHash) {
        const hashes = entityHashes(l.entities);
        h.push({ version: versions[i]!, hashes });
        await options.store?.save(versions[i]!, hashes);
      }
      history.set(l.id, h);
    }
    return versions;
  }

  function requireMatcher(): Matcher {
    if (!matcher) throw new NoListsLoadedError();
    return matcher;
  }

  function screen(query: ScreeningQuery, overrides: { threshold?: number } = {}): ScreeningResult {
    const m = requireMatcher();
    const override = overrides.threshold ?? configured;
    const matches = m.screen(query, override !== undefined ? { threshold: override } : {});
    const thresholds = thresholdsFor(override);
    return { ...decide(matches), matches: withPep(matches), threshold: thresholds.sanctions, thresholds, lists: versions.map((v) => ({ list: v.list, contentHash: v.contentHash })), screenedAt: now().toISOString() };
  }

  /** PEP matches carry their assessment: role, category, current or former, and the relation explained. */
  function withPep(matches: Match[]): ScreenedMatch[] {
    const ctx = { domesticCountry: options.pepDomesticCountry ?? 'GB', today: now().toISOString().slice(0, 10) };
    return matches.map((m) => {
      const entity = isPep(m) ? byId.get(m.entityId) : undefined;
      const pep = entity ? assessPep(entity, ctx) : undefined;
      return pep ? { ...m, pep } : m;
    });
  }

  /** Each loaded list's age and whether it is stale (older than maxListAgeHours). */
  function listHealth(): ListHealth[] {
    const at = now();
    const maxAge = options.maxListAgeHours ?? DEFAULT_MAX_LIST_AGE_HOURS;
    const src = options.sources;
    return versions.map((v) => {
      const downloaded = src?.sources.some((s) => s.id === v.list) ? readSourceState(src.dir, v.list).lastSuccessAt : undefined;
      const last = downloaded ?? v.modifiedAt;
      const f = listFreshness(last, at, maxAge);
      return { list: v.list, lastSuccessAt: last ?? null, ageHours: f.age_hours, stale: f.stale };
    });
  }

  /** Added, changed and removed entity ids between two loaded versions of one list (defaults: the last two). */
  function diff(listId: string, fromHash?: string, toHash?: string): ListDiff & { list: string; from?: string; to?: string } {
    const h = history.get(listId) ?? [];
    const to = toHash ? h.find((x) => x.version.contentHash === toHash) : h[h.length - 1];
    const from = fromHash ? h.find((x) => x.version.contentHash === fromHash) : h[h.length - 2];
    const result = diffEntityHashes(from?.hashes ?? new Map(), to?.hashes ?? new Map());
    return { list: listId, ...(from ? { from: from.version.contentHash } : {}), ...(to ? { to: to.version.contentHash } : {}), ...result };
  }

  /** Like diff, from a version this process may never have loaded (read from the store). */
  async function diffFromStored(listId: string, fromHash: string): Promise<ListDiff & { list: string; from: string; to?: string }> {
    const current = history.get(listId)?.at(-1);
    const before = history.get(listId)?.find((x) => x.version.contentHash === fromHash)?.hashes ?? (await options.store?.hashes(listId, fromHash));
    if (!before) throw new Error(`unknown version ${fromHash} of list ${listId}`);
    return { list: listId, from: fromHash, ...(current ? { to: current.version.contentHash } : {}), ...diffEntityHashes(before, current?.hashes ?? new Map()) };
  }

  let lastFetch: SourceFetchResult[] = [];

  /** Fetches the configured download sources; a failure is recorded per source and never thrown. */
  async function fetchConfiguredSources(): Promise<SourceFetchResult[]> {
    const src = options.sources;
    if (!src || src.sources.length === 0) return [];
    const { sources, dir, ...fetchOptions } = src;
    lastFetch = await fetchSources(sources, dir, { now, ...fetchOptions });
    return lastFetch;
  }

  function sourceStatus(): SourceStatus[] {
    const src = options.sources;
    if (!src) return [];
    return src.sources.map((s) => {
      const { files, ...state } = readSourceState(src.dir, s.id);
      const bytes = Object.values(files).reduce((n, f) => n + f.bytes, 0);
      return { ...state, publisher: s.publisher, ...(s.format ? { format: s.format } : {}), loaded: versions.some((v) => v.list === s.id), ...(bytes ? { bytes } : {}) };
    });
  }

  return {
    load,
    diffFromStored,
    fetchSources: fetchConfiguredSources,
    /** The configured download sources with their last attempt, success, change and error. */
    sourceStatus,
    listHealth,
    maxListAgeHours: options.maxListAgeHours ?? DEFAULT_MAX_LIST_AGE_HOURS,
    /** Results of this process's last fetch of the download sources. */
    lastFetch: (): readonly SourceFetchResult[] => lastFetch,
    /**
     * The scheduled refresh: fetches the download sources (SCREENING_SOURCES), reloads every list and returns
     * what changed per list since the last load. A source that fails keeps its previous file, so its list
     * keeps its last version.
     */
    async refresh(): Promise<Array<ListDiff & { list: string; from?: string; to?: string }>> {
      await fetchConfiguredSources();
      const before = new Map([...history].map(([id, h]) => [id, h[h.length - 1]]));
      await load();
      return versions.map((v) => {
        const prev = before.get(v.list);
        const cur = history.get(v.list)![history.get(v.list)!.length - 1]!;
        return { list: v.list, ...(prev ? { from: prev.version.contentHash } : {}), to: cur.version.contentHash, ...diffEntityHashes(prev?.hashes ?? new Map(), cur.hashes) };
      });
    },
    screen,
    compare(name1: string, name2: string, overrides: { threshold?: number } = {}) {
      const c = compareNames(name1, name2);
      return { score: c.score, match: c.score >= (overrides.threshold ?? options.threshold ?? DEFAULT_THRESHOLD), comparison: c };
    },
    diff,
    versions: (): ListVersion[] => versions,
    isLoaded: (): boolean => matcher !== undefined,
    /** Whether the loaded lists hold PEPs and sanctioned entities at all (a "No Match" of a kind means nothing without them). */
    coverage: (): { pep: boolean; sanctions: boolean } => coverage,
    entity: (entityId: string): ListedEntity | undefined => byId.get(entityId),
    lists: (): readonly LoadedList[] => lists,
    threshold,
    /** The match threshold per topic. */
    thresholds: thresholdsFor(configured),
    /** The thresholds the service screens with (for a matcher over a subset of the lists, as monitoring builds). */
    thresholdOverride: configured,
  };
}

export type ScreeningService = ReturnType<typeof createScreeningService>;
