import type { Jobs } from '../../platform/jobs.ts';
import type { FlowService } from './flow.service.ts';
import type { InvitationService } from './invitations.service.ts';
import {
  ONBOARDING_INVITE_JOB, ONBOARDING_PROCESS_ABANDONED_JOB, ONBOARDING_PROCESS_JOB, ONBOARDING_SWEEP_CRON, ONBOARDING_SWEEP_JOB, type InviteJob, type ProcessJob,
} from './onboarding.jobs.ts';
import type { OnboardingService } from './onboarding.service.ts';
import type { Processor } from './processing.ts';

/** Workers: processing of submissions, invitation mail, and the expiry / automatic refresh sweep. */
export async function startOnboardingWorkers(jobs: Jobs, deps: { onboarding: OnboardingService; invitations: InvitationService; processor: Processor; flow: FlowService }) {
  await jobs.work<ProcessJob>(ONBOARDING_PROCESS_JOB, (data, job) => deps.processor.process(data, job));
  await jobs.work<ProcessJob>(ONBOARDING_PROCESS_ABANDONED_JOB, (data) => deps.processor.abandon(data));
  await jobs.work<InviteJob>(ONBOARDING_INVITE_JOB, (data, job) => deps.invitations.send(data, job), { batchSize: 4 });
  await jobs.work(ONBOARDING_SWEEP_JOB, async () => {
    await deps.onboarding.sweep();
    await deps.flow.cleanup();
  });
  await jobs.schedule(ONBOARDING_SWEEP_JOB, ONBOARDING_SWEEP_CRON);
}
