import type { Db } from '../../platform/db/db.ts';
import { newId } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import { decodeCursor, toPageOf } from '../../platform/http/pagination.ts';
import type { AccountsService } from '../accounts/index.ts';
import { deleteAfter } from './domain/retention.ts';
import { privacyRepo, type ErasureRow } from './privacy.repo.ts';
import type { RetentionService } from './retention.service.ts';
import type { ErasureRequestOut } from './privacy.schemas.ts';

/**
 * Erasure requests (GDPR art. 17 with art. 17(3)(b) and 18; ADR 76): the relationship with the contact (or the
 * whole account) ends at once, so nothing processes the data any more; what the retention obligation needs is
 * kept sealed until the sweep deletes it, the rest is deleted and its keys destroyed now.
 */
export function createErasureService(deps: { db: Db; accounts: AccountsService; retention: RetentionService; now: () => Date }) {
  const { db } = deps;

  async function out(row: ErasureRow): Promise<ErasureRequestOut> {
    const years = await deps.retention.yearsOf(row.client_id);
    return {
      id: row.id, client_id: row.client_id, account_id: row.account_id, contact_id: row.contact_id, status: row.status,
      requested_at: row.requested_at.toISOString(),
      delete_after: row.status === 'COMPLETED' ? null : deleteAfter(row.requested_at, years).toISOString(),
      completed_at: row.completed_at?.toISOString() ?? null,
      retention_years: years,
    };
  }

  return {
    async request(clientId: string, body: { account_id: string; contact_id?: string | null }): Promise<ErasureRequestOut> {
      const accountId = body.account_id;
      const contactId = body.contact_id ?? null;
      const existing = await privacyRepo.restriction(db, clientId, accountId, contactId);
      if (existing) {
        throw new AppError('conflict', `An erasure request already restricts this record: ${existing.id}`, { erasure_request_id: existing.id });
      }
      const id = newId('era');
      let row: ErasureRow | undefined;
      await deps.accounts.endRelationship(clientId, accountId, contactId, 'ERASURE_REQUESTED', {
        erasureId: id,
        inTx: async (tx, outcome) => {
          row = await privacyRepo.insertErasure(tx, {
            id, clientId, accountId, contactId, status: outcome.retained.length ? 'RESTRICTED' : 'COMPLETED', requestedAt: deps.now(),
          });
        },
      });
      return out(row!);
    },

    async get(clientId: string, id: string): Promise<ErasureRequestOut> {
      const row = await privacyRepo.erasure(db, clientId, id);
      if (!row) throw new AppError('not_found', 'Resource not found');
      return out(row);
    },

    async list(clientId: string, query: { limit?: number; cursor?: string }) {
      const limit = query.limit ?? 50;
      const rows = await privacyRepo.erasures(db, clientId, { afterSeq: decodeCursor(query.cursor), limit });
      return toPageOf(rows, limit, (items) => Promise.all(items.map(out)));
    },

    /** The request that restricts this account or contact, if one does (reads then answer 451, not 404). */
    restriction: (clientId: string, accountId: string, contactId: string | null) => privacyRepo.restriction(db, clientId, accountId, contactId),
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
