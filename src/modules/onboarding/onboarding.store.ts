import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { toBuffer, type Sql } from '../../platform/db/db.ts';
import type { DomainEvent, EventRecorder } from '../../platform/events.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { OnboardingRow } from './onboarding.repo.ts';

/** The sealed parts of a report row; each part is bound to its name and contact (the AAD). */
/** `chip`: a chip authentication session's keys (ADR 0198), in its challenge row. */
export type SealedPart = 'data' | 'review' | 'flow' | 'link' | 'liveness' | 'chip';

/**
 * What every part of onboarding needs around a report row besides SQL: sealing and opening what the contact
 * gave and what the engines found (under the contact's data key, ADR 75), the report's webhook events, and the
 * account's completion flag. Built once in index.ts and given to each part at construction.
 */
export function createOnboardingStore(deps: { keys: DataKeys; events: EventRecorder; accounts: Pick<AccountsService, 'recomputeCompletion'>; publicUrl: string }) {
  const { keys, events } = deps;
  const aad = (contactId: string, part: SealedPart) => `onboarding:${part}:${contactId}`;

  return {
    /** `sql` is the caller's transaction, if any: a key not yet cached is read through it. */
    seal: async (sql: Sql, contactId: string, part: Exclude<SealedPart, 'link'>, value: unknown) => (await keys.cipherFor(sql, contactId)).encryptJson(value, aad(contactId, part)),

    open: async <T>(sql: Sql, row: OnboardingRow, part: Exclude<SealedPart, 'link'>, value: Uint8Array | null): Promise<T | null> =>
      value ? (await keys.cipherFor(sql, row.contact_id)).decryptJson<T>(toBuffer(value), aad(row.contact_id, part)) : null,

    /** A part sealed under a contact's key when no report row is at hand (the liveness sessions of other contacts). */
    openOf: async <T>(sql: Sql, contactId: string, part: Exclude<SealedPart, 'link'>, value: Uint8Array): Promise<T> =>
      (await keys.cipherFor(sql, contactId)).decryptJson<T>(toBuffer(value), aad(contactId, part)),

    /** The link token, sealed so endpoint 6 can show the link again; only its hash is searchable. */
    sealLink: async (sql: Sql, contactId: string, token: string) => (await keys.cipherFor(sql, contactId)).encrypt(Buffer.from(token), aad(contactId, 'link')),

    /** The contact's flow link, or null when the request has none (no credit). */
    linkOf: async (sql: Sql, row: OnboardingRow) =>
      row.link_enc ? `${deps.publicUrl}/verify/${(await keys.cipherFor(sql, row.contact_id)).decrypt(toBuffer(row.link_enc), aad(row.contact_id, 'link')).toString('utf8')}` : null,

    /** A report event (webhook outbox), in the caller's transaction. */
    event: (tx: Sql, row: OnboardingRow, name: DomainEvent['event']) =>
      events.record(tx, {
        clientId: row.client_id, event: name, entity: 'CONTACT', reportType: 'ONBOARDING', accountId: row.account_id, contactId: row.contact_id,
        reportId: `${row.account_id}--${row.contact_id}`, revision: String(row.revision),
      }),

    /** A request changed state: the account's `client_onboarding.completed` follows in the same transaction. */
    settle: (tx: Sql, row: OnboardingRow) => deps.accounts.recomputeCompletion(tx, row.client_id, row.account_id),
  };
}

export type OnboardingStore = ReturnType<typeof createOnboardingStore>;
