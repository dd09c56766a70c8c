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
