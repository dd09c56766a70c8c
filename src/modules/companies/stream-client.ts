/**
 * Follows Companies House's streaming API: a long-lived GET per stream (companies, officers, PSCs) with the
 * stream key as the basic-auth user, resumed from the last timepoint seen (kept in the database, so a restart
 * goes on where it stopped), reconnecting after a pause when the connection ends or fails. Each event names a
 * company; `onCompany` refreshes the monitored checks of that company. One process follows at a time (a lease,
 * `STREAM_LEASE`): every worker would otherwise repeat the same requests against Companies House's rate limit.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../platform/db/db.ts';
import { whileHoldingLease } from '../../platform/lease.ts';
import { parseStreamLine } from './domain/stream.ts';

export const STREAMS = ['companies', 'officers', 'persons-with-significant-control'] as const;

export interface StreamOptions {
  key: string;
  baseUrl: string;
  db: Db;
  onCompany: (companyNumber: string) => Promise<void>;
  /** Pause before reconnecting (ms); the API asks clients not to reconnect in a tight loop. */
  reconnectMs?: number;
  log?: (message: string) => void;
  /** The lease's length and renewal interval (ms); tests shorten them. */
  lease?: { ttlMs: number; renewMs: number };
}

/** The lease of the one process that follows the streams; another takes over at most ttl + renew after it dies. */
export const STREAM_LEASE = { name: 'companies-house-streams', ttlMs: 60_000, renewMs: 15_000 };

const state = {
  get: async (db: Db, stream: string) =>
    (await db.query<{ timepoint: string }>('SELECT timepoint FROM companies_stream_state WHERE stream = $1', [stream]))[0]?.timepoint,
  set: (db: Db, stream: string, timepoint: number) =>
    db.query(`INSERT INTO companies_stream_state (stream, timepoint) VALUES ($1, $2)
              ON CONFLICT (stream) DO UPDATE SET timepoint = GREATEST(companies_stream_state.timepoint, EXCLUDED.timepoint), updated_at = now()`, [stream, timepoint]),
};

/** Reads one connection of one stream to its end (or until `signal` aborts); returns the events handled. */
export async function followOnce(stream: string, options: StreamOptions, signal: AbortSignal): Promise<number> {
  const from = await state.get(options.db, stream);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${stream}${from ? `?timepoint=${Number(from) + 1}` : ''}`;
  const response = await fetch(url, { headers: { authorization: `Basic ${Buffer.from(`${options.key}:`).toString('base64')}` }, signal });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`stream ${stream} answered ${response.status}`);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let handled = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const event = parseStreamLine(line);
      if (!event) continue;
      await options.onCompany(event.company);
      if (event.timepoint !== null) await state.set(options.db, stream, event.timepoint);
      handled++;
    }
  }
  return handled;
}

/** Follows every stream until stopped, while this process holds the streams' lease. */
export function followStreams(options: StreamOptions) {
  const { ttlMs, renewMs } = options.lease ?? STREAM_LEASE;
  return whileHoldingLease(options.db, STREAM_LEASE.name, { ttlMs, renewMs, log: options.log }, () => followEvery(options));
}

function followEvery(options: StreamOptions) {
  const controller = new AbortController();
  const loops = STREAMS.map(async (stream) => {
    while (!controller.signal.aborted) {
      try {
        await followOnce(stream, options, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        options.log?.(`companies house stream ${stream}: ${(error as Error).message}`);
      }
      await sleep(options.reconnectMs ?? 30_000, undefined, { signal: controller.signal }).catch(() => undefined);
    }
  });
  return {
    async stop() {
      controller.abort();
      await Promise.allSettled(loops);
    },
  };
}
