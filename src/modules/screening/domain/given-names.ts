/**
 * Given names that stand for each other: nicknames and hypocorisms (Bill/William, Peggy/Margaret), and the
 * same name in other languages and romanisations (Aleksandr/Alexander/Sasha, Mohammed/Muhammad/Mehmet).
 * Data: `src/modules/screening/data/given-names/` (licences in its NOTICE): `nicknames.csv`
 * (carltonnorthern/nicknames, Apache-2.0, `name1,has_nickname,name2`) and `cross-language.csv` (this
 * project's, one group of forms per line).
 *
 * A group is a name with its nicknames (one row set of nicknames.csv) or one line of cross-language.csv.
 * Two names are equivalent when they share a group: Bill and Will share William's; Albert and Alfred share
 * no group although both have the nickname Al, so they stay different names. Names are looked up by their
 * orthographic fold, so spelling variants of a form are found too.
 */
import { readFileSync } from 'node:fs';

export interface GivenNameGroups {
  /** Sorted ids of the groups a name (by its fold) belongs to; undefined for a name in none. */
  groupsOf(fold: string): readonly number[] | undefined;
  readonly size: number;
}

/** Builds the groups from the two files' text; `fold` is the tokens' orthographic fold (normalize.ts). */
export function parseGivenNames(nicknamesCsv: string, crossLanguage: string, fold: (name: string) => string): GivenNameGroups {
  const groups: string[][] = [];
  const byCanonical = new Map<string, string[]>();
  for (const line of nicknamesCsv.split(/\r?\n/).slice(1)) {
    const [name, relation, nickname] = line.trim().toLowerCase().split(',');
    if (!name || !nickname || relation !== 'has_nickname') continue;
    let group = byCanonical.get(name);
    if (!group) {
      byCanonical.set(name, (group = [name]));
      groups.push(group);
    }
    group.push(nickname);
  }
  for (const line of crossLanguage.split(/\r?\n/)) {
    const forms = line.replace(/#.*/, '').trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (forms.length > 1) groups.push(forms);
  }
  const index = new Map<string, number[]>();
  groups.forEach((forms, id) => {
    for (const form of forms) {
      // Tokens have no hyphens (abdul-rahman is one form): the form is looked up without them.
      const key = fold(form.replace(/[^a-z]/g, ''));
      const ids = index.get(key);
      if (!ids) index.set(key, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id);
    }
  });
  return { groupsOf: (f) => index.get(f), size: groups.length };
}

/** Whether two sorted group lists share an id. */
export function shareGroup(a: readonly number[], b: readonly number[]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) return true;
    if (a[i]! < b[j]!) i++;
    else j++;
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
