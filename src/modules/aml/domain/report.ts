/** The AML report's data and review as stored (sealed) and shown; pure helpers over them. */
import type { GivenName } from './names.ts';
import type { PepAssessment } from '../../screening/index.ts';
import type { Gpg45Result, PostcodeStanding } from '../../eidv/index.ts';

export type MatchReview = 'MATCH_DISMISSED' | 'MATCH_CONFIRMED' | 'NO_MATCH';

/** A person's decision on one match (review memory, memory.ts). */
export type ReviewedStatus = 'MATCH_DISMISSED' | 'MATCH_CONFIRMED';

/** Why a remembered review no longer holds; each is also a reason code of the report. */
export type ReviewChange = 'DISMISSED_MATCH_CHANGED' | 'CONFIRMED_MATCH_CHANGED' | 'CONFIRMED_MATCH_DELISTED';

/** How a report shows a match's review: this report's own, or one carried over from an earlier result. */
export interface MatchReviewView {
  status: ReviewedStatus;
  reviewed_by: string;
  reviewed_at: string;
  notes: string;
}

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
    sources: Array<{ source: string; kind: string; name_dob: boolean; name_address: boolean; deceased: boolean; reasons: string[]; known_fraud?: boolean; activity_months?: number; self_declared?: boolean }>;
    confirmed_name_dob: string[];
    confirmed_name_address: string[];
    /** The GPG 45 evaluation (ADR 0135): confidence reached, profile met, every score with why. Absent on results before issue 23. */
    gpg45?: Gpg45Result;
    /** The contact's postcode in the ONS Postcode Directory (LIVE, TERMINATED, UNKNOWN, BAD_FORMAT); UK addresses only. */
    postcode?: PostcodeStanding;
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

/** The decision over these (PASS/REFER/ALERT, the answers per kind, reason codes, review needed) is decision.ts. */

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
