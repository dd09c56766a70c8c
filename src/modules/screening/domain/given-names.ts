/**
 * Given names that stand for each other: nicknames and hypocorisms (Bill/William, Peggy/Margaret), and the
 * same name in other languages and romanisations (Aleksandr/Alexander/Sasha, Mohammed/Muhammad/Mehmet).
 * Data: `src/modules/screening/data/given-names/` (licences in its NOTICE): `nicknames.csv`
 * (carltonnorthern/nicknames, Apache-2.0, `name1,has_nickname,name2`) and `cross-language.csv` (this
 * project's, one group of forms per line).
 *
 * Two names are equivalent when a nickname row links them (Bill-William) or a cross-language line holds
 * both. Two nicknames of one name are not linked through it: Albert and Alfred both have the nickname Al,
 * Robert and William both have Bill, and stay different names. Names are looked up by their orthographic
 * fold, so spelling variants of a form are found too.
 */
import { readFileSync } from 'node:fs';

export interface GivenName {
  /** This name's id. */
  id: number;
  /** Sorted ids of the names it stands for, its own included. */
  equivalents: readonly number[];
  /** The folds of the names it stands for, its own left out (the index looks them up). */
  others: readonly string[];
}

export interface GivenNameGroups {
  /** The name (by its fold), or undefined for a name the data does not hold. */
  lookup(fold: string): GivenName | undefined;
  readonly size: number;
}

/**
 * Builds the relation from the two files' text; `fold` is the tokens' orthographic fold (normalize.ts).
 * A nickname row links the two names only (Bill-William, Bill-Robert, but not William-Robert through Bill);
 * a cross-language line links all its forms with each other.
 */
export function parseGivenNames(nicknamesCsv: string, crossLanguage: string, fold: (name: string) => string): GivenNameGroups {
  const ids = new Map<string, number>();
  const links: Array<Set<number>> = [];
  // Tokens have no hyphens (abdul-rahman is one form): forms are looked up without them.
  const idOf = (form: string): number => {
    const key = fold(form.replace(/[^a-z]/g, ''));
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = links.length));
      links.push(new Set([id]));
    }
    return id;
  };
  const link = (x: number, y: number) => {
    links[x]!.add(y);
    links[y]!.add(x);
  };
  for (const line of nicknamesCsv.split(/\r?\n/).slice(1)) {
    const [name, relation, nickname] = line.trim().toLowerCase().split(',');
    if (name && nickname && relation === 'has_nickname') link(idOf(name), idOf(nickname));
  }
  for (const line of crossLanguage.split(/\r?\n/)) {
    const forms = line.replace(/#.*/, '').trim().toLowerCase().split(/\s+/).filter(Boolean).map(idOf);
    for (const x of forms) for (const y of forms) if (x < y) link(x, y);
  }
  const foldOf: string[] = [];
  for (const [key, id] of ids) foldOf[id] = key;
  const names = new Map<string, GivenName>();
  for (const [key, id] of ids) {
    const equivalents = [...links[id]!].sort((x, y) => x - y);
    names.set(key, { id, equivalents, others: equivalents.filter((x) => x !== id).map((x) => foldOf[x]!) });
  }
  return { lookup: (f) => names.get(f), size: ids.size };
}

/** Whether two names are recorded as standing for each other. */
export function equivalentNames(a: GivenName, b: GivenName): boolean {
  if (a.id === b.id) return false;
  const list = a.equivalents;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!;
    if (v === b.id) return true;
    if (v < b.id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

let loaded: GivenNameGroups | undefined;

/** The data the project ships, read once on first use (synchronously, like a package's bundled dictionary). */
export function givenNameGroups(fold: (name: string) => string): GivenNameGroups {
  if (!loaded) {
    const at = (file: string) => readFileSync(new URL(`../data/given-names/${file}`, import.meta.url), 'utf8');
    loaded = parseGivenNames(at('nicknames.csv'), at('cross-language.csv'), fold);
  }
  return loaded;
}
