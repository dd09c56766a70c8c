/** The matcher over an index: candidates, evidence, weak aliases, schema filter and explanations. */
import { describe, expect, it } from 'vitest';
import { newEntity, addName, type ListedEntity } from './entity.ts';
import { Matcher } from './matcher.ts';
import { THRESHOLDS } from './thresholds.ts';
import { diffEntities } from './versions.ts';

function person(id: string, names: Array<[string, 'primary' | 'strong' | 'weak']>, extra: Partial<ListedEntity> = {}): ListedEntity {
  const e = newEntity('test_list', id, 'person');
  for (const [n, q] of names) addName(e, n, q);
  e.topics.push('sanction');
  return { ...e, ...extra };
}

const ivan = person('1', [['TESTOV, Ivan Petrovich', 'primary'], ['TESTOFF, Iwan', 'strong'], ['IVANUSHKA', 'weak']], { birthDates: ['1961-03-12'], nationalities: ['RU'] });
const company = (() => {
  const e = newEntity('test_list', '2', 'company');
  addName(e, 'TESTOV TRADING LLC', 'primary');
  e.topics.push('sanction');
  return e;
})();
// Filler so that the index has to choose among many names.
const filler = Array.from({ length: 500 }, (_, i) => person(`f${i}`, [[`Person${i} Fillername${i % 37}`, 'primary']]));
const matcher = new Matcher([ivan, company, ...filler]);

describe('Matcher', () => {
  it('finds a listed person under a typo and reordering, and explains the match', () => {
    const [m] = matcher.screen({ name: 'Ivan Petrovich Testv' });
    expect(m?.entityId).toBe('test_list:1');
    expect(m?.listedName).toBe('TESTOV, Ivan Petrovich');
    expect(m?.reasons).toEqual(expect.arrayContaining(['NAME_FUZZY', 'NAME_REORDERED']));
    expect(m?.explanation.tokens.find((t) => t.query === 'testv')).toMatchObject({ listed: 'testov', reason: 'fuzzy' });
  });
  it('finds a name written with its particle joined (ALQAEDA) under the name written apart (ADR 0187)', () => {
    const e = newEntity('test_list', 'q', 'organization');
    addName(e, 'AL QAEDA', 'primary');
    e.topics.push('sanction');
    const m = new Matcher([e, ivan, ...filler]).screen({ name: 'ALQAEDA' });
    expect(m[0]?.entityId).toBe('test_list:q');
  });
  it('still lists a person screened without the surname the listing marks, ranked below the full name (ADR 0187)', () => {
    const e = person('h', [['AL-HOUTHI, Mohammed Ali', 'primary']]);
    const m = new Matcher([e, ivan, ...filler]);
    const part = m.screen({ name: 'Mohammed Ali' })[0];
    const full = m.screen({ name: 'Mohammed Ali Houthi' })[0];
    expect(part?.entityId).toBe('test_list:h');
    expect(full?.entityId).toBe('test_list:h');
    expect(part!.explanation.nameScore).toBeLessThan(full!.explanation.nameScore);
    expect(part!.explanation.nameScore).toBeLessThan(0.88);
  });
  it('finds a listed person through an alias and says which name matched', () => {
    const [m] = matcher.screen({ name: 'Iwan Testoff' });
    expect(m?.matchedName).toBe('TESTOFF, Iwan');
    expect(m?.explanation.aliasQuality).toBe('strong');
  });
  it('a matching date of birth raises the priority, a clearly different one lowers it but never hides a strong name', () => {
    const base = matcher.screen({ name: 'Ivan Testov' })[0]!;
    const same = matcher.screen({ name: 'Ivan Testov', dob: '1961-03-12' })[0]!;
    const other = matcher.screen({ name: 'Ivan Testov', dob: '1990-07-25' })[0]!;
    expect(same.score).toBeGreaterThan(base.score);
    expect(same.reasons).toContain('DOB_MATCH');
    expect(other.entityId).toBe('test_list:1');
    expect(other.score).toBeLessThan(base.score);
    expect(other.reasons).toContain('DOB_MISMATCH');
  });
  it('a near date keeps a match and says how near', () => {
    for (const dob of ['1961-03-13', '1961-12-03', '1962-03-12', '1963-03-12', '1961-03-18', '1961', '1961-03']) {
      const [m] = matcher.screen({ name: 'Ivan Testov', dob });
      expect(m?.entityId, dob).toBe('test_list:1');
    }
    expect(matcher.screen({ name: 'Ivan Testov', dob: '1961-12-03' })[0]?.reasons).toContain('DOB_NEAR');
  });
  it('a weak name with a clearly different date and nothing else agreeing is lowered; a near date keeps it', () => {
    // One letter off in a short surname: a weak name.
    const weak = matcher.screen({ name: 'Ivan Petrovich Testiv' }, { threshold: 0.8 })[0];
    expect(weak?.explanation.nameScore).toBeLessThan(0.95);
    expect(matcher.screen({ name: 'Ivan Petrovich Testiv', dob: '1961-03-13' }, { threshold: 0.8 })[0]?.entityId).toBe('test_list:1');
    expect(matcher.screen({ name: 'Ivan Petrovich Testiv', dob: '1985-07-25' }, { threshold: 0.8 })).toEqual([]);
    // The same date with the listed nationality agreeing: kept.
    expect(matcher.screen({ name: 'Ivan Petrovich Testiv', dob: '1985-07-25', nationality: 'RU' }, { threshold: 0.8 })[0]?.entityId).toBe('test_list:1');
  });
  it('a year of birth only agrees with a listed full date in the same year', () => {
    expect(matcher.screen({ name: 'Ivan Testov', dob: '1961' })[0]?.reasons).toContain('DOB_YEAR_MATCH');
  });
  it('nationality from a document is evidence both ways; the residence country only agrees', () => {
    expect(matcher.screen({ name: 'Ivan Testov', nationality: 'RU' })[0]?.reasons).toContain('NATIONALITY_MATCH');
    expect(matcher.screen({ name: 'Ivan Testov', nationality: 'FR' })[0]?.reasons).toContain('NATIONALITY_MISMATCH');
    expect(matcher.screen({ name: 'Ivan Testov', country: 'RU' })[0]?.reasons).toContain('RESIDENCE_MATCH');
    const uk = matcher.screen({ name: 'Ivan Testov', country: 'GB' })[0]!;
    expect(uk.reasons.filter((r) => /NATIONALITY|RESIDENCE|COUNTRY/.test(r))).toEqual([]);
    expect(uk.score).toBe(matcher.screen({ name: 'Ivan Testov' })[0]!.score);
  });
  it('each match says which topic threshold applied', () => {
    expect(matcher.screen({ name: 'Ivan Testov' })[0]).toMatchObject({ topic: 'sanctions', threshold: THRESHOLDS.sanctions.match });
  });
  it('a weak alias matches only when it is the whole name', () => {
    expect(matcher.screen({ name: 'Ivanushka' })[0]?.reasons).toContain('WEAK_ALIAS');
    expect(matcher.screen({ name: 'Ivanushka Smith' })).toEqual([]);
  });
  it('type person skips companies and type company skips persons', () => {
    expect(matcher.screen({ name: 'Testov Trading', type: 'person' }).map((m) => m.entityId)).not.toContain('test_list:2');
    expect(matcher.screen({ name: 'Testov Trading', type: 'company' }).map((m) => m.entityId)).toEqual(['test_list:2']);
  });
  it('an ordinary name finds nothing', () => {
    expect(matcher.screen({ name: 'Emma Johnson' })).toEqual([]);
  });
  it('returns one match per entity, best name first', () => {
    const matches = matcher.screen({ name: 'Ivan Testov' });
    expect(new Set(matches.map((m) => m.entityId)).size).toBe(matches.length);
  });
});

describe('a query that names one part only (ADR 0185)', () => {
  const m = new Matcher([
    person('surname', [['TESTOVSKY', 'primary']]),
    person('one-given', [['TESTOVSKY, Pyotr', 'primary']]),
    person('two-given', [['TESTOVSKY, Ivan Sergei', 'primary']]),
  ]);
  it('a surname alone still finds everyone it found before, after the full-name match, with NAME_PARTIAL and the threshold that applied', () => {
    const matches = m.screen({ name: 'Testovsky' });
    expect(matches.map((x) => x.entityId)).toEqual(['test_list:surname', 'test_list:one-given', 'test_list:two-given']);
    const partial = matches.filter((x) => x.entityId !== 'test_list:surname');
    for (const x of partial) {
      expect(x.reasons).toContain('NAME_PARTIAL');
      expect(x.threshold).toBeLessThan(THRESHOLDS.sanctions.match);
      expect(x.explanation.nameScore).toBeGreaterThanOrEqual(x.threshold);
    }
    // Two given names missing: under the sanctions threshold with the one-part charge, kept by the policy.
    expect(partial.find((x) => x.entityId === 'test_list:two-given')!.explanation.nameScore).toBeLessThan(THRESHOLDS.sanctions.match);
  });
  it('a given name and a surname are held to the topic threshold, as before', () => {
    const [x] = m.screen({ name: 'Pyotr Testovsky' });
    expect(x).toMatchObject({ entityId: 'test_list:one-given', threshold: THRESHOLDS.sanctions.match });
  });
});

describe('known names are not typos', () => {
  const m = new Matcher([person('a', [['Mayra Rivera', 'primary']]), person('b', [['Maria Lopez', 'primary']])]);
  it('a query name that is itself listed (Maria) does not match a different listed name one letter away (Mayra)', () => {
    expect(m.screen({ name: 'Maria Rivera' })).toEqual([]);
  });
  it('an unknown spelling one edit away is still taken as a typo', () => {
    expect(m.screen({ name: 'Mayar Rivera' }).map((x) => x.entityId)).toEqual(['test_list:a']);
  });
});

describe('list diff', () => {
  it('reports added, changed and removed entity ids', () => {
    const before = [ivan, company];
    const changed = { ...ivan, birthDates: ['1961-03-13'] };
    const added = person('3', [['NEWLY LISTED, Person', 'primary']]);
    const d = diffEntities(before, [changed, added]);
    expect(d).toEqual({ added: ['test_list:3'], changed: ['test_list:1'], removed: ['test_list:2'], unchanged: 0 });
  });
  it('the same content in another order is no change', () => {
    expect(diffEntities([ivan, company], [company, ivan])).toEqual({ added: [], changed: [], removed: [], unchanged: 2 });
  });
});
