import { Type, type Static } from '@sinclair/typebox';
import { MAX_YEARS, MIN_YEARS } from './domain/retention.ts';
import { Id } from '../../platform/http/schemas.ts';

/** Request and response shapes of retention policies and erasure requests (ADR 76); they produce the OpenAPI document. */

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const RetentionPolicy = Type.Object(
  {
    client_id: Type.String(),
    aml_records_years: Type.Integer({ minimum: MIN_YEARS, maximum: MAX_YEARS, description: 'Years due diligence records are kept after the relationship ends' }),
    is_default: Type.Boolean({ description: 'true while the client has not set its own policy (5 years; 0 for sandbox clients)' }),
    basis: Type.String({ description: 'The rule the default follows' }),
    revision: Type.String(),
    updated_at: Type.Union([Timestamp('when the client last set the policy'), Type.Null()]),
  },
  { $id: 'RetentionPolicy', additionalProperties: false },
);

export const RetentionPolicyBody = Type.Object(
  {
    aml_records_years: Type.Integer({
      minimum: MIN_YEARS, maximum: MAX_YEARS,
      description: 'UK MLR 2017 reg. 40: 5 after the relationship ends, at most 10 in all; 0 deletes at once (a client with no such obligation)',
    }),
  },
  { additionalProperties: false },
);

export const ErasureRequest = Type.Object(
  {
    id: Type.String({ description: 'era_...' }),
    client_id: Type.String(),
    account_id: Type.String(),
    contact_id: Type.Union([Type.String(), Type.Null()], { description: 'null: the whole account and all its contacts' }),
    status: Type.Union([Type.Literal('RESTRICTED'), Type.Literal('COMPLETED')], {
      description: 'RESTRICTED: processing stopped, the sealed record is kept until delete_after; COMPLETED: deleted, keys destroyed',
    }),
    requested_at: Timestamp('when the request was made (the relationship ended then)'),
    delete_after: Type.Union([Timestamp('when the retention period ends and the record is deleted'), Type.Null()]),
    completed_at: Type.Union([Timestamp('when the record was deleted'), Type.Null()]),
    retention_years: Type.Integer({ description: "the client's retention policy, in years" }),
  },
  { $id: 'ErasureRequest', additionalProperties: false },
);

export const ErasureRequestBody = Type.Object(
  {
    account_id: Id('the account; with no contact_id, the whole account and all its contacts'),
    contact_id: Type.Optional(Type.Union([Id('one contact of the account (not its primary contact)'), Type.Null()])),
  },
  { additionalProperties: false },
);

export type ErasureRequestOut = Static<typeof ErasureRequest>;
