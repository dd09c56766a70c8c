import { Type, type TSchema } from '@sinclair/typebox';

/** RFC 9457 problem details, as every error is answered. */
export const Problem = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
    code: Type.String({ description: 'Stable machine-readable error code' }),
    request_id: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details' },
);

/** A problem answer in the OpenAPI document, under RFC 9457's own media type (what the handler sends). */
export const problemResponse = () => ({ description: 'RFC 9457 problem details', content: { 'application/problem+json': { schema: Type.Ref(Problem) } } });

/** Exactly these problem answers. */
export function problemResponses(...statuses: number[]): Record<number, ReturnType<typeof problemResponse>> {
  return Object.fromEntries(statuses.map((s) => [s, problemResponse()]));
}

/**
 * The problem answers of an authenticated route, for the OpenAPI document; the ones every route can give
 * (400, 404, 422, 429, and 401/403, 413/415 where they apply) are also added by documentErrors (error-docs.ts).
 */
export function errorResponses(...statuses: number[]) {
  return problemResponses(400, 401, 404, 422, 429, ...statuses);
}

/** A path or body id (client, account, contact, subscription...): the one schema every route uses. */
export const Id = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', ...(description === undefined ? {} : { description }) });

export const IsoDate = (description = 'a date YYYY-MM-DD') =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, maxLength: 10 });

export const CursorQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'next_cursor from the previous page' })),
  },
  { additionalProperties: false },
);

export function page<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
  });
}

/**
 * A review recorded at once, or kept as a proposal: the answer of the reports' review endpoints. The rule (the
 * client's four eyes on an ALERT, ADR 0051 and 0077) lives in the console module and is given at construction.
 */
export type ReviewOutcome<R> =
  | { status: 'recorded'; report: R }
  | { status: 'pending_approval'; report: R; proposal: { proposal_id: string; proposal_revision: number; proposed_by: string } };
export type SubmitReview<I, R> = (clientId: string, accountId: string, contactId: string, input: I, actor: string) => Promise<ReviewOutcome<R>>;

/** 202 from a review endpoint when the client's rule asks for a second person: nothing is recorded yet. */
export function reviewPending(report: TSchema) {
  return Type.Object({
    pending_approval: Type.Literal(true),
    proposal: Type.Object({
      proposal_id: Type.String(), proposal_revision: Type.Integer(), proposed_by: Type.String({ description: 'api:<credential> for a proposal made through the API' }),
    }),
    report,
  }, { description: 'The client asks for a second reviewer on ALERT results: the review is a proposal until another person with the review permission approves it in the console' });
}

/**
 * A route schema with `[BODY_OPTIONAL]: true` accepts no body at all (its preValidation reads none as {}), but
 * @fastify/swagger always marks a body schema required; this puts the document right, so generated clients
 * (packages/sdk) let callers leave the body out.
 */
export const BODY_OPTIONAL = 'x-body-optional';
