import { createHash } from 'node:crypto';

export const GENESIS = '0'.repeat(64);

export interface AuditEntry {
  at: string;
  client_id: string | null;
  actor: string;
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
}

export interface ChainedEntry extends AuditEntry {
  seq: number;
  prev_hash: string;
  hash: string;
}

/** JSON with object keys sorted at every level, so equal content always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function entryHash(prevHash: string, seq: number, e: AuditEntry): string {
  return createHash('sha256').update(`${prevHash}\n${canonical([seq, e.at, e.client_id, e.actor, e.action, e.subject, e.details])}`).digest('hex');
}

/** Links entries after the current head: sequence numbers and hashes. */
export function chain(head: { seq: number; hash: string }, entries: AuditEntry[]): ChainedEntry[] {
  let { seq, hash } = head;
  return entries.map((e) => {
    seq += 1;
    const prev = hash;
    hash = entryHash(prev, seq, e);
    return { ...e, seq, prev_hash: prev, hash };
  });
}

export type ChainProblem = { seq: number; problem: 'changed' | 'missing before' | 'broken link' | 'head mismatch' };

/**
 * Walks entries in stored order and reports every place the chain does not hold: an entry whose content no
 * longer gives its hash (changed), a gap in the sequence (deleted), an entry that does not point at the one
 * before it (reordered or deleted), or a head that does not point at the last entry (the tail was cut).
 */
export function verifyChain(entries: Iterable<ChainedEntry>, head?: { seq: number; hash: string }, start = { seq: 0, hash: GENESIS }): { entries: number; problems: ChainProblem[]; last: { seq: number; hash: string } } {
  const problems: ChainProblem[] = [];
  let prev = start;
  let count = 0;
  for (const e of entries) {
    count++;
    if (e.seq !== prev.seq + 1) problems.push({ seq: e.seq, problem: 'missing before' });
    else if (e.prev_hash !== prev.hash) problems.push({ seq: e.seq, problem: 'broken link' });
    if (entryHash(e.prev_hash, e.seq, e) !== e.hash) problems.push({ seq: e.seq, problem: 'changed' });
    prev = { seq: e.seq, hash: e.hash };
  }
  if (head && (head.seq !== prev.seq || head.hash !== prev.hash)) problems.push({ seq: head.seq, problem: 'head mismatch' });
  return { entries: count, problems, last: prev };
}
