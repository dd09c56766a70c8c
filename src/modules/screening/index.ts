/**
 * The screening module's public interface: what the AML module, the HTTP layer and main.ts import.
 */
export { createScreeningService, NoListsLoadedError } from './screening.service.ts';
export { covered, decide, type Coverage, type Outcome } from './domain/outcome.ts';
export type { Decision, ListHealth, ListVersion, ScreenedMatch, ScreeningResult, ScreeningService, ScreeningServiceOptions, SourceStatus } from './screening.service.ts';
export { assessPep, type PepAssessment, type PepCategory, type PepStatus } from './domain/pep.ts';
export type { Match, MatchExplanation, ScreeningQuery } from './domain/matcher.ts';
export { DEFAULT_THRESHOLD, DEFAULT_OPTIONS, Matcher } from './domain/matcher.ts';
export type { ListedEntity, ListedName, AliasQuality, EntitySchema } from './domain/entity.ts';
export type { ListDiff } from './domain/versions.ts';
export { diffEntities, hashEntity } from './domain/versions.ts';
export { compareNames } from './domain/compare.ts';
export { companyFormKind } from './domain/company-forms.ts';
export { bestPerEntity } from './domain/several-names.ts';
export { loadLists, parseListSpec, type LoadedList } from './lists.loader.ts';
export { mrzNationality } from './nationality.ts';
export { THRESHOLDS, type ScreeningTopic } from './domain/thresholds.ts';
export { DEFAULT_SOURCE_IDS, OFFICIAL_SOURCES, listPathsFromEnv, parseSourcesSetting, sourceEntriesFromSettings, type ListSource } from './sources.ts';
export { fetchSource, fetchSources, readSourceState, type SourceFetchOptions, type SourceFetchResult, type SourceState } from './sources.fetch.ts';
export { listsWithAge, registerScreeningRoutes } from './screening.routes.ts';
export { PepAssessmentSchema } from './screening.schemas.ts';
export { dbVersionStore, listVersions, saveListVersion, versionEntityHashes } from './screening.repo.ts';
export type { VersionStore } from './screening.service.ts';
export { downloadSources, retryUntilLoaded, startListRefresh, type ListChanges } from './screening.jobs.ts';
