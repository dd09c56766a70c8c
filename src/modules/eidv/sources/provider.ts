import { parseStreet } from '../domain/address.ts';
import type { PersonQuery, SourceResult } from '../domain/identity.ts';
import type { IdentitySource } from './source.ts';

/**
 * The contract every identity data provider adapter implements: credit reference agencies, electoral-roll and
 * identity vendors, and registers such as Companies House's officer appointments.
 *
 * In: the person's name, date of birth and address history (the current address first, then the earlier ones of
 * the last 12 months, each with its dates). Out: one record per underlying data source the provider consulted
 * (a vendor's credit bureau and electoral roll are two sources), each with the elements it matched, the months of
 * activity it saw, the checks it made and the flags it raised. "Not found" is an answer (nothing matched); a
 * provider that cannot answer throws SourceUnavailableError (the AML check is retried, then ends in ERROR).
 */
export interface ProviderQuery {
  first_name: string;
  middle_name: string;
  last_name: string;
  /** YYYY-MM-DD. */
  date_of_birth: string;
  addresses: ProviderAddress[];
}

export interface ProviderAddress {
  /** As the contact wrote it, and read into numbers and words (domain/address.ts). */
  street: string;
  flat?: string;
  house?: string;
  street_words: string[];
  city: string;
  postcode: string;
  country_code: string;
  /** YYYY-MM-DD; the current address has no `to`. */
  from?: string;
  to?: string;
  current: boolean;
}

export interface ProviderRecord {
  /** The underlying data source, e.g. `trulioo:Credit Agency 1`, `companies_house:officers`. */
  source: string;
  matched: {
    name: boolean;
    /** FULL: day, month and year; MONTH_YEAR: a source that publishes only those (Companies House officers); NONE. */
    date_of_birth: 'FULL' | 'MONTH_YEAR' | 'NONE';
    /** Indexes into the query's `addresses` that the record matched (empty: none). */
    addresses: number[];
  };
  /** Months over which the source saw the identity active (accounts open, roll entries, appointments); null: not reported. */
  activity_months: number | null;
  checks: { mortality: boolean; fraud: boolean };
  flags: { deceased: boolean; known_fraud: boolean };
  /** The provider's own codes, for the report (no personal data). */
  reasons: string[];
}

export interface ProviderAnswer {
  /** The provider's reference for this transaction (kept with the report for disputes), if it gives one. */
  reference: string | null;
  records: ProviderRecord[];
}

export interface IdentityDataProvider {
  readonly id: string;
  verify(query: ProviderQuery, signal?: AbortSignal): Promise<ProviderAnswer>;
}

/** The provider query for a person: the current address first, then the history the onboarding flow collected. */
export function providerQuery(person: PersonQuery): ProviderQuery {
  const address = (a: PersonQuery['address'] & { from?: string; to?: string }, current: boolean): ProviderAddress => {
    const parsed = parseStreet(a.street);
    return {
      street: a.street, ...(parsed.flat ? { flat: parsed.flat } : {}), ...(parsed.house ? { house: parsed.house } : {}), street_words: parsed.words,
      city: a.city, postcode: a.postcode, country_code: a.country_code, ...(a.from ? { from: a.from } : {}), ...(a.to ? { to: a.to } : {}), current,
    };
  };
  return {
    first_name: person.first_name, middle_name: person.middle_name, last_name: person.last_name, date_of_birth: person.date_of_birth,
    addresses: [address(person.address, true), ...(person.previous_addresses ?? []).map((a) => address(a, false))],
  };
}

/** A provider's records as identity sources' answers: name with full date of birth, name with an address of the history. */
export function recordResults(record: ProviderRecord): SourceResult {
  const { name, date_of_birth: dob, addresses } = record.matched;
  return {
    source: record.source, kind: 'provider',
    nameDob: name && dob === 'FULL',
    nameAddress: name && addresses.length > 0,
    deceased: record.flags.deceased, knownFraud: record.flags.known_fraud,
    activityMonths: record.activity_months, mortalityChecked: record.checks.mortality, fraudChecked: record.checks.fraud,
    reasons: [
      ...record.reasons,
      ...(name && dob === 'MONTH_YEAR' ? ['DOB_MONTH_YEAR_ONLY'] : []),
      ...(addresses.some((i) => i > 0) ? ['PREVIOUS_ADDRESS_MATCH'] : []),
    ],
  };
}

/** An identity data provider as a source of the eIDV check (live clients only; sandbox clients get the personas). */
export function providerSource(provider: IdentityDataProvider, options: { timeoutMs?: number } = {}): IdentitySource {
  return {
    id: provider.id,
    kind: 'provider',
    async check(person: PersonQuery, context: { sandbox: boolean }) {
      if (context.sandbox) return undefined;
      const answer = await provider.verify(providerQuery(person), AbortSignal.timeout(options.timeoutMs ?? 20_000));
      return answer.records.map(recordResults);
    },
  };
}
