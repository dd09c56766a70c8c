import { describe, expect, it } from 'vitest';
import type { PepPosition, PepRelation } from './entity.ts';
import { assessPep, describePosition, positionCategory, positionStatus, twelveMonthsAfter } from './pep.ts';
import { listFreshness } from './freshness.ts';

const ctx = { domesticCountry: 'GB', today: '2026-11-25' };
const minister: PepPosition = { title: 'Minister of Finance', country: 'GB', topics: ['gov.national'], startDate: '2019-07-24', endDate: '2023-09-01', status: 'ended' };

describe('PEP category of a position', () => {
  it.each<[string, PepPosition, string, string | null]>([
    ['a position in the firm\'s country is domestic', { title: 'MP', country: 'GB', topics: ['gov.national'] }, 'GB', 'domestic'],
    ['country codes compare case-insensitively', { title: 'MP', country: 'gb', topics: [] }, 'GB', 'domestic'],
    ['another country is foreign', { title: 'Senator', country: 'US', topics: ['gov.national'] }, 'GB', 'foreign'],
    ['domestic follows the configured country', { title: 'Senator', country: 'US', topics: [] }, 'US', 'domestic'],
    ['gov.igo is an international organisation, whatever the country', { title: 'Commissioner', country: 'BE', topics: ['gov.igo'] }, 'BE', 'international_organisation'],
    ['no country and no igo topic: unknown', { title: 'Official', topics: ['gov.national'] }, 'GB', null],
  ])('%s', (_, position, domestic, category) => {
    expect(positionCategory(position, domestic)).toBe(category);
  });
});

describe('current or former', () => {
  it.each<[string, Partial<PepPosition>, string]>([
    ['status ended', { status: 'ended' }, 'former'],
    ['end date before today, even if published as current', { status: 'current', endDate: '2025-01-31' }, 'former'],
    ['end year before this year', { endDate: '2024' }, 'former'],
    ['status current', { status: 'current' }, 'current'],
    ['end date in the future (a fixed term)', { endDate: '2027-05-01' }, 'current'],
    ['a start date and no end', { startDate: '2020' }, 'current'],
    ['nothing published', {}, 'unknown'],
  ])('%s', (_, fields, status) => {
    expect(positionStatus({ title: 'X', topics: [], ...fields }, '2026-11-25')).toBe(status);
  });
  it('keeps 12 months after leaving office at the precision given', () => {
    expect(twelveMonthsAfter('2023-09-01')).toBe('2024-09-01');
    expect(twelveMonthsAfter('2023')).toBe('2024');
    expect(twelveMonthsAfter('2024-02-29')).toBe('2025-03-01');
  });
  it('describes a position with country, area and years', () => {
    expect(describePosition(minister)).toBe('Minister of Finance (GB), 2019-2023');
    expect(describePosition({ title: 'Mayor of Testbridge', country: 'GB', subnationalArea: 'Testshire', topics: [], startDate: '2024-05-10' })).toBe('Mayor of Testbridge (GB, Testshire), since 2024');
  });
});

describe('assessPep', () => {
  it('a former domestic PEP: the end date and the 12 months after it', () => {
    expect(assessPep({ topics: ['role.pep'], positions: [minister] }, ctx)).toMatchObject({
      role: 'pep', category: 'domestic', status: 'former', ended_on: '2023-09-01', minimum_measures_until: '2024-09-01', relation: null,
      explanation: 'Minister of Finance (GB), 2019-2023; former, left office 2023-09-01',
    });
  });
  it('a current position decides over an ended one', () => {
    const a = assessPep({ topics: ['role.pep'], positions: [minister, { title: 'Ambassador to Testland', country: 'GB', topics: ['role.diplo'], startDate: '2024-01-01', status: 'current' }] }, ctx)!;
    expect(a).toMatchObject({ status: 'current', ended_on: null, minimum_measures_until: null });
    expect(a.explanation).toBe('Ambassador to Testland (GB), since 2024; in office');
    expect(a.positions.map((p) => p.status)).toEqual(['former', 'current']);
  });
  it('a spouse of a PEP is an RCA with the relation explained (MLR 2017 regulation 35)', () => {
    const relation: PepRelation = { kind: 'family', relationship: 'spouse', describes: 'this', pepId: 'l:1', pepName: 'Jane Doe', pepPositions: [minister] };
    expect(assessPep({ topics: ['role.rca'], relations: [relation] }, ctx)).toMatchObject({
      role: 'rca', category: 'domestic', status: 'former', ended_on: '2023-09-01',
      relation: { kind: 'family', relationship: 'spouse', pep_entity_id: 'l:1', pep_name: 'Jane Doe' },
      explanation: 'spouse of Jane Doe, Minister of Finance (GB), 2019-2023; former, left office 2023-09-01',
    });
  });
  it('a relationship published from the other side is not turned around', () => {
    const relation: PepRelation = { kind: 'family', relationship: 'Mother', describes: 'pep', pepId: 'l:1', pepName: 'Jane Doe', pepPositions: [{ ...minister, endDate: undefined, status: 'current' }] };
    expect(assessPep({ topics: ['role.rca'], relations: [relation] }, ctx)!.explanation).toBe('relative of Jane Doe (Jane Doe is their mother), Minister of Finance (GB), since 2019; in office');
  });
  it('a close associate of an international organisation official', () => {
    const relation: PepRelation = { kind: 'associate', describes: 'this', pepId: 'l:2', pepName: 'A. Official', pepPositions: [{ title: 'Deputy Secretary-General', topics: ['gov.igo'], status: 'current' }] };
    expect(assessPep({ topics: ['role.rca'], relations: [relation] }, ctx)).toMatchObject({ role: 'rca', category: 'international_organisation', status: 'current', explanation: 'close associate of A. Official, Deputy Secretary-General; in office' });
  });
  it('the relation to the PEP still in office decides', () => {
    const former: PepRelation = { kind: 'family', relationship: 'son', describes: 'this', pepId: 'l:1', pepName: 'Old Minister', pepPositions: [minister] };
    const current: PepRelation = { kind: 'family', relationship: 'nephew', describes: 'this', pepId: 'l:3', pepName: 'New Minister', pepPositions: [{ title: 'Senator', country: 'US', topics: [], status: 'current' }] };
    expect(assessPep({ topics: ['role.rca'], relations: [former, current] }, ctx)).toMatchObject({ category: 'foreign', status: 'current', relation: { pep_name: 'New Minister' } });
  });
  it('a PEP topic without positions, an RCA topic without relations, and an entity that is neither', () => {
    expect(assessPep({ topics: ['role.pep'] }, ctx)).toMatchObject({ role: 'pep', category: null, status: 'unknown', explanation: 'listed as a PEP; no position published' });
    expect(assessPep({ topics: ['role.rca'] }, ctx)).toMatchObject({ role: 'rca', status: 'unknown', relation: null });
    expect(assessPep({ topics: ['sanction'] }, ctx)).toBeUndefined();
  });
});

describe('list freshness', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it.each<[string, string | undefined, number | null, boolean]>([
    ['updated an hour ago', '2026-11-25T11:00:00Z', 1, false],
    ['exactly at the limit', '2026-11-23T12:00:00Z', 48, false],
    ['three days old', '2026-11-22T12:00:00Z', 72, true],
    ['never updated', undefined, null, true],
  ])('%s', (_, last, age, stale) => {
    expect(listFreshness(last, now, 48)).toEqual({ age_hours: age, stale });
  });
});
