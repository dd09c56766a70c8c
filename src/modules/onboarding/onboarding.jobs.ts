import type { Sql } from '../../platform/db/db.ts';
import type { Jobs } from '../../platform/jobs.ts';

/**
 * Onboarding's jobs, each in one place: its queue name, its payload, its retry policy and how it is sent.
 * The parts that send or run a job import it from here; the workers (onboarding.workers.ts) bind handlers.
 */

// Processing of a submission (processing.ts): the engines take seconds per image on 2 cores, so 10 minutes
// covers a slow OCR pass before a retry; after the last attempt the job goes to the abandoned queue.
export const ONBOARDING_PROCESS_JOB = 'onboarding-process';
/** Submissions whose processing job expired or failed on every attempt: they end in ERROR instead of staying IN_PROGRESS. */
export const ONBOARDING_PROCESS_ABANDONED_JOB = 'onboarding-process-abandoned';
export const PROCESS_RETRY_LIMIT = 2;
export interface ProcessJob {
  /** The tenant: every read and write of the job is scoped to it. */
  clientId: string;
  contactId: string;
  runId: string;
}

// The invitation e-mail (invitations.service.ts): SMTP failures are retried, then recorded as FAILED.
export const ONBOARDING_INVITE_JOB = 'onboarding-invite';
export const ONBOARDING_INVITE_RETRIES = 4;
export interface InviteJob {
  invitationId: string;
  clientId: string;
  contactId: string;
  runId: string;
}

// Expiry, automatic refresh and clean-up of replaced uploads, every ten minutes.
export const ONBOARDING_SWEEP_JOB = 'onboarding-sweep';
export const ONBOARDING_SWEEP_CRON = '*/10 * * * *';

export function defineOnboardingQueues(jobs: Jobs) {
  jobs.define(ONBOARDING_PROCESS_ABANDONED_JOB, { retryLimit: 5 });
  jobs.define(ONBOARDING_PROCESS_JOB, {
    retryLimit: PROCESS_RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds: 600, deadLetter: ONBOARDING_PROCESS_ABANDONED_JOB,
  });
  jobs.define(ONBOARDING_INVITE_JOB, { retryLimit: ONBOARDING_INVITE_RETRIES, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  jobs.define(ONBOARDING_SWEEP_JOB, { retryLimit: 1 });
}

/** Queues the processing of a submission inside the submitting transaction: one job per run. */
export const sendProcessJob = (jobs: Jobs, tx: Sql, job: ProcessJob) => jobs.send(ONBOARDING_PROCESS_JOB, job, { tx, singletonKey: job.runId });

/** Queues an invitation e-mail inside the requesting transaction: one job per invitation. */
export const sendInviteJob = (jobs: Jobs, tx: Sql, job: InviteJob) => jobs.send(ONBOARDING_INVITE_JOB, job, { tx, singletonKey: job.invitationId });
