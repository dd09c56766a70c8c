import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** What DATA_DIR holds is the database, the keys and the documents: its user's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Takes group and other permissions off every entry below `dir` that has any (files become 0600, folders
 * 0700; symbolic links are left alone, their targets are not ours). Returns how many it changed.
 */
export function restrictTree(dir: string): number {
  let changed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if ((lstatSync(full).mode & 0o077) !== 0) {
      chmodSync(full, entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      changed++;
    }
    if (entry.isDirectory()) changed += restrictTree(full);
  }
  return changed;
}

/**
 * Makes everything the process creates from now on private to its user (umask 077: keys, stored documents,
 * list downloads, the CLI socket are created 0600 and their folders 0700), creates DATA_DIR 0700, and
 * tightens a DATA_DIR left open by an earlier version: when the folder itself lets group or others in, every
 * entry below it is tightened too. A DATA_DIR already 0700 is not walked, so a large document store costs
 * nothing at start. (PGlite sets the modes of the files it unpacks itself, past the umask: see pglite.ts.)
 *
 * Called by the entry points (the service, the CLI commands that open DATA_DIR), not by library code: the
 * umask is process-wide.
 */
export function restrictDataDir(dataDir: string, options: { create: boolean } = { create: true }): { tightened: number } {
  if (isMainThread) process.umask(0o077); // a worker thread may not change it; its main thread has
  // On PostgreSQL with keys given and S3 storage, DATA_DIR may never be needed (a read-only image): not made here.
  if (!options.create && !existsSync(dataDir)) return { tightened: 0 };
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((lstatSync(dataDir).mode & 0o077) === 0) return { tightened: 0 };
  const tightened = restrictTree(dataDir);
  chmodSync(dataDir, PRIVATE_DIR_MODE); // last: a walk stopped half-way is done again at the next start
  return { tightened: tightened + 1 };
}
