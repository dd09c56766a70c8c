/** An RFC 9457 problem answered by the API, as a typed exception. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code: string;
  request_id?: string;
  errors?: Array<{ pointer: string; message: string }>;
  [extra: string]: unknown;
}

export class KycApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'KycApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.problem = problem;
  }
  /** Field errors of a 422, keyed by JSON Pointer. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.problem.errors ?? []).map((e) => [e.pointer, e.message]));
  }
}

export class KycNotFoundError extends KycApiError {}
export class KycValidationError extends KycApiError {}
export class KycAuthError extends KycApiError {}
export class KycRateLimitError extends KycApiError {}
export class KycConflictError extends KycApiError {}

export function toError(problem: Problem): KycApiError {
  switch (problem.status) {
    case 401:
    case 403:
      return new KycAuthError(problem);
    case 404:
      return new KycNotFoundError(problem);
    case 409:
    case 412:
      return new KycConflictError(problem);
    case 422:
      return new KycValidationError(problem);
    case 429:
      return new KycRateLimitError(problem);
    default:
      return new KycApiError(problem);
  }
}
