import type { ContactOut } from '../../accounts/index.ts';
import type { DocumentService } from '../../documents/index.ts';
import type { FaceService } from '../../biometrics/index.ts';
import type { FlowAnswers } from '../domain/flow.ts';
import type { OnboardingRow } from '../onboarding.repo.ts';
import type { LivenessRecord } from '../liveness.service.ts';

/**
 * What one processing run collects: reason codes for the report, details for the reviewer. Each check in this
 * folder reads the run's uploads through `read` and adds to `reasons` and `details`.
 */
export interface Run {
  row: OnboardingRow;
  contact: ContactOut;
  answers: FlowAnswers;
  today: string;
  read: (slot: string) => Promise<Buffer | undefined>;
  /** The request's last finished liveness capture session and a reader for its frames; undefined when none. */
  capture: () => Promise<{ record: LivenessRecord; frame: (storageKey: string) => Promise<Buffer> } | undefined>;
  /** Liveness photos uploaded as files by an older page (slots liveness_1..3): they never count. */
  legacyLivenessFiles: string[];
  documents: DocumentService;
  faces: FaceService;
  reasons: string[];
  details: Record<string, unknown>;
}

/** The contact as the document engines compare it. */
export const person = (c: ContactOut) => ({ first_name: c.first_name, middle_name: c.middle_name || undefined, last_name: c.last_name, date_of_birth: c.date_of_birth || undefined });
