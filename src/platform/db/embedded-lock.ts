import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class EmbeddedDbBusyError extends Error {
  constructor(readonly pid: number, dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        'Only one process may open it: stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockPath(dataDir: string): string {
  return path.join(dataDir, 'kyc.lock');
}

/** The pid holding the embedded database, if a live process holds it. */
export function embeddedDbHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockPath(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is one process's database: two processes writing the same files would corrupt it. A lock file with
 * the holder's pid refuses a second process with a clear message; a lock left by a dead process is taken over.
 */
export function acquireEmbeddedLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = embeddedDbHolder(dataDir);
      if (holder !== undefined) throw new EmbeddedDbBusyError(holder, dataDir);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the embedded database lock ${file}`);
}
