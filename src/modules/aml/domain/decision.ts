/**
 * The AML decision, the one place it is written: how the identity outcome (eidv/domain/decision.ts: PASS when
 * the GPG 45 confidence reached meets the client's required confidence or two independent sources confirm the
 * person, ALERT for deceased, known identity fraud, an identity document whose chip shows it altered or forged
 * (ADR 0180) or under age, REFER otherwise with what was missing; ADR 0135)
 * and the screening answers (screening/domain/outcome.ts: No Match or
 * Potential Match per kind, null when no list of the kind is loaded) make the report's `decision`,
 * `pep_matches`, `sanctions_matches` and reason codes, and when a person must review the result.
 *
 * - `decision` is the identity outcome: a potential match does not change it; it sends the report to review.
 * - `pep_matches` / `sanctions_matches` are the screening's answers over the report's standing matches: a match a
 *   person reviewed earlier is carried over (review memory), a delisted one no longer counts.
 * - reasons: the identity's codes, then `PEP_POTENTIAL_MATCH` / `PEP_NOT_SCREENED` and the sanctions pair, then
 *   (monitoring) `NEW_MATCH_AFTER_LIST_UPDATE`, then the reopened reviews (memory.ts, REVIEW_CHANGES).
 */
import { changeReasons, REVIEW_CHANGES } from './memory.ts';
import type { AmlData, MatchDecision, ReportMatch } from './report.ts';

export type AmlDecision = AmlData['decision'];
/** Screening's answer per kind as the report states it (null: not screened, no list of that kind loaded). */
export interface KindAnswers { pep: MatchDecision | null; sanctions: MatchDecision | null }
export type AmlOutcome = Pick<AmlData, 'decision' | 'pep_matches' | 'sanctions_matches' | 'reasons'>;

const PEP = /^role\.(pep|rca)$/;
const SANCTION = /^(sanction|sanction\.linked|debarment)$/;

/** A match's kind on the report: sanctioned first (an entity both sanctioned and a PEP is shown as sanctioned). */
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

export function reasonCodes(identityReasons: string[], pep: MatchDecision | null, sanctions: MatchDecision | null): string[] {
  return [
    ...identityReasons,
    ...(pep === 'Potential Match' ? ['PEP_POTENTIAL_MATCH'] : pep === null ? ['PEP_NOT_SCREENED'] : []),
    ...(sanctions === 'Potential Match' ? ['SANCTIONS_POTENTIAL_MATCH'] : sanctions === null ? ['SANCTIONS_NOT_SCREENED'] : []),
  ];
}

/** A check's outcome: the identity decision, the screening answers (already narrowed to what was covered), the reasons. */
export function decideAml(input: { identity: { decision: AmlDecision; reasons: string[] }; answers: KindAnswers; matches: readonly ReportMatch[] }): AmlOutcome {
  const { identity, answers, matches } = input;
  return {
    decision: identity.decision, pep_matches: answers.pep, sanctions_matches: answers.sanctions,
    reasons: [...reasonCodes(identity.reasons, answers.pep, answers.sanctions), ...changeReasons(matches)],
  };
}

/**
 * Ongoing monitoring's outcome for a report re-screened after a list update: the identity decision and its
 * reasons stay; the screening answers and their reasons are those of now; `newMatch` adds NEW_MATCH_AFTER_LIST_UPDATE.
 */
export function decideAfterRescreen(input: { previous: Pick<AmlData, 'decision' | 'reasons'>; answers: KindAnswers; matches: readonly ReportMatch[]; newMatch: boolean }): AmlOutcome {
  const { previous, answers, matches } = input;
  const kept = previous.reasons.filter((r) => !/_(POTENTIAL_MATCH|NOT_SCREENED)$/.test(r) && r !== 'NEW_MATCH_AFTER_LIST_UPDATE' && !(REVIEW_CHANGES as readonly string[]).includes(r));
  return {
    decision: previous.decision, pep_matches: answers.pep, sanctions_matches: answers.sanctions,
    reasons: [...reasonCodes(kept, answers.pep, answers.sanctions), ...(input.newMatch ? ['NEW_MATCH_AFTER_LIST_UPDATE'] : []), ...changeReasons(matches)],
  };
}

/**
 * A result needs a person when identity is not PASS, a kind was not screened, or a match has no standing review:
 * one a person dismissed or confirmed earlier, its entity unchanged, is carried over and needs no one (review memory).
 */
export function needsReview(data: Pick<AmlData, 'decision' | 'pep_matches' | 'sanctions_matches' | 'matches'>): boolean {
  return data.decision !== 'PASS' || data.pep_matches === null || data.sanctions_matches === null || data.matches.some((m) => m.review_status === 'PENDING');
}
