/**
 * Leases: work that exactly one process may do at a time (a long-lived connection to a third party, say),
 * taken over by another process when its holder dies. One row per lease in `leases`: the holder's id and when
 * it expires. Taking and renewing is one conditional upsert, so two processes never both hold a lease, and
 * the expiry is the database's clock, so the processes' clocks do not matter. A holder that cannot renew
 * (database unreachable) stops its work before its lease can have expired; a dead one stops renewing, and the
 * next process that tries after `ttlMs` takes the lease.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from './db/db.ts';

export interface LeaseOptions {
  /** How long a taken or renewed lease lasts without another renewal. */
  ttlMs: number;
  /** How often the holder renews and the others try to take it; well under `ttlMs`. */
  renewMs: number;
  /** Who holds it; a fresh id per call by default (two leases in one process are two holders). */
  holder?: string;
  log?: (message: string) => void;
}

/** Takes the lease if it is free, expired or already ours, and extends it by `ttlMs`; true when we hold it. */
export async function takeLease(sql: Sql, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
     WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < now()
     RETURNING holder`,
    [name, holder, ttlMs],
  );
  return rows.length === 1;
}

/** Gives the lease up at once (only if we hold it), so the next process need not wait for it to expire. */
export async function releaseLease(sql: Sql, name: string, holder: string): Promise<void> {
  await sql.query('DELETE FROM leases WHERE name = $1 AND holder = $2', [name, holder]);
}

/**
 * Runs `start` while this process holds lease `name`, and the `stop` it returns when the lease is lost or
 * cannot be renewed in time; tries to take it every `renewMs` meanwhile. `stop()` ends the work and releases.
 */
export function whileHoldingLease(sql: Sql, name: string, options: LeaseOptions, start: () => { stop(): Promise<void> }) {
  const holder = options.holder ?? randomUUID();
  const controller = new AbortController();
  let work: { stop(): Promise<void> } | undefined;
  // When the last renewal was sent (this process's clock): the lease lasts at least ttlMs from then.
  let renewedAt = 0;
  const stopWork = async () => {
    await work?.stop();
    work = undefined;
  };
  const loop = (async () => {
    while (!controller.signal.aborted) {
      const sentAt = Date.now();
      let held: boolean | undefined;
      try {
        // A query that hangs (a dead connection) must not keep the work going past the lease: it counts as failed.
        held = await Promise.race([
          takeLease(sql, name, holder, options.ttlMs),
          sleep(options.renewMs, undefined, { ref: false }).then(() => { throw new Error('no answer from the database'); }),
        ]);
      } catch (error) {
        options.log?.(`lease ${name}: ${(error as Error).message}`);
      }
      if (controller.signal.aborted) break;
      if (held) renewedAt = sentAt;
      // Not renewed: stop before the lease may have expired (the renewal interval is the margin) or was lost.
      const mayExpire = Date.now() + options.renewMs >= renewedAt + options.ttlMs;
      if (work && (held === false || (held === undefined && mayExpire))) {
        options.log?.(`lease ${name}: lost, stopping`);
        await stopWork();
      }
      if (held && !work) work = start();
      await sleep(options.renewMs, undefined, { signal: controller.signal }).catch(() => undefined);
    }
  })();
  return {
    holder,
    /** Whether the work runs here now. */
    get holding() { return work !== undefined; },
    async stop() {
      controller.abort();
      await loop;
      await stopWork();
      await releaseLease(sql, name, holder).catch(() => undefined);
    },
  };
}
