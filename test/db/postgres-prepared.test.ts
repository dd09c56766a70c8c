import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import { databaseKind, freshDatabase } from '../helpers/service.ts';

/**
 * PostgreSQL runs the parameterised statements prepared (parsed and planned once per connection). A schema
 * change by another process must not break a prepared `SELECT *`, and the setting turns preparation off.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  if (databaseKind !== 'postgres') return;
  database = await freshDatabase();
  await database.db.exec(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL); INSERT INTO things VALUES (1, 'one'), (2, 'two')`);
});
afterAll(async () => database?.drop());

describe.skipIf(databaseKind !== 'postgres')('prepared statements on PostgreSQL', () => {
  const prepared = async (db: ReturnType<typeof createPostgresDb>) =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM things%'"))[0]!.n;

  it('a parameterised query is prepared once per connection and answers as before', async () => {
    const db = createPostgresDb(database.url!, { max: 1 });
    try {
      for (const id of [1, 2, 1]) expect((await db.query<{ name: string }>('SELECT name FROM things WHERE id = $1', [id]))[0]!.name).toBe(id === 1 ? 'one' : 'two');
      expect(await prepared(db)).toBe(1);
      await db.tx(async (tx) => expect((await tx.query<{ name: string }>('SELECT name FROM things WHERE id = $1', [2]))[0]!.name).toBe('two'));
      expect(await prepared(db)).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('survives a column added by another process to a table a prepared SELECT * reads', async () => {
    const db = createPostgresDb(database.url!, { max: 1 });
    const other = createPostgresDb(database.url!, { max: 1 });
    try {
      expect(await db.query('SELECT * FROM things WHERE id = $1', [1])).toEqual([{ id: 1, name: 'one' }]);
      await other.exec('ALTER TABLE things ADD COLUMN colour text');
      expect(await db.query('SELECT * FROM things WHERE id = $1', [1])).toEqual([{ id: 1, name: 'one', colour: null }]);
    } finally {
      await db.close();
      await other.close();
    }
  });

  it('DB_PREPARED_STATEMENTS=false runs them unprepared (for a transaction-pooling PgBouncer)', async () => {
    const db = createPostgresDb(database.url!, { max: 1, prepare: false });
    try {
      expect((await db.query<{ name: string }>('SELECT name FROM things WHERE id = $1', [2]))[0]!.name).toBe('two');
      expect(await prepared(db)).toBe(0);
    } finally {
      await db.close();
    }
  });
});
