import type { Db } from '../../platform/db/db.ts';
import { toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import { PERSONAL_TABLES } from './personal-data.ts';

/**
 * The re-seal path of ADR 75: personal data sealed before per-owner keys existed (ciphertext version 1, under
 * the system key) is opened and sealed again under its owner's key, so that erasing the owner erases it.
 * Each call does one batch per column and per file page; `done` tells when nothing is left.
 */
export function createResealer(deps: { db: Db; keys: DataKeys; system: Cipher; files: FileStore }) {
  const { db, keys } = deps;

  async function columnBatch(t: (typeof PERSONAL_TABLES)[number], column: (typeof t.sealed)[number], limit: number) {
    const rows = await db.query<Record<string, unknown> & { _owner: string }>(
      `SELECT ${t.owner} AS _owner, * FROM ${t.table} WHERE ${column.column} IS NOT NULL AND get_byte(${column.column}, 0) = 1 LIMIT $1`, [limit]);
    if (rows.length === 0) return 0;
    // Keys are created (and committed) before anything is sealed under them.
    for (const clientId of new Set(rows.map((r) => r.client_id as string))) {
      await keys.ensure(clientId, [...new Set(rows.filter((r) => r.client_id === clientId).map((r) => r._owner))]);
    }
    let done = 0;
    await db.tx(async (tx) => {
      for (const row of rows) {
        const old = toBuffer(row[column.column]);
        const owner = await keys.cipherFor(tx, row._owner);
        const again = owner.encrypt(deps.system.decrypt(old, column.aad(row)), column.aad(row));
        const where = t.key.map((k, i) => `${k} = $${i + 3}`).join(' AND ');
        // Only if unchanged meanwhile: a concurrent write already sealed it the new way.
        const updated = await tx.query(`UPDATE ${t.table} SET ${column.column} = $1 WHERE ${column.column} = $2 AND ${where} RETURNING 1 AS ok`,
          [again, old, ...t.key.map((k) => row[k])]);
        done += updated.length;
      }
    });
    return done;
  }

  return {
    /** Counts of version-1 values left per table and column (what `kyc keys status` shows). */
    async legacyCounts(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const t of PERSONAL_TABLES) {
        for (const c of t.sealed) {
          const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.table} WHERE ${c.column} IS NOT NULL AND get_byte(${c.column}, 0) = 1`);
          counts[`${t.table}.${c.column}`] = row!.n;
        }
      }
      return counts;
    },

    async batch(options: { limit?: number; filesAfter?: string } = {}) {
      const limit = options.limit ?? 500;
      const resealed: Record<string, number> = {};
      let more = false;
      for (const t of PERSONAL_TABLES) {
        for (const c of t.sealed) {
          const n = await columnBatch(t, c, limit);
          if (n) resealed[`${t.table}.${c.column}`] = n;
          if (n === limit) more = true;
        }
      }
      // Stored documents: a page of files in id order; each is rewritten only if it was version 1.
      const files = await db.query<{ id: string; client_id: string; contact_id: string; storage_key: string }>(
        'SELECT id, client_id, contact_id, storage_key FROM onboarding_files WHERE id > $1 ORDER BY id LIMIT $2', [options.filesAfter ?? '', limit]);
      let filesResealed = 0;
      for (const f of files) {
        await keys.ensure(f.client_id, [f.contact_id]);
        if (await deps.files.reseal(f.storage_key).catch(() => false)) filesResealed++;
      }
      return {
        resealed, files_checked: files.length, files_resealed: filesResealed,
        files_after: files.length ? files[files.length - 1]!.id : null, done: !more && files.length < limit,
      };
    },
  };
}

export type Resealer = ReturnType<typeof createResealer>;
