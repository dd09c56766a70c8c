import type { Jobs } from '../../platform/jobs.ts';
import type { RetentionService } from './retention.service.ts';

export const RETENTION_SWEEP_JOB = 'retention-sweep';

export function definePrivacyQueues(jobs: Jobs) {
  jobs.define(RETENTION_SWEEP_JOB, { retryLimit: 2, expireInSeconds: 3600 });
}

/** The sweep runs hourly: a record is deleted within the hour after its retention period ends. */
export async function startPrivacyWorkers(jobs: Jobs, deps: { retention: RetentionService }) {
  await jobs.work(RETENTION_SWEEP_JOB, async () => void (await deps.retention.sweep()));
  await jobs.schedule(RETENTION_SWEEP_JOB, '17 * * * *');
}
