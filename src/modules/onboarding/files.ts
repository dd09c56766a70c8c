import type { Config } from '../../platform/config.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import type { Db } from '../../platform/db/db.ts';
import { createFileStore, localDiskBackend, s3Backend } from '../../platform/storage/index.ts';

/** `onboarding/{client}/{contact}/{file}`: the contact whose key seals the file. */
export const ownerOfStorageKey = (key: string): string => key.split('/')[2] ?? 'system';

/** Where uploads are kept (S3 or the local disk), each file sealed under its contact's data key (ADR 75). */
export const createOnboardingFiles = (deps: { config: Pick<Config, 's3' | 'storageDir'>; db: Db; keys: DataKeys }) =>
  createFileStore(deps.config.s3 ? s3Backend(deps.config.s3) : localDiskBackend(deps.config.storageDir), (key) => deps.keys.cipherFor(deps.db, ownerOfStorageKey(key)));
