import { decideIdentity, type IdentityOutcome } from './domain/decision.ts';
import type { PersonQuery, SourceResult } from './domain/identity.ts';
import { loadRegister } from './sources/register.source.ts';
import { sandboxSources } from './sources/sandbox.source.ts';
import { documentSource, type VerifiedDocument } from './sources/document.source.ts';
import type { IdentitySource } from './sources/source.ts';

export interface EidvResult extends IdentityOutcome {
  sources: SourceResult[];
}

/**
 * Electronic identity verification: ask every configured source about the person, then decide. Registers come
 * from `EIDV_REGISTERS` (CSV files), the verified-document source from the onboarding module, and the sandbox
 * personas answer only for sandbox clients.
 */
/** An `EIDV_REGISTERS` entry: `name=path` or `path` (the name is then the file's). */
export function parseRegisterSpec(entry: string): { id?: string; file: string } {
  const at = entry.indexOf('=');
  return at > 0 ? { id: entry.slice(0, at), file: entry.slice(at + 1) } : { file: entry };
}

export function createEidvService(deps: {
  registers: string[];
  minimumAge: number;
  /**
   * A contact's PASSED identity document (the onboarding module's, which does not depend on this one, so it is
   * built first). Required: a forgotten wiring would quietly drop the document source.
   */
  verifiedDocument: (clientId: string, contactId: string) => Promise<VerifiedDocument | undefined>;
  extraSources?: IdentitySource[];
}) {
  const registerSources = deps.registers.map((entry) => {
    const { id, file } = parseRegisterSpec(entry);
    return loadRegister(file, id);
  });
  const documentLookup = deps.verifiedDocument;
  const sources: IdentitySource[] = [
    ...registerSources,
    documentSource(documentLookup),
    ...sandboxSources(),
    ...(deps.extraSources ?? []),
  ];

  return {
    sources: () => sources.map((s) => ({ id: s.id, kind: s.kind })),
    /** The contact's PASSED identity document, if any (screening takes the nationality from it). */
    verifiedDocument: (clientId: string, contactId: string): Promise<VerifiedDocument | undefined> => documentLookup(clientId, contactId),
    async verify(person: PersonQuery, context: { clientId: string; contactId: string; sandbox: boolean; today: string }): Promise<EidvResult> {
      // Sandbox clients are answered by the personas only: live registers never see sandbox data.
      const asked = sources.filter((s) => (context.sandbox ? s.kind === 'sandbox' : s.kind !== 'sandbox'));
      const answers = (await Promise.all(asked.map((s) => s.check(person, context)))).flat().filter((r): r is SourceResult => r !== undefined);
      return { ...decideIdentity({ sources: answers, dateOfBirth: person.date_of_birth, today: context.today, minimumAge: deps.minimumAge }), sources: answers };
    },
  };
}

export type EidvService = ReturnType<typeof createEidvService>;
