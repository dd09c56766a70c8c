/**
 * The retry schedule (DESIGN.md: about immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): `schedule[n]` is
 * the delay before attempt n+1. After the last attempt fails, the delivery is marked failed.
 */
export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'failed' };

export function afterAttempt(schedule: number[], attemptsMade: number, succeeded: boolean, now: Date): AttemptOutcome {
  if (succeeded) return { kind: 'delivered' };
  const delay = schedule[attemptsMade];
  if (delay === undefined) return { kind: 'failed' };
  return { kind: 'retry', at: new Date(now.getTime() + delay) };
}

/** A receiver acknowledges with any 2xx (spec receiver rule 1); a redirect is not followed and not success. */
export function isAcknowledged(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}
