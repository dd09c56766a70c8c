import { describe, expect, it } from 'vitest';
import { createWindowCounters, windowStartOf } from './window-counters.ts';

const MINUTE = 60_000;
const T0 = 1_800_000_000_000; // a window boundary (a multiple of a minute)

describe('rate-limit window counters', () => {
  it('windows are aligned on the clock, so every process files a hit under the same window', () => {
    expect(windowStartOf(T0, MINUTE)).toBe(T0);
    expect(windowStartOf(T0 + 59_999, MINUTE)).toBe(T0);
    expect(windowStartOf(T0 + 60_000, MINUTE)).toBe(T0 + MINUTE);
  });

  it('a new key must read the shared count first; its hits then add to what the other processes counted', () => {
    const c = createWindowCounters();
    const e = c.entryFor('client:a', T0 + 1000, MINUTE, 10);
    expect(e.loaded).toBe(false);
    c.loaded(e, 7);
    expect(c.hit(e, T0 + 1000)).toEqual({ current: 8, ttl: 59_000 });
    expect(c.hit(e, T0 + 2000)).toEqual({ current: 9, ttl: 58_000 });
  });

  it('a sync sends the unsent hits once; the total the database returns replaces the estimate', () => {
    const c = createWindowCounters();
    const e = c.entryFor('client:a', T0, MINUTE, 100);
    c.loaded(e, 0);
    c.hit(e, T0); c.hit(e, T0); c.hit(e, T0);
    const batch = c.takeBatch(T0 + 100);
    expect(batch).toEqual({ keys: ['client:a'], windowStarts: [T0], increments: [3] });
    c.hit(e, T0 + 120); // arrives while the batch is on its way: counted, sent next time
    expect(c.view(e)).toBe(4);
    expect(c.takeBatch(T0 + 150).keys).toEqual([]); // one batch per key at a time
    c.applied(batch, new Map([[`client:a ${T0}`, 10]])); // another process had counted 7
    expect(c.view(e)).toBe(11);
    expect(c.takeBatch(T0 + 200)).toEqual({ keys: ['client:a'], windowStarts: [T0], increments: [1] });
  });

  it('a failed sync puts its hits back for the next one', () => {
    const c = createWindowCounters();
    const e = c.entryFor('client:a', T0, MINUTE, 100);
    c.loaded(e, 0);
    c.hit(e, T0); c.hit(e, T0);
    const batch = c.takeBatch(T0 + 100);
    c.hit(e, T0 + 110);
    c.failed(batch);
    expect(c.view(e)).toBe(3);
    expect(c.takeBatch(T0 + 200).increments).toEqual([3]);
  });

  it('an idle key is re-read once it has used half its limit, so another process\'s traffic is seen', () => {
    const c = createWindowCounters();
    const low = c.entryFor('client:low', T0, MINUTE, 10);
    c.loaded(low, 4);
    const high = c.entryFor('client:high', T0, MINUTE, 10);
    c.loaded(high, 5);
    expect(c.takeBatch(T0 + 100)).toEqual({ keys: ['client:high'], windowStarts: [T0], increments: [0] });
  });

  it('a key counted in the previous window starts the next at zero without a read; one unseen for longer reads', () => {
    const c = createWindowCounters();
    const e = c.entryFor('client:a', T0 + 59_000, MINUTE, 10);
    c.loaded(e, 9);
    c.hit(e, T0 + 59_000);
    const next = c.entryFor('client:a', T0 + MINUTE + 10, MINUTE, 10);
    expect(next).toMatchObject({ windowStart: T0 + MINUTE, shared: 0, pending: 0, loaded: true });
    expect(c.entryFor('client:a', T0 + 3 * MINUTE, MINUTE, 10).loaded).toBe(false);
  });

  it('entries of ended windows are dropped, and a late answer for an old window changes nothing', () => {
    const c = createWindowCounters();
    const e = c.entryFor('client:a', T0, MINUTE, 10);
    c.loaded(e, 0);
    c.hit(e, T0);
    const batch = c.takeBatch(T0 + 100);
    const next = c.entryFor('client:a', T0 + MINUTE, MINUTE, 10);
    c.applied(batch, new Map([[`client:a ${T0}`, 50]]));
    expect(c.view(next)).toBe(0);
    c.takeBatch(T0 + 3 * MINUTE);
    expect(c.entries.size).toBe(0);
  });

  it('holds at most maxKeys keys, forgetting the one seen longest ago', () => {
    const c = createWindowCounters({ maxKeys: 2 });
    c.entryFor('ip:1', T0, MINUTE, 10);
    c.entryFor('ip:2', T0, MINUTE, 10);
    c.entryFor('ip:3', T0, MINUTE, 10);
    expect([...c.entries.keys()]).toEqual(['ip:2', 'ip:3']);
  });
});
