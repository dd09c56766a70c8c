import { decideIdentity, type IdentityOutcome, type PostcodeStanding } from './domain/decision.ts';
import type { PersonQuery, SourceResult } from './domain/identity.ts';
import { evaluateGpg45, type Gpg45Result } from './domain/gpg45/evaluate.ts';
import type { ContactEvidence, Gpg45Input, ScreeningAnswer } from './domain/gpg45/evidence.ts';
import type { Confidence } from './domain/gpg45/profiles.ts';
import { chipTampered, scoreAll } from './domain/gpg45/scores.ts';
import { loadRegister } from './sources/register.source.ts';
import { sandboxEvidence, sandboxSources } from './sources/sandbox.source.ts';
import { documentSource, type VerifiedDocument } from './sources/document.source.ts';
import { companiesHouseSource } from './sources/companies-house.source.ts';
import type { CompaniesHouseRecord } from './domain/companies-house.ts';
import { formatOnlyDirectory as formatOnly, type PostcodeDirectory } from './sources/postcodes.ts';
import { providerSource, type IdentityDataProvider } from './sources/provider.ts';
import type { IdentitySource } from './sources/source.ts';

export interface EidvResult extends IdentityOutcome {
  sources: SourceResult[];
  gpg45: Gpg45Result;
  /** The contact's postcode in the ONS Postcode Directory (or its format only, without the directory); absent outside the UK. */
  postcode?: PostcodeStanding;
}

/** An `EIDV_REGISTERS` entry: `name=path` or `path` (the name is then the file's). */
export function parseRegisterSpec(entry: string): { id?: string; file: string } {
  const at = entry.indexOf('=');
  return at > 0 ? { id: entry.slice(0, at), file: entry.slice(at + 1) } : { file: entry };
}

/**
 * Electronic identity verification: ask every configured source about the person (with the address history the
 * onboarding flow collected), score the evidence by GPG 45, then decide (domain/decision.ts). Sources: identity
 * data providers (a live install's), the CSV registers of `EIDV_REGISTERS` (test data), the verified-document
 * source from the onboarding module, Companies House for a company's officers and PSCs (self-declared, ADR 0150);
 * the sandbox personas answer only for sandbox clients.
 */
export function createEidvService(deps: {
  registers: string[];
  minimumAge: number;
  /**
   * A contact's PASSED identity document (the onboarding module's, which does not depend on this one, so it is
   * built first). Required: a forgotten wiring would quietly drop the document source.
   */
  verifiedDocument: (clientId: string, contactId: string) => Promise<VerifiedDocument | undefined>;
  /** What onboarding checked of the contact (document, chip, face with liveness, proof of address, address history). */
  contactEvidence?: (clientId: string, contactId: string) => Promise<ContactEvidence | undefined>;
  providers?: IdentityDataProvider[];
  /**
   * What Companies House says of a contact who is an officer or PSC of their account's company (the companies
   * module's `identityOf`, built first): one self-declared source (ADR 0150). Required, like the document: a
   * forgotten wiring would quietly drop it; an install without company checks gives `async () => undefined`.
   */
  companiesHouse: (clientId: string, contactId: string) => Promise<CompaniesHouseRecord | undefined>;
  /** The ONS Postcode Directory (EIDV_POSTCODE_DIRECTORY), loaded in the background; without it the format only. */
  postcodes?: () => PostcodeDirectory | undefined;
  extraSources?: IdentitySource[];
}) {
  const registerSources = deps.registers.map((entry) => {
    const { id, file } = parseRegisterSpec(entry);
    return loadRegister(file, id);
  });
  const documentLookup = deps.verifiedDocument;
  const sources: IdentitySource[] = [
    ...(deps.providers ?? []).map((p) => providerSource(p)),
    ...registerSources,
    documentSource(documentLookup),
    companiesHouseSource(deps.companiesHouse),
    ...sandboxSources(),
    ...(deps.extraSources ?? []),
  ];

  return {
    sources: () => sources.map((s) => ({ id: s.id, kind: s.kind })),
    /** The contact's PASSED identity document, if any (screening takes the nationality from it). */
    verifiedDocument: (clientId: string, contactId: string): Promise<VerifiedDocument | undefined> => documentLookup(clientId, contactId),
    async verify(person: PersonQuery, context: {
      clientId: string; contactId: string; sandbox: boolean; today: string;
      /** The screening's answers (null: not screened), for GPG 45's identity fraud score. */
      screening?: { pep: ScreeningAnswer; sanctions: ScreeningAnswer };
      /** The client's required confidence (default MEDIUM). */
      requiredConfidence?: Confidence;
    }): Promise<EidvResult> {
      // Sandbox clients get the persona's evidence when it names one, so every confidence level can be produced.
      const evidence = (context.sandbox ? sandboxEvidence(person.last_name) : undefined) ?? (await deps.contactEvidence?.(context.clientId, context.contactId)) ?? {};
      const asked = withHistory(person, evidence);
      // Sandbox clients are answered by the personas only: live registers and providers never see sandbox data.
      const from = sources.filter((s) => (context.sandbox ? s.kind === 'sandbox' : s.kind !== 'sandbox'));
      const answers = (await Promise.all(from.map((s) => s.check(asked, context)))).flat().filter((r): r is SourceResult => r !== undefined);
      const input: Gpg45Input = {
        ...(evidence.document ? { document: evidence.document } : {}), ...(evidence.face ? { face: evidence.face } : {}),
        ...(evidence.proofOfAddress ? { proofOfAddress: evidence.proofOfAddress } : {}),
        sources: answers.map((s) => ({
          source: s.source, kind: s.kind, nameDob: s.nameDob, nameAddress: s.nameAddress, activityMonths: s.activityMonths ?? null,
          mortalityChecked: s.mortalityChecked ?? false, fraudChecked: s.fraudChecked ?? false, deceased: s.deceased, knownFraud: s.knownFraud ?? false,
          ...(s.selfDeclared ? { selfDeclared: true } : {}), ...(s.nameDobPartial ? { nameDobPartial: true } : {}),
        })),
        screening: context.screening ?? { pep: null, sanctions: null },
      };
      const gpg45 = evaluateGpg45(scoreAll(input), context.requiredConfidence ?? 'MEDIUM');
      const postcode = person.address.country_code.toUpperCase() === 'GB' ? (deps.postcodes?.() ?? formatOnly).lookup(person.address.postcode) : undefined;
      const poaConfirms = evidence.proofOfAddress?.decision === 'PASSED' && evidence.proofOfAddress.nameFound ? ['proof_of_address'] : [];
      return {
        ...decideIdentity({ sources: answers, dateOfBirth: person.date_of_birth, today: context.today, minimumAge: deps.minimumAge, gpg45, addressConfirmedBy: poaConfirms, documentTampered: chipTampered(input.document), ...(postcode ? { postcode } : {}) }),
        sources: answers, gpg45, ...(postcode ? { postcode } : {}),
      };
    },
  };
}

/** The person with the flow's earlier addresses (the current one, already on the contact, left out). */
function withHistory(person: PersonQuery, evidence: ContactEvidence): PersonQuery {
  const earlier = (evidence.addressHistory ?? [])
    .filter((a) => a.to !== undefined)
    .sort((a, b) => b.from.localeCompare(a.from))
    .map((a) => ({ street: a.street, postcode: a.postcode, city: a.city, country_code: a.country, from: a.from, ...(a.to ? { to: a.to } : {}) }));
  return earlier.length ? { ...person, previous_addresses: earlier } : person;
}

export type EidvService = ReturnType<typeof createEidvService>;
