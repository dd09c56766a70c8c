import { describe, expect, it } from 'vitest';
import { applyMemory, changeReasons, decidedByReview, DELISTED_HASH, newChanges, type RememberedReview } from './memory.ts';
import { namesToScreen, type GivenName } from './names.ts';
import { bestPerEntity } from '../../screening/index.ts';
import type { ReportMatch } from './report.ts';
import { kindAnswers, needsReview } from './decision.ts';

const match = (id: string, hash: string, kind: ReportMatch['kind'] = 'SANCTIONS'): ReportMatch => ({
  kind, list: 'l', entity_id: id, source_id: id, listed_name: `Name ${id}`, matched_name: `Name ${id}`, score: 0.95,
  topics: kind === 'PEP' ? ['role.pep'] : ['sanction'], programs: [], source_url: null, reasons: ['NAME_EXACT'], review_status: 'PENDING', entity_hash: hash, listed: true,
});
const remembered = (id: string, hash: string, status: RememberedReview['status']): RememberedReview => ({
  entityId: id, entityHash: hash, status, reviewedBy: 'user:ana', reviewedAt: '2026-11-20T10:00:00.000Z', notes: 'why', match: match(id, hash),
});

describe('applyMemory', () => {
  const hashes = new Map([['a', 'h1'], ['b', 'h2'], ['c', 'h3']]);
  const hashOf = (id: string) => hashes.get(id);

  it('carries a review over while the entity hash is the same, and reopens it when it changed', () => {
    const out = applyMemory([match('a', 'h1'), match('b', 'h2')], [remembered('a', 'h1', 'MATCH_DISMISSED'), remembered('b', 'old', 'MATCH_DISMISSED')], hashOf);
    expect(out.map((m) => [m.entity_id, m.review_status, m.review_change])).toEqual([['a', 'MATCH_DISMISSED', null], ['b', 'PENDING', 'DISMISSED_MATCH_CHANGED']]);
    expect(out[1]!.review).toMatchObject({ status: 'MATCH_DISMISSED', reviewed_by: 'user:ana', notes: 'why' });
    expect(changeReasons(out)).toEqual(['DISMISSED_MATCH_CHANGED']);
  });

  it('a match nobody reviewed is pending with no review', () => {
    expect(applyMemory([match('a', 'h1')], [], hashOf)[0]).toMatchObject({ review_status: 'PENDING', review: null, review_change: null });
  });

  it('keeps a confirmed match the screening no longer returns; a delisted one goes back to a person once', () => {
    const out = applyMemory([], [remembered('c', 'h3', 'MATCH_CONFIRMED'), remembered('gone', 'h9', 'MATCH_CONFIRMED'), remembered('gone2', 'h8', 'MATCH_DISMISSED')], hashOf);
    expect(out.map((m) => [m.entity_id, m.review_status, m.review_change, m.listed])).toEqual([
      ['c', 'MATCH_CONFIRMED', null, true],
      ['gone', 'PENDING', 'CONFIRMED_MATCH_DELISTED', false],
    ]);
    expect(out[1]!.entity_hash).toBe(DELISTED_HASH);
    // Reviewed as delisted: not raised again.
    expect(applyMemory([], [remembered('gone', DELISTED_HASH, 'MATCH_CONFIRMED')], hashOf)).toEqual([]);
    // Listed again: reopened as changed.
    expect(applyMemory([match('a', 'h1')], [remembered('a', DELISTED_HASH, 'MATCH_CONFIRMED')], hashOf)[0]!.review_change).toBe('CONFIRMED_MATCH_CHANGED');
  });

  it('a delisted match does not count as a potential match of its kind, a carried confirmed one does', () => {
    const out = applyMemory([], [remembered('c', 'h3', 'MATCH_CONFIRMED'), remembered('gone', 'h9', 'MATCH_CONFIRMED')], hashOf);
    expect(kindAnswers(out)).toEqual({ pep: 'No Match', sanctions: 'Potential Match' });
    expect(kindAnswers(out.filter((m) => m.listed === false))).toEqual({ pep: 'No Match', sanctions: 'No Match' });
  });

  it('needs a person only for what nobody has decided', () => {
    const base = { decision: 'PASS' as const, pep_matches: 'No Match' as const, sanctions_matches: 'Potential Match' as const };
    expect(needsReview({ ...base, matches: [{ ...match('a', 'h1'), review_status: 'MATCH_DISMISSED' }] })).toBe(false);
    expect(needsReview({ ...base, matches: [match('a', 'h1')] })).toBe(true);
    expect(needsReview({ ...base, pep_matches: null, matches: [] })).toBe(true);
  });
});

describe('newChanges', () => {
  it('reports a reopened review once: the same change on the same content is not new', () => {
    const reopened = { ...match('a', 'h2'), review_change: 'DISMISSED_MATCH_CHANGED' as const };
    expect(newChanges([match('a', 'h1')], [reopened])).toHaveLength(1);
    expect(newChanges([reopened], [reopened])).toHaveLength(0);
    expect(newChanges([reopened], [{ ...reopened, entity_hash: 'h3' }])).toHaveLength(1);
  });
});

describe('decidedByReview', () => {
  it('named matches first, then pending ones by their kind; carried ones keep their status', () => {
    const matches = [match('a', 'h1'), { ...match('b', 'h2'), review_status: 'MATCH_CONFIRMED' as const }, match('p', 'h4', 'PEP')];
    const decided = decidedByReview(matches, { pep: 'MATCH_DISMISSED', sanctions: 'MATCH_CONFIRMED', matches: [{ entity_id: 'a', status: 'MATCH_DISMISSED', notes: 'n' }] });
    expect([...decided]).toEqual([['a', { status: 'MATCH_DISMISSED', notes: 'n' }], ['p', { status: 'MATCH_DISMISSED' }]]);
  });
});

describe('names to screen', () => {
  it('the contact first, each other name once whatever its case and accents, with where it came from', () => {
    expect(namesToScreen('Zoë Smith', { legal_names: ['ZOE SMITH', 'Zoe Jones'], document_names: ['ZOE JONES', 'ZOE J SMITH'] })).toEqual([
      { name: 'Zoë Smith', source: 'CONTACT' }, { name: 'Zoe Jones', source: 'PREVIOUS_NAME' }, { name: 'ZOE J SMITH', source: 'DOCUMENT' },
    ]);
  });

  it('keeps the best match per entity and the name that gave it', () => {
    const a: GivenName = { name: 'A', source: 'CONTACT' };
    const b: GivenName = { name: 'B', source: 'PREVIOUS_NAME' };
    const merged = bestPerEntity([{ name: a, matches: [{ entityId: 'x', score: 0.9 }] }, { name: b, matches: [{ entityId: 'x', score: 0.97 }, { entityId: 'y', score: 0.9 }] }]);
    expect(merged).toEqual([{ entityId: 'x', score: 0.97, screenedName: b }, { entityId: 'y', score: 0.9, screenedName: b }]);
  });
});
