/**
 * A register person as a contact's identity source (issue 24 item 2, ADR 0150): what Companies House says of an
 * officer or PSC (name, month and year of birth, correspondence or service address), and which register person
 * a contact is. The eIDV module decides what that is worth (eidv/domain/companies-house.ts); this file only
 * says who is who.
 */
import { birthMonthYearAgreement } from '../../../platform/domain/dates.ts';
import { samePerson, type GivenContact } from './discrepancies.ts';
import { contactAddressOf, type RegisterPerson } from './people.ts';

/** What a register person is as a contact's identity source: the AML check's Companies House source. */
export interface CompaniesHouseIdentity {
  source: 'companies_house';
  /**
   * How the contact is tied to the register person: `ADDED` (the contact was created from the register: its
   * name and address were copied from it), `NAME_MATCH` (a contact the caller gave, with the same surname and
   * first name or initial as a current officer or PSC on the account's last company report).
   */
  link: 'ADDED' | 'NAME_MATCH';
  company_number: string;
  person_id: string;
  kind: 'OFFICER' | 'PSC';
  role: string;
  name: string;
  forename: string;
  middle_names: string;
  surname: string;
  month_of_birth: number | null;
  year_of_birth: number | null;
  nationality: string | null;
  address: { street: string; postcode: string; city: string; country_code: string };
  natures_of_control: string[];
  retrieved_at: string;
}

export function identityOfPerson(p: RegisterPerson, link: CompaniesHouseIdentity['link'], retrievedAt: string): CompaniesHouseIdentity {
  return {
    source: 'companies_house', link, company_number: p.company_number, person_id: p.id, kind: p.kind, role: p.role, name: p.name, forename: p.forename,
    middle_names: p.middle_names, surname: p.surname, month_of_birth: p.month_of_birth, year_of_birth: p.year_of_birth, nationality: p.nationality,
    address: contactAddressOf(p.address), natures_of_control: p.natures_of_control, retrieved_at: retrievedAt,
  };
}

/**
 * The register person a contact the caller gave is, by the report's matching rule (surname, first name or
 * initial; discrepancies.ts). Of several (one person both a director and a PSC, or two of one name), the first
 * whose month and year of birth agree with the contact's; else the first: the eIDV source then says the birth
 * month differs, and does not count it.
 */
export function registerPersonOf(contact: GivenContact, people: readonly RegisterPerson[]): RegisterPerson | undefined {
  const hits = people.filter((p) => samePerson(contact, p));
  const agrees = (p: RegisterPerson) => birthMonthYearAgreement(contact.date_of_birth, p) === 'MATCH';
  return hits.find(agrees) ?? hits[0];
}
