import type { Db, Sql } from '../../platform/db/db.ts';
import { toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { idempotencyAad } from '../../platform/http/idempotency.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { EndOutcome, RelationshipEnd } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import { defaultYears, deleteAfter, MAX_YEARS, mustRetain, REGULATED_DEFAULT_YEARS } from './domain/retention.ts';
import { privacyRepo } from './privacy.repo.ts';

export interface RetentionDeps {
  db: Db;
  /** The system key: stored idempotent responses are sealed under it. */
  cipher: Cipher;
  keys: DataKeys;
  files: FileStore;
  audit: AuditService;
  now: () => Date;
}

export interface RetentionPolicy {
  client_id: string;
  aml_records_years: number;
  is_default: boolean;
  basis: string;
  revision: string;
  updated_at: string | null;
}

const BASIS = 'UK MLR 2017 regulation 40: customer due diligence records are kept for five years after the business relationship ends, ' +
  'then the personal data in them is deleted (at most ten years in all)';

/**
 * Retention (ADR 76): what ending a relationship keeps, and the sweep that deletes it when the client's
 * period has run out. Deleting means the rows, the stored documents and the owners' data keys (ADR 75).
 */
export function createRetentionService(deps: RetentionDeps) {
  const { db, keys } = deps;

  async function yearsOf(sql: Sql, clientId: string): Promise<number> {
    const row = await privacyRepo.policy(sql, clientId);
    return row?.aml_records_years ?? defaultYears(row?.sandbox ?? false);
  }

  /**
   * Stored idempotent responses naming one of `ids` replay personal data: they go with the record. The ids each
   * names are kept beside it; only rows stored before that column existed are opened to look.
   */
  async function purgeIdempotency(sql: Sql, clientId: string, ids: string[]) {
    await privacyRepo.dropIdempotencyNaming(sql, clientId, ids);
    const stale: string[] = [];
    for (const r of await privacyRepo.idempotencyRecordsWithoutIds(sql, clientId)) {
      const body = deps.cipher.decrypt(toBuffer(r.response_enc), idempotencyAad(clientId, r.key)).toString('utf8');
      if (ids.some((id) => body.includes(id))) stale.push(r.key);
    }
    if (stale.length) await privacyRepo.dropIdempotency(sql, clientId, stale);
  }

  /** The RelationshipEnd of the accounts module: keep what the retention obligation needs, delete the rest. */
  const endRelationship: RelationshipEnd = async (tx, end): Promise<EndOutcome> => {
    const { clientId, accountId } = end;
    const endedAt = deps.now();
    const years = await yearsOf(tx, clientId);
    const contactIds = end.contactIds ?? (await privacyRepo.contactsOf(tx, clientId, accountId));
    const withRecords = await privacyRepo.withRecords(tx, clientId, contactIds);
    const keep = contactIds.filter((id) => mustRetain(years, withRecords.has(id)));
    const drop = contactIds.filter((id) => !keep.includes(id));
    const files = await privacyRepo.storageKeysOf(tx, clientId, contactIds);
    const record = { clientId, accountId, reason: end.reason, endedAt, erasureId: end.erasureId ?? null };

    const contactRows = await privacyRepo.snapshot(tx, clientId, 'CONTACT', keep);
    for (const id of keep) {
      await privacyRepo.retain(tx, {
        ...record, ownerId: id, kind: 'CONTACT', rows: contactRows.get(id), storageKeys: files.filter((f) => f.contact_id === id).map((f) => f.storage_key),
      });
    }
    const wholeAccount = end.contactIds === null;
    // The account's own fields (its name, the portal link) are kept while any of its people's records are.
    const keepAccount = wholeAccount && keep.length > 0;
    if (keepAccount) {
      const accountRows = await privacyRepo.snapshot(tx, clientId, 'ACCOUNT', [accountId]);
      await privacyRepo.retain(tx, { ...record, ownerId: accountId, kind: 'ACCOUNT', rows: accountRows.get(accountId), storageKeys: [] });
    }
    if (wholeAccount) await tx.query('DELETE FROM accounts WHERE client_id = $1 AND id = $2', [clientId, accountId]);
    else await tx.query('DELETE FROM contacts WHERE client_id = $1 AND account_id = $2 AND id = ANY($3::text[])', [clientId, accountId, contactIds]);
    const shredded = [...drop, ...(wholeAccount && !keepAccount ? [accountId] : [])];
    const retained = [...keep, ...(keepAccount ? [accountId] : [])];
    await keys.destroy(tx, shredded);
    await purgeIdempotency(tx, clientId, wholeAccount ? [accountId, ...contactIds] : contactIds);
    await deps.audit.recordIn(tx, {
      client_id: clientId, actor: 'system:retention', action: 'privacy.relationship_ended', subject: wholeAccount ? accountId : `${accountId}/${contactIds.join(',')}`,
      details: { reason: end.reason, retained, deleted: shredded, retention_years: years },
    });
    const dropFiles = files.filter((f) => drop.includes(f.contact_id)).map((f) => f.storage_key);
    return {
      retained,
      after: async () => {
        keys.forget(shredded);
        // The keys are gone already: a file left behind by a failure here can no longer be opened.
        for (const key of dropFiles) await deps.files.delete(key).catch(() => undefined);
      },
    };
  };

  async function policy(clientId: string): Promise<RetentionPolicy> {
    const row = await privacyRepo.policy(db, clientId);
    const isDefault = row.aml_records_years === null;
    return {
      client_id: clientId,
      aml_records_years: row.aml_records_years ?? defaultYears(row.sandbox),
      is_default: isDefault,
      basis: BASIS,
      revision: String(row.revision ?? 0),
      updated_at: row.updated_at?.toISOString() ?? null,
    };
  }

  return {
    endRelationship,

    policy,

    async setPolicy(clientId: string, years: number): Promise<RetentionPolicy> {
      await db.tx((tx) => privacyRepo.savePolicy(tx, clientId, years)); // a transaction marks the Idempotency-Key (ADR 65)
      return policy(clientId);
    },

    yearsOf: (clientId: string) => yearsOf(db, clientId),

    /**
     * Deletes every retained record whose period has run out at `now`: rows, stored documents and data keys,
     * a batch per transaction. Erasure requests with nothing left are COMPLETED. Returns what it did.
     */
    async sweep(options: { batch?: number } = {}) {
      const now = deps.now();
      const totals = { records: 0, contacts: 0, accounts: 0, files: 0, keys: 0, erasures_completed: 0 };
      for (;;) {
        const done = await db.tx(async (tx) => {
          const due = await privacyRepo.due(tx, now, { regulated: REGULATED_DEFAULT_YEARS, sandbox: 0 }, options.batch ?? 200);
          if (due.length === 0) return undefined;
          const owners = due.map((d) => d.owner_id);
          await privacyRepo.dropRetained(tx, owners);
          const destroyed = await keys.destroy(tx, owners);
          const completed = await privacyRepo.completeErasures(tx, now);
          for (const clientId of new Set(due.map((d) => d.client_id))) {
            await deps.audit.recordIn(tx, {
              client_id: clientId, actor: 'system:retention', action: 'privacy.retention_deleted',
              details: { owners: due.filter((d) => d.client_id === clientId).map((d) => d.owner_id) },
            });
          }
          return { due, destroyed, completed: completed.length };
        });
        if (!done) break;
        keys.forget(done.due.map((d) => d.owner_id));
        const storageKeys = done.due.flatMap((d) => d.storage_keys);
        for (const key of storageKeys) await deps.files.delete(key).catch(() => undefined);
        totals.records += done.due.length;
        totals.contacts += done.due.filter((d) => d.kind === 'CONTACT').length;
        totals.accounts += done.due.filter((d) => d.kind === 'ACCOUNT').length;
        totals.files += storageKeys.length;
        totals.keys += done.destroyed;
        totals.erasures_completed += done.completed;
      }
      return totals;
    },

    maxYears: MAX_YEARS,
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
