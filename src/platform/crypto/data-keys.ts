import { randomBytes } from 'node:crypto';
import type { Db, Sql } from '../db/db.ts';
import { one, toBuffer } from '../db/db.ts';
import { createCipher, type Cipher } from './encryption.ts';

/**
 * The key hierarchy of ADR 75: ENCRYPTION_KEY -> key-encryption key (KEK) -> one data key per owner (the
 * system, an account, a contact), stored wrapped in `data_keys`. Destroying an owner's row erases whatever was
 * sealed under its key, wherever a copy of the ciphertext lies (crypto-shredding).
 */

export const SYSTEM_OWNER = 'system';
const OWNER_VERSION = 2;

export interface Kek {
  id: string;
  cipher: Cipher;
}

export interface KekRing {
  current: Kek;
  byId: Map<string, Kek>;
}

/** The KEK is derived, not the configured bytes themselves: those are the system data key of ADR 5's data. */
function kekOf(raw: Buffer): Kek {
  const base = createCipher(raw);
  // HKDF's first bytes do not depend on the length asked for: these are the 8-byte derivation of ADR 75's ids.
  const id = base.deriveKey('kyc-kek-id').subarray(0, 8).toString('hex');
  return { id, cipher: createCipher(base.deriveKey('kyc-kek-v1')) };
}

export function kekRing(current: Buffer, previous: Buffer[] = []): KekRing {
  const keks = [current, ...previous].map(kekOf);
  return { current: keks[0]!, byId: new Map(keks.map((k) => [k.id, k])) };
}

/** Raised when a ciphertext needs an owner's key that no longer exists: the owner was erased. */
export class DataKeyMissingError extends Error {
  constructor(readonly ownerId: string) {
    super(`no data key for ${ownerId}: the data was erased or was never sealed for it`);
  }
}

/**
 * A Cipher for one owner: seals under the owner's key (version 2) and opens both versions, version 1 with
 * the system key. With no owner key (a row from before ADR 75) it seals under the system key, which the
 * re-seal picks up later.
 */
export function ownerCipher(system: Cipher, ownerId: string, dek: Cipher | undefined): Cipher {
  const pick = (sealed: Buffer) => {
    if (sealed[0] !== OWNER_VERSION) return system;
    if (!dek) throw new DataKeyMissingError(ownerId);
    return dek;
  };
  return {
    encrypt: (plain, aad) => (dek ?? system).encrypt(plain, aad),
    decrypt: (sealed, aad) => pick(sealed).decrypt(sealed, aad),
    encryptJson: (value, aad) => (dek ?? system).encryptJson(value, aad),
    decryptJson: <T>(sealed: Buffer, aad: string) => pick(sealed).decryptJson<T>(sealed, aad),
    deriveKey: (purpose) => system.deriveKey(purpose),
  };
}

interface KeyRow {
  owner_id: string;
  kek_id: string;
  wrapped: Uint8Array;
}

const CACHE_MAX = 20_000;
const CACHE_TTL_MS = 10 * 60_000;

export function createDataKeys(deps: { db: Db; ring: KekRing }) {
  const { db, ring } = deps;
  const wrapAad = (ownerId: string) => `dek:${ownerId}`;
  // Unwrapped keys, oldest first (a Map keeps insertion order): bounded, and each entry lives 10 minutes.
  const cache = new Map<string, { cipher: Cipher; expires: number }>();
  let system: Cipher | undefined;

  function unwrap(row: KeyRow): Buffer {
    const kek = ring.byId.get(row.kek_id);
    if (!kek) {
      throw new Error(`the data key of ${row.owner_id} is wrapped by key-encryption key ${row.kek_id}, which this process does not have: ` +
        'set ENCRYPTION_KEY to the current key and the earlier ones in ENCRYPTION_KEY_PREVIOUS');
    }
    return kek.cipher.decrypt(toBuffer(row.wrapped), wrapAad(row.owner_id));
  }

  function remember(ownerId: string, dekBytes: Buffer): Cipher {
    const dek = createCipher(dekBytes, { version: OWNER_VERSION });
    const cipher = ownerCipher(systemCipher(), ownerId, dek);
    cache.delete(ownerId);
    cache.set(ownerId, { cipher, expires: Date.now() + CACHE_TTL_MS });
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
    return cipher;
  }

  function cached(ownerId: string): Cipher | undefined {
    const entry = cache.get(ownerId);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      cache.delete(ownerId);
      return undefined;
    }
    return entry.cipher;
  }

  function systemCipher(): Cipher {
    if (!system) throw new Error('data keys are not initialised');
    return system;
  }

  return {
    /**
     * Loads the system key, creating it on the first start: the current ENCRYPTION_KEY bytes, the key that
     * sealed everything before ADR 75, so version-1 data and blind indexes stay valid.
     */
    async init(legacyKey: Buffer): Promise<Cipher> {
      await db.query('INSERT INTO data_keys (owner_id, kek_id, wrapped) VALUES ($1, $2, $3) ON CONFLICT (owner_id) DO NOTHING', [
        SYSTEM_OWNER, ring.current.id, ring.current.cipher.encrypt(legacyKey, wrapAad(SYSTEM_OWNER)),
      ]);
      const row = (await one<KeyRow>(db, 'SELECT owner_id, kek_id, wrapped FROM data_keys WHERE owner_id = $1', [SYSTEM_OWNER]))!;
      system = createCipher(unwrap(row));
      return system;
    },

    system: systemCipher,

    /**
     * Makes sure each owner has a key, creating the missing ones. Call it outside transactions, before the
     * write that seals under the keys: a key is then committed before anything depends on it, so a cached key
     * always exists in the database (a key made inside a rolled-back transaction would be lost, its data with it).
     */
    async ensure(clientId: string, ownerIds: string[]): Promise<void> {
      const missing = ownerIds.filter((id) => !cached(id));
      if (missing.length === 0) return;
      const fresh = missing.map((id) => ({ id, dek: randomBytes(32) }));
      const inserted = new Set((await db.query<{ owner_id: string }>(
        `INSERT INTO data_keys (owner_id, client_id, kek_id, wrapped)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bytea[]) ON CONFLICT (owner_id) DO NOTHING RETURNING owner_id`,
        [fresh.map((f) => f.id), fresh.map(() => clientId), fresh.map(() => ring.current.id), fresh.map((f) => ring.current.cipher.encrypt(f.dek, wrapAad(f.id)))],
      )).map((r) => r.owner_id));
      for (const f of fresh) if (inserted.has(f.id)) remember(f.id, f.dek);
      // The others existed already (or another process created them first): what the table holds is the key.
      const existing = missing.filter((id) => !inserted.has(id));
      if (existing.length === 0) return;
      const rows = await db.query<KeyRow>('SELECT owner_id, kek_id, wrapped FROM data_keys WHERE owner_id = ANY($1::text[])', [existing]);
      for (const row of rows) remember(row.owner_id, unwrap(row));
    },

    /** The owner's Cipher: from the cache, else one primary-key read through `sql` (a transaction's, inside one). */
    async cipherFor(sql: Sql, ownerId: string): Promise<Cipher> {
      const hit = cached(ownerId);
      if (hit) return hit;
      const row = await one<KeyRow>(sql, 'SELECT owner_id, kek_id, wrapped FROM data_keys WHERE owner_id = $1', [ownerId]);
      return row ? remember(ownerId, unwrap(row)) : ownerCipher(systemCipher(), ownerId, undefined);
    },

    /** Crypto-shredding: deletes the owners' keys (in the caller's transaction) and forgets the cached copies. */
    async destroy(sql: Sql, ownerIds: string[]): Promise<number> {
      if (ownerIds.length === 0) return 0;
      const ids = ownerIds.filter((id) => id !== SYSTEM_OWNER);
      for (const id of ids) cache.delete(id);
      return (await sql.query('DELETE FROM data_keys WHERE owner_id = ANY($1::text[]) RETURNING owner_id', [ids])).length;
    },

    /** Forgets cached keys (after a transaction that destroyed them committed, or in tests). */
    forget(ownerIds?: string[]) {
      if (!ownerIds) cache.clear();
      else for (const id of ownerIds) cache.delete(id);
    },

    /**
     * One batch of a rotation: keys wrapped by an earlier KEK are unwrapped and wrapped by the current one.
     * Rows are locked with SKIP LOCKED, so several runs share the work without waiting on each other.
     */
    async rotateBatch(limit = 1000): Promise<{ rewrapped: number; remaining: number }> {
      const rewrapped = await db.tx(async (tx) => {
        const rows = await tx.query<KeyRow>(
          'SELECT owner_id, kek_id, wrapped FROM data_keys WHERE kek_id <> $1 ORDER BY kek_id, owner_id LIMIT $2 FOR UPDATE SKIP LOCKED',
          [ring.current.id, limit],
        );
        if (rows.length === 0) return 0;
        const wrapped = rows.map((row) => ring.current.cipher.encrypt(unwrap(row), wrapAad(row.owner_id)));
        await tx.query(
          `UPDATE data_keys d SET kek_id = $1, wrapped = u.wrapped, rewrapped_at = now()
             FROM unnest($2::text[], $3::bytea[]) AS u(owner_id, wrapped) WHERE d.owner_id = u.owner_id`,
          [ring.current.id, rows.map((r) => r.owner_id), wrapped],
        );
        return rows.length;
      });
      const remaining = (await one<{ n: number }>(db, 'SELECT count(*)::int AS n FROM data_keys WHERE kek_id <> $1', [ring.current.id]))!.n;
      return { rewrapped, remaining };
    },

    /** Keys per KEK, and which KEK is current: what an operator checks before destroying an old key. */
    async status() {
      const rows = await db.query<{ kek_id: string; n: number }>('SELECT kek_id, count(*)::int AS n FROM data_keys GROUP BY kek_id ORDER BY kek_id');
      return {
        current_kek: ring.current.id,
        configured_keks: [...ring.byId.keys()],
        keys_by_kek: Object.fromEntries(rows.map((r) => [r.kek_id, r.n])),
        keys_total: rows.reduce((sum, r) => sum + r.n, 0),
        cached_keys: cache.size,
      };
    },
  };
}

export type DataKeys = ReturnType<typeof createDataKeys>;
