import { Type, type Static } from '@sinclair/typebox';
import { PepAssessmentSchema } from '../screening/index.ts';

export const AmlTriggerBody = Type.Object(
  {
    config: Type.Object(
      {
        ttl_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: 365, description: 'How long the result stays valid (1-3650, default 365)' })),
        is_automatic_refresh_enabled: Type.Optional(Type.Boolean({ default: false, description: 'Re-run the check before the result expires' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const MatchReviewValue = Type.Union([Type.Literal('MATCH_DISMISSED'), Type.Literal('MATCH_CONFIRMED'), Type.Literal('NO_MATCH')]);

export const AmlReviewBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('PASS'), Type.Literal('FAIL')]),
    pep_matches: Type.Optional(MatchReviewValue),
    sanctions_matches: Type.Optional(MatchReviewValue),
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
    matches: Type.Optional(Type.Array(
      Type.Object({
        entity_id: Type.String({ maxLength: 200 }), status: Type.Union([Type.Literal('MATCH_DISMISSED'), Type.Literal('MATCH_CONFIRMED')]),
        notes: Type.Optional(Type.String({ maxLength: 2000, description: "Why, for this match (remembered with it); the review's notes otherwise" })),
      }, { additionalProperties: false }),
      { maxItems: 200, description: 'Per potential match: dismissed as a false positive or confirmed' },
    )),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const AmlMatch = Type.Object({
  kind: Type.Union([Type.Literal('PEP'), Type.Literal('SANCTIONS'), Type.Literal('OTHER')]),
  list: Type.String(), entity_id: Type.String(), source_id: Type.String(), listed_name: Type.String(), matched_name: Type.String(),
  score: Type.Number(), topics: Type.Array(Type.String()), programs: Type.Array(Type.String()), source_url: Type.Union([Type.String(), Type.Null()]),
  reasons: Type.Array(Type.String()),
  review_status: Type.Union([Type.Literal('PENDING'), Type.Literal('MATCH_DISMISSED'), Type.Literal('MATCH_CONFIRMED')], {
    description: 'PENDING until a person decides; a decision made on an earlier result is carried over while the listed entity is unchanged',
  }),
  entity_hash: Type.Optional(Type.String({ description: "The listed entity's content hash when screened; `delisted` once it left the lists" })),
  listed: Type.Optional(Type.Boolean({ description: 'false: the entity is no longer in the loaded lists (a confirmed match delisted)' })),
  screened_name: Type.Optional(Type.Object({
    name: Type.String(),
    source: Type.Union([Type.Literal('CONTACT'), Type.Literal('LEGAL_NAME'), Type.Literal('PREVIOUS_NAME'), Type.Literal('DOCUMENT')], {
      description: "Which of the contact's names matched: their own, a legal or previous name given in the onboarding flow, or a name read from an identity document",
    }),
  })),
  review: Type.Optional(Type.Union([Type.Object({
    status: Type.Union([Type.Literal('MATCH_DISMISSED'), Type.Literal('MATCH_CONFIRMED')]),
    reviewed_by: Type.String(), reviewed_at: Type.String({ format: 'date-time' }), notes: Type.String(),
  }, { description: 'The latest review of this match for this contact, on this result or remembered from an earlier one' }), Type.Null()])),
  review_change: Type.Optional(Type.Union([
    Type.Literal('DISMISSED_MATCH_CHANGED'), Type.Literal('CONFIRMED_MATCH_CHANGED'), Type.Literal('CONFIRMED_MATCH_DELISTED'), Type.Null(),
  ], { description: 'Why a remembered review was reopened: the listed entity changed, or a confirmed one was delisted' })),
  pep: Type.Optional(PepAssessmentSchema),
});

const Scored = Type.Object({
  score: Type.Integer({ minimum: 0, maximum: 4 }),
  why: Type.Array(Type.String(), { description: 'The checks that gave the score' }),
  raise: Type.Array(Type.String(), { description: 'What would raise it' }),
});

/** The GPG 45 evaluation of the identity evidence (docs/aml.md, ADR 0135): an extension of the spec's report, like `reasons` and `identity`. */
export const Gpg45Schema = Type.Object({
  version: Type.String({ description: 'The GPG 45 version the scores and profiles follow' }),
  confidence: Type.Union([Type.Literal('LOW'), Type.Literal('MEDIUM'), Type.Literal('HIGH'), Type.Null()], { description: 'The highest confidence reached (null: not even low)' }),
  profile: Type.Union([Type.String(), Type.Null()], { description: 'The first GPG 45 identity profile met at that level (e.g. M1C)' }),
  profiles_met: Type.Array(Type.String()),
  required: Type.Union([Type.Literal('LOW'), Type.Literal('MEDIUM'), Type.Literal('HIGH')], { description: "The client's required confidence" }),
  required_met: Type.Boolean(),
  scores: Type.Object({
    evidence: Type.Array(Type.Object({
      id: Type.String({ description: 'document, proof_of_address, or source:<id>' }), label: Type.String(),
      strength: Type.Integer({ minimum: 0, maximum: 4 }), validity: Type.Integer({ minimum: 0, maximum: 4 }),
      why: Type.Array(Type.String()), raise: Type.Array(Type.String()),
    })),
    activity_history: Scored,
    identity_fraud: Scored,
    verification: Scored,
  }),
  to_raise: Type.Union([Type.Object({
    confidence: Type.Union([Type.Literal('LOW'), Type.Literal('MEDIUM'), Type.Literal('HIGH')]), profile: Type.String(), missing: Type.Array(Type.String()),
  }), Type.Null()], { description: 'The nearest profile of the required level (or of the next level up) and what it lacks' }),
  missing_codes: Type.Array(Type.String(), { description: 'Reason codes naming what the required level lacks' }),
});

export const AmlReport = Type.Object(
  {
    id: Type.String({ description: 'account id and contact id joined by --' }),
    account_id: Type.String(),
    client_id: Type.String(),
    contact_id: Type.String(),
    type: Type.Literal('AML'),
    status: Type.Union([Type.Literal('INITIAL'), Type.Literal('READY'), Type.Literal('CREDIT_BALANCE_EXCEEDED'), Type.Literal('ERROR')]),
    revision: Type.String(),
    config: Type.Object({ ttl_in_days: Type.Integer(), is_automatic_refresh_enabled: Type.Boolean() }),
    data: Type.Object({
      decision: Nullable(Type.String({ description: 'PASS, REFER or ALERT' })),
      pep_matches: Nullable(Type.String({ description: 'No Match or Potential Match' })),
      sanctions_matches: Nullable(Type.String({ description: 'No Match or Potential Match' })),
      last_decision_date: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
      report_link: Type.String({ format: 'uri' }),
      refreshed_at: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
      requested_at: Type.String({ format: 'date-time' }),
      expires_at: Nullable(Type.String({ format: 'date-time' })),
      reasons: Type.Array(Type.String()),
      identity: Type.Union([Type.Object({
        sources: Type.Array(Type.Object({
          source: Type.String(), kind: Type.String({ description: 'provider, register (the EIDV_REGISTERS test data, or companies_house), document or sandbox' }), name_dob: Type.Boolean(), name_address: Type.Boolean(), deceased: Type.Boolean(), reasons: Type.Array(Type.String()),
          known_fraud: Type.Optional(Type.Boolean({ description: 'The source knows the identity as fraudulent or stolen' })),
          activity_months: Type.Optional(Type.Integer({ description: 'Months over which the source saw the identity active' })),
          self_declared: Type.Optional(Type.Boolean({ description: 'Declared by the customer\'s side (Companies House officers and PSCs): it corroborates, it is never one of the two independent sources nor in confirmed_name_dob / confirmed_name_address' })),
        })),
        confirmed_name_dob: Type.Array(Type.String()),
        confirmed_name_address: Type.Array(Type.String()),
        gpg45: Type.Optional(Gpg45Schema),
        postcode: Type.Optional(Type.Union([Type.Literal('LIVE'), Type.Literal('TERMINATED'), Type.Literal('UNKNOWN'), Type.Literal('BAD_FORMAT')], {
          description: "The contact's UK postcode: in the ONS Postcode Directory (LIVE), terminated, not in it, or not a UK postcode's format (without the directory: the format only)",
        })),
      }), Type.Null()]),
      matches: Type.Array(AmlMatch),
      error: Nullable(Type.String()),
    }),
    review: Type.Object({
      empty: Type.Boolean({ description: 'false when a manual review exists (spec rule 4)' }),
      status: Type.Optional(Type.Literal('COMPLETE')),
      decision: Type.Optional(Type.Union([Type.Literal('PASS'), Type.Literal('FAIL')])),
      pep_matches: Type.Optional(MatchReviewValue),
      sanctions_matches: Type.Optional(MatchReviewValue),
      notes: Type.Optional(Type.String()),
      reviewed_by: Type.Optional(Type.String()),
      reviewed_at: Type.Optional(Type.String({ format: 'date-time' })),
    }),
  },
  { $id: 'AmlReport' },
);

export type AmlTrigger = Static<typeof AmlTriggerBody>;
export type AmlReviewInput = Static<typeof AmlReviewBody>;
export type AmlReportOut = Static<typeof AmlReport>;
