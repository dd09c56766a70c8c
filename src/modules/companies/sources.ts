/** Where the register is read from: the Companies House API, or the imported bulk products. */
import type { Db } from '../../platform/db/db.ts';
import type { RegisterSource } from './domain/register.ts';
import { createChClient } from './ch-client.ts';
import { createBulkSource } from './bulk.import.ts';


/** The API when a key is configured, else the imported bulk products when files are, else none (checks are off). */
export function companiesSource(settings: { apiKey: string | undefined; apiUrl: string; bulkFiles: string[] }, db: Db): RegisterSource | undefined {
  if (settings.apiKey) return createChClient({ apiKey: settings.apiKey, baseUrl: settings.apiUrl });
  if (settings.bulkFiles.length) return createBulkSource(db);
  return undefined;
}
