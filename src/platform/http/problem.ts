import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { documentErrors } from './error-docs.ts';
import { AppError, type FieldError } from './errors.ts';
import { toFieldErrors, validationError } from './validation.ts';

/** Maps anything thrown to an AppError: known framework errors keep their meaning, the rest is a plain 500. */
export function toAppError(error: unknown, request?: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError & { validation?: unknown; validationContext?: string };
  if (Array.isArray(e.validation)) {
    const part = e.validationContext ?? 'body';
    return validationError(withBodyChecks(toFieldErrors(e.validation as never, part), part === 'body' ? request : undefined));
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body exceeds the size limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('unsupported_media_type', 'Send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('malformed_json', 'The body is empty but Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('malformed_json', 'The body is not valid JSON');
  }
  // The database (or, by the same socket errors, the S3 endpoint) is down or restarting: the caller should retry,
  // not report a bug (docs/fault-tolerance.md).
  if (isDatabaseUnavailable(error) || e.code === 'STORE_UNAVAILABLE') return new AppError('unavailable', 'The service cannot reach its database or file store right now; retry shortly', { headers: { 'retry-after': '5' } });
  // The disk, a quota or the bucket (S3 backend) is full: nothing was kept; the same request works once space is freed.
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return new AppError('insufficient_storage', 'The service has no room to store this now; nothing was kept. Retry later', { headers: { 'retry-after': '60' } });
  if (e.statusCode === 415) return new AppError('unsupported_media_type', 'Send the body as application/json');
  if (e.statusCode === 413) return new AppError('payload_too_large', 'The request body exceeds the size limit');
  if (e.statusCode === 400 && e.code?.startsWith('FST_')) return new AppError('bad_request', 'The request could not be read');
  return new AppError('internal_error', 'Something went wrong on our side; the request id identifies it in our logs');
}

/**
 * The schema's errors and then the route's own body rules (`bodyChecks`), one error per field: a body missing
 * both `type` (schema) and the primary contact's e-mail (a rule) hears of both in one answer.
 */
function withBodyChecks(errors: FieldError[], request: FastifyRequest | undefined): FieldError[] {
  const checks = request?.routeOptions.config.bodyChecks;
  if (!checks) return errors;
  const told = new Set(errors.map((e) => e.pointer));
  return [...errors, ...checks(request.body).filter((e) => !told.has(e.pointer) && told.add(e.pointer))];
}

/** The RFC 9457 body of an error, and the headers it asks for. */
export function problemOf(request: FastifyRequest, error: AppError, problemBase: string): { body: Record<string, unknown>; headers: Record<string, string> } {
  const { headers, ...extra } = error.extra;
  const body: Record<string, unknown> = {
    type: `${problemBase}/problems/${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail ?? error.title,
    instance: request.url.split('?')[0],
    code: error.code,
    request_id: request.id,
    ...extra,
  };
  return { body, headers: headers ?? {} };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError, problemBase: string): FastifyReply {
  const { body, headers } = problemOf(request, error, problemBase);
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.status(error.status).type('application/problem+json').send(body);
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals, before any route or hook runs, as problems like every
 * other answer. A path segment longer than any id can be (maxParamLength) is the masked 404 of a missing record.
 */
export function frameworkErrorHandler(problemBase: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new AppError('not_found', 'Resource not found') : new AppError('bad_request', 'The URL could not be read'), problemBase);
}

/** The methods the router is asked about when a path has no route for the one used. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export function installProblemHandlers(app: FastifyInstance, problemBase: string): void {
  app.addHook('onRoute', documentErrors);
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, appError, problemBase);
  });
  app.setNotFoundHandler((request, reply) => {
    // A path that exists under other methods is a 405 naming them (RFC 9110 15.5.6), not a missing route.
    const path = request.url.split('?')[0]!;
    const allowed = METHODS.filter((method) => method !== request.method && app.findRoute({ method, url: path }) !== null);
    const error = allowed.length
      ? new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}`, { headers: { allow: allowed.join(', ') } })
      : new AppError('not_found', 'No such route');
    return sendProblem(request, reply, error, problemBase);
  });
}
