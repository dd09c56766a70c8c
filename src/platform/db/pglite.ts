import { PGlite } from '@electric-sql/pglite';
import { restrictTree } from '../data-dir.ts';
import type { Db } from './db.ts';

/**
 * PGlite in `dir` (persistent) or in memory when `dir` is undefined (tests). `loadDataDir`: a cluster dumped by
 * `dumpDataDir`, which a new instance starts from instead of running initdb (tests start thousands).
 *
 * PGlite unpacks a new cluster with modes 0666 and rewrites postmaster files 0644 at each start through its
 * own chmod, which the umask does not reach; the files PostgreSQL creates afterwards are 0600. So once it is
 * ready, whatever it left open is tightened (about a thousand lstat calls: milliseconds).
 */
export async function createPgliteDb(dir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  // Without a directory the options go first: PGlite reads a second argument only after a directory.
  const pg = dir ? new PGlite(dir, options) : new PGlite(options);
  await pg.waitReady;
  if (dir) restrictTree(dir);
  return {
    kind: 'pglite',
    async query(text, params) {
      return (await pg.query(text, params as unknown[])).rows as never[];
    },
    async exec(text) {
      await pg.exec(text);
    },
    async script(text) {
      const results = await pg.exec(text);
      return (results[results.length - 1]?.rows ?? []) as never[];
    },
    async tx(fn) {
      // PGlite serialises transactions itself: other queries wait until this one ends.
      return pg.transaction(async (t) =>
        fn({
          query: async (text, params) => (await t.query(text, params as unknown[])).rows as never[],
          exec: async (text) => void (await t.exec(text)),
        }),
      );
    },
    async close() {
      await pg.close();
    },
  };
}
