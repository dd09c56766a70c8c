import { describe, expect, it } from 'vitest';
import { covered, decide, type Decision } from './outcome.ts';

const m = (...topics: string[]) => ({ topics });

describe('screening outcome rule', () => {
  it.each<[string, Array<{ topics: string[] }>, [Decision, Decision, Decision]]>([
    ['no match at all', [], ['No Match', 'No Match', 'No Match']],
    ['a sanctioned entity', [m('sanction')], ['Potential Match', 'No Match', 'Potential Match']],
    ['a linked sanction', [m('sanction.linked')], ['Potential Match', 'No Match', 'Potential Match']],
    ['a debarment counts as sanctions', [m('debarment')], ['Potential Match', 'No Match', 'Potential Match']],
    ['a PEP', [m('role.pep')], ['Potential Match', 'Potential Match', 'No Match']],
    ['a close associate of a PEP', [m('role.rca')], ['Potential Match', 'Potential Match', 'No Match']],
    ['one entity both PEP and sanctioned', [m('role.pep', 'sanction')], ['Potential Match', 'Potential Match', 'Potential Match']],
    ['a PEP and a sanctioned entity', [m('role.pep'), m('sanction')], ['Potential Match', 'Potential Match', 'Potential Match']],
    ['another topic only: a match, neither kind', [m('crime')], ['Potential Match', 'No Match', 'No Match']],
    ['a topic that only starts like one does not count', [m('role.pep.former'), m('sanctioned')], ['Potential Match', 'No Match', 'No Match']],
  ])('%s', (_name, matches, [decision, pep, sanctions]) => {
    expect(decide(matches)).toEqual({ decision, pep, sanctions });
  });

  it.each<[string, { pep: Decision; sanctions: Decision }, { pep: boolean; sanctions: boolean }, { pep: Decision | null; sanctions: Decision | null }]>([
    ['both kinds loaded', { pep: 'No Match', sanctions: 'No Match' }, { pep: true, sanctions: true }, { pep: 'No Match', sanctions: 'No Match' }],
    ['sanctions lists alone: PEP not screened', { pep: 'No Match', sanctions: 'No Match' }, { pep: false, sanctions: true }, { pep: null, sanctions: 'No Match' }],
    ['PEP lists alone: sanctions not screened', { pep: 'Potential Match', sanctions: 'No Match' }, { pep: true, sanctions: false }, { pep: 'Potential Match', sanctions: null }],
    ['a match found is kept even without a list of its kind', { pep: 'Potential Match', sanctions: 'Potential Match' }, { pep: false, sanctions: false }, { pep: 'Potential Match', sanctions: 'Potential Match' }],
    ['nothing loaded of either kind', { pep: 'No Match', sanctions: 'No Match' }, { pep: false, sanctions: false }, { pep: null, sanctions: null }],
  ])('%s', (_name, outcome, coverage, expected) => {
    expect(covered(outcome, coverage)).toEqual(expected);
  });
});
