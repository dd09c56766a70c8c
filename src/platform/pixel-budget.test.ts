import { describe, expect, it } from 'vitest';
import { createPixelBudget } from './pixel-budget.ts';

/** A decode that ends when the test says so, and records what was running alongside it. */
function controlled() {
  const running = new Set<string>();
  const log: string[][] = [];
  const ends = new Map<string, () => void>();
  const decode = (name: string) => () => new Promise<string>((resolve) => {
    running.add(name);
    log.push([...running].sort());
    ends.set(name, () => { running.delete(name); resolve(name); });
  });
  const end = async (name: string) => {
    ends.get(name)!();
    for (let i = 0; i < 5; i++) await Promise.resolve(); // let the budget hand the freed pixels on
  };
  return { running, log, decode, end };
}

const settle = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };

describe('the pixel budget', () => {
  it('never lets the decodes in progress hold more pixels than the budget', async () => {
    const budget = createPixelBudget(100);
    const c = controlled();
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((n) => budget.run(40, c.decode(n)));
    await settle();
    expect([...c.running].sort()).toEqual(['a', 'b']); // 80 of 100 in use; a third would make 120
    expect(budget.stats()).toMatchObject({ inUse: 80, waiting: 8 });
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) {
      await c.end(n);
      expect(budget.stats().inUse).toBeLessThanOrEqual(100);
    }
    expect(await Promise.all(all)).toHaveLength(10);
    expect(c.log.every((running) => running.length * 40 <= 100)).toBe(true);
    expect(budget.stats()).toEqual({ capacity: 100, inUse: 0, peak: 80, waiting: 0 });
  });

  it('serves in order: a large decode waiting is not passed over by small ones', async () => {
    const budget = createPixelBudget(100);
    const c = controlled();
    void budget.run(60, c.decode('first'));
    void budget.run(90, c.decode('large'));
    void budget.run(20, c.decode('small'));
    await settle();
    expect([...c.running]).toEqual(['first']); // small would fit, but large asked first
    await c.end('first');
    expect([...c.running]).toEqual(['large']);
    await c.end('large');
    expect([...c.running]).toEqual(['small']);
  });

  it('gives the pixels back when a decode fails, and lets an image larger than the budget run alone', async () => {
    const budget = createPixelBudget(100);
    await expect(budget.run(70, async () => { throw new Error('damaged'); })).rejects.toThrow('damaged');
    expect(budget.stats().inUse).toBe(0);
    const c = controlled();
    void budget.run(500, c.decode('huge'));
    void budget.run(1, c.decode('tiny'));
    await settle();
    expect([...c.running]).toEqual(['huge']);
    expect(budget.stats().inUse).toBe(100);
    await c.end('huge');
    expect([...c.running]).toEqual(['tiny']);
  });
});
