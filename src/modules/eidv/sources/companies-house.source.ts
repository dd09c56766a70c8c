import { companiesHouseResult, COMPANIES_HOUSE_SOURCE, type CompaniesHouseRecord } from '../domain/companies-house.ts';
import type { PersonQuery } from '../domain/identity.ts';
import type { IdentitySource } from './source.ts';

/**
 * Companies House as an identity source: the officer or PSC of the account's company the contact is (the
 * companies module's record, from the API or the bulk products, whichever the company check read), held against
 * the contact by domain/companies-house.ts. Not asked for anyone else (undefined: no answer, not "not found").
 */
export function companiesHouseSource(lookup: (clientId: string, contactId: string) => Promise<CompaniesHouseRecord | undefined>): IdentitySource {
  return {
    id: COMPANIES_HOUSE_SOURCE,
    kind: 'register',
    async check(person: PersonQuery, context: { clientId: string; contactId: string }) {
      const record = await lookup(context.clientId, context.contactId);
      return record ? companiesHouseResult(person, record) : undefined;
    },
  };
}
