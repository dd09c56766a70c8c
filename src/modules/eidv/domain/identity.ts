import anyAscii from 'any-ascii';
import { sameAddress, type AddressLike } from './address.ts';

export { foldPostcode, sameAddress, sameStreet } from './address.ts';

/** The person an identity source is asked about (from the contact record). */
export interface PersonQuery {
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  address: { street: string; postcode: string; city: string; country_code: string };
  /** Earlier addresses of the last 12 months (the onboarding flow's address history), newest first; `from`/`to` YYYY-MM-DD. */
  previous_addresses?: Array<{ street: string; postcode: string; city: string; country_code: string; from?: string; to?: string }>;
}

/**
 * What one source says: whether it confirms name with date of birth, and name with address; and flags. The
 * optional fields are what GPG 45 reads (absent: the source does not report it).
 */
export interface SourceResult {
  source: string;
  kind: 'register' | 'document' | 'sandbox' | 'provider';
  nameDob: boolean;
  nameAddress: boolean;
  deceased: boolean;
  reasons: string[];
  /** Months over which the source has seen the identity active; null or absent: not reported. */
  activityMonths?: number | null;
  /** The source checked mortality data (a deceased flag it could have raised) / known-fraud data. */
  mortalityChecked?: boolean;
  fraudChecked?: boolean;
  /** The identity is known to the source as fraudulent or stolen. */
  knownFraud?: boolean;
  /**
   * The source's data was declared by the customer's side, not gathered independently (Companies House officers
   * and PSCs, filed by the company: ADR 0150). It corroborates: never one of the two independent sources of the
   * identity decision, and GPG 45 scores it at strength 1, validity 1 at most.
   */
  selfDeclared?: boolean;
  /** Name with the month and year of birth, from a source that publishes no day (never name + full date of birth). */
  nameDobPartial?: boolean;
  /** Codes of what the source holds that contradicts what was given for the same person: no PASS, a person looks. */
  conflicts?: string[];
}

/** Case, diacritics and script folded; punctuation and spaces removed ("O'Brien" = "OBRIEN", "Müller" = "MULLER"). */
export function foldName(value: string): string {
  return anyAscii(value.normalize('NFC')).toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function sameName(query: PersonQuery, record: { first_name: string; last_name: string; middle_name?: string }): boolean {
  if (foldName(query.last_name) !== foldName(record.last_name) || foldName(query.first_name) !== foldName(record.first_name)) return false;
  // A middle name counts against a match only when both sides give one and they differ.
  const qm = foldName(query.middle_name);
  const rm = foldName(record.middle_name ?? '');
  return !qm || !rm || qm === rm || qm[0] === rm || rm[0] === qm;
}

/** The person's address now or any address of their history matches the record (the 12-month history the flow collects). */
export function anyAddressMatches(person: PersonQuery, record: AddressLike): boolean {
  return [person.address, ...(person.previous_addresses ?? [])].some((a) => sameAddress(a, record));
}
