import { describe, expect, it } from 'vitest';
import { decideAfterRescreen, decideAml, kindAnswers, matchKind, needsReview, type AmlDecision, type KindAnswers } from './decision.ts';
import type { ReportMatch } from './report.ts';

const match = (id: string, topics: string[], extra: Partial<ReportMatch> = {}): ReportMatch => ({
  kind: matchKind(topics), list: 'l', entity_id: id, source_id: id, listed_name: id, matched_name: id, score: 0.9, topics, programs: [],
  source_url: null, reasons: [], review_status: 'PENDING', entity_hash: 'h', listed: true, ...extra,
});
const NO: KindAnswers = { pep: 'No Match', sanctions: 'No Match' };

describe('the AML decision', () => {
  it.each<[string, AmlDecision, string[], KindAnswers, ReportMatch[], { decision: AmlDecision; reasons: string[] }]>([
    ['identity PASS, nothing matched', 'PASS', ['SOURCES_GE_2'], NO, [], { decision: 'PASS', reasons: ['SOURCES_GE_2'] }],
    ['a potential match does not change the identity decision', 'PASS', ['SOURCES_GE_2'], { pep: 'No Match', sanctions: 'Potential Match' }, [match('s', ['sanction'])],
      { decision: 'PASS', reasons: ['SOURCES_GE_2', 'SANCTIONS_POTENTIAL_MATCH'] }],
    ['identity REFER keeps its codes first', 'REFER', ['SOURCES_LT_2'], { pep: 'Potential Match', sanctions: 'No Match' }, [match('p', ['role.pep'])],
      { decision: 'REFER', reasons: ['SOURCES_LT_2', 'PEP_POTENTIAL_MATCH'] }],
    ['identity ALERT', 'ALERT', ['DECEASED'], NO, [], { decision: 'ALERT', reasons: ['DECEASED'] }],
    ['a kind not screened is said so', 'PASS', [], { pep: null, sanctions: 'No Match' }, [], { decision: 'PASS', reasons: ['PEP_NOT_SCREENED'] }],
    ['neither kind screened', 'PASS', [], { pep: null, sanctions: null }, [], { decision: 'PASS', reasons: ['PEP_NOT_SCREENED', 'SANCTIONS_NOT_SCREENED'] }],
    ['both kinds matched, PEP first', 'PASS', [], { pep: 'Potential Match', sanctions: 'Potential Match' }, [], { decision: 'PASS', reasons: ['PEP_POTENTIAL_MATCH', 'SANCTIONS_POTENTIAL_MATCH'] }],
    ['a reopened review comes last', 'PASS', ['SOURCES_GE_2'], { pep: 'No Match', sanctions: 'Potential Match' }, [match('s', ['sanction'], { review_change: 'DISMISSED_MATCH_CHANGED' })],
      { decision: 'PASS', reasons: ['SOURCES_GE_2', 'SANCTIONS_POTENTIAL_MATCH', 'DISMISSED_MATCH_CHANGED'] }],
  ])('%s', (_name, decision, reasons, answers, matches, expected) => {
    expect(decideAml({ identity: { decision, reasons }, answers, matches })).toEqual({ ...expected, pep_matches: answers.pep, sanctions_matches: answers.sanctions });
  });

  it.each<[string, string[], KindAnswers, boolean, ReportMatch[], string[]]>([
    ['a new match after a list update', ['SOURCES_GE_2'], { pep: 'No Match', sanctions: 'Potential Match' }, true, [], ['SOURCES_GE_2', 'SANCTIONS_POTENTIAL_MATCH', 'NEW_MATCH_AFTER_LIST_UPDATE']],
    ['the screening reasons of before are replaced', ['SOURCES_GE_2', 'PEP_NOT_SCREENED', 'NEW_MATCH_AFTER_LIST_UPDATE', 'DISMISSED_MATCH_CHANGED'], NO, false, [], ['SOURCES_GE_2']],
    ['identity reasons stay', ['SOURCES_LT_2', 'NAME_DOB_NOT_CONFIRMED', 'SANCTIONS_POTENTIAL_MATCH'], { pep: 'Potential Match', sanctions: 'No Match' }, true, [],
      ['SOURCES_LT_2', 'NAME_DOB_NOT_CONFIRMED', 'PEP_POTENTIAL_MATCH', 'NEW_MATCH_AFTER_LIST_UPDATE']],
    ['a delisted confirmed match reopens', ['SOURCES_GE_2'], NO, false, [match('g', ['sanction'], { listed: false, review_change: 'CONFIRMED_MATCH_DELISTED' })], ['SOURCES_GE_2', 'CONFIRMED_MATCH_DELISTED']],
  ])('after a re-screen: %s', (_name, before, answers, newMatch, matches, reasons) => {
    const out = decideAfterRescreen({ previous: { decision: 'REFER', reasons: before }, answers, matches, newMatch });
    expect(out).toEqual({ decision: 'REFER', pep_matches: answers.pep, sanctions_matches: answers.sanctions, reasons });
  });

  it.each<[string[], ReportMatch['kind']]>([
    [['sanction'], 'SANCTIONS'], [['debarment'], 'SANCTIONS'], [['sanction.linked'], 'SANCTIONS'], [['role.pep'], 'PEP'], [['role.rca'], 'PEP'],
    [['role.pep', 'sanction'], 'SANCTIONS'], [['crime'], 'OTHER'], [[], 'OTHER'],
  ])('a match with topics %j is of kind %s', (topics, kind) => {
    expect(matchKind(topics)).toBe(kind);
  });

  it.each<[string, ReportMatch[], ReturnType<typeof kindAnswers>]>([
    ['none', [], { pep: 'No Match', sanctions: 'No Match' }],
    ['a PEP', [match('p', ['role.pep'])], { pep: 'Potential Match', sanctions: 'No Match' }],
    ['an entity both PEP and sanctioned counts for both', [match('b', ['role.pep', 'sanction'])], { pep: 'Potential Match', sanctions: 'Potential Match' }],
    ['a delisted match counts for nothing', [match('g', ['sanction'], { listed: false })], { pep: 'No Match', sanctions: 'No Match' }],
    ['a match carried over from an earlier report counts', [match('c', ['sanction'], { review_status: 'MATCH_CONFIRMED' })], { pep: 'No Match', sanctions: 'Potential Match' }],
  ])('answers per kind: %s', (_name, matches, expected) => {
    expect(kindAnswers(matches)).toEqual(expected);
  });

  const reviewed = match('s', ['sanction'], { review_status: 'MATCH_DISMISSED' });
  it.each<[string, Parameters<typeof needsReview>[0], boolean]>([
    ['PASS, screened, nothing matched', { decision: 'PASS', ...{ pep_matches: 'No Match', sanctions_matches: 'No Match' }, matches: [] }, false],
    ['PASS with a match reviewed earlier', { decision: 'PASS', pep_matches: 'No Match', sanctions_matches: 'Potential Match', matches: [reviewed] }, false],
    ['PASS with a pending match', { decision: 'PASS', pep_matches: 'No Match', sanctions_matches: 'Potential Match', matches: [match('s', ['sanction'])] }, true],
    ['REFER', { decision: 'REFER', pep_matches: 'No Match', sanctions_matches: 'No Match', matches: [] }, true],
    ['ALERT', { decision: 'ALERT', pep_matches: 'No Match', sanctions_matches: 'No Match', matches: [] }, true],
    ['PEP not screened', { decision: 'PASS', pep_matches: null, sanctions_matches: 'No Match', matches: [] }, true],
    ['sanctions not screened', { decision: 'PASS', pep_matches: 'No Match', sanctions_matches: null, matches: [] }, true],
  ])('needs a person: %s', (_name, data, expected) => {
    expect(needsReview(data)).toBe(expected);
  });
});
