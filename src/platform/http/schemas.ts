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

/** Standard error responses for an authenticated route, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries([400, 401, 404, 429, ...statuses].map((s) => [s, Type.Ref(Problem)]));
}

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
