import type { Db, Sql } from '../../platform/db/db.ts';
import { one } from '../../platform/db/db.ts';
import { outsideRequests } from '../../platform/outside-requests.ts';
import { chain, verifyChain, type AuditEntry, type ChainedEntry } from './domain/chain.ts';

export type AuditInput = Omit<AuditEntry, 'at' | 'details' | 'client_id' | 'subject'> & {
  client_id?: string | null;
  subject?: string | null;
  details?: Record<string, unknown>;
};

const FLUSH_MS = 100;
/**
 * A flush hashes and serialises its whole batch in one synchronous stretch of the event loop: at 10,000 reads/s a
 * 100 ms batch held every request for about 10 ms (p99 14 to 16 ms in bench:api against 7 ms with this limit).
 */
export const AUDIT_BATCH_LIMIT = 200;
const PAGE = 5_000;

/**
 * The audit trail. Reads of personal data are recorded through a buffer flushed every 100 ms, or as soon as it
 * holds AUDIT_BATCH_LIMIT entries, in one transaction (a read must not wait for the chain's lock); changes of
 * decisions are recorded inside the transaction that makes them (`recordIn`), so they exist exactly when the
 * change does.
 */
export function createAuditService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  let buffer: AuditEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false; // a flush waits behind the running one and will take everything buffered by then
  let lastFlushFailed = false; // then only the timer retries, not every new entry past the limit

  const complete = (input: AuditInput): AuditEntry => ({
    at: deps.now().toISOString(), client_id: input.client_id ?? null, actor: input.actor, action: input.action,
    subject: input.subject ?? null, details: input.details ?? {},
  });

  async function append(tx: Sql, entries: AuditEntry[]) {
    if (entries.length === 0) return;
    const head = (await one<{ seq: number; hash: string }>(tx, 'SELECT seq::int AS seq, hash FROM audit_head WHERE id = 1 FOR UPDATE'))!;
    const linked = chain(head, entries);
    await tx.query(
      `INSERT INTO audit_log (seq, at, client_id, actor, action, subject, details, prev_hash, hash)
       SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[], $9::text[])`,
      [linked.map((e) => e.seq), linked.map((e) => e.at), linked.map((e) => e.client_id), linked.map((e) => e.actor), linked.map((e) => e.action),
        linked.map((e) => e.subject), linked.map((e) => JSON.stringify(e.details)), linked.map((e) => e.prev_hash), linked.map((e) => e.hash)],
    );
    const last = linked[linked.length - 1]!;
    await tx.query('UPDATE audit_head SET seq = $1, hash = $2 WHERE id = 1', [last.seq, last.hash]);
  }

  // Flushes are set off by the requests whose reads they record, but are not part of them.
  function scheduleTimer() {
    timer ??= outsideRequests(() => setTimeout(() => {
      timer = undefined;
      void flush();
    }, FLUSH_MS));
  }

  async function flush(): Promise<void> {
    flushQueued = true;
    flushing = flushing.then(async () => {
      flushQueued = false;
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      try {
        await db.tx((tx) => append(tx, batch));
        lastFlushFailed = false;
      } catch (error) {
        buffer = [...batch, ...buffer]; // keep them for the next flush
        lastFlushFailed = true; // the next entry recorded schedules the retry, as does close()
        process.stderr.write(`audit flush failed, will retry: ${(error as Error).message}\n`);
      }
    });
    return flushing;
  }

  function toEntry(row: Record<string, unknown>): ChainedEntry {
    return {
      seq: Number(row.seq), at: (row.at as Date).toISOString(), client_id: row.client_id as string | null, actor: row.actor as string,
      action: row.action as string, subject: row.subject as string | null, details: row.details as Record<string, unknown>,
      prev_hash: row.prev_hash as string, hash: row.hash as string,
    };
  }

  return {
    record(input: AuditInput): void {
      buffer.push(complete(input));
      if (buffer.length >= AUDIT_BATCH_LIMIT && !flushQueued && !lastFlushFailed) void outsideRequests(flush);
      else scheduleTimer();
    },
    async recordIn(tx: Sql, input: AuditInput): Promise<void> {
      await append(tx, [complete(input)]);
    },
    flush,

    /** Checks the whole chain, a page at a time. */
    async verify() {
      await flush();
      let start = { seq: 0, hash: '0'.repeat(64) };
      let entries = 0;
      const problems: ReturnType<typeof verifyChain>['problems'] = [];
      let offset = 0;
      for (;;) {
        // In sequence order: a moved or swapped entry no longer matches its hash or its neighbour's link.
        const rows = await db.query('SELECT * FROM audit_log ORDER BY seq LIMIT $1 OFFSET $2', [PAGE, offset]);
        if (rows.length === 0) break;
        offset += rows.length;
        const result = verifyChain(rows.map(toEntry), undefined, start);
        entries += result.entries;
        problems.push(...result.problems);
        start = result.last;
      }
      const head = (await one<{ seq: number; hash: string }>(db, 'SELECT seq::int AS seq, hash FROM audit_head WHERE id = 1'))!;
      if (head.seq !== start.seq || head.hash !== start.hash) problems.push({ seq: head.seq, problem: 'head mismatch' });
      return { ok: problems.length === 0, entries, problems };
    },

    async list(clientId: string, query: { afterSeq?: number; limit?: number }) {
      const rows = await db.query('SELECT * FROM audit_log WHERE client_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [clientId, query.afterSeq ?? 0, query.limit ?? 100]);
      return rows.map(toEntry);
    },

    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
