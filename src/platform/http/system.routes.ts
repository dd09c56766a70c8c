import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { App } from './app.ts';
import type { Db } from '../db/db.ts';
import type { Metrics } from '../metrics.ts';
import { AppError, type ErrorCode } from './errors.ts';

const PROBLEM_HELP: Partial<Record<ErrorCode, string>> = {
  malformed_json: 'The body could not be parsed as JSON. Check quoting and commas; send Content-Type: application/json.',
  unauthorized: 'Get a token from POST /oauth/token and send it as Authorization: Bearer <token>. Tokens expire (expires_in).',
  invalid_client: 'The client_id or client_secret is wrong, or the credential was revoked.',
  forbidden: 'The token is valid but lacks the scope this call needs; ask for a credential with that scope.',
  not_found: 'No such record for your client. Records of other clients are reported the same way.',
  precondition_failed: 'If-Match did not match the record\'s current revision: read the record again, merge, retry.',
  validation_failed: 'A field breaks a rule; `errors` lists each bad field once, with a JSON Pointer to it and what it must be.',
  method_not_allowed: 'The path exists but not with this method; the Allow header lists the methods it takes.',
  unprocessable: 'The request is well formed but a precondition of the operation is not met; `detail` says which.',
  idempotency_key_reused: 'An Idempotency-Key can only be reused for the identical request. Use a new key.',
  idempotency_answer_lost: 'The first request with this Idempotency-Key made its change, then failed before answering (for example the database connection broke as it committed). Read the resource to see the result; this key will not repeat the change.',
  rate_limited: 'Too many requests for your client in the current window; wait Retry-After seconds.',
  payload_too_large: 'The body is larger than the limit for this call.',
  unsupported_media_type: 'Send JSON with Content-Type: application/json.',
  unavailable: 'The service or its database is starting, stopping or restarting: retry after Retry-After seconds, with the same Idempotency-Key for a write.',
  insufficient_storage: 'The service has no room to store the upload. Nothing was kept: retry the same request later.',
  restricted: 'An erasure request restricts this record: it is kept, unreadable, until its retention period ends, then deleted. `erasure_request_id` names the request.',
};

/** Health, readiness, metrics, the OpenAPI document and the problem-type pages. All public. */
export function registerSystemRoutes(app: App, deps: { db: Db; metrics: Metrics; ready: () => boolean; metricsToken?: string }) {
  const hide = { hide: true };
  app.get('/healthz', { config: { public: true }, schema: { ...hide } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { ...hide } }, async (_request, reply) => {
    if (!deps.ready()) throw new AppError('unavailable', 'Starting up or shutting down');
    try {
      await deps.db.query('SELECT 1');
    } catch {
      throw new AppError('unavailable', 'The database does not answer', { headers: { 'retry-after': '5' } });
    }
    return reply.send({ status: 'ready' });
  });
  // Route templates, counts and process figures are not personal data, but they map the deployment: /metrics is
  // off unless METRICS_TOKEN is set, and then asks for it as a bearer token. (Not "localhost only": behind a
  // reverse proxy on the same host every caller would be localhost.)
  const expected = deps.metricsToken ? createHash('sha256').update(deps.metricsToken).digest() : undefined;
  app.get('/metrics', { config: { public: true }, schema: { ...hide } }, async (request, reply) => {
    if (!expected) throw new AppError('not_found', 'No such route');
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
      throw new AppError('unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>', { headers: { 'www-authenticate': 'Bearer' } });
    }
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
  app.get('/openapi.json', { config: { public: true }, schema: { ...hide } }, async () => app.swagger());
  app.get('/problems/:code', {
    config: { public: true },
    schema: { ...hide, params: Type.Object({ code: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const code = request.params.code as ErrorCode;
    const help = PROBLEM_HELP[code] ?? 'See `detail` in the response for what went wrong.';
    const safe = code.replace(/[^a-z_]/g, '');
    return reply.type('text/html; charset=utf-8').send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${safe}</title><h1>${safe}</h1><p>${help}</p></html>`,
    );
  });
}
