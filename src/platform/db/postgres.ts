import pg from 'pg';
import type { Db, Sql } from './db.ts';

// int8 (count(*), bigserial) as a JavaScript number, as PGlite returns it; our counters stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function createPostgresDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do, but do not crash.
  });
  const query: Sql['query'] = async (text, params) => (await pool.query(text, params as unknown[])).rows;
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
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
          exec: async (text) => void (await client.query(text)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
