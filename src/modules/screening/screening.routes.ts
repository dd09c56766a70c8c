/**
 * POST /clients/{clientId}/screening/search: screen a name ad hoc against the loaded sanctions and PEP
 * lists. A potential match is a successful answer carrying the outcome; no lists loaded is a 503.
 * GET /clients/{clientId}/screening/lists: the loaded list versions and the download sources' last fetch.
 */
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { Match } from './domain/matcher.ts';
import { covered } from './domain/outcome.ts';
import { NoListsLoadedError, type ScreenedMatch, type ScreeningService } from './screening.service.ts';
import { ScreeningListsResponse, ScreeningMatch, ScreeningSearchBody, ScreeningSearchResponse } from './screening.schemas.ts';

const ClientParams = Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'your client id' }) });

export function matchBody(m: ScreenedMatch) {
  const e = m.explanation;
  return {
    list: m.list,
    entity_id: m.entityId,
    listed_name: m.listedName,
    matched_name: m.matchedName,
    score: m.score,
    topic: m.topic,
    threshold: m.threshold,
    topics: m.topics,
    programs: m.programs,
    ...(m.sourceUrl ? { source_url: m.sourceUrl } : {}),
    reasons: m.reasons,
    ...(m.pep ? { pep: m.pep } : {}),
    explanation: {
      query_name: e.queryName,
      alias_quality: e.aliasQuality,
      name_score: e.nameScore,
      tokens: e.tokens,
      unmatched_query: e.unmatchedQuery,
      unmatched_listed: e.unmatchedListed,
      evidence: e.evidence,
    },
  };
}

/** Each loaded list with its age, and a warning per stale one (shared with the console's lists page). */
export function listsWithAge(screening: Pick<ScreeningService, 'versions' | 'listHealth' | 'maxListAgeHours'>) {
  const health = new Map(screening.listHealth().map((h) => [h.list, h]));
  const lists = screening.versions().map((v) => {
    const h = health.get(v.list);
    return {
      list: v.list, format: v.format, content_hash: v.contentHash, entries: v.entities, loaded_at: v.loadedAt,
      last_success_at: h?.lastSuccessAt ?? null, age_hours: h?.ageHours ?? null, stale: h?.stale ?? true,
    };
  });
  const warnings = lists.filter((l) => l.stale).map((l) => ({
    code: 'LIST_STALE' as const, list: l.list,
    message: l.age_hours === null ? `${l.list}: age unknown` : `${l.list} was last updated ${l.age_hours} hours ago, more than ${screening.maxListAgeHours}`,
  }));
  return { max_list_age_hours: screening.maxListAgeHours, warnings, lists };
}

export function registerScreeningRoutes(app: App, deps: { screening: Pick<ScreeningService, 'screen' | 'versions' | 'isLoaded' | 'threshold' | 'sourceStatus' | 'coverage' | 'listHealth' | 'maxListAgeHours'> }) {
  app.addSchema(ScreeningMatch);
  app.addSchema(ScreeningSearchResponse);
  app.addSchema(ScreeningListsResponse);
  app.get(
    '/clients/:clientId/screening/lists',
    {
      config: { scope: 'screening:run' },
      schema: {
        tags: ['screening'],
        summary: 'The lists screening runs against, and how their last download went',
        description:
          'Each loaded list with its version (content hash), entry count and load time; each download source (SCREENING_SOURCES) with the outcome of its last fetch, its last success, last change and last error. A source that fails keeps its previous version in use.',
        params: ClientParams,
        response: { 200: Type.Ref(ScreeningListsResponse) },
      },
    },
    async () => ({
      loaded: deps.screening.isLoaded(),
      threshold: deps.screening.threshold,
      ...listsWithAge(deps.screening),
      sources: deps.screening.sourceStatus().map((s) => ({
        id: s.id, publisher: s.publisher, status: s.status, loaded: s.loaded, failures: s.failures ?? 0,
        ...(s.lastAttemptAt ? { last_attempt_at: s.lastAttemptAt } : {}),
        ...(s.lastSuccessAt ? { last_success_at: s.lastSuccessAt } : {}),
        ...(s.lastChangeAt ? { last_change_at: s.lastChangeAt } : {}),
        ...(s.lastError ? { last_error: s.lastError } : {}),
        ...(s.lastErrorAt ? { last_error_at: s.lastErrorAt } : {}),
      })),
    }),
  );
  app.post(
    '/clients/:clientId/screening/search',
    {
      config: { scope: 'screening:run' },
      schema: {
        tags: ['screening'],
        summary: 'Screen a name against the sanctions and PEP lists (ad hoc)',
        description:
          'Finds listed persons and entities under spelling variants, other scripts, reordered names, missing middle names, initials and typos. Every match is explained. Answers 503 when no list is loaded: the service never reports "No Match" against an empty list.',
        params: ClientParams,
        body: ScreeningSearchBody,
        response: { 200: Type.Ref(ScreeningSearchResponse), ...errorResponses(415, 422, 503) },
      },
    },
    async (request) => {
      const body = request.body as ScreeningSearchBody;
      try {
        const r = deps.screening.screen({ name: body.name, dob: body.dob, country: body.country, nationality: body.nationality, gender: body.gender, type: body.type }, { threshold: body.threshold });
        // A kind of list that is not loaded is not screened: never "No Match" against nothing.
        const answers = covered(r, deps.screening.coverage());
        return {
          decision: r.decision,
          pep_matches: answers.pep,
          sanctions_matches: answers.sanctions,
          threshold: r.threshold,
          thresholds: r.thresholds,
          matches: r.matches.map(matchBody),
          lists: r.lists.map((l) => ({ list: l.list, content_hash: l.contentHash })),
          screened_at: r.screenedAt,
        };
      } catch (error) {
        if (error instanceof NoListsLoadedError) throw new AppError('unavailable', 'No screening list is loaded yet: the downloads may still be running or failing (see GET /clients/{clientId}/screening/lists), or SCREENING_LISTS names none', { code_detail: error.code });
        throw error;
      }
    },
  );
}
