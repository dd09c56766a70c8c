import anyAscii from 'any-ascii';

/** The person an identity source is asked about (from the contact record). */
export interface PersonQuery {
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  address: { street: string; postcode: string; city: string; country_code: string };
}

/** What one source says: whether it confirms name with date of birth, and name with address; and flags. */
export interface SourceResult {
  source: string;
  kind: 'register' | 'document' | 'sandbox';
  nameDob: boolean;
  nameAddress: boolean;
  deceased: boolean;
  reasons: string[];
}

/** Case, diacritics and script folded; punctuation and spaces removed ("O'Brien" = "OBRIEN", "Müller" = "MULLER"). */
export function foldName(value: string): string {
  return anyAscii(value.normalize('NFC')).toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function foldPostcode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Street lines agree when their folded forms are equal or one starts with the other ("1 Mill Lane" / "1 Mill Ln" do not, "1 Mill Lane" / "1 Mill Lane, Flat 2" do). */
export function sameStreet(a: string, b: string): boolean {
  const fa = foldName(a);
  const fb = foldName(b);
  return fa.length > 0 && fb.length > 0 && (fa === fb || fa.startsWith(fb) || fb.startsWith(fa));
}

export function sameName(query: PersonQuery, record: { first_name: string; last_name: string; middle_name?: string }): boolean {
  if (foldName(query.last_name) !== foldName(record.last_name) || foldName(query.first_name) !== foldName(record.first_name)) return false;
  // A middle name counts against a match only when both sides give one and they differ.
  const qm = foldName(query.middle_name);
  const rm = foldName(record.middle_name ?? '');
  return !qm || !rm || qm === rm || qm[0] === rm || rm[0] === qm;
}

export function sameAddress(query: PersonQuery['address'], record: { street: string; postcode: string; country_code: string }): boolean {
  return (
    query.country_code.toUpperCase() === record.country_code.toUpperCase() &&
    foldPostcode(query.postcode) !== '' &&
    foldPostcode(query.postcode) === foldPostcode(record.postcode) &&
    sameStreet(query.street, record.street)
  );
}
