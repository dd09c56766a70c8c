/**
 * Every name the contact gave is screened (issue 18): the contact's name, the legal names they gave in the
 * onboarding flow (current and previous), and the name read from their identity document's MRZ. A match says
 * which name matched. Pure: the caller reads the names and screens each.
 */

export type NameSource = 'CONTACT' | 'LEGAL_NAME' | 'PREVIOUS_NAME' | 'DOCUMENT';

export interface GivenName {
  name: string;
  source: NameSource;
}

/** What the onboarding module knows of a contact's other names. */
export interface OtherNames {
  /** The flow's legal names history: the first is the name given as current, the others previous names. */
  legal_names: string[];
  /** Names read from identity documents (MRZ, printed fields). */
  document_names: string[];
}

/** Case, diacritics, punctuation and spacing folded: the same name typed twice is screened once. */
function fold(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The names to screen, the contact's own first; a name given twice is kept with its first source. */
export function namesToScreen(contactName: string, other: OtherNames | undefined): GivenName[] {
  const all: GivenName[] = [
    { name: contactName, source: 'CONTACT' },
    ...(other?.legal_names ?? []).map((name, i): GivenName => ({ name, source: i === 0 ? 'LEGAL_NAME' : 'PREVIOUS_NAME' })),
    ...(other?.document_names ?? []).map((name): GivenName => ({ name, source: 'DOCUMENT' })),
  ];
  const seen = new Set<string>();
  return all.filter((n) => {
    const key = fold(n.name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
