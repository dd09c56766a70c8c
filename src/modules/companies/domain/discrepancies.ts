/**
 * What the caller said against the register (MLR 2017 regulation 30A: a firm reports to Companies House a
 * material discrepancy between what it holds on beneficial owners and the PSC register):
 * - a contact the caller gave who is neither a current officer nor a current PSC;
 * - an individual PSC on the register (the company's own, or one found through a corporate PSC) the caller did not give;
 * - a contact matched to a register person whose month and year of birth disagree.
 * A person matches a contact when the surname and the first given name agree after folding (case, accents,
 * punctuation); an initial matches a name that starts with it.
 */
import type { RegisterPerson } from './people.ts';

export interface GivenContact {
  id: string;
  type: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
}

export type DiscrepancyCode = 'CONTACT_NOT_ON_REGISTER' | 'PSC_NOT_GIVEN' | 'DATE_OF_BIRTH_DIFFERS';

export interface Discrepancy {
  code: DiscrepancyCode;
  contact_id: string | null;
  person_id: string | null;
  reason: string;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();

function givenAgrees(a: string, b: string): boolean {
  const x = fold(a).split(' ')[0] ?? '';
  const y = fold(b).split(' ')[0] ?? '';
  if (!x || !y) return false;
  if (x === y) return true;
  return (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
}

/** Whether a contact and a register person are the same name (surname, then first given name). */
export function samePerson(contact: GivenContact, person: RegisterPerson): boolean {
  if (!person.individual) return false;
  if (fold(contact.last_name) !== fold(person.surname) || !fold(contact.last_name)) return false;
  return givenAgrees(contact.first_name, person.forename);
}

function birthDiffers(contact: GivenContact, person: RegisterPerson): boolean {
  const m = /^(\d{4})-(\d{2})/.exec(contact.date_of_birth);
  if (!m || person.year_of_birth === null || person.month_of_birth === null) return false;
  return Number(m[1]) !== person.year_of_birth || Number(m[2]) !== person.month_of_birth;
}

export interface Matching {
  discrepancies: Discrepancy[];
  /** Register person id → the contact that matched it. */
  matched: Map<string, string>;
}

export function findDiscrepancies(contacts: readonly GivenContact[], people: readonly RegisterPerson[]): Matching {
  const discrepancies: Discrepancy[] = [];
  const matched = new Map<string, string>();
  for (const contact of contacts) {
    const hits = people.filter((p) => samePerson(contact, p));
    if (hits.length === 0) {
      discrepancies.push({
        code: 'CONTACT_NOT_ON_REGISTER', contact_id: contact.id, person_id: null,
        reason: `The ${contact.type === 'PRIMARY' ? 'primary ' : ''}contact is neither a current officer nor a current person with significant control on the register`,
      });
      continue;
    }
    for (const p of hits) {
      if (!matched.has(p.id)) matched.set(p.id, contact.id);
      if (birthDiffers(contact, p)) {
        discrepancies.push({
          code: 'DATE_OF_BIRTH_DIFFERS', contact_id: contact.id, person_id: p.id,
          reason: 'The contact\'s month and year of birth differ from the register\'s for the same name',
        });
      }
    }
  }
  for (const p of people) {
    if (p.kind !== 'PSC' || !p.individual || matched.has(p.id)) continue;
    discrepancies.push({
      code: 'PSC_NOT_GIVEN', contact_id: null, person_id: p.id,
      reason: p.depth === 0
        ? 'A person with significant control on the register is not among the contacts given'
        : `A person with significant control of a corporate PSC (${p.depth} level${p.depth > 1 ? 's' : ''} up) is not among the contacts given`,
    });
  }
  return { discrepancies, matched };
}
