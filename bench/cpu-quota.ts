/**
 * A CPU quota per benchmark process through cgroup v1 (Linux, as root): each process gets a cgroup of its own
 * under /sys/fs/cgroup/cpu with `cpu.cfs_quota_us / cpu.cfs_period_us` = the share of one core it may use, as a
 * container runtime does for `--cpus`. On a machine of two cores this simulates API nodes with cores of their
 * own: a process so limited cannot take the CPU that PostgreSQL, the worker and the load generator need, so the
 * API tier is the limit and adding a process adds capacity (docs/benchmarks.md, "Load: scale-out").
 *
 * A quota only caps. On a machine other people's work keeps busy a capped process may still get less than its
 * quota, and then the machine, not the API tier, is the limit again. So the cgroup also gets a large weight
 * (`cpu.shares`): the scheduler serves it up to its quota before tasks of the default weight, as a node's own core
 * would. The quota bounds what that takes from everyone else: the quotas' sum.
 *
 * Every cgroup made here is removed when the process that made it exits (normally, on an exception, on SIGINT
 * or SIGTERM); one left behind by a run killed with SIGKILL is removed by the next run (its name carries the pid).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CPU_ROOT = process.env.BENCH_CGROUP_ROOT ?? '/sys/fs/cgroup/cpu';
const PREFIX = 'kyc-bench-';
const live = new Set<string>();

/** Why quotas cannot be set here, or undefined when they can (cgroup v1 cpu controller mounted and writable). */
export function cpuQuotaUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  if (!existsSync(path.join(CPU_ROOT, 'cpu.cfs_quota_us'))) return `no cgroup v1 cpu controller at ${CPU_ROOT}`;
  if (process.getuid?.() !== 0) return 'not root';
  return undefined;
}

export interface CpuStat { periods: number; throttled: number; throttledSeconds: number }

export interface CpuQuota {
  name: string;
  cores: number;
  periodUs: number;
  /** The kernel's count of the cgroup's CFS periods, the ones that hit the quota, and the time spent waiting. */
  stat(): CpuStat;
  remove(): void;
}

/** Puts `pid` (all its threads, and any process it starts later) under a quota of `cores` of one core. */
export function limitCpu(pid: number, cores: number, label: string, { periodUs = 100_000, shares = 10 * 1024 } = {}): CpuQuota {
  if (!(cores > 0)) throw new Error(`CPU quota must be above 0 cores, got ${cores}`);
  if (live.size === 0) removeStale();
  const name = `${PREFIX}${process.pid}-${label}`;
  const dir = path.join(CPU_ROOT, name);
  mkdirSync(dir);
  live.add(dir);
  try {
    writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(periodUs));
    writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(Math.max(1000, Math.round(cores * periodUs))));
    writeFileSync(path.join(dir, 'cpu.shares'), String(shares)); // the default weight is 1024
    // cgroup.procs moves every thread of the process (the event loop, libuv's pool, V8's GC threads).
    writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  } catch (error) {
    removeCgroup(dir);
    throw error;
  }
  return {
    name, cores, periodUs,
    stat: () => readStat(dir),
    remove: () => removeCgroup(dir),
  };
}

/** The change of a cgroup's counters between two readings. */
export function statSince(before: CpuStat, after: CpuStat): CpuStat {
  return { periods: after.periods - before.periods, throttled: after.throttled - before.throttled, throttledSeconds: after.throttledSeconds - before.throttledSeconds };
}

function readStat(dir: string): CpuStat {
  try {
    const fields = Object.fromEntries(readFileSync(path.join(dir, 'cpu.stat'), 'utf8').trim().split('\n').map((line) => line.split(' ')).map(([k, v]) => [k, Number(v)]));
    return { periods: fields.nr_periods ?? 0, throttled: fields.nr_throttled ?? 0, throttledSeconds: (fields.throttled_time ?? 0) / 1e9 };
  } catch {
    return { periods: 0, throttled: 0, throttledSeconds: 0 };
  }
}

/**
 * Deletes the cgroup. Whatever still runs in it (a child that outlived its stop) moves back to the root first;
 * with `end`, when the benchmark itself is being stopped, it is also asked to end (SIGTERM).
 */
function removeCgroup(dir: string, end = false) {
  live.delete(dir);
  if (!existsSync(dir)) return;
  try {
    for (const pid of readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      if (end) try { process.kill(Number(pid), 'SIGTERM'); } catch { /* it exited meanwhile */ }
      try { writeFileSync(path.join(CPU_ROOT, 'cgroup.procs'), pid); } catch { /* it exited meanwhile */ }
    }
    rmdirSync(dir);
  } catch (error) {
    process.stderr.write(`could not remove the cgroup ${dir}: ${(error as Error).message}\n`);
  }
}

/** Cgroups of earlier runs whose benchmark process is gone (killed with SIGKILL). */
function removeStale() {
  for (const entry of readdirSync(CPU_ROOT)) {
    const owner = entry.startsWith(PREFIX) ? Number(entry.slice(PREFIX.length).split('-')[0]) : NaN;
    if (Number.isInteger(owner) && owner !== process.pid && !existsSync(`/proc/${owner}`)) removeCgroup(path.join(CPU_ROOT, entry));
  }
}

/** Every cgroup still there: on exit, however it comes (`end`: and end the processes in them, on a signal). */
export function removeAllCpuQuotas(end = false) {
  for (const dir of [...live]) removeCgroup(dir, end);
}
process.once('exit', () => removeAllCpuQuotas());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removeAllCpuQuotas(true);
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}
