import type { PersonQuery, SourceResult } from '../domain/identity.ts';

/**
 * An identity source: an electoral roll, a credit reference agency, a registry, a verified document. Real
 * vendor adapters implement the same interface. `check` throws SourceUnavailableError when the source cannot
 * answer (the check is retried, then the report ends in ERROR); "not found" is an answer, not an error.
 */
export interface IdentitySource {
  readonly id: string;
  readonly kind: SourceResult['kind'];
  /** One answer, or several when the source consults several underlying data sources (a vendor's bureaus); undefined: not asked. */
  check(person: PersonQuery, context: { clientId: string; contactId: string; sandbox: boolean }): Promise<SourceResult | SourceResult[] | undefined>;
}

export class SourceUnavailableError extends Error {
  constructor(readonly source: string, message: string) {
    super(`${source}: ${message}`);
  }
}
