/**
 * What the screening benchmarks screen: the synthetic PEP list used to project to 1,000,000 names, and the AML-shaped
 * person queries (bench/screening.bench.ts, bench/screening-compare.ts). Seeded: the same list and queries on any
 * machine. The entity constructors are passed in, so a benchmark comparing two versions of the code builds each
 * version's entities with its own.
 */
import { generateNegatives, POOLS } from '../eval/screening/negatives.ts';
import { perturb, pick, type Kind, type Rng } from '../eval/screening/perturb.ts';
import { NEAR_DOB_KINDS, perturbDob, randomDob, scriptOf, trueDob } from '../eval/screening/aml-queries.ts';
import type { ListedEntity } from '../src/modules/screening/domain/entity.ts';
import type { ScreeningQuery } from '../src/modules/screening/domain/matcher.ts';

export interface EntityMaker {
  newEntity: (list: string, id: string, schema: 'person') => ListedEntity;
  addName: (entity: ListedEntity, name: string, quality: 'primary' | 'strong') => void;
}

export interface TimedQuery {
  kind: string;
  query: ScreeningQuery;
  /** The listed entity the query was made from: the benchmark also counts how often it is found. */
  expect?: string;
}

const SYLLABLES = 'ka ro mi ta se lo vi an de bo ru na ki sha el mo ha ri za to be li nu ga pe do sa ya ko ve ma ti lu ne fa go ra zu ch o ni ba te so mu la'.split(' ');
const ENDINGS = ['', '', 'ov', 'ova', 'son', 'ez', 'i', 'ski', 'ian', 'er', 'et', 'ani', 'enko', 'sen', 'ling'];
const GIVEN = Object.values(POOLS).flatMap((p) => p.given);

/** Synthetic PEP entities: given names from common pools, surnames from syllables (as varied as real ones). */
export function syntheticPeps(n: number, r: Rng, make: EntityMaker): ListedEntity[] {
  const out: ListedEntity[] = [];
  for (let i = 0; i < n; i++) {
    const syl = 2 + Math.floor(r() * 2);
    let surname = '';
    for (let k = 0; k < syl; k++) surname += pick(r, SYLLABLES);
    surname = surname[0]!.toUpperCase() + surname.slice(1) + pick(r, ENDINGS);
    const e = make.newEntity('synthetic_peps', String(i), 'person');
    const given = r() < 0.3 ? `${pick(r, GIVEN)} ${pick(r, GIVEN)}` : pick(r, GIVEN);
    make.addName(e, `${given} ${surname}`, 'primary');
    if (r() < 0.2) make.addName(e, `${surname.toUpperCase()}, ${given}`, 'strong');
    e.topics.push('role.pep');
    // Most PEP data gives a year; a third of these get a full date.
    const year = 1940 + Math.floor(r() * 60);
    e.birthDates.push(r() < 0.33 ? `${year}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}` : String(year));
    out.push(e);
  }
  return out;
}

const NAME_KINDS: Kind[] = ['exact', 'typo', 'swapped_tokens', 'last_first', 'spelling_variant', 'cyrillic'];

/** AML-shaped: the name, a date of birth (near the listed one for listed persons), GB as the address country. */
export function personQueries(entities: readonly ListedEntity[], r: Rng, n: number): TimedQuery[] {
  const persons = entities.filter((e) => e.schema === 'person');
  const out: TimedQuery[] = [];
  while (out.length < n / 2) {
    const e = pick(r, persons);
    const name = pick(r, e.names).full;
    const script = scriptOf(name);
    const kind = script === 'latin' ? pick(r, NAME_KINDS) : 'exact';
    const q = perturb(kind, name, r);
    const dob = trueDob(e);
    if (!q) continue;
    const query: ScreeningQuery = { name: q, type: 'person', country: 'GB', ...(dob ? { dob: perturbDob(pick(r, NEAR_DOB_KINDS), dob, r) ?? dob } : {}) };
    out.push({ kind: script === 'latin' ? (kind === 'cyrillic' ? 'cyrillic (transliterated)' : kind) : `${script} (listed)`, query, expect: e.id });
  }
  out.push(...generateNegatives(r, n - out.length).map((x) => ({ kind: 'ordinary person', query: { name: x.name, dob: randomDob(r), country: 'GB', type: 'person' as const } })));
  return out;
}

/**
 * Queries of common names only (the index walks one token and looks the others up): two given names, a given name
 * and a family name of one pool, three names, or one given name alone; half with a type.
 */
export function commonNameQueries(r: Rng, n: number): TimedQuery[] {
  const pools = Object.values(POOLS);
  const out: TimedQuery[] = [];
  for (let i = 0; i < n; i++) {
    const pool = pick(r, pools);
    const k = r();
    const name = k < 0.4 ? `${pick(r, pool.given)} ${pick(r, pool.family)}` : k < 0.7 ? `${pick(r, GIVEN)} ${pick(r, GIVEN)}` : k < 0.85 ? `${pick(r, GIVEN)} ${pick(r, GIVEN)} ${pick(r, pool.family)}` : pick(r, GIVEN);
    out.push({ kind: 'common names', query: { name, ...(r() < 0.5 ? { type: 'person' as const } : {}), dob: randomDob(r) } });
  }
  return out;
}
