/**
 * The OpenSanctions FtM export's PEP structure (Position, Occupancy, Family, Associate) on a project-made
 * fixture in the export's layout (test/screening/pep-fixture), through the loader and the screening service.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLists } from '../../src/modules/screening/lists.loader.ts';
import { createScreeningService } from '../../src/modules/screening/index.ts';

const FILE = path.join(import.meta.dirname, 'pep-fixture', 'entities.ftm.json');
const [list] = loadLists([`opensanctions_peps=${FILE}`]);
const entity = (sourceId: string) => list!.entities.find((e) => e.sourceId === sourceId)!;

describe('FtM PEP export: positions and occupancies', () => {
  it('reads only the matchable entities (positions, occupancies and relations are not listed entities)', () => {
    expect(list!.format).toBe('ftm_json');
    expect(list!.entities.map((e) => e.sourceId).sort()).toEqual([
      'Q-test-amadou', 'Q-test-boris', 'Q-test-corentin', 'Q-test-eleanor', 'Q-test-hugo', 'Q-test-liesl', 'Q-test-maud', 'Q-test-oswin', 'Q-test-rufus', 'Q-test-vera',
    ]);
  });
  it('gives a holder its positions with country, area, topics, dates and status', () => {
    expect(entity('Q-test-eleanor').positions).toEqual([{ title: 'Minister of State for Testing', country: 'GB', topics: ['gov.national', 'gov.executive'], startDate: '2022-09-06', status: 'current' }]);
    expect(entity('Q-test-oswin').positions).toEqual([{ title: 'Federal Minister of Finance', country: 'DE', topics: ['gov.national', 'gov.executive', 'gov.financial'], startDate: '2015-03-01', endDate: '2019-06-30', status: 'ended' }]);
    expect(entity('Q-test-maud').positions![0]).toMatchObject({ title: 'Mayor of Testbridge', country: 'GB', subnationalArea: 'Testshire' });
  });
  it('marks a holder of a government position role.pep even when the export did not', () => {
    expect(entity('Q-test-maud').topics).toEqual(['role.pep']);
  });
});

describe('FtM PEP export: family members and close associates', () => {
  it('a relative published as the PEP\'s relative: the relationship describes the relative', () => {
    expect(entity('Q-test-hugo').relations).toEqual([expect.objectContaining({ kind: 'family', relationship: 'spouse', describes: 'this', pepId: 'opensanctions_peps:Q-test-eleanor', pepName: 'Eleanor Marchbank-Testington' })]);
  });
  it('a relation published the other way round: the relationship describes the PEP', () => {
    expect(entity('Q-test-rufus').relations).toEqual([expect.objectContaining({ relationship: 'mother', describes: 'pep', pepName: 'Eleanor Marchbank-Testington' })]);
    expect(entity('Q-test-rufus').topics).toEqual(['role.rca']);
  });
  it('a relative with no topic of her own becomes role.rca, carrying the PEP\'s positions', () => {
    const liesl = entity('Q-test-liesl');
    expect(liesl.topics).toEqual(['role.rca']);
    expect(liesl.relations![0]!.pepPositions[0]).toMatchObject({ title: 'Federal Minister of Finance', endDate: '2019-06-30' });
  });
  it('an associate', () => {
    expect(entity('Q-test-corentin').relations).toEqual([expect.objectContaining({ kind: 'associate', relationship: 'business partner', describes: 'this', pepName: 'Amadou Testaro' })]);
  });
  it('family of a sanctioned person who is not a PEP is not an RCA', () => {
    expect(entity('Q-test-vera').topics).toEqual([]);
    expect(entity('Q-test-vera').relations).toBeUndefined();
  });
});

describe('screening explains PEP matches', () => {
  const service = createScreeningService({ lists: [`opensanctions_peps=${FILE}`], now: () => new Date('2026-11-25T10:00:00Z'), pepDomesticCountry: 'GB' });
  it.each([
    ['Hugo Marchbank-Testington', '1966-11-19', { role: 'rca', category: 'domestic', status: 'current', explanation: 'spouse of Eleanor Marchbank-Testington, Minister of State for Testing (GB), since 2022; in office' }],
    ['Liesl Feldgrau', '1985-07-14', { role: 'rca', category: 'foreign', status: 'former', ended_on: '2019-06-30', minimum_measures_until: '2020-06-30', explanation: 'daughter of Oswin Feldgrau, Federal Minister of Finance (DE), 2015-2019; former, left office 2019-06-30' }],
    ['Corentin Vasquelle', '1979-02-12', { role: 'rca', category: 'international_organisation', explanation: 'business partner of Amadou Testaro, Deputy Secretary-General of the Test Organisation, since 2021; in office' }],
    ['Eleanor Marchbank-Testington', '1968-04-02', { role: 'pep', category: 'domestic', status: 'current', relation: null }],
    ['Oswin Feldgrau', '1955-01-30', { role: 'pep', category: 'foreign', status: 'former', ended_on: '2019-06-30' }],
  ])('%s', async (name, dob, pep) => {
    await service.load();
    const r = service.screen({ name, dob, type: 'person' });
    expect(r.pep).toBe('Potential Match');
    expect(r.matches[0]!.pep).toMatchObject(pep);
  });
  it('a sanctions-only match carries no PEP assessment', async () => {
    await service.load();
    const r = service.screen({ name: 'Boris Sanktovich', type: 'person' });
    expect(r).toMatchObject({ sanctions: 'Potential Match', pep: 'No Match' });
    expect(r.matches[0]!.pep).toBeUndefined();
  });
  it('the PEP category follows the configured domestic country', async () => {
    const de = createScreeningService({ lists: [`opensanctions_peps=${FILE}`], now: () => new Date('2026-11-25T10:00:00Z'), pepDomesticCountry: 'DE' });
    await de.load();
    expect(de.screen({ name: 'Oswin Feldgrau', type: 'person' }).matches[0]!.pep).toMatchObject({ category: 'domestic' });
    expect(de.screen({ name: 'Eleanor Marchbank-Testington', type: 'person' }).matches[0]!.pep).toMatchObject({ category: 'foreign' });
  });
});
