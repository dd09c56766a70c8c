/**
 * Whether an error means "the database cannot be reached right now" (it is down, restarting, refusing or
 * dropping connections) rather than "this statement is wrong". The first is the service's problem and passes:
 * the API answers 503 with Retry-After instead of 500, and readiness says not ready (docs/fault-tolerance.md).
 */

// Socket-level failures, as Node reports them on the connection to the server.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// SQLSTATE classes and codes (PostgreSQL appendix A) that say the server is going away or not yet there:
// 08 connection exception; 57P01 admin_shutdown (pg_ctl stop -m fast), 57P02 crash_shutdown (-m immediate),
// 57P03 cannot_connect_now (starting up or shutting down); 53300 too_many_connections.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// What node-postgres says when the socket closes under a query or a checkout waits too long.
const MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
  /Client was closed and is not queryable/,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (MESSAGES.some((m) => m.test(message))) return true;
  // AggregateError (a refused connection on both ::1 and 127.0.0.1) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
