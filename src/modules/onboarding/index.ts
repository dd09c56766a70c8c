/**
 * Onboarding: the report (endpoints 5 and 6), the hosted verification flow's API, processing by the document
 * and face engines, invitation e-mail. `createOnboarding` builds the whole module from the platform services.
 */
import type { Config } from '../../platform/config.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import type { Db } from '../../platform/db/db.ts';
import type { EventRecorder } from '../../platform/events.ts';
import type { App } from '../../platform/http/app.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createFileStore, localDiskBackend, s3Backend, type FileStore } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import { createFaceService, type FaceService } from '../biometrics/index.ts';
import type { CreditsService } from '../credits/index.ts';
import { createDocumentService, type DocumentService } from '../documents/index.ts';
import { createMailService } from '../mail/index.ts';
import { createFlowService } from './flow.service.ts';
import { registerFlowRoutes } from './flow.routes.ts';
import { registerHostedPages } from './pages.routes.ts';
import { defineOnboardingQueues, startOnboardingWorkers as startWorkers } from './onboarding.jobs.ts';
import { registerOnboardingRoutes } from './onboarding.routes.ts';
import type { Throttle } from '../../platform/http/rate-limit/throttle.ts';
import { createOnboardingService } from './onboarding.service.ts';
import { createProcessor, type Engines } from './processing.ts';
import { createPortalService } from './portal.service.ts';
import { registerPortalRoutes } from './portal.routes.ts';
import { logoOrigin, readBranding } from './branding.ts';
import type { PartnersService } from '../partners/index.ts';

export { createOnboardingService, type OnboardingService, type OnboardingData } from './onboarding.service.ts';
export { onboardingReads, type OnboardingReportRef } from './onboarding.repo.ts';
export { OnboardingReviewBody, type OnboardingReviewInput } from './onboarding.schemas.ts';
export { SubmitResult } from './flow.schemas.ts';
/** Branding is set in the console's settings and read by the hosted pages. */
export { readBranding } from './branding.ts';

/** `onboarding/{client}/{contact}/{file}`: the contact whose key seals the file. */
export const ownerOfStorageKey = (key: string): string => key.split('/')[2] ?? 'system';
export type { FlowService } from './flow.service.ts';

/**
 * The store of uploaded documents, each sealed under its contact's data key (the contact id is the key's second
 * segment): ADR 75. Built before the modules: retention (which accounts is given) deletes files from it.
 */
export function createDocumentFiles(deps: { config: Config; db: Db; keys: DataKeys }): FileStore {
  const { config } = deps;
  return createFileStore(config.s3 ? s3Backend(config.s3) : localDiskBackend(config.storageDir), (key) => deps.keys.cipherFor(deps.db, ownerOfStorageKey(key)));
}

/**
 * The simulated engines for sandbox clients (the sandbox module's, which depends on this one for its routes:
 * service.ts builds them and passes them in). `real` is the live document engine, built on first use.
 */
export interface SandboxEngines {
  documents(real: () => DocumentService): DocumentService;
  faces(contactLastName: string): FaceService;
}

export function createOnboarding(deps: {
  sandbox: SandboxEngines;
  config: Config; db: Db; cipher: Cipher; keys: DataKeys; events: EventRecorder; jobs: Jobs; accounts: AccountsService; credits: CreditsService; files: FileStore; audit: AuditService; now: () => Date;
}) {
  const { config, db, cipher, jobs, accounts, files, now } = deps;
  const mail = createMailService({ db, cipher, allowPrivate: config.mailAllowPrivate });
  // The engines load models and an OCR worker on first use; the API process that never processes never pays for them.
  let documentService: DocumentService | undefined;
  let faceService: FaceService | undefined;
  const documents = () => (documentService ??= createDocumentService({ minimumAge: config.minimumAge, now }));
  const faces = () => (faceService ??= createFaceService());
  // Sandbox clients get simulated image reading (src/modules/sandbox/engines.ts); a client's mode never changes.
  const sandboxDocuments = deps.sandbox.documents(documents);
  const sandboxClients = new Map<string, boolean>();
  // The contact's last name (the persona) is read only for a sandbox client: live uploads pay no extra query.
  const engines = async (clientId: string, contactLastName: () => Promise<string>): Promise<Engines> => {
    let sandbox = sandboxClients.get(clientId);
    if (sandbox === undefined) sandboxClients.set(clientId, (sandbox = await onboarding.isSandbox(db, clientId)));
    return sandbox ? { documents: sandboxDocuments, faces: deps.sandbox.faces(await contactLastName()) } : { documents: documents(), faces: faces() };
  };
  const onboarding = createOnboardingService({ db, cipher, keys: deps.keys, events: deps.events, jobs, accounts, credits: deps.credits, mail, audit: deps.audit, publicUrl: config.publicUrl, linkTtlDays: config.onboardingLinkTtlDays, now });
  const flow = createFlowService({ db, jobs, files, accounts, onboarding, engines, publicUrl: config.publicUrl, now });
  const processor = createProcessor({ db, files, accounts, onboarding, engines, now });
  const portal = createPortalService({ db, accounts, onboarding, now });
  defineOnboardingQueues(jobs);
  return {
    mail, files, onboarding, flow, processor, portal,
    /** The https origin of the client's logo behind a page's token, for that page's CSP. */
    async logoOriginFor(page: 'verify' | 'portal', token: string) {
      const clientId = page === 'verify' ? await flow.clientOf(token) : await portal.clientOf(token);
      return clientId ? logoOrigin(await readBranding(db, clientId)) : null;
    },
    async close() {
      await documentService?.close();
      await faceService?.close();
    },
  };
}

export type Onboarding = ReturnType<typeof createOnboarding>;

/** Endpoints 5 and 6, the e-mail connection setting, the hosted flow's API, the portal and their pages. */
export function registerOnboarding(
  app: App, onboarding: Onboarding, config: Config, partners: PartnersService, throttle: Throttle,
  submitReview?: Parameters<typeof registerOnboardingRoutes>[1]['submitReview'],
) {
  registerOnboardingRoutes(app, { onboarding: onboarding.onboarding, mail: onboarding.mail, submitReview });
  registerFlowRoutes(app, { flow: onboarding.flow, uploadMaxBytes: config.uploadMaxBytes, throttle });
  registerPortalRoutes(app, { portal: onboarding.portal, partners });
  registerHostedPages(app, { publicUrl: config.publicUrl, logoOrigin: onboarding.logoOriginFor });
}

export const startOnboardingWorkers = (jobs: Jobs, onboarding: Onboarding) => startWorkers(jobs, { onboarding: onboarding.onboarding, processor: onboarding.processor, flow: onboarding.flow });
