import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { anyAddressMatches, foldName, sameName, type PersonQuery } from '../domain/identity.ts';
import type { IdentitySource } from './source.ts';

export interface RegisterRecord {
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  street: string;
  postcode: string;
  city: string;
  country_code: string;
  deceased: boolean;
}

const COLUMNS = ['first_name', 'last_name', 'date_of_birth', 'street', 'postcode', 'country_code'];

/**
 * TEST DATA ONLY: a reference register loaded from a CSV file the operator provides (an electoral-roll-like extract):
 * columns first_name, middle_name, last_name, date_of_birth, street, postcode, city, country_code and
 * optionally deceased (true/false). Each file is one independent source. Indexed by folded last name. It stands in for a real register in tests,
 * demos and air-gapped trials; a live install asks identity data providers (provider.ts). It reports a deceased
 * flag, so it counts as a mortality check; it knows nothing of activity or known fraud.
 */
export function loadRegister(file: string, id = path.basename(file).replace(/\.[^.]+$/, '')): IdentitySource & { size: number } {
  const rows = parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  const missing = COLUMNS.filter((c) => rows.length > 0 && !(c in rows[0]!));
  if (missing.length) throw new Error(`identity register ${file} lacks the columns ${missing.join(', ')}`);
  const byLastName = new Map<string, RegisterRecord[]>();
  for (const row of rows) {
    const record: RegisterRecord = {
      first_name: row.first_name ?? '', middle_name: row.middle_name ?? '', last_name: row.last_name ?? '', date_of_birth: row.date_of_birth ?? '',
      street: row.street ?? '', postcode: row.postcode ?? '', city: row.city ?? '', country_code: row.country_code ?? '',
      deceased: /^(true|yes|1)$/i.test(row.deceased ?? ''),
    };
    const key = foldName(record.last_name);
    byLastName.set(key, [...(byLastName.get(key) ?? []), record]);
  }
  return {
    id,
    kind: 'register',
    size: rows.length,
    async check(person: PersonQuery) {
      const candidates = (byLastName.get(foldName(person.last_name)) ?? []).filter((r) => sameName(person, r));
      const nameDob = candidates.some((r) => r.date_of_birth === person.date_of_birth);
      const nameAddress = candidates.some((r) => anyAddressMatches(person, r));
      const deceased = candidates.some((r) => r.deceased && (r.date_of_birth === person.date_of_birth || anyAddressMatches(person, r)));
      const reasons = [
        candidates.length === 0 ? `${id.toUpperCase()}_NOT_FOUND` : `${id.toUpperCase()}_NAME_FOUND`,
        ...(nameDob ? [`${id.toUpperCase()}_DOB_MATCH`] : []),
        ...(nameAddress ? [`${id.toUpperCase()}_ADDRESS_MATCH`] : []),
        ...(deceased ? [`${id.toUpperCase()}_DECEASED`] : []),
      ];
      return { source: id, kind: 'register' as const, nameDob, nameAddress, deceased, reasons, mortalityChecked: candidates.length > 0 };
    },
  };
}
