import type { Db, Sql } from '../../platform/db/db.ts';
import { toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { hashSecret, hmacHex } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import { AppError, type FieldError, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPageOf } from '../../platform/http/pagination.ts';
import { assertRevision } from '../../platform/http/revision.ts';
import type { EventRecorder } from '../../platform/events.ts';
import type { AccountCreate, AccountOut, AccountPatch, ContactCreate, ContactOut, ContactReplace } from './accounts.schemas.ts';
import { accountsRepo, type AccountRow } from './accounts.repo.ts';
import { contactsRepo, type ContactRow } from './contacts.repo.ts';
import { contactInputOf, normaliseContact, validateContact, type ContactData, type ContactInput } from './domain/contact.ts';
import { validationError } from '../../platform/http/validation.ts';

const PORTAL_TTL_DAYS = 30;

/** Why a relationship ended: the caller's DELETE, or a person's erasure request (ADR 76). */
export type EndReason = 'DELETED' | 'ERASURE_REQUESTED';

/** What ending a relationship did: the owners whose records are kept, and work for after the commit (stored files). */
export interface EndOutcome {
  retained: string[];
  after?: () => Promise<void>;
}

/**
 * What ending a relationship does to the rows (the privacy module registers it: keep the sealed record for
 * the retention period, or delete it and its keys). `contactIds` null means the whole account.
 */
export type RelationshipEnd = (
  tx: Sql, end: { clientId: string; accountId: string; contactIds: string[] | null; reason: EndReason; erasureId?: string },
) => Promise<EndOutcome>;

export interface AccountsDeps {
  db: Db;
  cipher: Cipher;
  /** Per-owner data keys (ADR 75): each account and each contact is sealed under its own key. */
  keys: DataKeys;
  events: EventRecorder;
  publicUrl: string;
  now: () => Date;
  /**
   * What ending a relationship keeps (the privacy module's retention, ADR 76). Required: without it a DELETE
   * would skip retention silently, so service.ts builds retention first and passes it here.
   */
  relationshipEnd: RelationshipEnd;
  /** How many ID verification requests of an account are outstanding (onboarding's repository, spec rule 3). */
  outstandingRequests: OutstandingRequests;
  /** Called in the transaction that creates an account (the companies module queues its company check). */
  accountCreated?: AccountCreated;
  /** Called in the transaction of a PATCH that changes the account's `reg_number` or type (the company check runs again). */
  companyDetailsChanged?: AccountCreated;
}

export type AccountCreated = (tx: Sql, account: { clientId: string; accountId: string; type: string; regNumber: string }) => Promise<void>;

/** Counts an account's requests still waiting for the contact or for processing, in the caller's transaction. */
export type OutstandingRequests = (sql: Sql, clientId: string, accountId: string) => Promise<number>;

/**
 * Accounts and their contacts (endpoints 1-4, 10, 11 and the list/delete calls around them). Personal data
 * is sealed per record; every change records ENTITY_UPDATED for the account in the same transaction.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, cipher, events, keys } = deps;
  const emailKey = cipher.deriveKey('contact-email-index');

  // Sealing and opening take the owner's Cipher (a cache hit on reads, ADR 75); `sql` is the caller's transaction, if any.
  const sealContact = async (sql: Sql, id: string, data: ContactData) => (await keys.cipherFor(sql, id)).encryptJson(data, `contact:${id}`);
  const emailIndex = (data: ContactData) => (data.email ? hmacHex(emailKey, data.email) : null);
  const sealName = (accountCipher: Cipher, accountId: string, name: string) => accountCipher.encrypt(Buffer.from(name), `account:${accountId}`);
  const openName = (accountCipher: Cipher, row: AccountRow) => accountCipher.decrypt(toBuffer(row.name_enc), `account:${row.id}`).toString('utf8');

  async function contactOut(sql: Sql, row: ContactRow): Promise<ContactOut> {
    const data = (await keys.cipherFor(sql, row.id)).decryptJson<ContactData>(toBuffer(row.pii), `contact:${row.id}`);
    return {
      id: row.id,
      account_id: row.account_id,
      client_id: row.client_id,
      type: row.role,
      ...data,
      revision: String(row.revision),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  const contactsOut = (sql: Sql, rows: ContactRow[]) => Promise.all(rows.map((row) => contactOut(sql, row)));

  async function accountOut(sql: Sql, row: AccountRow, primary: ContactRow | undefined, contactsCount: number): Promise<AccountOut> {
    const accountCipher = await keys.cipherFor(sql, row.id);
    const link = row.portal_token_enc
      ? `${deps.publicUrl}/portal/${accountCipher.decrypt(toBuffer(row.portal_token_enc), `portal:${row.id}`).toString('utf8')}`
      : null;
    return {
      id: row.id,
      client_id: row.client_id,
      name: accountCipher.decrypt(toBuffer(row.name_enc), `account:${row.id}`).toString('utf8'),
      type: row.type,
      reg_number: row.reg_number ?? '',
      primary_contact: primary ? await contactOut(sql, primary) : (null as never),
      contacts_count: contactsCount,
      client_onboarding: {
        completed: row.onboarding_completed,
        expires_at: row.portal_expires_at?.toISOString() ?? null,
        link,
        share_progress: link !== null,
      },
      revision: String(row.revision),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function loadAccountOut(sql: Sql, clientId: string, row: AccountRow): Promise<AccountOut> {
    const [primary] = await contactsRepo.primaryOf(sql, clientId, [row.id]);
    const [count] = await contactsRepo.countByAccount(sql, clientId, [row.id]);
    return accountOut(sql, row, primary, count?.n ?? 0);
  }

  function prepareContact(input: ContactInput, primary: boolean): ContactData {
    const data = normaliseContact(input);
    const errors = validateContact(data, { primary, today: isoDate(deps.now()) });
    if (errors.length) throw validationError(errors);
    return data;
  }

  // Both come from modules that depend on this one (privacy, onboarding); service.ts passes them in at construction.
  const { relationshipEnd, outstandingRequests } = deps;

  /** The account row with `onboarding_completed` brought up to date (spec rule 3); the caller holds the row lock. */
  async function withCompletion(tx: Sql, row: AccountRow): Promise<{ row: AccountRow; changed: boolean }> {
    const completed = (await outstandingRequests(tx, row.client_id, row.id)) === 0;
    if (completed === row.onboarding_completed) return { row, changed: false };
    return { row: (await accountsRepo.setCompleted(tx, row.client_id, row.id, completed))!, changed: true };
  }

  const accountChanged = (tx: Sql, row: AccountRow) =>
    events.record(tx, { clientId: row.client_id, event: 'ENTITY_UPDATED', entity: 'ACCOUNT', accountId: row.id, revision: String(row.revision) });

  async function requireAccount(sql: Sql, clientId: string, accountId: string, forUpdate = false): Promise<AccountRow> {
    const row = await accountsRepo.get(sql, clientId, accountId, { forUpdate });
    if (!row) throw notFound();
    return row;
  }

  /**
   * The end of the relationship with an account (`contactId` null) or one of its contacts: the caller's
   * DELETE or an erasure request. What is kept and for how long is the registered RelationshipEnd's call
   * (ADR 76); `inTx` adds the caller's own rows (the erasure request) to the same transaction.
   */
  async function endRelationship(
    clientId: string, accountId: string, contactId: string | null, reason: EndReason,
    options: { ifMatch?: number; erasureId?: string; inTx?: (tx: Sql, outcome: EndOutcome) => Promise<void> } = {},
  ): Promise<EndOutcome> {
    const outcome = await db.tx(async (tx) => {
      const account = await requireAccount(tx, clientId, accountId, true);
      if (contactId === null) {
        assertRevision(options.ifMatch, account.revision);
        const done = await relationshipEnd(tx, { clientId, accountId, contactIds: null, reason, erasureId: options.erasureId });
        await options.inTx?.(tx, done);
        return done;
      }
      const current = await contactsRepo.get(tx, clientId, accountId, contactId, { forUpdate: true });
      if (!current) throw notFound();
      assertRevision(options.ifMatch, current.revision);
      if (current.role === 'PRIMARY') {
        throw new AppError('conflict', reason === 'DELETED'
          ? 'The primary contact cannot be deleted: make another contact PRIMARY first, or delete the account'
          : 'The primary contact cannot be erased on its own: make another contact PRIMARY first, or request the erasure of the account');
      }
      const done = await relationshipEnd(tx, { clientId, accountId, contactIds: [contactId], reason, erasureId: options.erasureId });
      await options.inTx?.(tx, done);
      // The contact's onboarding request went with it: the account may have nothing outstanding any more.
      const { row, changed } = await withCompletion(tx, (await accountsRepo.get(tx, clientId, accountId))!);
      await accountChanged(tx, changed ? row : (await accountsRepo.touch(tx, clientId, accountId))!);
      return done;
    });
    await outcome.after?.();
    return outcome;
  }

  return {
    /**
     * The contact rules of validateContact on any JSON value, for a body the schema refused (route bodyChecks):
     * pointers are relative to the contact object.
     */
    contactProblems(body: unknown, options: { primary: boolean }): FieldError[] {
      return validateContact(normaliseContact(contactInputOf(body)), { primary: options.primary, today: isoDate(deps.now()) });
    },

    async createAccount(clientId: string, body: AccountCreate): Promise<AccountOut> {
      const contact = (() => {
        try {
          return prepareContact(body.primary_contact, true);
        } catch (error) {
          // Point into the primary_contact object, where the caller put the fields.
          if (error instanceof AppError && error.extra.errors) {
            throw validationError(error.extra.errors.map((e) => ({ ...e, pointer: `/primary_contact${e.pointer}` })));
          }
          throw error;
        }
      })();
      const accountId = newId('acc');
      const contactId = newId('ctc');
      await keys.ensure(clientId, [accountId, contactId]);
      return db.tx(async (tx) => {
        const account = await accountsRepo.insert(tx, clientId, {
          id: accountId,
          type: body.type,
          nameEnc: sealName(await keys.cipherFor(tx, accountId), accountId, body.name.trim()),
          regNumber: (body.reg_number ?? '').trim(),
        });
        const primary = await contactsRepo.insert(tx, clientId, {
          id: contactId, accountId, role: 'PRIMARY', pii: await sealContact(tx, contactId, contact), emailIndex: emailIndex(contact),
        });
        await accountChanged(tx, account);
        await deps.accountCreated?.(tx, { clientId, accountId, type: account.type, regNumber: account.reg_number ?? '' });
        return accountOut(tx, account, primary, 1);
      });
    },

    async getAccount(clientId: string, accountId: string): Promise<AccountOut> {
      return loadAccountOut(db, clientId, await requireAccount(db, clientId, accountId));
    },

    async listAccounts(clientId: string, query: { limit?: number; cursor?: string; type?: string }) {
      const limit = query.limit ?? 50;
      const rows = await accountsRepo.list(db, clientId, { afterSeq: decodeCursor(query.cursor), limit, type: query.type });
      const ids = rows.map((r) => r.id);
      const primaries = new Map((await contactsRepo.primaryOf(db, clientId, ids)).map((c) => [c.account_id, c]));
      const counts = new Map((await contactsRepo.countByAccount(db, clientId, ids)).map((c) => [c.account_id, c.n]));
      return toPageOf(rows, limit, (items) => Promise.all(items.map((row) => accountOut(db, row, primaries.get(row.id), counts.get(row.id) ?? 0))));
    },

    async patchAccount(clientId: string, accountId: string, body: AccountPatch, ifMatch?: number): Promise<AccountOut> {
      await requireAccount(db, clientId, accountId);
      await keys.ensure(clientId, [accountId]); // an account from before ADR 75 gets its key now
      return db.tx(async (tx) => {
        let row = await requireAccount(tx, clientId, accountId, true);
        assertRevision(ifMatch, row.revision);
        const accountCipher = await keys.cipherFor(tx, accountId);
        const currentName = openName(accountCipher, row);
        const name = body.name?.trim() ?? currentName;
        const regNumber = body.reg_number === undefined ? (row.reg_number ?? '') : (body.reg_number ?? '').trim();
        const type = body.type ?? row.type;
        let changed = false;
        const companyDetails = regNumber !== (row.reg_number ?? '') || type !== row.type;
        if (name !== currentName || companyDetails) {
          row = (await accountsRepo.update(tx, clientId, accountId, {
            type, nameEnc: sealName(accountCipher, accountId, name), regNumber,
          }))!;
          changed = true;
        }
        if (companyDetails) await deps.companyDetailsChanged?.(tx, { clientId, accountId, type: row.type, regNumber: row.reg_number ?? '' });
        const share = body.client_onboarding?.share_progress;
        if (share === true) {
          // Repeating the PATCH keeps the link and pushes its expiry out (spec endpoint rule 8).
          const token = row.portal_token_enc
            ? accountCipher.decrypt(toBuffer(row.portal_token_enc), `portal:${accountId}`).toString('utf8')
            : randomToken(32);
          const expiresAt = new Date(deps.now().getTime() + PORTAL_TTL_DAYS * 86_400_000);
          row = (await accountsRepo.setPortal(tx, clientId, accountId, {
            tokenEnc: accountCipher.encrypt(Buffer.from(token), `portal:${accountId}`), tokenHash: hashSecret(token), expiresAt,
          }))!;
          changed = true;
        } else if (share === false && row.portal_token_enc) {
          row = (await accountsRepo.setPortal(tx, clientId, accountId, null))!;
          changed = true;
        }
        if (changed) await accountChanged(tx, row);
        return loadAccountOut(tx, clientId, row);
      });
    },

    async deleteAccount(clientId: string, accountId: string, ifMatch?: number): Promise<void> {
      await endRelationship(clientId, accountId, null, 'DELETED', { ifMatch });
    },

    endRelationship,

    async createContact(clientId: string, accountId: string, body: ContactCreate): Promise<ContactOut> {
      const data = prepareContact(body, false);
      const contactId = newId('ctc');
      await requireAccount(db, clientId, accountId); // no key for a contact of an account that does not exist
      await keys.ensure(clientId, [contactId]);
      return db.tx(async (tx) => {
        await requireAccount(tx, clientId, accountId, true);
        const row = await contactsRepo.insert(tx, clientId, {
          id: contactId, accountId, role: 'ADDITIONAL', pii: await sealContact(tx, contactId, data), emailIndex: emailIndex(data),
        });
        await accountChanged(tx, (await accountsRepo.touch(tx, clientId, accountId))!);
        return contactOut(tx, row);
      });
    },

    async getContact(clientId: string, accountId: string, contactId: string): Promise<ContactOut> {
      const row = await contactsRepo.get(db, clientId, accountId, contactId);
      if (!row) throw notFound();
      return contactOut(db, row);
    },

    async listContacts(clientId: string, accountId: string, query: { limit?: number; cursor?: string }) {
      await requireAccount(db, clientId, accountId);
      const limit = query.limit ?? 50;
      const rows = await contactsRepo.listByAccount(db, clientId, accountId, { afterSeq: decodeCursor(query.cursor), limit });
      return toPageOf(rows, limit, (items) => contactsOut(db, items));
    },

    async replaceContact(clientId: string, accountId: string, contactId: string, body: ContactReplace, ifMatch?: number): Promise<ContactOut> {
      if (body.id !== undefined && body.id !== contactId) {
        throw validationError([{ pointer: '/id', message: 'must match the contact id in the path' }]);
      }
      if (!(await contactsRepo.get(db, clientId, accountId, contactId))) throw notFound();
      await keys.ensure(clientId, [contactId]); // a contact from before ADR 75 gets its key now
      return db.tx(async (tx) => {
        await requireAccount(tx, clientId, accountId, true);
        const current = await contactsRepo.get(tx, clientId, accountId, contactId, { forUpdate: true });
        if (!current) throw notFound();
        assertRevision(ifMatch, current.revision);
        const role = body.type ?? current.role;
        if (current.role === 'PRIMARY' && role !== 'PRIMARY') {
          throw new AppError('unprocessable', 'An account needs a primary contact: make another contact PRIMARY instead');
        }
        const data = prepareContact(body, role === 'PRIMARY');
        if (role === 'PRIMARY' && current.role !== 'PRIMARY') await contactsRepo.demotePrimary(tx, clientId, accountId);
        const row = (await contactsRepo.update(tx, clientId, contactId, { pii: await sealContact(tx, contactId, data), emailIndex: emailIndex(data), role }))!;
        await accountChanged(tx, (await accountsRepo.touch(tx, clientId, accountId))!);
        return contactOut(tx, row);
      });
    },

    async deleteContact(clientId: string, accountId: string, contactId: string, ifMatch?: number): Promise<void> {
      await endRelationship(clientId, accountId, contactId, 'DELETED', { ifMatch });
    },

    /**
     * After a contact's request changed state: recomputes `client_onboarding.completed` under the account's row
     * lock and, when the flag flips, records ENTITY_UPDATED for ACCOUNT subscribers in the caller's transaction.
     */
    async recomputeCompletion(tx: Sql, clientId: string, accountId: string): Promise<boolean | undefined> {
      const locked = await accountsRepo.lock(tx, clientId, accountId);
      if (!locked) return undefined;
      const { row, changed } = await withCompletion(tx, locked);
      if (changed) await accountChanged(tx, row);
      return row.onboarding_completed;
    },

    /** The portal behind a link token (hashed for the lookup): the account, its name and its contacts. */
    async portalAccount(tokenHash: string) {
      const row = await accountsRepo.byPortalHash(db, tokenHash);
      if (!row) return undefined;
      const contacts = await contactsRepo.listByAccount(db, row.client_id, row.id, { afterSeq: 0, limit: 500 });
      return { row, name: openName(await keys.cipherFor(db, row.id), row), contacts: await contactsOut(db, contacts) };
    },

    /** The client owning a portal link, without reading its contacts (the page's CSP needs only that). */
    async portalOwner(tokenHash: string): Promise<string | undefined> {
      return (await accountsRepo.byPortalHash(db, tokenHash))?.client_id;
    },

    /** The account (tenant-scoped) with all its contacts, for the insights endpoint. */
    async accountWithContacts(clientId: string, accountId: string) {
      const row = await requireAccount(db, clientId, accountId);
      const contacts = await contactsRepo.listByAccount(db, clientId, accountId, { afterSeq: 0, limit: 500 });
      return { account: await accountOut(db, row, contacts.find((c) => c.role === 'PRIMARY'), contacts.length), contacts: await contactsOut(db, contacts) };
    },

    /** For system jobs (ongoing monitoring): many contacts at once, each scoped by its own client id. */
    async readContacts(sql: Sql, keys: Array<{ clientId: string; contactId: string }>): Promise<Map<string, ContactOut>> {
      if (keys.length === 0) return new Map();
      const rows = await sql.query<ContactRow>(
        'SELECT c.* FROM contacts c JOIN unnest($1::text[], $2::text[]) AS k(client_id, id) ON c.client_id = k.client_id AND c.id = k.id',
        [keys.map((k) => k.clientId), keys.map((k) => k.contactId)],
      );
      return new Map((await contactsOut(sql, rows)).map((c) => [c.id, c]));
    },

    /** For other modules (reports): the decrypted contact, scoped to the client and account. */
    async readContact(sql: Sql, clientId: string, accountId: string, contactId: string): Promise<ContactOut | undefined> {
      const row = await contactsRepo.get(sql, clientId, accountId, contactId);
      return row ? contactOut(sql, row) : undefined;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
