/**
 * Review memory (issue 18, ADR 96): a person's decision on a potential match is remembered per contact and listed
 * entity, with the entity's content hash when they decided. A later screening of the same contact (refresh,
 * re-trigger, monitoring) carries the decision over while the entity is unchanged, and reopens it, with a reason,
 * when the entity changed or a confirmed one was delisted. Pure: the caller loads the memory and the hashes.
 */
import type { MatchReviewView, ReportMatch, ReviewChange, ReviewedStatus } from './report.ts';

// The review types are declared beside the report they are part of (report.ts), so the two files do not import each other.
export type { MatchReviewView, ReviewChange, ReviewedStatus };

/** The hash remembered for a match reviewed after its entity left the lists: "reviewed as delisted". */
export const DELISTED_HASH = 'delisted';

export const REVIEW_CHANGES: readonly ReviewChange[] = ['DISMISSED_MATCH_CHANGED', 'CONFIRMED_MATCH_CHANGED', 'CONFIRMED_MATCH_DELISTED'];

/** The match as the reviewer saw it, without its review fields: enough to show a confirmed match once it is delisted. */
export type MatchSnapshot = Omit<ReportMatch, 'review_status' | 'review' | 'review_change'>;

export interface RememberedReview {
  entityId: string;
  entityHash: string;
  status: ReviewedStatus;
  reviewedBy: string;
  reviewedAt: string;
  notes: string;
  match: MatchSnapshot;
}

const view = (r: RememberedReview): MatchReviewView => ({ status: r.status, reviewed_by: r.reviewedBy, reviewed_at: r.reviewedAt, notes: r.notes });

/**
 * The screening's matches with the remembered reviews applied, plus the confirmed matches the screening no
 * longer returns: still listed (a confirmed person stays confirmed when their name no longer matches, say after
 * a change of name) or delisted (a person must look again). `hashOf` is the entity's content hash in the lists
 * loaded now, undefined when it is not in them.
 */
export function applyMemory(matches: readonly ReportMatch[], memory: readonly RememberedReview[], hashOf: (entityId: string) => string | undefined): ReportMatch[] {
  const byEntity = new Map(memory.map((r) => [r.entityId, r]));
  const out = matches.map((m): ReportMatch => {
    const r = byEntity.get(m.entity_id);
    if (!r) return { ...m, review_status: 'PENDING', review: null, review_change: null };
    if (r.entityHash === m.entity_hash) return { ...m, review_status: r.status, review: view(r), review_change: null };
    return { ...m, review_status: 'PENDING', review: view(r), review_change: r.status === 'MATCH_DISMISSED' ? 'DISMISSED_MATCH_CHANGED' : 'CONFIRMED_MATCH_CHANGED' };
  });
  const shown = new Set(matches.map((m) => m.entity_id));
  for (const r of memory) {
    if (r.status !== 'MATCH_CONFIRMED' || shown.has(r.entityId)) continue;
    const hash = hashOf(r.entityId);
    if (hash === undefined) {
      // Delisted: once a person has looked at the delisting (hash remembered as DELISTED_HASH) it is not raised again.
      if (r.entityHash === DELISTED_HASH) continue;
      out.push({ ...r.match, entity_hash: DELISTED_HASH, listed: false, reasons: ['DELISTED'], review_status: 'PENDING', review: view(r), review_change: 'CONFIRMED_MATCH_DELISTED' });
    } else if (hash === r.entityHash) {
      out.push({ ...r.match, listed: true, reasons: [...r.match.reasons.filter((x) => x !== 'CONFIRMED_EARLIER'), 'CONFIRMED_EARLIER'], review_status: 'MATCH_CONFIRMED', review: view(r), review_change: null });
    } else {
      out.push({ ...r.match, entity_hash: hash, listed: true, reasons: ['CONFIRMED_EARLIER'], review_status: 'PENDING', review: view(r), review_change: 'CONFIRMED_MATCH_CHANGED' });
    }
  }
  return out;
}

/** The reason codes of the reopened reviews, once each, in a fixed order. */
export function changeReasons(matches: readonly ReportMatch[]): ReviewChange[] {
  return REVIEW_CHANGES.filter((c) => matches.some((m) => m.review_change === c));
}

/**
 * Reopened reviews a report did not show yet: what ongoing monitoring must put back into review. A change the
 * report already shows (same entity, same change, same content) was reported by an earlier pass.
 */
export function newChanges(before: readonly ReportMatch[], after: readonly ReportMatch[]): ReportMatch[] {
  return after.filter((m) => m.review_change && !before.some((p) => p.entity_id === m.entity_id && p.review_change === m.review_change && p.entity_hash === m.entity_hash));
}

/**
 * The status each match gets from a review: the one given for it, else (for a match nobody has decided yet) the
 * answer given for its kind; a match already decided and carried over keeps its status unless it is named.
 * Returns only the matches this review decides, which are the ones to remember.
 */
export function decidedByReview(
  matches: readonly ReportMatch[],
  input: { pep: string; sanctions: string; matches: ReadonlyArray<{ entity_id: string; status: ReviewedStatus; notes?: string }> },
): Map<string, { status: ReviewedStatus; notes?: string }> {
  const given = new Map(input.matches.map((m) => [m.entity_id, m]));
  const decided = new Map<string, { status: ReviewedStatus; notes?: string }>();
  for (const m of matches) {
    const g = given.get(m.entity_id);
    if (g) {
      decided.set(m.entity_id, { status: g.status, ...(g.notes ? { notes: g.notes } : {}) });
      continue;
    }
    if (m.review_status !== 'PENDING') continue;
    const kindAnswer = m.kind === 'PEP' ? input.pep : m.kind === 'SANCTIONS' ? input.sanctions : 'NO_MATCH';
    if (kindAnswer === 'MATCH_DISMISSED' || kindAnswer === 'MATCH_CONFIRMED') decided.set(m.entity_id, { status: kindAnswer });
  }
  return decided;
}

/**
 * What a review must answer besides the kind-level rules (reviewProblems): the matches it names must be on the
 * report, and a delisted confirmed match must be named (it matches nothing now, so no kind answer covers it).
 * Returns too the matches whose status the kind-level rules must see: those decided now, and those confirmed
 * earlier and carried over (a kind cannot be dismissed around a standing confirmation).
 */
export function memoryReviewProblems(matches: readonly ReportMatch[], decided: ReadonlyMap<string, { status: ReviewedStatus }>, named: ReadonlyArray<{ entity_id: string }>) {
  const known = new Set(matches.map((m) => m.entity_id));
  const problems = [
    ...named.filter((m) => !known.has(m.entity_id)).map((m) => `matches: ${m.entity_id} is not a match of this report`),
    ...matches.filter((m) => m.review_change === 'CONFIRMED_MATCH_DELISTED' && !decided.has(m.entity_id)).map((m) => `matches: ${m.entity_id} was confirmed and is now delisted; dismiss or confirm it`),
  ];
  const standing = [
    ...[...decided].map(([entity_id, d]) => ({ entity_id, status: d.status })),
    ...matches.filter((m) => m.review_status === 'MATCH_CONFIRMED' && !decided.has(m.entity_id)).map((m) => ({ entity_id: m.entity_id, status: 'MATCH_CONFIRMED' as const })),
  ];
  return { problems, standing };
}

/** The report's matches once a review decided some: each decided one with its status and who, when and why. */
export function withDecisions(matches: readonly ReportMatch[], decided: ReadonlyMap<string, { status: ReviewedStatus; notes?: string }>, by: { reviewer: string; at: string; notes: string }): ReportMatch[] {
  return matches.map((m): ReportMatch => {
    const d = decided.get(m.entity_id);
    return d ? { ...m, review_status: d.status, review: { status: d.status, reviewed_by: by.reviewer, reviewed_at: by.at, notes: d.notes ?? by.notes }, review_change: null } : m;
  });
}
