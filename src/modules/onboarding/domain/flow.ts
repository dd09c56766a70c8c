/**
 * The contact's answers (kept on the server, so closing the tab loses nothing) and what is still missing
 * before the flow can be submitted. Pure: time is passed in.
 */
import { slotsOf, stepsFor, type Parameters, type Slot, type StepId } from './parameters.ts';

export interface Address {
  street: string;
  city: string;
  postcode: string;
  country: string;
}

export interface DatedAddress extends Address {
  /** YYYY-MM-DD; the current address has no `to`. */
  from: string;
  to?: string;
}

export interface FlowAnswers {
  personal_details?: { address: Address };
  unique_email?: { email: string };
  legal_names_history?: { names: { first_name: string; last_name: string; from?: string; to?: string }[] };
  home_address_history?: { addresses: DatedAddress[] };
  /**
   * The last finished liveness capture session (liveness.service.ts): the step is done once one is finished.
   * Its challenges were issued only when it started, never stored here before.
   */
  liveness?: { session_id: string; decision: 'PASSED' | 'FAILED'; finished_at: string };
  consent?: { given_at: string; text_version: string };
  language?: string;
  /** When each answered step was last saved (ISO time): the task breakdown of Enhanced Portal Insights. */
  answered_at?: Partial<Record<StepId, string>>;
}

export type StepAnswer =
  | { step: 'personal_details'; data: NonNullable<FlowAnswers['personal_details']> }
  | { step: 'unique_email'; data: NonNullable<FlowAnswers['unique_email']> }
  | { step: 'legal_names_history'; data: NonNullable<FlowAnswers['legal_names_history']> }
  | { step: 'home_address_history'; data: NonNullable<FlowAnswers['home_address_history']> };

const DAY = 86_400_000;

/** Problems with an address history: it must reach back 12 months from today without gaps longer than 31 days. */
export function addressHistoryProblems(addresses: DatedAddress[], today: string): string[] {
  const problems: string[] = [];
  if (addresses.length === 0) return ['at least the current address is required'];
  const sorted = [...addresses].sort((a, b) => b.from.localeCompare(a.from));
  const end = Date.parse(today);
  const start = end - 365 * DAY;
  if (sorted[0]!.to && Date.parse(sorted[0]!.to) < end - 31 * DAY) problems.push('the most recent address must be the current one (no end date)');
  for (const a of sorted) if (a.to && a.to < a.from) problems.push(`an address ends (${a.to}) before it starts (${a.from})`);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const gap = Date.parse(sorted[i]!.from) - Date.parse(sorted[i + 1]!.to ?? sorted[i]!.from);
    if (gap > 31 * DAY) problems.push(`a gap of ${Math.round(gap / DAY)} days between ${sorted[i + 1]!.to} and ${sorted[i]!.from}`);
  }
  if (Date.parse(sorted[sorted.length - 1]!.from) > start) problems.push('the addresses must cover the last 12 months');
  return problems;
}

export interface FlowProgress {
  steps: { id: StepId; complete: boolean }[];
  missing: string[];
}

/** Which steps are done, and what is still missing before submission (answers and required uploads). */
export function progress(parameters: Parameters, answers: FlowAnswers, uploaded: Set<Slot>): FlowProgress {
  const slots = slotsOf(parameters);
  const missing: string[] = [];
  const steps = stepsFor(parameters).map((step) => {
    let complete: boolean;
    if (step.id === 'review') complete = answers.consent !== undefined;
    else if (step.id === 'mobile_handover') complete = true;
    // Live capture only: a session finished (frames uploaded as files never count).
    else if (step.id === 'liveness') complete = answers.liveness !== undefined;
    else if (step.uploads.length === 0) complete = answers[step.id as keyof FlowAnswers] !== undefined;
    else complete = step.uploads.every((u) => (slots.get(u.slot)?.optional ?? false) || uploaded.has(u.slot));
    if (!complete && step.id !== 'review') missing.push(step.id);
    return { id: step.id, complete };
  });
  return { steps, missing };
}
