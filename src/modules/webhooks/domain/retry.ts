/**
 * The retry schedule, the one place it is defined: `schedule[n]` is the delay before attempt n+1 (the first
 * attempt goes out at once), so its length is the number of attempts; after the last attempt fails, the
 * delivery is marked failed. The default follows DESIGN.md (about immediately, 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h: about 28 hours in all, so a receiver down for a day still gets every event). WEBHOOK_RETRY_SCHEDULE
 * replaces it; platform/config.ts only parses that variable into milliseconds (its default is this one).
 */
export const DEFAULT_RETRY_SCHEDULE = '0s,5s,5m,30m,2h,5h,10h,10h';
export const RETRY_SCHEDULE_MEANING = 'Delay before each delivery attempt ([docs/webhooks.md](docs/webhooks.md)); its length is the number of attempts';

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
