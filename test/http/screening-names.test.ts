/**
 * Names as the world writes them, through the API: a list (FollowTheMoney JSON lines written here, invented
 * people) with Latin names only, searched in Hangul, Arabic script, with a nickname and with a legal form
 * in Cyrillic. Each must be a potential match explained by its reason codes; a nickname with another
 * surname must not.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';

const ENTITIES = [
  { id: 'NM-1', schema: 'Person', properties: { name: ['KIM Jong Tae'], topics: ['sanction'] } },
  { id: 'NM-2', schema: 'Person', properties: { name: ['Ali Testani'], topics: ['sanction'] } },
  { id: 'NM-3', schema: 'Person', properties: { name: ['BEISPIEL, Robert'], topics: ['role.pep'] } },
  { id: 'NM-4', schema: 'Company', properties: { name: ['Testprom LLC'], topics: ['sanction'] } },
];

describe('screening search: scripts, nicknames and legal forms', () => {
  let t: TestService;
  let c: TestClient;
  const search = async (name: string) =>
    (await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/screening/search`, headers: c.auth, payload: { name } })).json();
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyc-screening-names-'));
    const file = path.join(dir, 'entities.ftm.json');
    writeFileSync(file, ENTITIES.map((e) => JSON.stringify({ ...e, caption: e.properties.name[0], datasets: ['test'], target: true })).join('\n') + '\n');
    t = await startTestService({ SCREENING_LISTS: `names=${file}` });
    await (t.services as { screeningReady?: Promise<unknown> }).screeningReady;
    c = await t.newClient();
  });
  afterAll(async () => t?.close());

  it.each([
    ['Hangul, one word, surname first', '김정태', 'KIM Jong Tae', 'NAME_TRANSLITERATED'],
    ['Arabic script', 'علي تستاني', 'Ali Testani', 'NAME_TRANSLITERATED'],
    ['a nickname of the listed given name', 'Bob Beispiel', 'BEISPIEL, Robert', 'NAME_EQUIVALENT'],
    ['a legal form in Cyrillic', 'ООО Тестпром', 'Testprom LLC', 'NAME_SPELLING_VARIANT'],
  ])('%s: %s finds %s', async (_d, name, listed, reason) => {
    const body = await search(name);
    expect(body.decision).toBe('Potential Match');
    expect(body.matches[0].listed_name).toBe(listed);
    expect(body.matches[0].reasons).toContain(reason);
  });

  it('a nickname with another surname is no match', async () => {
    expect((await search('Bob Testani')).decision).toBe('No Match');
  });
});
