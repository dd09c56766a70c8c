/**
 * Calibration name pairs: labelled by the project, generated at run time from the shared lists (nothing of
 * the lists is committed), seeded, and kept apart from the OFAC fixtures they must never be tuned on
 * (pairs.ts): only listed entities of the calibration split (aml-queries.ts `splitOf`), and none whose name
 * is a result name of the fixtures.
 *
 * The labelling rule is the fixtures' rule (pairs.ts): a pair is the same name when every word of the query
 * is the same name (spelling, transliteration or a one-letter typo of it) as a word of the result, and the
 * result adds at most middle names, patronymics, second surnames, particles or titles. Plus the convention
 * of the Putin spellings, which are labelled the same person: a title with one name (`President Putin`,
 * `Sheikh Mahmood`) is a form of address for the person, the same name as their full name. The fixtures hold
 * no titled query, so the two sets never disagree on it.
 *
 * Structure comes from the listing itself, not from the matcher: person names listed as `SURNAME, Given
 * Middle...` (OFAC's form) give the surname (before the comma, particles apart), the given name (the first word
 * after it) and the middle names or patronymics (the rest). Organisation names give their significant words
 * (not a legal form, not a particle, 3+ letters).
 *
 * Same name: the middle names dropped; reading order (`Given Middle SURNAME`, `SURNAME Given Middle`); the
 * surname's particles dropped; one spelling variant of perturb.ts' table (v/w, ph/f, ou/u, kh/h, ...); a
 * one-letter typo (perturb.ts); a title with the surname; an organisation name with a one-letter typo; two
 * names the list gives the same entity that differ only in vowels or doubled letters, word for word
 * (`BIN LADIN, Usama` / `BIN LADEN, Osama`: real transliteration variants, published as such).
 * Different name: the surname alone; the given name alone; two listed people sharing a surname (given names
 * with different consonants); sharing a given name (surnames with different consonants); an organisation
 * name with one significant word replaced by another listing's (different consonants).
 * Added by ADR 0187 (same name): the surname's particles joined to the word after them (`ALKHALIDI` for
 * `AL-KHALIDI`); a listed name with a father's name or a chain of them (`bin Muhammad bin Awad`, 2+ middle words) given
 * without it. Different name: the given name and middle names without the surname (`Mohammed Ali` for
 * `AL-HOUTHI, Mohammed Ali`).
 */
import type { ListedEntity } from '../../src/modules/screening/domain/entity.ts';
import { companyFormKind } from '../../src/modules/screening/domain/company-forms.ts';
import { splitOf } from './aml-queries.ts';
import { perturb, pick, rng, type Rng } from './perturb.ts';

export type PairCategory =
  | 'same:middle_dropped' | 'same:reading_order' | 'same:listed_transliteration' | 'same:particles_dropped' | 'same:spelling_variant' | 'same:typo' | 'same:title_surname' | 'same:org_typo'
  | 'same:particle_joined' | 'same:nasab_dropped' | 'different:surname_dropped'
  | 'different:surname_alone' | 'different:given_alone' | 'different:shared_surname' | 'different:shared_given' | 'different:org_word_replaced';

export interface LabelledPair {
  query: string;
  result: string;
  same: boolean;
  category: PairCategory;
}

/** The label rule's particles (written here, not the matcher's list): part of a surname, not a name of their own. */
const PARTICLES = new Set('al el ul bin ibn ben bint abd de da del della der den van von la le di du dos das do y'.split(' '));
/** Particles of a nasab, the chain of father's names (`bin Muhammad bin Awad`). */
const NASAB = new Set(['bin', 'ibn', 'ben', 'bint', 'binti', 'ould', 'walad']);
/** Titles a person is addressed by with the surname alone. */
const TITLES = ['President', 'Sheikh', 'General', 'Dr', 'Minister', 'Mullah'];
/** Titles lists write where the given name goes (`AWEYS, Sheikh Hassan Dahir`): such a name has no given name to take. */
const TITLE_WORDS = new Set('sheikh shaykh shaikh sheik haji hajji hajj mullah mawlawi maulana maulvi mufti imam dr'.split(' '));
const COMMA_NAME = /^([A-Za-z' -]+),\s*([A-Za-z' -]+)$/;

const lower = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
/** Consonants in order, doubled letters once: two words with different consonants are different names, not spellings. */
const consonants = (s: string) => lower(s).replace(/[aeiouy]/g, '').replace(/(.)\1+/g, '$1');

interface Person {
  entity: string;
  full: string;
  surname: string;
  surnameCore: string[];
  given: string;
  middle: string[];
}

function person(entity: string, full: string): Person | undefined {
  const m = COMMA_NAME.exec(full.trim());
  if (!m) return undefined;
  const surname = m[1]!.trim();
  const givenWords = m[2]!.trim().split(/\s+/);
  const surnameCore = surname.split(/[\s-]+/).filter((w) => !PARTICLES.has(lower(w)));
  const given = givenWords[0]!;
  if (lower(given).length < 3 || PARTICLES.has(lower(given)) || TITLE_WORDS.has(lower(given)) || surnameCore.length === 0 || surnameCore.some((w) => lower(w).length < 2)) return undefined;
  return { entity, full: full.trim(), surname, surnameCore, given, middle: givenWords.slice(1) };
}

function significantWords(name: string): string[] {
  return name.split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w) && !PARTICLES.has(lower(w)) && !['the', 'and', 'for'].includes(lower(w)) && companyFormKind(lower(w)) === undefined);
}

export interface CalibrationOptions {
  /** Result names of the report set (the OFAC fixtures): an entity with any of them is left out. */
  exclude: ReadonlySet<string>;
  perCategory?: number;
  seed?: number;
}

export const excludeKey = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, ' ').trim();

/** The OFAC fixtures' result names (parsed ofac_fixtures.csv rows), to leave out of the calibration set. */
export function fixtureResultNames(rows: ReadonlyArray<{ result_name: string }>): Set<string> {
  return new Set(rows.map((x) => excludeKey(x.result_name)));
}

export function calibrationPairs(entities: readonly ListedEntity[], options: CalibrationOptions): LabelledPair[] {
  const n = options.perCategory ?? 300;
  const r: Rng = rng(options.seed ?? 20261128);
  const usable = entities.filter((e) => splitOf(e.id) === 'calibration' && !e.names.some((x) => options.exclude.has(excludeKey(x.full))));
  const people: Person[] = [];
  const orgs: string[] = [];
  for (const e of usable) {
    for (const name of e.names) {
      if (name.quality === 'weak') continue;
      if (e.schema === 'person') {
        const p = person(e.id, name.full);
        if (p) people.push(p);
      } else if ((e.schema === 'company' || e.schema === 'organization') && /^[A-Za-z0-9 .,&'-]+$/.test(name.full) && significantWords(name.full).length >= 2) orgs.push(name.full.trim());
    }
  }
  // Names of one entity, word for word the same consonants (vowels and doubled letters free), not the same text.
  const variants: Array<[string, string]> = [];
  for (const e of usable) {
    const latin = e.names.filter((x) => x.quality !== 'weak' && /^[A-Za-z' ,.-]+$/.test(x.full)).map((x) => x.full.trim());
    for (let i = 0; i < latin.length; i++) {
      for (let j = i + 1; j < latin.length; j++) {
        const a = latin[i]!.split(/[\s,-]+/).filter(Boolean);
        const b = latin[j]!.split(/[\s,-]+/).filter(Boolean);
        if (a.length < 2 || a.length !== b.length || excludeKey(latin[i]!) === excludeKey(latin[j]!)) continue;
        if (a.every((w, k) => consonants(w) !== '' && consonants(w) === consonants(b[k]!))) variants.push([latin[i]!, latin[j]!]);
      }
    }
  }
  const out: LabelledPair[] = [];
  const seen = new Set<string>();
  const add = (category: PairCategory, query: string | undefined, result: string) => {
    if (!query || excludeKey(query) === excludeKey(result)) return false;
    const key = `${query}\u0000${result}`;
    if (seen.has(key)) return false;
    seen.add(key);
    out.push({ query, result, same: category.startsWith('same:'), category });
    return true;
  };
  /** Up to n pairs of one category, trying at most 30n draws. */
  const fill = (category: PairCategory, make: () => [string | undefined, string] | undefined) => {
    let made = 0;
    for (let tries = 0; made < n && tries < 30 * n; tries++) {
      const pair = make();
      if (pair && add(category, pair[0], pair[1])) made++;
    }
  };
  const reading = (p: Person, middle = true) => [p.given, ...(middle ? p.middle : []), p.surname].join(' ');

  fill('same:middle_dropped', () => {
    const p = pick(r, people);
    if (p.middle.length === 0) return undefined;
    return [r() < 0.5 ? `${p.given} ${p.surname}` : `${p.surname}, ${p.given}`, p.full];
  });
  fill('same:reading_order', () => {
    const p = pick(r, people);
    return [r() < 0.5 ? reading(p) : [p.surname, p.given, ...p.middle].join(' '), p.full];
  });
  fill('same:particles_dropped', () => {
    const p = pick(r, people);
    if (p.surnameCore.join(' ') === p.surname.split(/[\s-]+/).join(' ')) return undefined;
    return [[p.given, ...p.middle, ...p.surnameCore].join(' '), p.full];
  });
  fill('same:spelling_variant', () => {
    const p = pick(r, people);
    return [perturb('spelling_variant', p.full, r), p.full];
  });
  fill('same:typo', () => {
    const p = pick(r, people);
    return [perturb('typo', p.full, r), p.full];
  });
  fill('same:listed_transliteration', () => {
    if (variants.length === 0) return undefined;
    const [a, b] = pick(r, variants);
    return r() < 0.5 ? [a, b] : [b, a];
  });
  fill('same:title_surname', () => {
    const p = pick(r, people);
    return [`${pick(r, TITLES)} ${p.surname}`, p.full];
  });
  fill('same:org_typo', () => {
    const o = pick(r, orgs);
    return [perturb('typo', o, r, false), o];
  });

  fill('different:surname_alone', () => {
    const p = pick(r, people);
    return [p.surname, p.full];
  });
  fill('different:given_alone', () => {
    const p = pick(r, people);
    return [p.given, p.full];
  });
  const bySurname = groupBy(people, (p) => lower(p.surnameCore.join('')));
  const sharedSurname = [...bySurname.values()].filter((g) => new Set(g.map((p) => p.entity)).size > 1);
  fill('different:shared_surname', () => {
    const g = pick(r, sharedSurname);
    const a = pick(r, g);
    const b = pick(r, g);
    if (a.entity === b.entity || consonants(a.given) === consonants(b.given) || lower(a.given)[0] === lower(b.given)[0]) return undefined;
    return [reading(a, false), b.full];
  });
  const byGiven = groupBy(people, (p) => lower(p.given));
  const sharedGiven = [...byGiven.values()].filter((g) => new Set(g.map((p) => p.entity)).size > 1);
  fill('different:shared_given', () => {
    const g = pick(r, sharedGiven);
    const a = pick(r, g);
    const b = pick(r, g);
    if (a.entity === b.entity || consonants(a.surnameCore.join('')) === consonants(b.surnameCore.join('')) || lower(a.surnameCore[0]!)[0] === lower(b.surnameCore[0]!)[0]) return undefined;
    return [reading(a, false), b.full];
  });
  fill('different:org_word_replaced', () => {
    const o = pick(r, orgs);
    const words = significantWords(o);
    const from = pick(r, words);
    const to = pick(r, significantWords(pick(r, orgs)));
    if (consonants(from) === consonants(to) || lower(from)[0] === lower(to)[0] || o.includes(to)) return undefined;
    return [o.replace(from, to), o];
  });
  // Added in issue 18's second pass (ADR 0187), after the others so that their pairs stay the same draws.
  fill('same:particle_joined', () => {
    // The surname's particles written joined to the word after them (`ALKHALIDI` for `AL-KHALIDI`,
    // `Vandijk` for `VAN DIJK`): the same words, written as one, as lists themselves do (`Abd'rabbo`).
    const p = pick(r, people);
    const words = p.surname.split(/[\s-]+/).filter(Boolean);
    if (words.length < 2 || words.every((w) => !PARTICLES.has(lower(w)))) return undefined;
    let joined = '';
    const out: string[] = [];
    for (const w of words) {
      if (PARTICLES.has(lower(w))) joined += w;
      else {
        const j = joined + w;
        out.push(j === j.toUpperCase() ? j : j[0]!.toUpperCase() + j.slice(1).toLowerCase());
        joined = '';
      }
    }
    if (joined) return undefined;
    const surname = out.join(' ');
    return [r() < 0.5 ? `${p.given} ${surname}` : `${surname}, ${p.given}`, p.full];
  });
  fill('same:nasab_dropped', () => {
    // A listed name with a chain of father's names (`Usama bin Muhammad bin Awad`), the query without it.
    const p = pick(r, people);
    if (p.middle.length < 2 || !p.middle.some((w) => NASAB.has(lower(w)))) return undefined;
    return [r() < 0.5 ? `${p.given} ${p.surname}` : `${p.surname}, ${p.given}`, p.full];
  });
  fill('different:surname_dropped', () => {
    // The given name and the middle names without the surname (`Mohammed Ali` for `AL-HOUTHI, Mohammed Ali`):
    // the result adds the surname, which the rule does not allow.
    const p = pick(r, people);
    const middle = p.middle.filter((w) => lower(w).length >= 3 && !PARTICLES.has(lower(w)));
    if (middle.length === 0 || middle.some((w) => p.surnameCore.some((s) => consonants(s) === consonants(w)))) return undefined;
    return [[p.given, ...p.middle].join(' '), p.full];
  });
  return out;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    (m.get(k) ?? m.set(k, []).get(k)!).push(t);
  }
  return m;
}
