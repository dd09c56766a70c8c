/**
 * Persistence of list versions (migration 202611220110). The service keeps versions in memory; this repo
 * lets them survive restarts and be shared by several processes. List content is public reference data,
 * so these functions take no client id.
 */
import type { Sql } from '../../platform/db/db.ts';
import type { ListVersion } from './screening.service.ts';

interface Row {
  list_id: string;
  content_hash: string;
  format: string;
  source: string;
  entity_count: number;
  loaded_at: Date | string;
  entity_hashes: Record<string, string> | string;
}

function toVersion(r: Row): ListVersion {
  return {
    list: r.list_id,
    contentHash: r.content_hash,
    format: r.format,
    source: r.source,
    entities: Number(r.entity_count),
    loadedAt: new Date(r.loaded_at).toISOString(),
  };
}

/** Records a version once; loading the same content again keeps the first row (and its loaded_at). */
export async function saveListVersion(sql: Sql, version: ListVersion, hashes: ReadonlyMap<string, string>): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO screening_list_versions (list_id, content_hash, format, source, entity_count, loaded_at, entity_hashes)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (list_id, content_hash) DO NOTHING
     RETURNING list_id`,
    [version.list, version.contentHash, version.format, version.source, version.entities, version.loadedAt, JSON.stringify(Object.fromEntries(hashes))],
  );
  return rows.length > 0;
}

/** Versions of one list, newest first. */
export async function listVersions(sql: Sql, listId: string, limit = 50): Promise<ListVersion[]> {
  const rows = await sql.query<Row>(
    `SELECT list_id, content_hash, format, source, entity_count, loaded_at, '{}'::jsonb AS entity_hashes
       FROM screening_list_versions WHERE list_id = $1 ORDER BY loaded_at DESC, content_hash LIMIT $2`,
    [listId, limit],
  );
  return rows.map(toVersion);
}

/** The per-entity hashes of one version, for diffs against another. */
export async function versionEntityHashes(sql: Sql, listId: string, contentHash: string): Promise<Map<string, string> | undefined> {
  const rows = await sql.query<Row>('SELECT entity_hashes FROM screening_list_versions WHERE list_id = $1 AND content_hash = $2', [listId, contentHash]);
  const raw = rows[0]?.entity_hashes;
  if (raw === undefined) return undefined;
  const object = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string>) : raw;
  return new Map(Object.entries(object));
}

/** The service's VersionStore over a database. */
export function dbVersionStore(sql: Sql) {
  return {
    save: (version: ListVersion, hashes: ReadonlyMap<string, string>) => saveListVersion(sql, version, hashes),
    hashes: (listId: string, contentHash: string) => versionEntityHashes(sql, listId, contentHash),
  };
}
