import { AppError } from '../errors.ts';

/**
 * Counters for the small throttles of public pages (failed console sign-ins per address, uploads per
 * verification link), outside the per-client rate limit. With several API processes on PostgreSQL they are kept
 * by the shared rate limit (shared-store.ts, ADR 0060), so N processes allow what one does, not N times as much;
 * the embedded database has one process, and this in-memory version.
 */
export interface Throttle {
  /** Counts one hit of `key`; answers the count in the current window, this hit included, and ms until it ends. */
  hit(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }>;
  /** The count so far in the current window, without adding to it. */
  peek(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }>;
}

/** The 429 a throttle answers: `detail` for the caller, Retry-After from the end of the window. */
export function throttled(detail: string, ttl: number): AppError {
  return new AppError('rate_limited', detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(ttl / 1000))) } });
}

/** One process's throttle: a window starts at a key's first hit and lasts `windowMs`. */
export function createLocalThrottle(now: () => number = Date.now, maxKeys = 10_000): Throttle {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : undefined;
  };
  const answer = (w: { count: number; resetAt: number } | undefined) => ({ current: w?.count ?? 0, ttl: w ? w.resetAt - now() : 0 });
  return {
    async hit(key, windowMs) {
      let w = current(key);
      if (w) w.count += 1;
      else {
        if (windows.size >= maxKeys) for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k);
        w = { count: 1, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      return answer(w);
    },
    async peek(key) {
      return answer(current(key));
    },
  };
}
