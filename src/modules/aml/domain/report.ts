/** The AML report's data and review as stored (sealed) and shown; pure helpers over them. */
import type { MatchReviewView, ReviewChange } from './memory.ts';
import type { GivenName } from './names.ts';
import type { PepAssessment } from '../../screening/index.ts';

export type MatchReview = 'MATCH_DISMISSED' | 'MATCH_CONFIRMED' | 'NO_MATCH';

export interface ReportMatch {
  kind: 'PEP' | 'SANCTIONS' | 'OTHER';
  list: string;
  entity_id: string;
  source_id: string;
  listed_name: string;
  matched_name: string;
  score: number;
  topics: string[];
  programs: string[];
  source_url: string | null;
  reasons: string[];
  review_status: 'PENDING' | 'MATCH_DISMISSED' | 'MATCH_CONFIRMED';
  /** The listed entity's content hash when screened (review memory compares it); `delisted` once it left the lists. Absent on results before issue 18. */
  entity_hash?: string;
  /** false: the entity is no longer in the loaded lists (a confirmed match delisted). */
  listed?: boolean;
  /** Which of the contact's names matched (their own, a legal or previous name, a document's). */
  screened_name?: GivenName;
  /** The review of this match: made on this report, or carried over from an earlier one (then `review_change` says if it was reopened). */
  review?: MatchReviewView | null;
  review_change?: ReviewChange | null;
  /** PEP matches: PEP or relative/close associate, category, current or former, the relation explained (ADR 0100). */
  pep?: PepAssessment;
}

/** The PEP assessment a screening match carries, as the report stores it (absent for other matches). */
export function pepOf(m: { pep?: PepAssessment }): Pick<ReportMatch, 'pep'> {
  return m.pep ? { pep: m.pep } : {};
}

export type MatchDecision = 'No Match' | 'Potential Match';

export interface AmlData {
  decision: 'PASS' | 'REFER' | 'ALERT';
  /** null: no list of that kind was loaded, so the contact was not screened for it (never "No Match" against nothing). */
  pep_matches: MatchDecision | null;
  sanctions_matches: MatchDecision | null;
  reasons: string[];
  identity: {
    sources: Array<{ source: string; kind: string; name_dob: boolean; name_address: boolean; deceased: boolean; reasons: string[] }>;
    confirmed_name_dob: string[];
    confirmed_name_address: string[];
  };
  matches: ReportMatch[];
  screened_lists: Array<{ list: string; contentHash: string }>;
  threshold: number;
}

export interface AmlReview {
  empty: boolean;
  status?: 'COMPLETE';
  decision?: 'PASS' | 'FAIL';
  pep_matches?: MatchReview;
  sanctions_matches?: MatchReview;
  notes?: string;
  reviewed_by?: string;
  reviewed_at?: string;
}

const PEP = /^role\.(pep|rca)$/;
const SANCTION = /^(sanction|sanction\.linked|debarment)$/;

export function matchKind(topics: string[]): ReportMatch['kind'] {
  if (topics.some((t) => SANCTION.test(t))) return 'SANCTIONS';
  if (topics.some((t) => PEP.test(t))) return 'PEP';
  return 'OTHER';
}

/** The answer of each kind over a report's matches (a delisted one no longer counts): as the screening decides, plus matches carried over. */
export function kindAnswers(matches: readonly ReportMatch[]): { pep: MatchDecision; sanctions: MatchDecision } {
  const listed = matches.filter((m) => m.listed !== false);
  return {
    pep: listed.some((m) => m.topics.some((t) => PEP.test(t))) ? 'Potential Match' : 'No Match',
    sanctions: listed.some((m) => m.topics.some((t) => SANCTION.test(t))) ? 'Potential Match' : 'No Match',
  };
}

/**
 * The screening answer of each kind, kept only where a list of that kind is loaded: with sanctions lists alone
 * the PEP answer is null (not screened), not "No Match".
 */
export function coveredAnswers(result: { pep: MatchDecision; sanctions: MatchDecision }, coverage: { pep: boolean; sanctions: boolean }) {
  return { pep: coverage.pep || result.pep === 'Potential Match' ? result.pep : null, sanctions: coverage.sanctions || result.sanctions === 'Potential Match' ? result.sanctions : null };
}

/**
 * A result needs a person when identity is not PASS, a kind was not screened, or a match has no standing review:
 * one a person dismissed or confirmed earlier, its entity unchanged, is carried over and needs no one (review memory).
 */
export function needsReview(data: Pick<AmlData, 'decision' | 'pep_matches' | 'sanctions_matches' | 'matches'>): boolean {
  return data.decision !== 'PASS' || data.pep_matches === null || data.sanctions_matches === null || data.matches.some((m) => m.review_status === 'PENDING');
}

export function reasonCodes(identityReasons: string[], pep: MatchDecision | null, sanctions: MatchDecision | null): string[] {
  return [
    ...identityReasons,
    ...(pep === 'Potential Match' ? ['PEP_POTENTIAL_MATCH'] : pep === null ? ['PEP_NOT_SCREENED'] : []),
    ...(sanctions === 'Potential Match' ? ['SANCTIONS_POTENTIAL_MATCH'] : sanctions === null ? ['SANCTIONS_NOT_SCREENED'] : []),
  ];
}

/** Entity ids matched now that were not matched before: what ongoing monitoring reports. */
export function newMatches(before: string[], after: string[]): string[] {
  const seen = new Set(before);
  return after.filter((id) => !seen.has(id));
}

/**
 * A review must be consistent with the matches it reviews: a confirmed match of a kind cannot come with
 * that kind dismissed, and "NO_MATCH" is only for a kind with nothing to review.
 */
export function reviewProblems(data: AmlData, review: { pep_matches: MatchReview; sanctions_matches: MatchReview; matches: Array<{ entity_id: string; status: string }> }): string[] {
  const problems: string[] = [];
  const known = new Map(data.matches.map((m) => [m.entity_id, m]));
  for (const m of review.matches) if (!known.has(m.entity_id)) problems.push(`matches: ${m.entity_id} is not a match of this report`);
  for (const [kind, field] of [['PEP', 'pep_matches'], ['SANCTIONS', 'sanctions_matches']] as const) {
    const potential = data[field] === 'Potential Match';
    const value = review[field];
    if (potential && value === 'NO_MATCH') problems.push(`${field}: the report has potential ${kind} matches; dismiss or confirm them`);
    if (!potential && value !== 'NO_MATCH') problems.push(`${field}: the report has no ${kind} match to ${value === 'MATCH_CONFIRMED' ? 'confirm' : 'dismiss'}`);
    const confirmed = review.matches.some((m) => m.status === 'MATCH_CONFIRMED' && known.get(m.entity_id)?.kind === kind);
    if (confirmed && value === 'MATCH_DISMISSED') problems.push(`${field}: a ${kind} match is confirmed, so ${field} cannot be MATCH_DISMISSED`);
  }
  return problems;
}
