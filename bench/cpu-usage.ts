/**
 * CPU use read from /proc (Linux), to see which part of the machine a benchmark setup was short of: on a shared
 * machine these say more than the rates do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU seconds (user + system, all threads) a process has used so far; 0 when it cannot be read. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

/** The machine's idle share in % of one core since `before` (or the counters now, to pass as `before`). */
export function machineIdle(before?: { idle: number; all: number }): { idle: number; all: number; percent: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const now = { idle: ticks[3]! + ticks[4]!, all: ticks.reduce((a, b) => a + b, 0) };
  const percent = before ? Math.round((100 * os.cpus().length * (now.idle - before.idle)) / Math.max(1, now.all - before.all)) : 0;
  return { ...now, percent };
}

// A backend's process title: "postgres: [CLUSTER: ]USER DATABASE HOST(PORT) STATE" (or "[local]" for a socket).
const BACKEND = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/;

/**
 * The PostgreSQL server's processes that work for `database`: its backends and the server's own background
 * processes (WAL writer, checkpointer, ...), not the backends of other databases (other people's tests on a
 * shared server). Without `database`, every PostgreSQL process.
 */
export function postgresPids(database?: string): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') return false;
      if (!database) return true;
      const title = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const backend = title.match(BACKEND);
      return backend ? backend[1] === database : !title.includes('autovacuum worker') || title.endsWith(` ${database}`);
    } catch {
      return false;
    }
  }).map(Number);
}
