import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.ts';
import { afterAttempt, DEFAULT_RETRY_SCHEDULE, isAcknowledged } from './retry.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the webhook retry schedule', () => {
  // The default as a deployment gets it (config parses WEBHOOK_RETRY_SCHEDULE, unset: DEFAULT_RETRY_SCHEDULE).
  const schedule = loadConfig({}).webhookRetrySchedule;

  it('is the default the configuration falls back to', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toBe('0s,5s,5m,30m,2h,5h,10h,10h');
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: DEFAULT_RETRY_SCHEDULE }).webhookRetrySchedule).toEqual(schedule);
  });

  it.each<[number, number]>([
    [0, 0], [1, 5_000], [2, 5 * MIN], [3, 30 * MIN], [4, 2 * HOUR], [5, 5 * HOUR], [6, 10 * HOUR], [7, 10 * HOUR],
  ])('after %i failed attempt(s) the next goes out %i ms later', (attemptsMade, delay) => {
    expect(afterAttempt(schedule, attemptsMade, false, now)).toEqual({ kind: 'retry', at: new Date(now.getTime() + delay) });
  });

  it('gives up after the eighth attempt fails, about 28 hours after the event', () => {
    expect(afterAttempt(schedule, 8, false, now)).toEqual({ kind: 'failed' });
    expect(schedule.reduce((a, b) => a + b, 0)).toBe(27 * HOUR + 35 * MIN + 5_000);
  });

  it.each([0, 3, 8])('a delivered attempt (%i before it) is done', (attemptsMade) => {
    expect(afterAttempt(schedule, attemptsMade, true, now)).toEqual({ kind: 'delivered' });
  });

  it.each<[number | undefined, boolean]>([[200, true], [204, true], [299, true], [199, false], [301, false], [404, false], [500, false], [undefined, false]])(
    'status %s acknowledges: %s', (status, ok) => expect(isAcknowledged(status)).toBe(ok));
});
