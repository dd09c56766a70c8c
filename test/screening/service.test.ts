/** The service other modules use: decisions per topic, no lists = an error, versions and diffs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScreeningService, NoListsLoadedError } from '../../src/modules/screening/index.ts';
import { FIXTURES } from './fixture-lists.ts';


describe('screening service', () => {
  it('with no list loaded, screening is refused rather than answering "No Match"', async () => {
    const service = createScreeningService({ lists: [] });
    await service.load();
    expect(service.isLoaded()).toBe(false);
    expect(() => service.screen({ name: 'Anyone' })).toThrow(NoListsLoadedError);
  });

  it('decides PEP and sanctions separately from the topics of the matches', async () => {
    const service = createScreeningService({ lists: [FIXTURES] });
    await service.load();
    const pep = service.screen({ name: 'Maria Beispielova' });
    expect(pep).toMatchObject({ decision: 'Potential Match', pep: 'Potential Match', sanctions: 'No Match' });
    const sanctioned = service.screen({ name: 'Klaus Mustermann', dob: '1965-06-01' });
    expect(sanctioned).toMatchObject({ decision: 'Potential Match', pep: 'No Match', sanctions: 'Potential Match' });
    const nobody = service.screen({ name: 'Emma Johnson' });
    expect(nobody).toMatchObject({ decision: 'No Match', pep: 'No Match', sanctions: 'No Match', matches: [] });
    expect(nobody.lists.length).toBe(9);
  });

  it('finds a name written in Cyrillic against a Latin listing', async () => {
    const service = createScreeningService({ lists: [FIXTURES] });
    await service.load();
    expect(service.screen({ name: 'Иван Тестов' }).matches[0]?.listedName).toBe('TESTOV, Ivan Petrovich');
  });

  it('keeps a version per content hash and diffs two loads of a list', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-'));
    const file = path.join(dir, 'un.xml');
    const original = fs.readFileSync(path.join(FIXTURES, 'un.xml'), 'utf8');
    fs.writeFileSync(file, original);
    const service = createScreeningService({ lists: [file] });
    const [v1] = await service.load();
    expect(service.diff('un_sc_sanctions')).toMatchObject({ added: ['un_sc_sanctions:9001', 'un_sc_sanctions:9002'], changed: [], removed: [] });
    fs.writeFileSync(file, original.replace('<GENDER>Male</GENDER>', '<GENDER>Female</GENDER>').replace(/<ENTITIES>[\s\S]*<\/ENTITIES>/, ''));
    const [change] = await service.refresh();
    expect(change).toMatchObject({ list: 'un_sc_sanctions', from: v1!.contentHash, added: [], changed: ['un_sc_sanctions:9001'], removed: ['un_sc_sanctions:9002'] });
    expect(service.versions()[0]!.contentHash).not.toBe(v1!.contentHash);
  });

  it('compare returns a score and the decision at the threshold', () => {
    const service = createScreeningService();
    expect(service.compare('PUTIN, Vladimir', 'Vladimir Putin')).toMatchObject({ score: 1, match: true });
    expect(service.compare('John Smith', 'Jane Doe').match).toBe(false);
  });
});

describe('a threshold per decision', () => {
  it('a higher PEP threshold drops a fuzzy PEP match but keeps an equally fuzzy sanctions match', async () => {
    const service = createScreeningService({ lists: [FIXTURES], thresholds: { pep: 0.99, sanctions: 0.88 } });
    await service.load();
    expect(service.screen({ name: 'Maria Beispelova' })).toMatchObject({ pep: 'No Match' });
    expect(service.screen({ name: 'Klaus Mustermnn' })).toMatchObject({ sanctions: 'Potential Match' });
    const relaxed = createScreeningService({ lists: [FIXTURES] });
    await relaxed.load();
    expect(relaxed.screen({ name: 'Maria Beispelova' })).toMatchObject({ pep: 'Potential Match' });
  });
});
