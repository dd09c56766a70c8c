/**
 * Date of birth and country as evidence: they raise or lower a name score, never make a match alone.
 * Lists publish partial dates (a year, a month) and ranges (already expanded to years by the importers).
 */
export interface EvidenceFactor {
  factor: 'dob' | 'country';
  adjustment: number;
  reason: string;
  detail: string;
}

export const DOB_EXACT_BONUS = 0.05;
export const DOB_YEAR_BONUS = 0.02;
export const DOB_MISMATCH_PENALTY = -0.12;
export const COUNTRY_MATCH_BONUS = 0.02;
export const COUNTRY_MISMATCH_PENALTY = -0.04;

export function dobEvidence(queryDob: string | undefined, listed: string[]): EvidenceFactor | undefined {
  if (!queryDob || listed.length === 0) return undefined;
  const q = queryDob.slice(0, 10);
  const qYear = Number(q.slice(0, 4));
  if (!Number.isFinite(qYear)) return undefined;
  if (q.length === 10 && listed.includes(q)) return { factor: 'dob', adjustment: DOB_EXACT_BONUS, reason: 'DOB_MATCH', detail: q };
  // A listed partial date (year or year-month) that the query date falls in, or a year one off (lists
  // often record approximate years), is consistent but weaker evidence.
  const consistent = listed.find((d) => (d.length < 10 && q.startsWith(d)) || (d.length === 4 && Math.abs(Number(d) - qYear) <= 1) || (q.length < 10 && d.startsWith(q)));
  if (consistent) return { factor: 'dob', adjustment: DOB_YEAR_BONUS, reason: 'DOB_YEAR_MATCH', detail: consistent };
  return { factor: 'dob', adjustment: DOB_MISMATCH_PENALTY, reason: 'DOB_MISMATCH', detail: listed.slice(0, 3).join(', ') };
}

export function countryEvidence(queryCountry: string | undefined, nationalities: string[], others: string[]): EvidenceFactor | undefined {
  if (!queryCountry) return undefined;
  const q = queryCountry.toUpperCase();
  if (nationalities.includes(q) || others.includes(q)) return { factor: 'country', adjustment: COUNTRY_MATCH_BONUS, reason: 'COUNTRY_MATCH', detail: q };
  // Only a stated nationality contradicts: an address abroad says little about who someone is.
  if (nationalities.length > 0) return { factor: 'country', adjustment: COUNTRY_MISMATCH_PENALTY, reason: 'COUNTRY_MISMATCH', detail: nationalities.join(', ') };
  return undefined;
}
