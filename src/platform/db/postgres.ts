import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Sql } from './db.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// int8 (count(*), bigserial) as a JavaScript number, as PGlite returns it; our counters stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** How many distinct statements a process prepares; past it, statements run unprepared (dynamic SQL cannot grow this). */
const MAX_PREPARED = 400;

/**
 * Parameterised statements run as named prepared statements: PostgreSQL parses and plans each once per
 * connection instead of on every call, which is most of its work for the API's one-row reads. The name is
 * derived from the text, so every connection prepares the same statement under the same name.
 */
function preparer(enabled: boolean) {
  const names = new Map<string, string>();
  // A migration by another process can change what a prepared `SELECT *` returns; PostgreSQL then refuses the
  // old statement ("cached plan must not change result type"): new names make every connection prepare afresh.
  let generation = 0;
  return {
    config(text: string, values: unknown[] | undefined): pg.QueryConfig | string {
      if (!values || values.length === 0) return text;
      if (!enabled) return { text, values };
      let name = names.get(text);
      if (name === undefined) {
        if (names.size >= MAX_PREPARED) return { text, values };
        name = `s${generation}_${names.size}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
        names.set(text, name);
      }
      return { name, text, values };
    },
    stale(error: unknown): boolean {
      const e = error as { code?: string; message?: string };
      if (!enabled || e.code !== '0A000' || !/cached plan must not change result type/.test(e.message ?? '')) return false;
      names.clear();
      generation += 1;
      return true;
    },
  };
}

export function createPostgresDb(connectionString: string, options: { max?: number; prepare?: boolean } = {}): Db {
  // A connection attempt to a server that does not answer (a restart, a network fault) fails after this long
  // instead of holding the request forever; the API turns it into a 503 (docs/fault-tolerance.md).
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do, but do not crash.
  });
  const prepared = preparer(options.prepare ?? true);
  const once = (client: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]) => {
    const q = prepared.config(text, params as unknown[] | undefined);
    return typeof q === 'string' ? client.query(q) : client.query(q);
  };
  const run = async (client: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]) => {
    try {
      return await once(client, text, params);
    } catch (error) {
      // Outside a transaction the statement can simply run again under a new name; inside one, the
      // transaction is aborted and the caller's retry (a job, the client) runs it afresh.
      if (prepared.stale(error) && client instanceof pg.Pool) return once(client, text, params);
      throw error;
    }
  };
  const query: Sql['query'] = async (text, params) => (await run(pool, text, params)).rows as never[];
  return {
    kind: 'postgres',
    query,
    exec: async (text) => void (await pool.query(text)),
    async script(text) {
      const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? (result[result.length - 1]?.rows ?? []) : result.rows) as never[];
    },
    async tx(fn) {
      const client = await pool.connect();
      // The server can go away while this transaction holds the connection between two statements (a restart,
      // pg_ctl stop): pg then emits 'error' on the client, which would end the process without a listener. The
      // next statement fails with it instead, and the broken connection is destroyed, not returned to the pool.
      let broken: Error | undefined;
      const onError = (error: Error) => { broken = error; };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (text, params) => (await run(client, text, params)).rows as never[],
          exec: async (text) => void (await client.query(text)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken ??= error as Error;
        else await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
