import type { Jobs } from '../../platform/jobs.ts';
import type { InviteJob, OnboardingService } from './onboarding.service.ts';
import { ONBOARDING_INVITE_JOB, ONBOARDING_INVITE_RETRIES, ONBOARDING_PROCESS_JOB } from './onboarding.service.ts';
import type { FlowService, ProcessJob } from './flow.service.ts';
import { PROCESS_RETRY_LIMIT, type Processor } from './processing.ts';

export const ONBOARDING_SWEEP_JOB = 'onboarding-sweep';
/** Submissions whose processing job expired or failed on every attempt: they end in ERROR instead of staying IN_PROGRESS. */
export const ONBOARDING_PROCESS_ABANDONED_JOB = 'onboarding-process-abandoned';

export function defineOnboardingQueues(jobs: Jobs) {
  // Engines take seconds per image on 2 cores; 10 minutes covers a slow OCR pass before a retry.
  jobs.define(ONBOARDING_PROCESS_ABANDONED_JOB, { retryLimit: 5 });
  jobs.define(ONBOARDING_PROCESS_JOB, {
    retryLimit: PROCESS_RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds: 600, deadLetter: ONBOARDING_PROCESS_ABANDONED_JOB,
  });
  jobs.define(ONBOARDING_INVITE_JOB, { retryLimit: ONBOARDING_INVITE_RETRIES, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  jobs.define(ONBOARDING_SWEEP_JOB, { retryLimit: 1 });
}

/** Workers: processing of submissions, invitation mail, and the expiry / automatic refresh sweep. */
export async function startOnboardingWorkers(jobs: Jobs, deps: { onboarding: OnboardingService; processor: Processor; flow: FlowService }) {
  await jobs.work<ProcessJob>(ONBOARDING_PROCESS_JOB, (data, job) => deps.processor.process(data, job));
  await jobs.work<ProcessJob>(ONBOARDING_PROCESS_ABANDONED_JOB, (data) => deps.processor.abandon(data));
  await jobs.work<InviteJob>(ONBOARDING_INVITE_JOB, (data, job) => deps.onboarding.sendInvitation(data, job), { batchSize: 4 });
  await jobs.work(ONBOARDING_SWEEP_JOB, async () => {
    await deps.onboarding.sweep();
    await deps.flow.cleanup();
  });
  await jobs.schedule(ONBOARDING_SWEEP_JOB, '*/10 * * * *');
}
