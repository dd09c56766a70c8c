/**
 * The index's ranking paths: rare keys walked, common keys (more than COMMON_MIN names) looked up by bit for
 * the names the rare ones found, ties at the floor, the accept filter, and per-query state that must not
 * leak from one query into the next.
 */
import { describe, expect, it } from 'vitest';
import { addName, newEntity, type ListedEntity } from './entity.ts';
import { NameIndex } from './name-index.ts';
import { normalizeName } from './normalize.ts';

function person(id: number, name: string): ListedEntity {
  const e = newEntity('test_list', String(id), 'person');
  addName(e, name, 'primary');
  return e;
}

// 2,600 Johns (a common key: more than COMMON_MIN names) with surnames made of letters, so each is rare.
const letters = (i: number) => Array.from(String(i).padStart(4, '0'), (d) => 'bcdfghjklm'[Number(d)]).join('');
const johns = Array.from({ length: 2600 }, (_, i) => person(i, `John Ka${letters(i)}ov`));
const others = Array.from({ length: 200 }, (_, i) => person(2600 + i, `Maria Lo${letters(i)}ez`));
const entities = [...johns, ...others];
const index = new NameIndex(entities);
const names = (query: string, limit: number, accept?: (entity: number) => boolean) =>
  index.candidates(normalizeName(query), limit, accept).map((c) => entities[c.ref.entity]!.names[c.ref.name]!.full);

describe('NameIndex', () => {
  it('ranks the name holding both the rare surname and the common given name first', () => {
    expect(names(`John Ka${letters(1234)}ov`, 10)[0]).toBe(`John Ka${letters(1234)}ov`);
  });

  it('credits the common given name to the names the surname found (a deferred look-up)', () => {
    const [first, second] = index.candidates(normalizeName(`John Ka${letters(1234)}ov`), 2);
    // Same surname key, only the first has John: its rank is higher by the given name's weight.
    expect(first!.rank).toBeGreaterThan(second?.rank ?? 0);
    expect(entities[first!.ref.entity]!.names[0]!.full).toBe(`John Ka${letters(1234)}ov`);
  });

  it('leaves out the names accept refuses, and still returns as many as asked', () => {
    const got = index.candidates(normalizeName(`John Ka${letters(1234)}ov`), 5, (e) => e !== 1234);
    expect(got.map((c) => c.ref.entity)).not.toContain(1234);
    expect(got).toHaveLength(5);
  });

  it('fills the limit from names tied at the floor, in the order they were found, accepted ones only', () => {
    const got = index.candidates(normalizeName('John'), 5, (e) => e % 2 === 1);
    expect(got.map((c) => c.ref.entity)).toEqual([1, 3, 5, 7, 9]);
    expect(new Set(got.map((c) => c.rank)).size).toBe(1);
  });

  it('gives a query the same candidates whatever was asked before', () => {
    const query = normalizeName(`Maria Lo${letters(42)}ez`);
    const fresh = new NameIndex(entities).candidates(query, 20).map((c) => [c.ref.entity, c.rank]);
    names('John', 60);
    names(`John Ka${letters(42)}ov`, 60);
    expect(index.candidates(query, 20).map((c) => [c.ref.entity, c.rank])).toEqual(fresh);
  });
});

describe('NameIndex, a common given name met query after query', () => {
  // 2,400 Johns and 400 Jins with the same surnames: John's fold is common, and so are the skeleton and
  // phonetic keys John and Jin share (2,800 names), so all three are deferred and tested by bits; a Jin has
  // them through the skeleton and phonetic keys only (Jin is no recorded form of John). A Maria has none.
  const people = [
    ...Array.from({ length: 2400 }, (_, i) => person(i, `John Ka${letters(i)}ov`)),
    ...Array.from({ length: 400 }, (_, i) => person(2400 + i, `Jin Ka${letters(i)}ov`)),
    person(2800, `Maria Ka${letters(123)}ov`),
  ];
  const ranks = (index: NameIndex) =>
    new Map(index.candidates(normalizeName(`John Ka${letters(123)}ov`), 400).map((c) => [people[c.ref.entity]!.names[0]!.full, c.rank]));

  it('ranks the same on the first meeting (keys tested one by one) as once their union is kept', () => {
    const index = new NameIndex(people);
    const first = ranks(index);
    // Met often enough, the three keys' union is built and kept; the ranks must not move.
    for (let i = 0; i < 6; i++) expect(ranks(index)).toEqual(first);
    // The Jin with that surname is credited for the given name through the shared keys (the union holds the
    // names of every key, not the first one's only), less than the John; the Maria is not.
    const [john, jin, maria] = [`John`, `Jin`, `Maria`].map((g) => first.get(`${g} Ka${letters(123)}ov`)!);
    expect(john).toBeGreaterThan(jin!);
    expect(jin).toBeGreaterThan(maria!);
  });
});

describe('NameIndex, deferred look-ups over the names a query touched', () => {
  // 2,600 Johns with surnames of their own make John common (deferred); the Zebrowskis, a rare surname, are
  // spread over the ids: side by side in one word of the touched bits, in other words and in other groups of
  // 32 words (ids 0, 1, 31, 32, 1,023, 1,024, 2,047, 2,800 and the last). The look-up reads the touched names
  // off those bits in id order: every Zebrowski must be found there, and the Johns credited.
  const spots = [0, 1, 31, 32, 1023, 1024, 2047, 2800, 2999];
  const people = Array.from({ length: 3000 }, (_, i) => {
    const k = spots.indexOf(i);
    if (k < 0) return person(i, `John Ka${letters(i)}ov`);
    return person(i, `${k % 2 === 0 ? 'John' : 'Mary'} Zebrowski`);
  });
  const index = new NameIndex(people);

  it('credits the common given name to every name the rare surname found, wherever its id lies', () => {
    const got = index.candidates(normalizeName('John Zebrowski'), 60);
    const ranks = new Map(got.map((c) => [c.ref.entity, c.rank]));
    const johns = spots.filter((_, k) => k % 2 === 0);
    const marys = spots.filter((_, k) => k % 2 === 1);
    for (const id of [...johns, ...marys]) expect(ranks.has(id), `name ${id}`).toBe(true);
    const lowestJohn = Math.min(...johns.map((id) => ranks.get(id)!));
    const highestMary = Math.max(...marys.map((id) => ranks.get(id)!));
    expect(lowestJohn).toBeGreaterThan(highestMary);
    expect(new Set(johns.map((id) => ranks.get(id))).size).toBe(1);
    expect(got.slice(0, johns.length).map((c) => c.ref.entity)).toEqual(johns);
  });

  it('credits every name of one word of the touched bits that has the common key, not only the first', () => {
    // Quillfeathers at ids 64, 65, 80 and 95: one word (32 names) of the touched bits, three Johns and a Mary.
    const word = [64, 65, 80, 95];
    const crowd = Array.from({ length: 3000 }, (_, i) =>
      person(i, word.includes(i) ? `${i === 80 ? 'Mary' : 'John'} Quillfeather` : `John Ka${letters(i)}ov`),
    );
    const ranks = new Map(new NameIndex(crowd).candidates(normalizeName('John Quillfeather'), 60).map((c) => [c.ref.entity, c.rank]));
    expect(new Set([64, 65, 95].map((id) => ranks.get(id))).size).toBe(1);
    expect(ranks.get(95)).toBeGreaterThan(ranks.get(80)!);
  });

  it('credits a name found by the second common token only, in a word with none of the first token names', () => {
    // 2,200 Johns and 2,200 Marias (both common, deferred) and two Quillfeathers, a John (id 4,224) and a Maria
    // (id 4,300), in different words of the touched bits. Asked often enough, each given name's keys get a union.
    const crowd = Array.from({ length: 4400 }, (_, i) =>
      person(i, i === 4224 ? 'John Quillfeather' : i === 4300 ? 'Maria Quillfeather' : i < 2199 ? `John Ka${letters(i)}ov` : `Maria Lo${letters(i)}ez`),
    );
    const index = new NameIndex(crowd);
    for (let i = 0; i < 6; i++) {
      const ranks = new Map(index.candidates(normalizeName('John Maria Quillfeather'), 60).map((c) => [c.ref.entity, c.rank]));
      expect(ranks.get(4300), `query ${i}`).toBe(ranks.get(4224));
    }
  });

  it('forgets the touched names between queries (a query first, then again after others)', () => {
    const first = index.candidates(normalizeName('Mary Zebrowski'), 60).map((c) => [c.ref.entity, c.rank]);
    index.candidates(normalizeName('John Zebrowski'), 60);
    index.candidates(normalizeName(`John Ka${letters(2500)}ov`), 60);
    expect(index.candidates(normalizeName('Mary Zebrowski'), 60).map((c) => [c.ref.entity, c.rank])).toEqual(first);
  });
});

describe('NameIndex, key numbers kept per token', () => {
  // Wladimirowitsch and Vladimirovich fold alike (vladimirovich) but sound apart: double metaphone LTMR and
  // FLTM. Latimer (LTMR) is reached by the first only, through its phonetic key: the keys kept for one spelling
  // must not serve the other.
  const people = [person(0, 'Latimer Nowakowski'), person(1, 'Vladimirovich Nowakowski'), person(2, 'Anna Nowakowski')];
  const ranks = (index: NameIndex, query: string) =>
    new Map(index.candidates(normalizeName(query), 10).map((c) => [c.ref.entity, c.rank]));

  it('gives a spelling its own keys after another spelling of the same fold was asked', () => {
    const fresh = ranks(new NameIndex(people), 'Wladimirowitsch Nowakowski');
    const other = ranks(new NameIndex(people), 'Vladimirovich Nowakowski');
    // Latimer ranks higher for the spelling that sounds like it (so the test can tell the keys apart).
    expect(fresh.get(0)).toBeGreaterThan(other.get(0) ?? 0);
    const index = new NameIndex(people);
    ranks(index, 'Vladimirovich Nowakowski');
    expect(ranks(index, 'Wladimirowitsch Nowakowski')).toEqual(fresh);
    expect(ranks(index, 'Vladimirovich Nowakowski')).toEqual(other);
  });
});

describe('NameIndex, a query of common names only (driver keys, names of no deferred key ranked by class)', () => {
  // Every own key of John and of Smith is common (more than COMMON_MIN names): the query is walked through one
  // of them (the driver, Smith: fewer names) and the other is looked up. 2,900 Johns and 2,300 Smiths of names of their own, some
  // Smiths with a second given name, Smyths, Smithes and Smittys, and a few of both: the Smith-only names tie
  // at the floor in thousands, in classes by the Smith key that met them first (fold, skeleton, phonetic,
  // prefix, suffix), and John's recorded forms (Jon, Johnny, Ivan) are rare deferred keys with no bits. Ranked
  // by class, the candidates must be those of the general walk, rank for rank and in the same order, at every
  // limit and with an accept filter.
  const crowd = [
    ...Array.from({ length: 2900 }, (_, i) => person(i, `John Ka${letters(i)}ov`)),
    ...Array.from({ length: 2300 }, (_, i) => person(2900 + i, `${i % 7 === 0 ? 'Peter Paul' : `Lo${letters(i)}ez`} Smith`)),
    ...Array.from({ length: 600 }, (_, i) => person(5200 + i, `Lu${letters(i)}a ${['Smyth', 'Smithe', 'Smitty'][i % 3]}`)),
    ...['John Smith', 'Jon Smith', 'Johnny Smyth', 'Ivan Smith', 'John Smithe', 'Jonathan Smitty'].map((name, k) => person(5800 + k, name)),
  ];
  const byClass = new NameIndex(crowd);
  const general = new NameIndex(crowd, { byClass: false });
  const listed = (index: NameIndex, query: string, limit: number, accept?: (entity: number) => boolean) =>
    index.candidates(normalizeName(query), limit, accept).map((c) => [c.ref.entity, c.ref.name, c.rank]);

  it('gives the candidates of the general walk, in its order, at every limit', () => {
    for (const query of ['John Smith', 'Smith John', 'Johnny Smithe', 'John Paul Smith']) {
      for (const limit of [1, 5, 60, 400, 3000, 6000]) {
        // Twice: on the first meeting the deferred keys are tested one by one, later through their union.
        for (let round = 0; round < 6; round++) {
          expect(listed(byClass, query, limit), `${query}, limit ${limit}, round ${round}`).toEqual(listed(general, query, limit));
        }
      }
    }
  });

  it('keeps the order of the walk among names tied at the floor, and the accept filter', () => {
    const accept = (e: number) => e % 3 !== 0;
    for (const limit of [7, 60, 999]) expect(listed(byClass, 'John Smith', limit, accept)).toEqual(listed(general, 'John Smith', limit, accept));
    const got = listed(byClass, 'John Smith', 60);
    // The names with both first (John Smith among them), then the Smith-only names tied at the floor.
    const top = got.filter((c) => c[2] === got[0]![2]).map((c) => crowd[c[0] as number]!.names[0]!.full);
    expect(top).toContain('John Smith');
    expect(new Set(got.map((c) => c[2])).size).toBeLessThan(got.length / 4);
  });
});

describe('NameIndex, the last walked token\'s names ranked by class, in every kind of query', () => {
  // The first crowds of this file, queried with a rare surname and a common given name (the surname is the last
  // token walked), the given name alone, three tokens, names in another order and a typo: the class path must
  // give the candidates of the general walk.
  const queries = [`John Ka${letters(1234)}ov`, `Ka${letters(1234)}ov John`, 'John', `Maria Lo${letters(42)}ez`, `Maria John Ka${letters(7)}ov`, `Jon Ka${letters(1234)}of`, `Ka${letters(99)}`];
  for (const [label, people] of [['Johns and Marias', entities], ['Zebrowskis among Johns', Array.from({ length: 3000 }, (_, i) => person(i, i % 500 === 0 ? 'Mary Zebrowski' : `John Ka${letters(i)}ov`))]] as const) {
    it(`gives the candidates of the general walk (${label})`, () => {
      const byClass = new NameIndex(people);
      const general = new NameIndex(people, { byClass: false });
      for (const query of [...queries, 'John Zebrowski', 'Zebrowski']) {
        for (const limit of [1, 10, 60, 500]) {
          for (let round = 0; round < 5; round++) {
            const got = byClass.candidates(normalizeName(query), limit).map((c) => [c.ref.entity, c.ref.name, c.rank]);
            expect(got, `${query}, limit ${limit}`).toEqual(general.candidates(normalizeName(query), limit).map((c) => [c.ref.entity, c.ref.name, c.rank]));
          }
        }
      }
    });
  }
});
