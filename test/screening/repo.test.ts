/** List versions persisted in the database (PGlite here, PostgreSQL in the postgres project). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { freshDatabase } from '../helpers/service.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { loadLists } from '../../src/modules/screening/lists.loader.ts';
import { entityHashes, diffEntityHashes } from '../../src/modules/screening/domain/versions.ts';
import { listVersions, saveListVersion, versionEntityHashes } from '../../src/modules/screening/screening.repo.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  await migrate(db);
});
afterAll(async () => drop?.());

describe('screening list versions repo', () => {
  it('saves a version once and reads back its entity hashes for a diff', async () => {
    const [list] = loadLists([path.join(import.meta.dirname, 'fixtures/un.xml')]);
    const version = { list: list!.id, format: list!.format, source: list!.source, contentHash: list!.contentHash, entities: list!.entities.length, loadedAt: '2026-11-22T03:00:00.000Z' };
    const hashes = entityHashes(list!.entities);
    expect(await saveListVersion(db, version, hashes)).toBe(true);
    expect(await saveListVersion(db, { ...version, loadedAt: '2026-11-22T04:00:00.000Z' }, hashes)).toBe(false);
    expect(await listVersions(db, list!.id)).toEqual([version]);
    const stored = await versionEntityHashes(db, list!.id, list!.contentHash);
    expect(diffEntityHashes(stored!, hashes)).toMatchObject({ added: [], changed: [], removed: [], unchanged: 2 });
    expect(await versionEntityHashes(db, list!.id, 'nope')).toBeUndefined();
  });
});

describe('service with a database version store', () => {
  it('records each loaded version and diffs from a stored one after a restart', async () => {
    const { createScreeningService } = await import('../../src/modules/screening/screening.service.ts');
    const { dbVersionStore } = await import('../../src/modules/screening/screening.repo.ts');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-store-'));
    const file = path.join(dir, 'un.xml');
    const original = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/un.xml'), 'utf8');
    fs.writeFileSync(file, original);
    const first = createScreeningService({ lists: [file], store: dbVersionStore(db) });
    const [v1] = await first.load();
    // A new process, a changed list: the diff starts from the version the first process stored.
    fs.writeFileSync(file, original.replace(/<ENTITIES>[\s\S]*<\/ENTITIES>/, ''));
    const second = createScreeningService({ lists: [file], store: dbVersionStore(db) });
    await second.load();
    expect(await second.diffFromStored('un_sc_sanctions', v1!.contentHash)).toMatchObject({ added: [], changed: [], removed: ['un_sc_sanctions:9002'] });
    expect((await listVersions(db, 'un_sc_sanctions')).length).toBeGreaterThanOrEqual(2);
  });
});
