/**
 * Companies House as an identity source (issue 24, ADR 0150): what the register says of an officer or person
 * with significant control, held against what the contact gave. The one place its worth is decided.
 *
 * The register's officer and PSC details are declared by the company itself (its own filings; until identity
 * verification under the Economic Crime and Corporate Transparency Act 2023 covers everyone, the registrar
 * checks none of them) and the company is the firm's customer: so the record CORROBORATES, it is never one of
 * the two independent sources of the identity decision (`selfDeclared`), and GPG 45 scores it at strength 1,
 * validity 1 at most (eidv/domain/gpg45/scores.ts). What it can say:
 *
 * - name: surname and first name agree (a middle name counts against only when both give one and they differ);
 * - date of birth: month and year only (the register publishes no day): `nameDobPartial`, never name + full DOB.
 *   A record without them corroborates nothing (a name alone is not a person);
 * - address: the correspondence (service) address, not a residence. It counts as name + address only for a
 *   contact the caller gave (`NAME_MATCH`); a contact created from the register had its address copied from it,
 *   and a source cannot confirm what was taken from it (`COMPANIES_HOUSE_ADDRESS_FROM_REGISTER`).
 *
 * A contact created from the register is that register person: a month or year of birth that differs is a
 * contradiction for a person to look at (`conflicts`, which stops a PASS). A contact only matched by name with
 * another birth month is most likely someone else: the record then says nothing.
 */
import { birthMonthYearAgreement } from '../../../platform/domain/dates.ts';
import { anyAddressMatches, sameName, type PersonQuery, type SourceResult } from './identity.ts';

/** The companies module's identity record, as far as this source reads it (its `CompaniesHouseIdentity`). */
export interface CompaniesHouseRecord {
  link: 'ADDED' | 'NAME_MATCH';
  company_number: string;
  kind: 'OFFICER' | 'PSC';
  forename: string;
  middle_names: string;
  surname: string;
  month_of_birth: number | null;
  year_of_birth: number | null;
  address: { street: string; postcode: string; city: string; country_code: string };
}

export const COMPANIES_HOUSE_SOURCE = 'companies_house';

export function companiesHouseResult(person: PersonQuery, record: CompaniesHouseRecord): SourceResult {
  const reasons: string[] = [record.kind === 'OFFICER' ? 'COMPANIES_HOUSE_OFFICER' : 'COMPANIES_HOUSE_PSC'];
  const conflicts: string[] = [];
  const name = sameName(person, { first_name: record.forename, middle_name: record.middle_names, last_name: record.surname });
  reasons.push(name ? 'COMPANIES_HOUSE_NAME_MATCH' : 'COMPANIES_HOUSE_NAME_MISMATCH');

  const monthYear = birthMonthYearAgreement(person.date_of_birth, record);
  reasons.push({ MATCH: 'COMPANIES_HOUSE_DOB_MONTH_YEAR_MATCH', DIFFERS: 'COMPANIES_HOUSE_DOB_DIFFERS', NONE: 'COMPANIES_HOUSE_NO_DOB' }[monthYear]);
  if (monthYear === 'DIFFERS' && record.link === 'ADDED') conflicts.push('COMPANIES_HOUSE_DOB_DIFFERS');

  const corroborates = name && monthYear === 'MATCH';
  const addressMatches = anyAddressMatches(person, record.address);
  let nameAddress = false;
  if (addressMatches && record.link === 'ADDED') reasons.push('COMPANIES_HOUSE_ADDRESS_FROM_REGISTER');
  else if (addressMatches) {
    reasons.push('COMPANIES_HOUSE_SERVICE_ADDRESS_MATCH');
    nameAddress = corroborates;
  }
  reasons.push('COMPANIES_HOUSE_SELF_DECLARED');
  return {
    source: COMPANIES_HOUSE_SOURCE, kind: 'register', selfDeclared: true,
    nameDob: false, nameDobPartial: corroborates, nameAddress, deceased: false,
    activityMonths: null, mortalityChecked: false, fraudChecked: false, knownFraud: false,
    reasons, ...(conflicts.length ? { conflicts } : {}),
  };
}
