import type { Db } from '../../platform/db/db.ts';
import { one } from '../../platform/db/db.ts';
import { hashSecret } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import { clientReads } from '../auth/index.ts';

interface PartnerRow {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  client_ids: string[] | null;
  created_at: Date;
  revoked_at: Date | null;
}

export interface PartnerOut {
  partner_id: string;
  name: string;
  key_prefix: string;
  /** null: any client (each call is still limited to the client of its bearer token). */
  client_ids: string[] | null;
  created_at: string;
  revoked_at: string | null;
}

const KEY_PREFIX = 'kyp_';
const out = (row: PartnerRow): PartnerOut => ({
  partner_id: row.id, name: row.name, key_prefix: row.key_prefix, client_ids: row.client_ids,
  created_at: row.created_at.toISOString(), revoked_at: row.revoked_at?.toISOString() ?? null,
});

/**
 * Partners and their API keys (DESIGN.md: `X-Partner-Api-Key`, issued per partner, stored hashed). A key
 * answers "which partner is calling"; the bearer token still answers "for which client". A missing or
 * unknown key is 401; a partner whose scope leaves out the bearer's client is 403.
 */
export function createPartnersService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async create(input: { name: string; clientIds?: string[] }): Promise<PartnerOut & { api_key: string }> {
      const name = input.name.trim();
      if (!name || name.length > 200) throw new AppError('validation_failed', 'A partner needs a name of 1 to 200 characters');
      const clientIds = input.clientIds?.length ? [...new Set(input.clientIds)] : null;
      if (clientIds) {
        const known = await clientReads.existing(db, clientIds);
        const missing = clientIds.filter((id) => !known.includes(id));
        if (missing.length) throw new AppError('not_found', `Unknown client: ${missing.join(', ')}`);
      }
      // 256 random bits: only the hash is stored, so the key is shown this once.
      const apiKey = `${KEY_PREFIX}${randomToken(32)}`;
      const row = (await one<PartnerRow>(db,
        'INSERT INTO partners (id, name, key_hash, key_prefix, client_ids) VALUES ($1, $2, $3, $4, $5) RETURNING *',
        [newId('ptn'), name, hashSecret(apiKey), apiKey.slice(0, KEY_PREFIX.length + 6), clientIds]))!;
      return { ...out(row), api_key: apiKey };
    },

    async list(): Promise<PartnerOut[]> {
      return (await db.query<PartnerRow>('SELECT * FROM partners ORDER BY created_at')).map(out);
    },

    async revoke(partnerId: string): Promise<PartnerOut> {
      const row = await one<PartnerRow>(db, 'UPDATE partners SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING *', [partnerId]);
      if (!row) throw new AppError('not_found', `Unknown partner: ${partnerId}`);
      return out(row);
    },

    /** The partner behind a key, allowed to act for `clientId`; throws the problem the caller should see. */
    async authorise(apiKey: string | undefined, clientId: string): Promise<{ partnerId: string }> {
      if (!apiKey) {
        throw new AppError('unauthorized', 'This endpoint needs a partner API key in the X-Partner-Api-Key header as well as the bearer token', { reason: 'PARTNER_KEY_MISSING' });
      }
      const row = apiKey.startsWith(KEY_PREFIX) && apiKey.length < 200
        ? await one<PartnerRow>(db, 'SELECT * FROM partners WHERE key_hash = $1', [hashSecret(apiKey)])
        : undefined;
      if (!row || row.revoked_at) throw new AppError('unauthorized', 'The partner API key is not valid', { reason: 'PARTNER_KEY_INVALID' });
      if (row.client_ids && !row.client_ids.includes(clientId)) {
        throw new AppError('forbidden', 'This partner API key is not issued for this client', { reason: 'PARTNER_SCOPE' });
      }
      return { partnerId: row.id };
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
