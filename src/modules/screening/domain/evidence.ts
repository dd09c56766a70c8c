/**
 * Date of birth, nationality, residence and gender as evidence: they rank a match and explain it, they never
 * make a match alone, and they never hide a strong name (ADR 0090).
 *
 * Dates are compared the way people get them wrong: one day off, one digit off, two digits transposed, day
 * and month swapped, the year one or two off, only the year or the month agreeing. Such a date is `near`:
 * it keeps the match. Only a `disjoint` date (years apart and no typing slip explains it) counts against,
 * and only it may hide a match, and only a weak name with nothing else agreeing (`decideMatch`).
 * Lists publish partial dates (a year, a month) and ranges (already expanded to years by the importers).
 */
import type { TopicThreshold } from './thresholds.ts';

export type EvidenceFactorKind = 'dob' | 'nationality' | 'residence' | 'gender';

export interface EvidenceFactor {
  factor: EvidenceFactorKind;
  adjustment: number;
  reason: string;
  detail: string;
}

/** Priority adjustments (ranking only, except through decideMatch's rule for weak names). */
export const DOB_EXACT_BONUS = 0.05;
export const DOB_PARTIAL_BONUS = 0.02;
export const DOB_NEAR_BONUS = 0.01;
export const DOB_DISJOINT_PENALTY = -0.12;
export const NATIONALITY_MATCH_BONUS = 0.03;
export const NATIONALITY_MISMATCH_PENALTY = -0.04;
export const RESIDENCE_MATCH_BONUS = 0.01;
export const GENDER_MATCH_BONUS = 0.01;
export const GENDER_MISMATCH_PENALTY = -0.05;

/** How a given date relates to a listed one, from the closest to the farthest. */
export type DobRelation =
  | 'exact'
  | 'partial' // one side is a year or year-month the other falls in
  | 'one_day'
  | 'one_digit'
  | 'digits_transposed'
  | 'day_month_swapped'
  | 'year_1'
  | 'year_2'
  | 'same_month' // year and month agree, the day does not
  | 'same_year' // the year agrees, month and day do not
  | 'year_close' // the year one or two off and the rest different, or a partial date one or two years off
  | 'disjoint';

const ORDER: DobRelation[] = ['exact', 'partial', 'one_day', 'one_digit', 'digits_transposed', 'day_month_swapped', 'year_1', 'year_2', 'same_month', 'same_year', 'year_close', 'disjoint'];

interface Parts {
  y: number;
  m?: number;
  d?: number;
  text: string;
}

function parts(date: string): Parts | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(date.trim());
  if (!m) return undefined;
  const p: Parts = { y: Number(m[1]), text: m[0] };
  if (m[2] && m[2] !== '00') p.m = Number(m[2]);
  if (p.m !== undefined && m[3] && m[3] !== '00') p.d = Number(m[3]);
  return p;
}

const days = (p: Required<Omit<Parts, 'text'>>) => Date.UTC(p.y, p.m - 1, p.d) / 86_400_000;
const digits = (p: Required<Omit<Parts, 'text'>>) => `${p.y}${String(p.m).padStart(2, '0')}${String(p.d).padStart(2, '0')}`;

function oneDigitOff(a: string, b: string): boolean {
  let diff = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
  return diff === 1;
}

function transposed(a: string, b: string): boolean {
  const at = [...a].map((c, i) => (c !== b[i] ? i : -1)).filter((i) => i >= 0);
  return at.length === 2 && at[1] === at[0]! + 1 && a[at[0]!] === b[at[1]!] && a[at[1]!] === b[at[0]!];
}

/** The relation between one given date and one listed date (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`; `00` parts unknown). */
export function dobRelation(given: string, listed: string): DobRelation {
  const q = parts(given);
  const l = parts(listed);
  if (!q || !l) return 'disjoint';
  const dy = Math.abs(q.y - l.y);
  if (q.d !== undefined && l.d !== undefined) {
    const qf = q as Required<Parts>;
    const lf = l as Required<Parts>;
    if (dy === 0 && q.m === l.m && q.d === l.d) return 'exact';
    if (Math.abs(days(qf) - days(lf)) <= 1) return 'one_day';
    const sameDay = q.m === l.m && q.d === l.d;
    if (sameDay && dy <= 2) return dy === 1 ? 'year_1' : 'year_2';
    const a = digits(qf);
    const b = digits(lf);
    if (oneDigitOff(a, b)) return 'one_digit';
    if (transposed(a, b)) return 'digits_transposed';
    if (dy === 0 && q.m === l.d && q.d === l.m) return 'day_month_swapped';
    if (dy === 0) return q.m === l.m ? 'same_month' : 'same_year';
    return dy <= 2 ? 'year_close' : 'disjoint';
  }
  // One side partial: consistent when the finer date falls in the coarser one.
  const coarse = q.d === undefined && (l.d !== undefined || (q.m ?? 0) <= (l.m ?? 0)) ? q : l;
  if (dy === 0 && (coarse.m === undefined || q.m === l.m)) return 'partial';
  if (dy === 0) return 'same_year';
  if (dy <= 2) return 'year_close';
  if (oneDigitOff(String(q.y), String(l.y))) return 'one_digit';
  return transposed(String(q.y), String(l.y)) ? 'digits_transposed' : 'disjoint';
}

export function dobEvidence(queryDob: string | undefined, listed: readonly string[]): EvidenceFactor | undefined {
  if (!queryDob || listed.length === 0 || !parts(queryDob)) return undefined;
  let best: { relation: DobRelation; date: string } | undefined;
  for (const d of listed) {
    const relation = dobRelation(queryDob, d);
    if (!best || ORDER.indexOf(relation) < ORDER.indexOf(best.relation)) best = { relation, date: d };
  }
  const { relation, date } = best!;
  if (relation === 'exact') return { factor: 'dob', adjustment: DOB_EXACT_BONUS, reason: 'DOB_MATCH', detail: date };
  if (relation === 'partial') return { factor: 'dob', adjustment: DOB_PARTIAL_BONUS, reason: 'DOB_YEAR_MATCH', detail: date };
  if (relation === 'disjoint') return { factor: 'dob', adjustment: DOB_DISJOINT_PENALTY, reason: 'DOB_MISMATCH', detail: listed.slice(0, 3).join(', ') };
  return { factor: 'dob', adjustment: DOB_NEAR_BONUS, reason: 'DOB_NEAR', detail: `${date} (${relation})` };
}

/**
 * Nationality as the identity document states it (MRZ, chip) against the listed nationalities and
 * citizenships. A different stated nationality lowers the priority; it never hides a match (people hold
 * several, lists do not know them all).
 */
export function nationalityEvidence(queryNationality: string | undefined, listed: readonly string[]): EvidenceFactor | undefined {
  if (!queryNationality) return undefined;
  const q = queryNationality.toUpperCase();
  if (listed.includes(q)) return { factor: 'nationality', adjustment: NATIONALITY_MATCH_BONUS, reason: 'NATIONALITY_MATCH', detail: q };
  if (listed.length > 0) return { factor: 'nationality', adjustment: NATIONALITY_MISMATCH_PENALTY, reason: 'NATIONALITY_MISMATCH', detail: listed.join(', ') };
  return undefined;
}

/**
 * The country someone lives in (the address): it agrees when the listing names that country at all
 * (address, nationality, jurisdiction); living elsewhere says nothing about who someone is, so it never
 * counts against.
 */
export function residenceEvidence(queryCountry: string | undefined, listedCountries: readonly string[]): EvidenceFactor | undefined {
  if (!queryCountry) return undefined;
  const q = queryCountry.toUpperCase();
  return listedCountries.includes(q) ? { factor: 'residence', adjustment: RESIDENCE_MATCH_BONUS, reason: 'RESIDENCE_MATCH', detail: q } : undefined;
}

export function genderEvidence(queryGender: string | undefined, listed: string | undefined): EvidenceFactor | undefined {
  if (!queryGender || !listed) return undefined;
  return queryGender === listed
    ? { factor: 'gender', adjustment: GENDER_MATCH_BONUS, reason: 'GENDER_MATCH', detail: listed }
    : { factor: 'gender', adjustment: GENDER_MISMATCH_PENALTY, reason: 'GENDER_MISMATCH', detail: listed };
}

export interface MatchDecision {
  /** Whether the listed entity is a potential match. */
  potential: boolean;
  /** Name score plus the evidence adjustments, 0 to 1: the order matches are shown in. */
  priority: number;
  /** Set when the evidence lowered a weak name below the threshold. */
  lowered?: 'DOB_DISJOINT_WEAK_NAME';
}

/**
 * The rule (ADR 0090): a name at or above the threshold is a potential match; evidence only orders it.
 * The one exception: a weak name (below `strongName`) with a clearly different date of birth
 * (`DOB_MISMATCH`) and neither nationality nor residence agreeing is lowered below the threshold.
 * A near date (DOB_NEAR), a partial one, or no date never lowers anything.
 * A name matched through a recorded given-name equivalent (Bill for William, ADR 0093) is never a strong
 * name, whatever its score (ADR 0103): an equivalent pair scores 0.9, and with the surname equal the name
 * reaches 0.95 by averaging, not because it is the same name as written.
 */
export function decideMatch(nameScore: number, evidence: readonly EvidenceFactor[], threshold: TopicThreshold, throughEquivalent = false): MatchDecision {
  const priority = Math.max(0, Math.min(1, nameScore + evidence.reduce((s, e) => s + e.adjustment, 0)));
  if (nameScore < threshold.match) return { potential: false, priority };
  const disjoint = evidence.some((e) => e.reason === 'DOB_MISMATCH');
  const agreeing = evidence.some((e) => e.reason === 'NATIONALITY_MATCH' || e.reason === 'RESIDENCE_MATCH');
  const strong = nameScore >= threshold.strongName && !throughEquivalent;
  if (!strong && disjoint && !agreeing) return { potential: false, priority, lowered: 'DOB_DISJOINT_WEAK_NAME' };
  return { potential: true, priority };
}
