import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { outsideRequests } from './outside-requests.ts';

describe('outsideRequests', () => {
  it("runs work, and the timers and promises it makes, without the current request's context", async () => {
    const request = new AsyncLocalStorage<string>();
    const seen = await request.run('req-1', async () => {
      const inside = request.getStore();
      const fromTimer = await new Promise((resolve) => setTimeout(() => resolve(request.getStore()), 1));
      const outside = outsideRequests(() => request.getStore());
      const outsideTimer = await outsideRequests(() => new Promise((resolve) => setTimeout(() => resolve(request.getStore()), 1)));
      const outsideChain = await outsideRequests(() => Promise.resolve().then(() => request.getStore()));
      return { inside, fromTimer, outside, outsideTimer, outsideChain };
    });
    expect(seen).toEqual({ inside: 'req-1', fromTimer: 'req-1', outside: undefined, outsideTimer: undefined, outsideChain: undefined });
  });
});
