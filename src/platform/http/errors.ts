/**
 * One error type with a stable code; one handler (http/problem.ts) renders every error as RFC 9457
 * problem+json. Messages are written for the caller and never carry personal data or internals.
 */
export type ErrorCode =
  | 'malformed_json'
  | 'bad_request'
  | 'unauthorized'
  | 'invalid_client'
  | 'unsupported_grant_type'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_failed'
  | 'precondition_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'unprocessable'
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  | 'idempotency_answer_lost'
  | 'rate_limited'
  | 'method_not_allowed'
  | 'internal_error'
  | 'unavailable'
  | 'insufficient_storage'
  | 'restricted';

export interface FieldError {
  /** JSON Pointer (RFC 6901) into the request body, or `/query/...`, `/header/...`. */
  pointer: string;
  message: string;
}

const TITLES: Record<ErrorCode, [number, string]> = {
  malformed_json: [400, 'Malformed JSON'],
  bad_request: [400, 'Bad request'],
  unauthorized: [401, 'Unauthorized'],
  invalid_client: [401, 'Invalid client credentials'],
  unsupported_grant_type: [400, 'Unsupported grant type'],
  forbidden: [403, 'Forbidden'],
  not_found: [404, 'Not found'],
  conflict: [409, 'Conflict'],
  precondition_failed: [412, 'Precondition failed'],
  precondition_required: [428, 'Precondition required'],
  payload_too_large: [413, 'Payload too large'],
  unsupported_media_type: [415, 'Unsupported media type'],
  validation_failed: [422, 'Validation failed'],
  unprocessable: [422, 'Unprocessable request'],
  idempotency_key_reused: [422, 'Idempotency key reused with a different request'],
  idempotency_in_progress: [409, 'A request with this idempotency key is in progress'],
  idempotency_answer_lost: [409, 'The request with this idempotency key made its change but its answer was lost'],
  rate_limited: [429, 'Too many requests'],
  method_not_allowed: [405, 'Method not allowed'],
  internal_error: [500, 'Internal server error'],
  unavailable: [503, 'Service unavailable'],
  insufficient_storage: [507, 'Insufficient storage'],
  // RFC 7725: the record exists but an erasure request restricts its processing (ADR 76).
  restricted: [451, 'Unavailable for legal reasons'],
};

export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(detail ?? TITLES[code][1]);
    [this.status, this.title] = TITLES[code];
  }
}

/** The masked 404: the same answer for a record that does not exist and one that belongs to another client. */
export function notFound(what = 'Resource'): AppError {
  return new AppError('not_found', `${what} not found`);
}

export const PROBLEM_TYPE_BASE = 'https://kyc.dev/problems/';
