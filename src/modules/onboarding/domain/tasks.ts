/**
 * The task breakdown of one contact's request (Enhanced Portal Insights, the portal page): each step of the
 * flow with its status and times. Pure: the answers, the uploads and the report's own times are passed in.
 */
import type { FlowAnswers } from './flow.ts';
import { slotsOf, stepsFor, type Parameters, type Slot, type StepId } from './parameters.ts';

export type TaskStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED';

export interface Task {
  task: StepId;
  status: TaskStatus;
  started_at: string | null;
  completed_at: string | null;
}

export interface TaskInputs {
  parameters: Parameters;
  answers: FlowAnswers;
  uploads: { slot: string; created_at: Date }[];
  /** When the contact sent the flow (consent given); every step is complete from then on. */
  submittedAt: Date | null;
}

const earliest = (times: Date[]) => (times.length ? new Date(Math.min(...times.map(Number))).toISOString() : null);
const latest = (times: Date[]) => (times.length ? new Date(Math.max(...times.map(Number))).toISOString() : null);

export function taskBreakdown({ parameters, answers, uploads, submittedAt }: TaskInputs): Task[] {
  const slots = slotsOf(parameters);
  const uploaded = new Map(uploads.map((u) => [u.slot as Slot, u.created_at]));
  return stepsFor(parameters)
    // The hand-over is a choice of device, not something the contact owes.
    .filter((step) => step.id !== 'mobile_handover')
    .map((step): Task => {
      if (step.id === 'review') {
        const at = submittedAt?.toISOString() ?? null;
        return { task: step.id, status: at ? 'COMPLETED' : 'NOT_STARTED', started_at: at, completed_at: at };
      }
      if (step.uploads.length === 0) {
        const answered = answers[step.id as keyof FlowAnswers] !== undefined;
        const at = answers.answered_at?.[step.id] ?? (answered ? submittedAt?.toISOString() ?? null : null);
        return { task: step.id, status: answered ? 'COMPLETED' : 'NOT_STARTED', started_at: answered ? at : null, completed_at: answered ? at : null };
      }
      const required = step.uploads.filter((u) => !(slots.get(u.slot)?.optional ?? false));
      const done = step.uploads.map((u) => uploaded.get(u.slot)).filter((d): d is Date => d !== undefined);
      const complete = required.every((u) => uploaded.has(u.slot));
      const status: TaskStatus = complete ? 'COMPLETED' : done.length ? 'IN_PROGRESS' : 'NOT_STARTED';
      return { task: step.id, status, started_at: earliest(done), completed_at: complete ? latest(done) : null };
    });
}

/** Done and total of the tasks, for a progress bar. */
export const taskProgress = (tasks: Task[]) => ({ done: tasks.filter((t) => t.status === 'COMPLETED').length, total: tasks.length });
