import { foldName, type PersonQuery } from '../domain/identity.ts';
import type { IdentitySource } from './source.ts';

/** What a PASSED identity document of the contact says (provided by the onboarding module). */
export interface VerifiedDocument {
  document_type: string;
  document_given_names: string;
  document_last_name: string;
  date_of_birth: string;
  /** As the MRZ (or the chip's DG1) states it: an ICAO alpha-3 code. */
  nationality?: string;
  /** `M` or `F`. */
  sex?: string;
}

/**
 * The contact's own identity document, when the onboarding report decided it PASSED (MRZ read with every
 * check digit valid, not expired): it confirms name with date of birth. It says nothing about the address.
 */
export function documentSource(lookup: (clientId: string, contactId: string) => Promise<VerifiedDocument | undefined>): IdentitySource {
  return {
    id: 'identity_document',
    kind: 'document',
    async check(person: PersonQuery, context: { clientId: string; contactId: string }) {
      const doc = await lookup(context.clientId, context.contactId);
      if (!doc) return undefined;
      const given = foldName(doc.document_given_names);
      const nameMatches = foldName(doc.document_last_name) === foldName(person.last_name) && given.startsWith(foldName(person.first_name));
      const nameDob = nameMatches && doc.date_of_birth === person.date_of_birth;
      return {
        source: 'identity_document', kind: 'document' as const, nameDob, nameAddress: false, deceased: false,
        reasons: [nameDob ? 'DOCUMENT_NAME_DOB_MATCH' : nameMatches ? 'DOCUMENT_DOB_MISMATCH' : 'DOCUMENT_NAME_MISMATCH'],
      };
    },
  };
}
