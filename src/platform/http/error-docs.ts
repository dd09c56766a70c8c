import type { RouteOptions } from 'fastify';
import { problemResponse } from './schemas.ts';

/**
 * Completes a route's documented answers with the problems any route can give, so the OpenAPI document
 * never omits one a caller will meet: 400 (unreadable request, bad Idempotency-Key), 404, 422 (a path, query
 * or body that breaks its schema), 429; 401 and 403 behind a token; 413 and 415 where a body is read; 451 where
 * an erasure request may restrict the account named in the path; 503 while the database is unreachable or the
 * process is closing (docs/fault-tolerance.md).
 * Runs for every route as it is declared (test/fuzz checks the document against the answers).
 */
export function documentErrors(route: RouteOptions): void {
  const schema = route.schema as (Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown>; body?: unknown }) | undefined;
  if (!schema || schema.hide) return;
  const methods = ([] as string[]).concat(route.method);
  const config = (route.config ?? {}) as { public?: boolean; scope?: string };
  const statuses = [400, 404, 422, 429, 503];
  if (!config.public) statuses.push(401);
  if (config.scope) statuses.push(403);
  // A record under an erasure request answers 451 instead of 404 on any path naming its account (privacy module).
  if (!config.public && route.url.includes(':accountId')) statuses.push(451);
  if (schema.body || methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) statuses.push(413, 415);
  const response = (schema.response ??= {});
  for (const status of statuses) response[status] ??= problemResponse();
}
