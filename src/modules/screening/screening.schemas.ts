/** Request and response schemas of the ad hoc screening endpoint; they produce its OpenAPI entry. */
import { Type, type Static } from '@sinclair/typebox';

export const ScreeningSearchBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300, description: 'Full name of the person or company, in any script and order ("PUTIN, Vladimir", "Владимир Путин")' }),
    dob: Type.Optional(Type.String({ pattern: '^\\d{4}(-\\d{2}(-\\d{2})?)?$', maxLength: 10, description: 'Date of birth YYYY-MM-DD, YYYY-MM or YYYY: evidence that orders matches; a near date (a day or a digit off, day and month swapped, the year one or two off) never hides a match' })),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', format: 'country-code', description: 'Country of residence (the address), ISO 3166-1 alpha-2: agrees when the listing names it, never counts against. Not a nationality' })),
    nationality: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', format: 'country-code', description: 'Nationality as an identity document states it (MRZ, chip), ISO 3166-1 alpha-2' })),
    gender: Type.Optional(Type.Union([Type.Literal('male'), Type.Literal('female')], { description: 'As an identity document states it' })),
    type: Type.Optional(Type.Union([Type.Literal('person'), Type.Literal('company')], { description: 'Screen against persons only, or against companies and other entities only' })),
    threshold: Type.Optional(Type.Number({ minimum: 0.5, maximum: 1, description: 'Name score at or above which a listed entry is a potential match, for every topic (default: per topic, domain/thresholds.ts: 0.83 for sanctions and PEPs)' })),
  },
  { additionalProperties: false },
);
export type ScreeningSearchBody = Static<typeof ScreeningSearchBody>;

const Decision = Type.Union([Type.Literal('No Match'), Type.Literal('Potential Match')]);

const NullableString = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});
const PepCategory = Type.Union([Type.Literal('domestic'), Type.Literal('foreign'), Type.Literal('international_organisation'), Type.Null()]);
const PepStatus = Type.Union([Type.Literal('current'), Type.Literal('former'), Type.Literal('unknown')]);

/** What makes a PEP match one (ADR 0100): shared by the screening search and the AML report's matches. */
export const PepAssessmentSchema = Type.Object(
  {
    role: Type.Union([Type.Literal('pep'), Type.Literal('rca')], { description: 'pep: holds or held the public function; rca: a family member or known close associate of a PEP (MLR 2017 regulation 35)' }),
    category: Type.Union([PepCategory], { description: 'Of the deciding position: domestic (PEP_DOMESTIC_COUNTRY), foreign, international_organisation; null when no position is published' }),
    status: Type.Union([PepStatus], { description: 'former: every published position has ended' }),
    ended_on: NullableString('When the last position ended (former only)'),
    minimum_measures_until: NullableString('Former PEPs: 12 months after leaving office (regulation 35(9)); after it, a risk-based decision'),
    positions: Type.Array(Type.Object({
      title: Type.String(), country: NullableString(), category: PepCategory, start_date: NullableString(), end_date: NullableString(), status: PepStatus,
    }), { description: 'The PEP\'s positions (for an rca: the related PEP\'s)' }),
    relation: Type.Union([
      Type.Object({
        kind: Type.Union([Type.Literal('family'), Type.Literal('associate')]), relationship: NullableString('As published, e.g. spouse, son, business partner'),
        pep_entity_id: Type.String(), pep_name: Type.String(),
      }),
      Type.Null(),
    ], { description: 'For an rca: the PEP it is related to' }),
    explanation: Type.String({ description: 'e.g. "spouse of Jane Doe, Minister of Finance (GB), 2019-2023; former, left office 2023-06-30"' }),
  },
  { description: 'PEP matches only: role, category, current or former, and the relation explained' },
);

export const ScreeningMatch = Type.Object(
  {
    list: Type.String({ description: 'List the entry comes from, e.g. us_ofac_sdn, un_sc_sanctions, eu_fsf' }),
    entity_id: Type.String({ description: 'list:publisher id, stable across list versions' }),
    listed_name: Type.String({ description: 'Primary name of the listed entry' }),
    matched_name: Type.String({ description: 'The listed name or alias that matched' }),
    score: Type.Number({ description: '0 to 1, the priority: name similarity adjusted by date of birth, nationality, residence and gender evidence. Whether it is a match is decided on the name score (explanation.name_score) against the topic threshold' }),
    topic: Type.String({ description: 'Which threshold applied: sanctions, pep or other' }),
    threshold: Type.Number({ description: 'The match threshold of that topic' }),
    topics: Type.Array(Type.String(), { description: 'Why the entry is listed: sanction, role.pep, ...' }),
    programs: Type.Array(Type.String(), { description: 'Sanctions programmes or regimes' }),
    source_url: Type.Optional(Type.String({ description: 'Link back to the publisher' })),
    reasons: Type.Array(Type.String(), { description: 'Reason codes: NAME_EXACT, NAME_FUZZY, NAME_PHONETIC, NAME_EQUIVALENT, NAME_TRANSLITERATED, NAME_REORDERED, NAME_INITIALS, NAME_PARTIAL, WEAK_ALIAS, DOB_MATCH, DOB_YEAR_MATCH, DOB_NEAR, DOB_MISMATCH, NATIONALITY_MATCH, NATIONALITY_MISMATCH, RESIDENCE_MATCH, GENDER_MATCH, GENDER_MISMATCH' }),
    pep: Type.Optional(PepAssessmentSchema),
    explanation: Type.Object(
      {
        query_name: Type.String(),
        alias_quality: Type.String({ description: 'primary, strong or weak' }),
        name_score: Type.Number(),
        tokens: Type.Array(Type.Object({ query: Type.String(), listed: Type.String(), score: Type.Number(), reason: Type.String() }), { description: 'Aligned name parts with their similarity' }),
        unmatched_query: Type.Array(Type.String()),
        unmatched_listed: Type.Array(Type.String()),
        evidence: Type.Array(Type.Object({ factor: Type.String(), adjustment: Type.Number(), reason: Type.String(), detail: Type.String() })),
      },
      { description: 'Which query name against which listed name, with per-factor scores' },
    ),
  },
  { $id: 'ScreeningMatch' },
);

export const ScreeningSearchResponse = Type.Object(
  {
    decision: Decision,
    pep_matches: Type.Union([Decision, Type.Null()], { description: 'null: no PEP list is loaded, so the name was not screened for PEPs' }),
    sanctions_matches: Type.Union([Decision, Type.Null()], { description: 'null: no sanctions list is loaded' }),
    threshold: Type.Number({ description: 'The sanctions match threshold used' }),
    thresholds: Type.Object({ sanctions: Type.Number(), pep: Type.Number(), other: Type.Number() }, { description: 'The match threshold used per topic' }),
    matches: Type.Array(Type.Ref(ScreeningMatch)),
    lists: Type.Array(Type.Object({ list: Type.String(), content_hash: Type.String() }), { description: 'List versions screened against' }),
    screened_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ScreeningSearchResponse' },
);

export const ScreeningListsResponse = Type.Object(
  {
    loaded: Type.Boolean({ description: 'Whether any list is loaded; without one, screening answers 503 rather than "No Match"' }),
    threshold: Type.Number({ description: 'Default decision threshold' }),
    max_list_age_hours: Type.Number({ description: 'A list older than this is stale (SCREENING_MAX_LIST_AGE_HOURS, default 48)' }),
    warnings: Type.Array(Type.Object({ code: Type.Literal('LIST_STALE'), list: Type.String(), message: Type.String() }), { description: 'One per stale list' }),
    lists: Type.Array(
      Type.Object({
        list: Type.String({ description: 'List id, e.g. us_ofac_sdn, gb_fcdo_sanctions' }),
        format: Type.String({ description: 'Publisher format it was read from' }),
        content_hash: Type.String({ description: 'sha256 over the canonical entries: the list version' }),
        entries: Type.Integer(),
        loaded_at: Type.String({ format: 'date-time', description: 'When this version was first loaded by this process' }),
        last_success_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description: 'Last time the list was confirmed current: its last successful download (downloaded sources) or its file\'s last change (SCREENING_LISTS)',
        }),
        age_hours: Type.Union([Type.Number(), Type.Null()], { description: 'Hours since last_success_at' }),
        stale: Type.Boolean({ description: 'Older than max_list_age_hours (SCREENING_MAX_LIST_AGE_HOURS): a warning, new designations may be missing' }),
      }),
      { description: 'The list versions screening runs against' },
    ),
    sources: Type.Array(
      Type.Object({
        id: Type.String({ description: 'Download source id (SCREENING_SOURCES)' }),
        publisher: Type.String(),
        status: Type.Union([Type.Literal('never'), Type.Literal('updated'), Type.Literal('not_modified'), Type.Literal('unchanged'), Type.Literal('error')], {
          description: 'Outcome of the last attempt: updated (new file), not_modified (HTTP 304), unchanged (same bytes), error (the previous file stays in use)',
        }),
        loaded: Type.Boolean({ description: 'Whether a file of this source is loaded' }),
        failures: Type.Integer({ description: 'Consecutive failed attempts' }),
        last_attempt_at: Type.Optional(Type.String({ format: 'date-time' })),
        last_success_at: Type.Optional(Type.String({ format: 'date-time' })),
        last_change_at: Type.Optional(Type.String({ format: 'date-time' })),
        last_error: Type.Optional(Type.String()),
        last_error_at: Type.Optional(Type.String({ format: 'date-time' })),
      }),
      { description: 'Lists downloaded from their publishers on the refresh schedule, with their last fetch' },
    ),
  },
  { $id: 'ScreeningListsResponse' },
);
