/**
 * Data protection (ADR 75, ADR 76): retention per client, erasure requests, the sweep that deletes what has
 * expired (rows, documents, data keys), the re-seal of data sealed before per-owner keys, key rotation.
 */
import type { Db } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import type { App } from '../../platform/http/app.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createErasureService } from './erasure.service.ts';
import { definePrivacyQueues } from './privacy.jobs.ts';
import { registerPrivacyRoutes } from './privacy.routes.ts';
import { createResealer } from './reseal.ts';
import { installRestrictionAnswers } from './restriction.hook.ts';
import type { RetentionService } from './retention.service.ts';

export { startPrivacyWorkers, RETENTION_SWEEP_JOB } from './privacy.jobs.ts';
export { PERSONAL_TABLES } from './personal-data.ts';

/**
 * Retention is built before the accounts module, which is given `retention.endRelationship`: a DELETE of an
 * account or contact keeps what the retention obligation needs (ADR 76).
 */
export { createRetentionService, type RetentionService } from './retention.service.ts';

export function createPrivacy(deps: { db: Db; cipher: Cipher; keys: DataKeys; files: FileStore; accounts: AccountsService; retention: RetentionService; jobs: Jobs; now: () => Date }) {
  const { retention } = deps;
  const erasure = createErasureService({ db: deps.db, accounts: deps.accounts, retention, now: deps.now });
  const reseal = createResealer({ db: deps.db, keys: deps.keys, system: deps.cipher, files: deps.files });
  definePrivacyQueues(deps.jobs);
  return { retention, erasure, reseal };
}

export type Privacy = ReturnType<typeof createPrivacy>;

export function registerPrivacy(app: App, privacy: Privacy, problemBase: string) {
  registerPrivacyRoutes(app, privacy);
  installRestrictionAnswers(app, { erasure: privacy.erasure, problemBase });
}
