import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../src/platform/jobs.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { databaseKind, freshDatabase } from '../helpers/service.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
const opened: Jobs[] = [];

function jobs(db: Db, worker = true) {
  const j = createJobs({ db, worker, pollingIntervalSeconds: 0.5 });
  j.define('test-job', { retryLimit: 3, retryDelay: 1, retryBackoff: false });
  opened.push(j);
  return j;
}

async function until(predicate: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.exec('CREATE TABLE job_runs (job text NOT NULL, attempt int NOT NULL, by text NOT NULL)');
});
afterAll(async () => {
  for (const j of opened) await j.stop().catch(() => undefined);
  await database?.drop();
});

describe(`durable jobs on ${databaseKind}`, () => {
  it('a job enqueued in a transaction exists only if the transaction commits', async () => {
    const j = jobs(database.db, false);
    await j.start();
    await database.db.tx(async (tx) => {
      await j.send('test-job', { name: 'committed' }, { tx });
    });
    await database.db.tx(async (tx) => {
      await j.send('test-job', { name: 'rolled-back' }, { tx });
      throw new Error('roll back');
    }).catch(() => undefined);
    const rows = await database.db.query<{ data: { name: string } }>("SELECT data FROM pgboss.job WHERE name = 'test-job'");
    expect(rows.map((r) => r.data.name)).toEqual(['committed']);
    await j.stop();
  });

  it('a job survives a restart: enqueued by one instance, run by the next', async () => {
    const runs: string[] = [];
    const worker = jobs(database.db);
    await worker.work<{ name: string }>('test-job', async (data) => {
      runs.push(data.name);
      await database.db.query('INSERT INTO job_runs (job, attempt, by) VALUES ($1, 0, $2)', [data.name, 'restart']);
    });
    await until(() => runs.includes('committed'));
    expect(runs).toEqual(['committed']);
    await worker.stop();
  });

  it('a failing job is retried until it succeeds', async () => {
    const j = jobs(database.db);
    let calls = 0;
    await j.work<{ name: string }>('test-job', async (data, job) => {
      if (data.name !== 'flaky') return;
      calls++;
      await database.db.query('INSERT INTO job_runs (job, attempt, by) VALUES ($1, $2, $3)', [data.name, job.retryCount, 'retry']);
      if (calls < 3) throw new Error('transient failure');
    });
    await j.send('test-job', { name: 'flaky' });
    await until(async () => (await database.db.query("SELECT 1 FROM pgboss.job WHERE name = 'test-job' AND data->>'name' = 'flaky' AND state = 'completed'")).length === 1);
    const attempts = await database.db.query<{ attempt: number }>("SELECT attempt FROM job_runs WHERE job = 'flaky' ORDER BY attempt");
    expect(attempts.map((a) => a.attempt)).toEqual([0, 1, 2]);
    await j.stop();
  });

  it('a worker whose batch came back full fetches again at once instead of waiting out its polling interval', async () => {
    // A minute between polls: draining 12 jobs in batches of 3 by polling alone would take four minutes.
    const sender = createJobs({ db: database.db, worker: false });
    const worker = createJobs({ db: database.db, worker: true, pollingIntervalSeconds: 60 });
    for (const j of [sender, worker]) { j.define('burst-job'); opened.push(j); }
    await sender.start();
    for (let i = 0; i < 12; i++) await sender.send('burst-job', { name: `burst-${i}` }); // no wake-up: another instance
    await worker.work<{ name: string }>('burst-job', async (data) => {
      await database.db.query('INSERT INTO job_runs (job, attempt, by) VALUES ($1, 0, $2)', [data.name, 'burst']);
    }, { batchSize: 3 });
    await until(async () => (await database.db.query("SELECT 1 FROM job_runs WHERE job LIKE 'burst-%'")).length >= 12, 30_000);
  }, 60_000);

  it('a job that fails in a batch fails alone: its batch mates run once, complete, and keep their attempts', async () => {
    const sender = createJobs({ db: database.db, worker: false });
    const worker = createJobs({ db: database.db, worker: true, pollingIntervalSeconds: 0.5 });
    for (const j of [sender, worker]) { j.define('batch-job', { retryLimit: 1, retryDelay: 1, retryBackoff: false }); opened.push(j); }
    await sender.start();
    // Sent before any worker listens, so the first fetch takes all four as one batch, in this order.
    for (const name of ['mate-a', 'broken', 'mate-b', 'mate-c']) await sender.send('batch-job', { name });
    await worker.work<{ name: string }>('batch-job', async (data, job) => {
      await database.db.query('INSERT INTO job_runs (job, attempt, by) VALUES ($1, $2, $3)', [data.name, job.retryCount, 'batch']);
      if (data.name === 'broken') throw new Error('cannot succeed');
    }, { batchSize: 4 });
    const state = async () => Object.fromEntries((await database.db.query<{ name: string; state: string }>(
      "SELECT data->>'name' AS name, state FROM pgboss.job WHERE name = 'batch-job'")).map((r) => [r.name, r.state]));
    await until(async () => (await state()).broken === 'failed', 30_000);
    const runs = await database.db.query<{ job: string; attempt: number }>("SELECT job, attempt FROM job_runs WHERE by = 'batch' ORDER BY job, attempt");
    expect(runs).toEqual([
      { job: 'broken', attempt: 0 }, { job: 'broken', attempt: 1 },
      { job: 'mate-a', attempt: 0 }, { job: 'mate-b', attempt: 0 }, { job: 'mate-c', attempt: 0 },
    ]);
    expect(await state()).toEqual({ 'mate-a': 'completed', broken: 'failed', 'mate-b': 'completed', 'mate-c': 'completed' });
  }, 60_000);

  it.skipIf(databaseKind !== 'postgres')('two workers with their own connections share a queue and run each job once', async () => {
    const other = createPostgresDb(database.url!);
    try {
      const a = jobs(database.db);
      const b = jobs(other);
      const handler = (by: string) => async (data: { name: string }) => {
        await database.db.query('INSERT INTO job_runs (job, attempt, by) VALUES ($1, 0, $2)', [data.name, by]);
        await new Promise((r) => setTimeout(r, 20));
      };
      await a.work('test-job', handler('a'), { batchSize: 5 });
      await b.work('test-job', handler('b'), { batchSize: 5 });
      for (let i = 0; i < 60; i++) await a.send('test-job', { name: `shared-${i}` });
      await until(async () => (await database.db.query("SELECT 1 FROM job_runs WHERE job LIKE 'shared-%'")).length >= 60, 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      const runs = await database.db.query<{ job: string; by: string }>("SELECT job, by FROM job_runs WHERE job LIKE 'shared-%'");
      expect(runs).toHaveLength(60);
      expect(new Set(runs.map((r) => r.job)).size).toBe(60);
      expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['a', 'b']));
      await a.stop();
      await b.stop();
    } finally {
      await other.close();
    }
  }, 90_000);
});
