import type { Jobs } from '../../platform/jobs.ts';
import type { ScreeningService } from '../screening/index.ts';
import { AML_CHECK_JOB, AML_RETRY_LIMIT, type AmlService, type CheckJob } from './aml.service.ts';

/** Checks whose job failed or expired on every attempt: they end in ERROR instead of staying INITIAL for ever. */
export const AML_CHECK_ABANDONED_JOB = 'aml-check-abandoned';

export const AML_REFRESH_JOB = 'aml-refresh';
export const AML_RESCREEN_JOB = 'aml-rescreen';
export const SCREENING_REFRESH_JOB = 'screening-refresh';

/** `checkTimeoutSeconds`: how long a check may run before it is presumed lost with its worker and run again. */
export function defineAmlQueues(jobs: Jobs, options: { checkTimeoutSeconds?: number } = {}) {
  jobs.define(AML_CHECK_ABANDONED_JOB, { retryLimit: 5 });
  jobs.define(AML_CHECK_JOB, {
    retryLimit: AML_RETRY_LIMIT, retryDelay: 1, retryBackoff: true, expireInSeconds: options.checkTimeoutSeconds ?? 300, deadLetter: AML_CHECK_ABANDONED_JOB,
  });
  jobs.define(AML_REFRESH_JOB, { retryLimit: 1 });
  jobs.define(AML_RESCREEN_JOB, { retryLimit: 3, expireInSeconds: 3600 });
  jobs.define(SCREENING_REFRESH_JOB, { retryLimit: 1, expireInSeconds: 1800 });
}

/** Workers of the AML module: the checks, the automatic refresh, list refreshes and re-screening (ongoing monitoring). */
export async function startAmlWorkers(jobs: Jobs, deps: { aml: AmlService; screening: ScreeningService; refreshCron: string }) {
  await jobs.work<CheckJob>(AML_CHECK_JOB, (data, job) => deps.aml.runCheck(data, job), { batchSize: 4 });
  await jobs.work<CheckJob>(AML_CHECK_ABANDONED_JOB, (data) => deps.aml.abandonCheck(data));
  await jobs.work(AML_REFRESH_JOB, async () => void (await deps.aml.refreshDue()));
  await jobs.work<{ entities?: string[]; removed?: string[] }>(AML_RESCREEN_JOB, async (data) => void (await deps.aml.rescreenAll({ onlyEntities: data.entities, removedEntities: data.removed })));
  await jobs.work(SCREENING_REFRESH_JOB, async () => {
    const diffs = await deps.screening.refresh();
    const touched = diffs.flatMap((d) => [...d.added, ...d.changed]);
    // Removed entries matter too: a confirmed match that is delisted goes back to a person (review memory).
    const removed = diffs.flatMap((d) => d.removed);
    if (touched.length === 0 && removed.length === 0) return;
    // A few thousand entries are re-screened as a targeted probe; a wholesale change re-screens everyone.
    await jobs.send(AML_RESCREEN_JOB, touched.length + removed.length <= 5_000 ? { entities: touched, removed } : {});
  });
  await jobs.schedule(AML_REFRESH_JOB, '*/10 * * * *');
  await jobs.schedule(SCREENING_REFRESH_JOB, deps.refreshCron);
}
