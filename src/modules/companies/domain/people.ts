/**
 * The people on the register as the report lists them: current officers (directors, secretaries, LLP members)
 * and current persons with significant control, each with a stable id (the register's own link), their role,
 * nature of control, month and year of birth and correspondence address. Resigned officers and ceased PSCs
 * are not current and are left out.
 */
import type { ChAddress, ChIdentification, ChOfficer, ChPsc } from './register.ts';

export type PersonKind = 'OFFICER' | 'PSC';

export interface RegisterPerson {
  /** The register's link to the person (officer appointments link, PSC self link): stable across refreshes. */
  id: string;
  kind: PersonKind;
  /** Officer role as the register writes it (`director`, `secretary`, `llp-member`, ...) or `psc`. */
  role: string;
  /** The name as registered ("SMITH, John Paul" for officers). */
  name: string;
  forename: string;
  middle_names: string;
  surname: string;
  /** An individual; false for corporate officers and PSCs, legal persons and super-secure PSCs. */
  individual: boolean;
  month_of_birth: number | null;
  year_of_birth: number | null;
  nationality: string | null;
  country_of_residence: string | null;
  address: ChAddress | null;
  appointed_on: string | null;
  natures_of_control: string[];
  /** A corporate PSC or officer: where it is registered. */
  identification: ChIdentification | null;
  /** The company whose register names this person: the checked company, or a corporate PSC up the chain. */
  company_number: string;
  /** 0 for the checked company's own register; n for the PSCs of a corporate PSC n levels up. */
  depth: number;
}

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'sir', 'dame', 'lord', 'lady', 'prof', 'professor', 'rev', 'the']);

/** A surname the register writes in capitals ("OKAFOR", "O'NEILL-SMITH") as a name is written ("Okafor", "O'Neill-Smith"). */
export function surnameCase(surname: string): string {
  if (surname !== surname.toUpperCase()) return surname;
  return surname.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** "SMITH, John Paul" → surname Smith, forename John, middle names Paul (officers are listed surname first, in capitals). */
export function splitOfficerName(name: string): { forename: string; middle_names: string; surname: string } {
  const comma = name.indexOf(',');
  if (comma < 0) return splitPlainName(name);
  const surname = surnameCase(name.slice(0, comma).trim());
  const given = name.slice(comma + 1).trim().split(/\s+/).filter((w) => w && !TITLES.has(w.toLowerCase().replace(/\./g, '')));
  return { forename: given[0] ?? '', middle_names: given.slice(1).join(' '), surname };
}

/** "Mrs Jane Ann Smith" → Jane / Ann / Smith (titles dropped). */
export function splitPlainName(name: string): { forename: string; middle_names: string; surname: string } {
  const words = name.trim().split(/\s+/).filter((w) => w && !TITLES.has(w.toLowerCase().replace(/\./g, '')));
  if (words.length <= 1) return { forename: '', middle_names: '', surname: words[0] ?? '' };
  return { forename: words[0]!, middle_names: words.slice(1, -1).join(' '), surname: words[words.length - 1]! };
}

const isCurrentOfficer = (o: ChOfficer) => !o.resigned_on;
const isCurrentPsc = (p: ChPsc) => !p.ceased_on && p.ceased !== true && !p.kind.includes('statement') && !p.kind.startsWith('totals');

export function officerPeople(companyNumber: string, officers: readonly ChOfficer[], depth = 0): RegisterPerson[] {
  return officers.filter(isCurrentOfficer).map((o, i) => {
    const names = splitOfficerName(o.name);
    const corporate = o.officer_role.startsWith('corporate-') || o.identification !== undefined;
    return {
      id: o.links?.officer?.appointments ?? o.links?.self ?? `/company/${companyNumber}/officers#${i}`,
      kind: 'OFFICER', role: o.officer_role, name: o.name, ...names, individual: !corporate,
      month_of_birth: o.date_of_birth?.month ?? null, year_of_birth: o.date_of_birth?.year ?? null,
      nationality: o.nationality ?? null, country_of_residence: o.country_of_residence ?? null, address: o.address ?? null,
      appointed_on: o.appointed_on ?? null, natures_of_control: [], identification: o.identification ?? null, company_number: companyNumber, depth,
    } satisfies RegisterPerson;
  });
}

export function pscPeople(companyNumber: string, pscs: readonly ChPsc[], depth = 0): RegisterPerson[] {
  return pscs.filter(isCurrentPsc).map((p, i) => {
    const individual = p.kind.startsWith('individual-');
    const e = p.name_elements;
    const names = e?.surname
      ? { forename: e.forename ?? '', middle_names: e.middle_name ?? '', surname: e.surname }
      : individual ? splitPlainName(p.name ?? '') : { forename: '', middle_names: '', surname: p.name ?? '' };
    return {
      id: p.links?.self ?? `/company/${companyNumber}/persons-with-significant-control#${i}`,
      kind: 'PSC', role: 'psc', name: p.name ?? '', ...names, individual,
      month_of_birth: p.date_of_birth?.month ?? null, year_of_birth: p.date_of_birth?.year ?? null,
      nationality: p.nationality ?? null, country_of_residence: p.country_of_residence ?? null, address: p.address ?? null,
      appointed_on: p.notified_on ?? null, natures_of_control: p.natures_of_control ?? [], identification: p.identification ?? null,
      company_number: companyNumber, depth,
    } satisfies RegisterPerson;
  });
}

const UK_REGISTERS = /companies house|registrar of companies|england|wales|scotland|northern ireland|united kingdom|\buk\b|great britain/i;

/**
 * The UK company number of a corporate PSC registered at Companies House, whose own PSCs can be followed;
 * undefined for a foreign entity, a legal person or an individual.
 */
export function ukCompanyNumberOf(person: RegisterPerson, normalise: (n: string) => string | undefined): string | undefined {
  if (person.individual || !person.identification?.registration_number) return undefined;
  const where = `${person.identification.place_registered ?? ''} ${person.identification.country_registered ?? ''}`;
  if (!UK_REGISTERS.test(where)) return undefined;
  return normalise(person.identification.registration_number);
}

/** Register countries as ISO 3166-1 alpha-2, for the contact's address; "" when the register's text is not a UK one. */
export function countryCodeOf(country: string | undefined | null): string {
  if (!country) return '';
  return /^(england|wales|scotland|northern ireland|united kingdom|uk|great britain|gb)$/i.test(country.trim()) ? 'GB' : '';
}

/** The register's address as one street line, a postcode, a city and a country code (the contact's address form). */
export function contactAddressOf(a: ChAddress | null): { street: string; postcode: string; city: string; country_code: string } {
  if (!a) return { street: '', postcode: '', city: '', country_code: '' };
  const street = [a.premises, a.address_line_1, a.address_line_2].filter(Boolean).join(' ').trim().slice(0, 200);
  return { street, postcode: (a.postal_code ?? '').slice(0, 20), city: (a.locality ?? '').slice(0, 100), country_code: countryCodeOf(a.country) };
}
