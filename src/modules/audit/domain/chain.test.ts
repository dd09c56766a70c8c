import { describe, expect, it } from 'vitest';
import { GENESIS, canonical, chain, verifyChain, type AuditEntry } from './chain.ts';

const entry = (i: number): AuditEntry => ({ at: `2026-11-22T10:00:0${i}.000Z`, client_id: 'cli_a', actor: 'api:kci_1', action: 'contact.read', subject: `ctc_${i}`, details: { b: 1, a: [i] } });
const fresh = () => chain({ seq: 0, hash: GENESIS }, [1, 2, 3, 4].map(entry));

describe('hash-chained audit log', () => {
  it('an untouched chain verifies', () => {
    const entries = fresh();
    expect(verifyChain(entries, { seq: 4, hash: entries[3]!.hash })).toEqual({ entries: 4, problems: [], last: { seq: 4, hash: entries[3]!.hash } });
  });
  it('canonical JSON ignores key order', () => {
    expect(canonical({ b: 1, a: { d: 2, c: 3 } })).toBe(canonical({ a: { c: 3, d: 2 }, b: 1 }));
  });
  it('a changed entry is detected', () => {
    const entries = fresh();
    entries[1] = { ...entries[1]!, action: 'contact.update' };
    expect(verifyChain(entries).problems).toEqual([{ seq: 2, problem: 'changed' }]);
  });
  it('a deleted entry is detected', () => {
    const entries = fresh();
    entries.splice(1, 1);
    expect(verifyChain(entries).problems).toEqual([{ seq: 3, problem: 'missing before' }]);
  });
  it('reordered entries are detected', () => {
    const entries = fresh();
    const [a, b] = [entries[1]!, entries[2]!];
    entries[1] = { ...b, seq: 2 };
    entries[2] = { ...a, seq: 3 };
    expect(verifyChain(entries).problems.length).toBeGreaterThan(0);
  });
  it('a cut tail is detected through the head', () => {
    const entries = fresh();
    expect(verifyChain(entries.slice(0, 3), { seq: 4, hash: entries[3]!.hash }).problems).toEqual([{ seq: 4, problem: 'head mismatch' }]);
  });
  it('rehashing a changed entry still breaks the next link', () => {
    const entries = fresh();
    const forged = chain({ seq: 1, hash: entries[0]!.hash }, [{ ...entry(2), action: 'forged' }])[0]!;
    entries[1] = forged;
    expect(verifyChain(entries).problems).toEqual([{ seq: 3, problem: 'broken link' }]);
  });
});
