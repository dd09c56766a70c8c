/** The evidence rule as a table: how dates relate, and which evidence may lower which name (ADR 0090). */
import { describe, expect, it } from 'vitest';
import { decideMatch, dobEvidence, dobRelation, genderEvidence, nationalityEvidence, residenceEvidence, type DobRelation, type EvidenceFactor } from './evidence.ts';
import { thresholdFor, THRESHOLDS, topicOf } from './thresholds.ts';

describe('dobRelation', () => {
  const table: Array<[string, string, DobRelation]> = [
    ['1961-03-12', '1961-03-12', 'exact'],
    ['1961-03-13', '1961-03-12', 'one_day'],
    ['1961-03-01', '1961-02-28', 'one_day'], // across a month end
    ['1961-01-01', '1960-12-31', 'one_day'], // across a year end
    ['1961-03-18', '1961-03-12', 'one_digit'],
    ['1961-08-12', '1961-03-12', 'one_digit'],
    ['1971-03-12', '1961-03-12', 'one_digit'], // ten years, one key
    ['1961-03-21', '1961-03-12', 'digits_transposed'],
    ['1916-03-12', '1961-03-12', 'digits_transposed'],
    ['1961-12-03', '1961-03-12', 'day_month_swapped'],
    ['1962-03-12', '1961-03-12', 'year_1'],
    ['1959-03-12', '1961-03-12', 'year_2'],
    ['1961-03-27', '1961-03-12', 'same_month'],
    ['1961-09-27', '1961-03-12', 'same_year'],
    ['1962-09-27', '1961-03-12', 'year_close'],
    ['1961', '1961-03-12', 'partial'], // the customer gave a year only
    ['1961-03', '1961-03-12', 'partial'], // or a month
    ['1961-03-12', '1961', 'partial'], // the list gives a year only
    ['1961-03-12', '1961-03', 'partial'],
    ['1961-03-12', '1961-00-00', 'partial'], // 00: unknown parts
    ['1961-04', '1961-03-12', 'same_year'],
    ['1962', '1961-03-12', 'year_close'],
    ['1961-03-12', '1963', 'year_close'],
    ['1991-03-12', '1961', 'one_digit'],
    ['1975-06-30', '1961-03-12', 'disjoint'],
    ['1975', '1961', 'disjoint'],
    ['1961-07-25', '1964-03-12', 'disjoint'],
  ];
  it.each(table)('%s against listed %s is %s', (given, listed, relation) => {
    expect(dobRelation(given, listed)).toBe(relation);
  });
});

describe('dobEvidence', () => {
  it('takes the closest listed date and names the relation', () => {
    expect(dobEvidence('1961-03-13', ['1950', '1961-03-12'])).toMatchObject({ reason: 'DOB_NEAR', detail: '1961-03-12 (one_day)' });
    expect(dobEvidence('1961-03-12', ['1950', '1961-03-12'])).toMatchObject({ reason: 'DOB_MATCH' });
    expect(dobEvidence('1961-05-01', ['1960', '1961', '1962'])).toMatchObject({ reason: 'DOB_YEAR_MATCH', detail: '1961' });
    expect(dobEvidence('1975-05-01', ['1960', '1961'])).toMatchObject({ reason: 'DOB_MISMATCH', adjustment: expect.any(Number) });
  });
  it('says nothing without a date on both sides', () => {
    expect(dobEvidence(undefined, ['1961'])).toBeUndefined();
    expect(dobEvidence('1961-03-12', [])).toBeUndefined();
    expect(dobEvidence('not a date', ['1961'])).toBeUndefined();
  });
});

describe('nationality, residence and gender', () => {
  it('nationality agrees or differs from the listed nationalities and citizenships', () => {
    expect(nationalityEvidence('ir', ['IR'])?.reason).toBe('NATIONALITY_MATCH');
    expect(nationalityEvidence('GB', ['IR'])?.reason).toBe('NATIONALITY_MISMATCH');
    expect(nationalityEvidence('GB', [])).toBeUndefined();
  });
  it('residence only ever agrees: living in the UK says nothing about being listed', () => {
    expect(residenceEvidence('IR', ['IR'])?.reason).toBe('RESIDENCE_MATCH');
    expect(residenceEvidence('GB', ['IR'])).toBeUndefined();
  });
  it('gender agrees or differs', () => {
    expect(genderEvidence('male', 'male')?.reason).toBe('GENDER_MATCH');
    expect(genderEvidence('female', 'male')?.reason).toBe('GENDER_MISMATCH');
    expect(genderEvidence('female', undefined)).toBeUndefined();
  });
});

describe('decideMatch', () => {
  const t = { match: 0.86, strongName: 0.95 };
  const dob = (given: string, listed: string) => dobEvidence(given, [listed])!;
  const near = dob('1961-03-13', '1961-03-12');
  const disjoint = dob('1980-06-30', '1961-03-12');
  const nationalityOk = nationalityEvidence('IR', ['IR'])!;
  const nationalityOther = nationalityEvidence('GB', ['IR'])!;
  const residenceOk = residenceEvidence('IR', ['IR'])!;
  const genderOther = genderEvidence('female', 'male')!;
  const table: Array<[string, number, EvidenceFactor[], boolean]> = [
    ['strong name, no evidence', 1, [], true],
    ['strong name, near date', 1, [near], true],
    ['strong name, disjoint date: never hidden', 1, [disjoint], true],
    ['strong name, disjoint date, other nationality, other gender: still a match', 0.96, [disjoint, nationalityOther, genderOther], true],
    ['weak name, near date', 0.87, [near], true],
    ['weak name, no date', 0.87, [], true],
    ['weak name, other nationality only: lowers priority, never hides', 0.87, [nationalityOther], true],
    ['weak name, disjoint date: lowered', 0.9, [disjoint], false],
    ['weak name, disjoint date, other nationality: lowered', 0.9, [disjoint, nationalityOther], false],
    ['weak name, disjoint date, nationality agrees: kept', 0.9, [disjoint, nationalityOk], true],
    ['weak name, disjoint date, residence agrees: kept', 0.9, [disjoint, residenceOk], true],
    ['every near kind keeps a weak name', 0.86, [dob('1961-12-03', '1961-03-12')], true],
    ['below the threshold, exact date: evidence alone makes no match', 0.85, [dob('1961-03-12', '1961-03-12'), nationalityOk], false],
  ];
  it.each(table)('%s', (_, nameScore, evidence, potential) => {
    expect(decideMatch(nameScore, evidence, t).potential).toBe(potential);
  });
  it('every near relation keeps a name at the threshold', () => {
    for (const given of ['1961-03-13', '1961-03-18', '1961-03-21', '1961-12-03', '1962-03-12', '1963-03-12', '1959-03-12', '1961', '1961-03', '1961-09-27', '1961-03-27']) {
      expect(decideMatch(t.match, [dob(given, '1961-03-12')], t).potential, given).toBe(true);
    }
  });
  it('priority orders matches by the evidence, and says when a weak name was lowered', () => {
    const exact = decideMatch(0.9, [dob('1961-03-12', '1961-03-12')], t);
    const nearD = decideMatch(0.9, [near], t);
    expect(exact.priority).toBeGreaterThan(nearD.priority);
    expect(decideMatch(0.9, [disjoint], t)).toMatchObject({ potential: false, lowered: 'DOB_DISJOINT_WEAK_NAME' });
  });
  it('a name matched through a given-name equivalent is never strong: a different date lowers it (ADR 0103)', () => {
    // William Nelson born 1959 against Bill Nelson born 1941: 0.95 by averaging 0.9 and 1.0.
    expect(decideMatch(0.95, [disjoint], t).potential).toBe(true);
    expect(decideMatch(0.95, [disjoint], t, true)).toMatchObject({ potential: false, lowered: 'DOB_DISJOINT_WEAK_NAME' });
    // A near date, or an agreeing country, still keeps it.
    expect(decideMatch(0.95, [near], t, true).potential).toBe(true);
    expect(decideMatch(0.95, [disjoint, { factor: 'residence', adjustment: 0.01, reason: 'RESIDENCE_MATCH', detail: 'GB' }], t, true).potential).toBe(true);
  });
});

describe('thresholds', () => {
  it('a sanctioned entity uses the sanctions threshold even when also a PEP', () => {
    expect(topicOf(['role.pep', 'sanction'])).toBe('sanctions');
    expect(topicOf(['role.rca'])).toBe('pep');
    expect(topicOf(['crime'])).toBe('other');
  });
  it('sanctions ask for no closer a name than PEPs (recall first)', () => {
    expect(THRESHOLDS.sanctions.match).toBeLessThanOrEqual(THRESHOLDS.pep.match);
  });
  it('an override moves the match threshold, and the strong-name line with it when above', () => {
    expect(thresholdFor('pep', 0.8)).toEqual({ match: 0.8, strongName: THRESHOLDS.pep.strongName });
    expect(thresholdFor('pep', 0.97)).toEqual({ match: 0.97, strongName: 0.97 });
    expect(thresholdFor('sanctions', { pep: 0.99 }).match).toBe(THRESHOLDS.sanctions.match);
  });
});
