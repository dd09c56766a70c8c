/**
 * List versions and the difference between two of them: which entries were added, changed or removed.
 * The AML module re-screens contacts against what a new version adds or changes (ongoing monitoring).
 */
import { createHash } from 'node:crypto';
import { canonicalJson, type ListedEntity } from './entity.ts';

export function hashEntity(entity: ListedEntity): string {
  return createHash('sha256').update(canonicalJson(entity)).digest('hex');
}

/** Order-independent: the hash of the sorted per-entity hashes. */
export function hashEntities(entities: readonly ListedEntity[]): string {
  const hashes = entities.map((e) => `${e.id}=${hashEntity(e)}`).sort();
  return createHash('sha256').update(hashes.join('\n')).digest('hex');
}

export interface ListDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
}

/** Entity ids added, changed (same id, different content) and removed from `before` to `after`. */
export function diffEntityHashes(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): ListDiff {
  const diff: ListDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const [id, hash] of after) {
    const old = before.get(id);
    if (old === undefined) diff.added.push(id);
    else if (old !== hash) diff.changed.push(id);
    else diff.unchanged++;
  }
  for (const id of before.keys()) if (!after.has(id)) diff.removed.push(id);
  diff.added.sort();
  diff.changed.sort();
  diff.removed.sort();
  return diff;
}

export function entityHashes(entities: readonly ListedEntity[]): Map<string, string> {
  return new Map(entities.map((e) => [e.id, hashEntity(e)]));
}

export function diffEntities(before: readonly ListedEntity[], after: readonly ListedEntity[]): ListDiff {
  return diffEntityHashes(entityHashes(before), entityHashes(after));
}
