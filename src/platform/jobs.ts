import PgBoss from 'pg-boss';
import type { Db, Sql } from './db/db.ts';

/**
 * Durable background jobs on the service's own database, through pg-boss (ADR 0006): jobs survive restarts,
 * retry with backoff, and a job whose worker died is picked up again after it expires. On PostgreSQL several
 * worker processes share the queues (SKIP LOCKED, so a job runs in one place at a time); on PGlite the one
 * process runs them.
 */
export interface JobOptions {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Sql;
  startAfter?: Date | number;
  singletonKey?: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

/**
 * `expiresAt` (epoch ms): when the job is presumed lost with its worker and run again, spending an attempt. For a
 * job of a batch it counts from the batch's fetch, so a handler that waits should wait only part of what is left.
 */
export type JobHandler<T> = (data: T, job: { id: string; retryCount: number; expiresAt: number }) => Promise<void>;

export interface QueueDefinition {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** A queue (defined before this one) that receives the job once its retries are spent, so nothing just stops. */
  deadLetter?: string;
}

// Any constant, the same in every process (migrate.ts uses another).
const JOBS_INSTALL_LOCK = 7_411_003;

function adapter(sql: Sql | Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (values && values.length) return { rows: await sql.query(text, values) };
      if ('script' in sql) return { rows: await sql.script(text) };
      return { rows: await sql.query(text) };
    },
  };
}

export function createJobs(deps: { db: Db; worker: boolean; pollingIntervalSeconds?: number; maintenanceSeconds?: number }) {
  const boss = new PgBoss({
    db: adapter(deps.db),
    // Maintenance (expiring dead workers' jobs, archiving) and cron scheduling only where jobs are worked. A job
    // whose worker was killed stays active until its queue's expiry has passed and then the next maintenance
    // run, which retries it: the two together bound how long a killed worker's jobs wait (docs/fault-tolerance.md).
    supervise: deps.worker,
    maintenanceIntervalSeconds: deps.maintenanceSeconds ?? 120,
    schedule: deps.worker,
    migrate: true,
  });
  const queues = new Map<string, QueueDefinition>();
  // Workers of this process by queue: a send wakes them at once instead of waiting for their next poll.
  const localWorkers = new Map<string, string[]>();
  let started: Promise<unknown> | undefined;
  boss.on('error', (error) => process.stderr.write(`jobs: ${error.message}\n`));

  const install = async () => {
    await boss.start();
    for (const [name, options] of queues) {
      await boss.createQueue(name, { name, ...options });
      // createQueue keeps what an earlier version stored; the definitions in this code (and their settings) win.
      await boss.updateQueue(name, { name, ...options });
    }
  };
  // Processes started together on a new database would create pg-boss's schema and its queues' partitions at the
  // same moment, which pg-boss does not serialise (a duplicate schema, or a deadlock between two queues'
  // partitions): on PostgreSQL one process at a time installs, holding an advisory lock in a transaction of its own.
  const start = () => (started ??= deps.db.kind === 'postgres'
    ? deps.db.tx(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [JOBS_INSTALL_LOCK]);
      await install();
    })
    : install());

  return {
    /** Declares a queue with its retry policy; call before start(). */
    define(name: string, options: QueueDefinition = {}) {
      queues.set(name, { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60, ...options });
    },
    start,
    async send<T extends object>(name: string, data: T, options: JobOptions = {}): Promise<string | null> {
      if (!queues.has(name)) throw new Error(`job queue ${name} is not defined`);
      await start();
      const { tx, ...rest } = options;
      const id = await boss.send(name, data, { ...rest, ...(tx ? { db: adapter(tx) } : {}) } as PgBoss.SendOptions);
      const workers = localWorkers.get(name) ?? [];
      if (workers.length && !options.startAfter) {
        // Inside a transaction the job is visible only after the commit, a moment from now: knock twice.
        const wake = () => workers.forEach((w) => boss.notifyWorker(w));
        if (tx) [20, 200].forEach((ms) => setTimeout(wake, ms).unref());
        else wake();
      }
      return id;
    },
    async work<T>(name: string, handler: JobHandler<T>, options: { batchSize?: number } = {}) {
      await start();
      const batchSize = options.batchSize ?? 1;
      let workerId = '';
      workerId = await boss.work<T>(
        name,
        { batchSize, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? (deps.db.kind === 'pglite' ? 2 : 0.5), includeMetadata: true },
        async (jobs) => {
          // pg-boss started each job's expiry at this fetch (EXTRACT gives a numeric, which arrives as a string).
          const fetchedAt = Date.now();
          const run = (job: (typeof jobs)[number]) => handler(job.data, { id: job.id, retryCount: job.retryCount, expiresAt: fetchedAt + Number(job.expireInSeconds) * 1000 });
          // pg-boss fails a whole batch when its handler throws: one broken job would spend an attempt of each of
          // its batch mates and leave the ones after it unrun. Each job is failed on its own instead (a batch of one
          // the same way); pg-boss then completes the rest, and only jobs still active (its SQL says so).
          for (const job of jobs) await run(job).catch((error: Error) => boss.fail(name, job.id, error));
          // pg-boss waits out the polling interval after every fetch, which caps a worker at batchSize jobs per
          // interval (8 AML checks a second); a full batch means more are waiting, so fetch again at once.
          if (jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
        },
      );
      localWorkers.set(name, [...(localWorkers.get(name) ?? []), workerId]);
    },
    async schedule(name: string, cron: string, data: object = {}) {
      await start();
      await boss.schedule(name, cron, data);
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
