/**
 * Screening's outcome rule, the one place it is written: a screened name is a "Potential Match" for a topic
 * when at least one match at or above that topic's threshold (thresholds.ts) carries the topic, "No Match"
 * otherwise; and a topic no loaded list covers has no answer (null), never "No Match" against nothing.
 * The AML report composes these answers with the identity outcome (aml/domain/decision.ts).
 */
import { PEP_TOPICS, SANCTION_TOPICS } from './thresholds.ts';

export type Decision = 'No Match' | 'Potential Match';

export interface Outcome {
  /** Any match at all. */
  decision: Decision;
  /** The spec's `pep_matches` and `sanctions_matches`. */
  pep: Decision;
  sanctions: Decision;
}

/** Which kinds of list are loaded: a PEP answer needs a PEP list, a sanctions answer a sanctions list. */
export interface Coverage {
  pep: boolean;
  sanctions: boolean;
}

const answer = (found: boolean): Decision => (found ? 'Potential Match' : 'No Match');

export function decide(matches: ReadonlyArray<{ topics: readonly string[] }>): Outcome {
  return {
    decision: answer(matches.length > 0),
    pep: answer(matches.some((m) => m.topics.some((t) => PEP_TOPICS.test(t)))),
    sanctions: answer(matches.some((m) => m.topics.some((t) => SANCTION_TOPICS.test(t)))),
  };
}

/**
 * Each topic's answer where a list of that kind is loaded, null where none is (with sanctions lists alone the
 * PEP answer is "not screened"). A potential match is kept even then: a match found is never hidden.
 */
export function covered(outcome: Pick<Outcome, 'pep' | 'sanctions'>, coverage: Coverage): { pep: Decision | null; sanctions: Decision | null } {
  return {
    pep: coverage.pep || outcome.pep === 'Potential Match' ? outcome.pep : null,
    sanctions: coverage.sanctions || outcome.sanctions === 'Potential Match' ? outcome.sanctions : null,
  };
}
