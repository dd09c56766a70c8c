import type { Db } from '../../platform/db/db.ts';
import { one } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/errors.ts';
import { checkOrigins } from './domain/embed-origins.ts';

export interface EmbedSettings {
  client_id: string;
  allowed_origins: string[];
  revision: string;
}

/**
 * Where a client's hosted flow may be embedded (ADR 0145), kept beside its branding in console_settings: the
 * API (PUT /clients/{id}/embedding) and the console's settings write the same column.
 */
export function createEmbedding(db: Db) {
  const read = async (clientId: string): Promise<EmbedSettings> => {
    const row = await one<{ embed_origins: string[]; revision: number }>(db, 'SELECT embed_origins, revision FROM console_settings WHERE client_id = $1', [clientId]);
    return { client_id: clientId, allowed_origins: row?.embed_origins ?? [], revision: String(row?.revision ?? 0) };
  };
  return {
    read,
    /** The origins as a browser writes them; one problem detail per bad entry (`/allowed_origins/{i}`). */
    async save(clientId: string, inputs: readonly string[]): Promise<EmbedSettings> {
      const { origins, errors } = checkOrigins(inputs);
      if (errors.length) {
        throw new AppError('validation_failed', errors.length === 1 ? errors[0]!.message : `${errors.length} origins are not valid`, {
          errors: errors.map((e) => ({ pointer: `/allowed_origins/${e.index}`, message: e.message })),
        });
      }
      await one(db, `INSERT INTO console_settings (client_id, embed_origins) VALUES ($1, $2)
        ON CONFLICT (client_id) DO UPDATE SET embed_origins = EXCLUDED.embed_origins, revision = console_settings.revision + 1, updated_at = now()
        RETURNING client_id`, [clientId, origins]);
      return read(clientId);
    },
  };
}

export type Embedding = ReturnType<typeof createEmbedding>;
