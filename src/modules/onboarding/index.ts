/**
 * Onboarding, in parts with one job each, built here from the platform services:
 * - the report and its trigger (onboarding.service.ts, endpoints 5 and 6) with its invitation e-mail (invitations.service.ts);
 * - the hosted flow the contact fills in (flow.service.ts);
 * - the processing job that runs the engines over a submission (processing.ts; the engines chosen in engines.ts);
 * - the client portal and its insights (portal.service.ts).
 * Each part is given the one storage helper (onboarding.store.ts: sealing, events, the account's completion);
 * the jobs are defined in onboarding.jobs.ts, the needs-review rule in domain/decision.ts.
 */
import type { Config } from '../../platform/config.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import type { Db } from '../../platform/db/db.ts';
import type { EventRecorder } from '../../platform/events.ts';
import type { App } from '../../platform/http/app.ts';
import type { Throttle } from '../../platform/http/rate-limit/throttle.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { CreditsService } from '../credits/index.ts';
import { createMailService } from '../mail/index.ts';
import type { PartnersService } from '../partners/index.ts';
import { logoOrigins } from './branding.ts';
import { createEngineChoice, type SandboxEngines } from './engines.ts';
import { createFlowService } from './flow.service.ts';
import { createLivenessService } from './liveness.service.ts';
import { registerLivenessRoutes } from './liveness.routes.ts';
import { registerFlowRoutes } from './flow.routes.ts';
import { createInvitationService } from './invitations.service.ts';
import { defineOnboardingQueues } from './onboarding.jobs.ts';
import { onboardingRepo } from './onboarding.repo.ts';
import { registerOnboardingRoutes } from './onboarding.routes.ts';
import { createOnboardingService } from './onboarding.service.ts';
import { createOnboardingStore } from './onboarding.store.ts';
import { startOnboardingWorkers as startWorkers } from './onboarding.workers.ts';
import { registerHostedPages } from './pages.routes.ts';
import { createEmbedding } from './embedding.ts';
import { registerEmbeddingRoutes } from './embedding.routes.ts';
import { createPortalService } from './portal.service.ts';
import { registerPortalRoutes } from './portal.routes.ts';
import { createProcessor } from './processing.ts';
import { createThumbnails } from './thumbnails.service.ts';

export { createOnboardingService, type OnboardingService } from './onboarding.service.ts';
export { ownerOfStorageKey } from './files.ts';
export { createOnboardingFiles as createDocumentFiles } from './files.ts';
export { onboardingReads, type OnboardingReportRef } from './onboarding.repo.ts';
export { OnboardingReviewBody, type OnboardingReviewInput } from './onboarding.schemas.ts';
export { SubmitResult } from './flow.schemas.ts';
/** Branding is set in the console's settings and read by the hosted pages. */
export { readBranding } from './branding.ts';
/** Where the hosted flow may be embedded: set through the API and the console's settings (ADR 0145). */
export { createEmbedding, type Embedding, type EmbedSettings } from './embedding.ts';
export type { SandboxEngines } from './engines.ts';
export type { FlowService } from './flow.service.ts';
export type { LivenessService, LivenessRecord } from './liveness.service.ts';
export type { PortalService } from './portal.service.ts';
export type { Processor } from './processing.ts';
export type { InvitationService } from './invitations.service.ts';
export { createOnboardingStore, type OnboardingStore } from './onboarding.store.ts';
export { documentNationality, type OnboardingData } from './domain/report.ts';
export { needsReview } from './domain/decision.ts';
export { onboardingRepo, type OnboardingRow, type FileRow } from './onboarding.repo.ts';

export function createOnboarding(deps: {
  sandbox: SandboxEngines;
  config: Config; db: Db; cipher: Cipher; keys: DataKeys; events: EventRecorder; jobs: Jobs; accounts: AccountsService; credits: CreditsService; files: FileStore; audit: AuditService; now: () => Date;
}) {
  const { config, db, cipher, keys, jobs, accounts, files, now } = deps;
  const mail = createMailService({ db, cipher, allowPrivate: config.mailAllowPrivate });
  const engines = createEngineChoice({ db, minimumAge: config.minimumAge, now, sandbox: deps.sandbox });
  const store = createOnboardingStore({ keys, events: deps.events, accounts, publicUrl: config.publicUrl });
  const invitations = createInvitationService({ db, store, jobs, accounts, mail, now });
  const onboarding = createOnboardingService({
    db, store, invitations, accounts, credits: deps.credits, mail, audit: deps.audit, publicUrl: config.publicUrl, linkTtlDays: config.onboardingLinkTtlDays, now,
  });
  const flow = createFlowService({ db, jobs, files, accounts, store, engines: engines.forClient, publicUrl: config.publicUrl, now });
  const liveness = createLivenessService({ db, files, accounts, store, engines: engines.forClient, now, resolve: flow.resolveForWrite });
  const thumbnails = createThumbnails({ db, files, resolve: flow.resolveForWrite, liveness });
  const processor = createProcessor({ db, files, accounts, store, engines: engines.forClient, chipTrustStore: config.chipTrustDir, liveness, now });
  const portal = createPortalService({ db, accounts, store, now });
  defineOnboardingQueues(jobs);
  const embedding = createEmbedding(db);
  return {
    mail, files, store, onboarding, invitations, flow, liveness, thumbnails, processor, portal, embedding,
    /** The origins that may frame the flow behind a link, for its CSP and its events. */
    embedOriginsFor: async (token: string) => {
      const clientId = await flow.clientOf(token);
      return clientId ? (await embedding.read(clientId)).allowed_origins : [];
    },
    /** The https origin of the client's logo behind a page's token, for that page's CSP. */
    logoOriginFor: logoOrigins({ db, clientOfFlow: flow.clientOf, clientOfPortal: portal.clientOf }),
    close: engines.close,
  };
}

export type Onboarding = ReturnType<typeof createOnboarding>;

/** Endpoints 5 and 6, the e-mail connection setting, the hosted flow's API, the portal and their pages. */
export function registerOnboarding(
  app: App, onboarding: Onboarding, config: Config, partners: PartnersService, throttle: Throttle,
  submitReview?: Parameters<typeof registerOnboardingRoutes>[1]['submitReview'],
) {
  registerOnboardingRoutes(app, { onboarding: onboarding.onboarding, mail: onboarding.mail, submitReview });
  registerFlowRoutes(app, { flow: onboarding.flow, thumbnails: onboarding.thumbnails, uploadMaxBytes: config.uploadMaxBytes, throttle });
  registerLivenessRoutes(app, { liveness: onboarding.liveness, uploadMaxBytes: config.uploadMaxBytes, throttle });
  registerPortalRoutes(app, { portal: onboarding.portal, partners });
  registerEmbeddingRoutes(app, { embedding: onboarding.embedding });
  registerHostedPages(app, { publicUrl: config.publicUrl, logoOrigin: onboarding.logoOriginFor, embedOrigins: onboarding.embedOriginsFor });
}

export const startOnboardingWorkers = (jobs: Jobs, onboarding: Onboarding) =>
  startWorkers(jobs, { onboarding: onboarding.onboarding, invitations: onboarding.invitations, processor: onboarding.processor, flow: onboarding.flow });
