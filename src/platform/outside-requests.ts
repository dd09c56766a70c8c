import { AsyncResource } from 'node:async_hooks';

/**
 * Runs `fn` in the async context this module was loaded in (start-up: no request), not the current request's.
 * Timers and promise chains made while a request runs carry its context (AsyncLocalStorage) along; background
 * work a request merely sets off, such as the audit buffer's flush, must not act as that request
 * (idempotency.ts marks the transactions of a request that claimed an Idempotency-Key).
 */
export const outsideRequests: <T>(fn: () => T) => T = AsyncResource.bind(<T>(fn: () => T): T => fn());
