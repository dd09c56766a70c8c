/**
 * Companies House allows 600 requests in any 5 minutes per API key and answers 429 past that. The client keeps
 * the times of its recent requests and waits until the oldest leaves the window; after a 429 it waits as long
 * as the answer's Retry-After says (or until the window is clear). Pure: the clock is given.
 */
export function createRateWindow(limit = 600, windowMs = 300_000) {
  const sent: number[] = [];
  let blockedUntil = 0;
  const prune = (now: number) => {
    while (sent.length && sent[0]! <= now - windowMs) sent.shift();
  };
  return {
    /** Milliseconds to wait before the next request may go (0: now). */
    delay(now: number): number {
      prune(now);
      const byWindow = sent.length < limit ? 0 : sent[0]! + windowMs - now;
      return Math.max(0, byWindow, blockedUntil - now);
    },
    record(now: number): void {
      sent.push(now);
    },
    /** A 429 answer: nothing goes before `retryAfterMs` from now. */
    block(now: number, retryAfterMs: number): void {
      blockedUntil = Math.max(blockedUntil, now + retryAfterMs);
    },
  };
}
