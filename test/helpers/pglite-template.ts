import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The data directory of a new, empty PGlite cluster, for tests' fresh databases to start from. A new in-memory
 * PGlite runs initdb, which took 4.7-9 s on a loaded 2-core machine; one loaded from this dump took 1.3-1.5 s.
 * The cluster is the one initdb makes (no table, no role, nothing migrated), so a test sees what it would see on
 * a fresh PGlite. Dumped once per machine and PGlite version, written whole under a temporary name then renamed,
 * so test processes starting together never read half a file; each process reads it once.
 */
// Its package.json is not among the package's exports, so it is read where npm put it.
const packageFile = path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');
const version = (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;
const file = path.join(tmpdir(), `kyc-pglite-template-${version}.tar`);
let template: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  return (template ??= (async () => {
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pg = new PGlite();
    await pg.waitReady;
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })());
}
