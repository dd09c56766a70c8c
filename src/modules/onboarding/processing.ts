import type { Db } from '../../platform/db/db.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AccountsService, ContactOut } from '../accounts/index.ts';
import type { IdentityDocumentResult } from '../documents/index.ts';
import { emptyTrustStore, loadTrustStore, type ChipAuthSession, type TrustStore } from '../biometrics/index.ts';
import { checkChip, type ChipOutcome } from './checks/chip.ts';
import { challengeUsedBy, chipAuthSessionFor, type SealedChipAuthSession } from './chip-reader.ts';
import { checkDocument } from './checks/document.ts';
import { checkFace } from './checks/face.ts';
import { checkProofs } from './checks/proofs.ts';
import type { Run } from './checks/run.ts';
import type { FlowAnswers } from './domain/flow.ts';
import { on, wantsDocument, wantsFaceMatch } from './domain/parameters.ts';
import { needsReview, withChip } from './domain/decision.ts';
import type { OnboardingData } from './domain/report.ts';
import type { EnginesFor } from './engines.ts';
import type { LivenessService } from './liveness.service.ts';
import { PROCESS_RETRY_LIMIT, type ProcessJob } from './onboarding.jobs.ts';
import { onboardingRepo, type FileRow, type OnboardingRow } from './onboarding.repo.ts';
import type { OnboardingStore } from './onboarding.store.ts';

/**
 * The processing job: runs the document and face engines over what the contact submitted and writes the
 * report. Engine failures are retried by the job system; after the last attempt the report is ERROR.
 */
export function createProcessor(deps: {
  db: Db; files: FileStore; accounts: AccountsService; store: OnboardingStore;
  /** The engines for one contact's report: the real ones, or the sandbox's for a sandbox client (engines.ts). */
  engines: EnginesFor;
  /** KYC_CSCA_TRUST_DIR: the CSCA certificates, master lists and CRLs chips are checked against (loaded once). */
  chipTrustStore?: string;
  now: () => Date;
  /** The liveness capture sessions: the report is decided on the request's last finished one. */
  liveness: Pick<LivenessService, 'lastRecord'>;
}) {
  const { db, store } = deps;
  let trust: Promise<TrustStore> | undefined;
  const trustStore = () => (trust ??= deps.chipTrustStore ? loadTrustStore(deps.chipTrustStore) : Promise.resolve(emptyTrustStore()));

  /** The use case: every check the parameters asked for, then the report's data. */
  async function run(row: OnboardingRow, contact: ContactOut, files: Map<string, FileRow>) {
    const r: Run = {
      row, contact, answers: (await store.open<FlowAnswers>(db, row, 'flow', row.flow_enc)) ?? {}, today: isoDate(deps.now()), reasons: [], details: {},
      ...(await deps.engines(row.client_id, async () => contact.last_name)),
      read: async (slot) => { const f = files.get(slot); return f ? deps.files.get(f.storage_key) : undefined; },
      capture: async () => {
        const record = await deps.liveness.lastRecord(db, row.client_id, row.contact_id, row.run_id);
        return record ? { record, frame: (storageKey: string) => deps.files.get(storageKey) } : undefined;
      },
      legacyLivenessFiles: [...files.keys()].filter((slot) => slot.startsWith('liveness_')),
    };
    const front = await r.read('document_front');
    const selfie = await r.read('selfie');
    let document: IdentityDocumentResult | undefined;
    let idscan: OnboardingData['idscan'] = null;
    if (wantsDocument(row.parameters) && front) ({ document, idscan } = await checkDocument(r, front));
    let faceDecision = wantsFaceMatch(row.parameters) ? await checkFace(r, front, selfie) : undefined;
    let chip: ChipOutcome | undefined;
    if (on(row.parameters, 'face_match_mobile')) {
      const chipFile = files.get('chip');
      const used = chipFile ? await challengeUsedBy(db, row, chipFile.id) : undefined;
      chip = await checkChip(r, {
        selfie, trustStore, documentMrz: document?.mrz?.lines.join('') ?? null,
        challengeUsed: async (challenge) => used?.challenge === challenge,
        chipAuthSession: async (challenge) => {
          const sealed = used?.challenge === challenge ? used.caSessionEnc : null;
          return sealed ? chipAuthSessionFor(await store.openOf<SealedChipAuthSession>(db, row.contact_id, 'chip', sealed), challenge) : null;
        },
      });
      // The chip portrait is a state-signed reference: a selfie that does not match it fails the face match.
      faceDecision = withChip({ faceDecision: faceDecision ?? null }, chip).faceDecision ?? undefined;
    }
    if (on(row.parameters, 'selfie') && !wantsFaceMatch(row.parameters) && selfie) {
      const result = await r.faces.checkSelfie(selfie);
      r.details.selfie = result;
      if (result.decision !== 'PASSED') r.reasons.push('SELFIE_NOT_USABLE', ...result.reasons.map((x) => `SELFIE_${String(x)}`));
    }
    await checkProofs(r, files);
    if (idscan && faceDecision) idscan.face_match_decision = faceDecision;
    // A chip that was read and not verified leaves the document unproven: a PASSED document becomes REFER.
    const documentDecision = withChip({ documentDecision: document?.decision ?? null }, chip).documentDecision ?? null;
    if (idscan && documentDecision) idscan.document_decision = documentDecision as typeof idscan.document_decision;
    if (!idscan && faceDecision) r.details.face_match_decision = faceDecision;
    const address = r.answers.personal_details?.address;
    for (const key of ['unique_email', 'legal_names_history', 'home_address_history'] as const) if (r.answers[key]) r.details[key] = r.answers[key];
    const reasons = [...new Set(r.reasons)];
    const data: OnboardingData = {
      personal_details: address ? { city: address.city, street: address.street, country: address.country, postcode: address.postcode } : null,
      idscan, reasons, details: r.details,
    };
    return { data, documentDecision, faceDecision: faceDecision ?? null };
  }

  async function finishWithError(job: ProcessJob, message: string) {
    await db.tx(async (tx) => {
      const row = await onboardingRepo.finishRun(tx, job.clientId, job.contactId, job.runId, {
        status: 'ERROR', dataEnc: null, documentDecision: null, faceMatchDecision: null, needsReview: false, error: message, completedAt: deps.now(), expiresAt: null,
      }, { unfinished: true });
      if (row) {
        await store.event(tx, row, 'REPORT_ERROR');
        await store.settle(tx, row);
      }
    });
  }

  return {
    /**
     * The job expired (its worker died) or failed on every attempt and pg-boss moved it to the dead-letter
     * queue: the report ends in ERROR with REPORT_ERROR so the caller can request it again. A run that finished
     * meanwhile, or was replaced, is left as it is (finishRun only touches the same unfinished run).
     */
    async abandon(job: ProcessJob) {
      await finishWithError(job, `PROCESSING_NOT_COMPLETED: the processing failed or its worker stopped on each of ${PROCESS_RETRY_LIMIT + 1} attempts; request the report again`);
    },

    async process(job: ProcessJob, attempt: { retryCount: number }) {
      const row = await onboardingRepo.byContact(db, job.clientId, job.contactId);
      if (!row || row.run_id !== job.runId || !row.submitted_at) return; // replaced by a newer request
      if (row.status !== 'IN_PROGRESS') return; // already finished: the job runs again because its worker died
      const contact = await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id);
      if (!contact) return;
      const files = new Map((await onboardingRepo.files(db, row.client_id, row.contact_id, row.run_id)).map((f) => [f.slot, f]));
      let result;
      try {
        result = await run(row, contact, files);
      } catch (error) {
        if (attempt.retryCount < PROCESS_RETRY_LIMIT) throw error;
        await finishWithError(job, `PROCESSING_FAILED: ${(error as Error).message.slice(0, 200)}`);
        return;
      }
      const completedAt = deps.now();
      const review = needsReview({ documentDecision: result.documentDecision, faceDecision: result.faceDecision, reasons: result.data.reasons });
      await db.tx(async (tx) => {
        const saved = await onboardingRepo.finishRun(tx, job.clientId, job.contactId, job.runId, {
          status: 'READY', dataEnc: await store.seal(tx, row.contact_id, 'data', result.data), documentDecision: result.documentDecision, faceMatchDecision: result.faceDecision,
          needsReview: review, error: null, completedAt, expiresAt: new Date(completedAt.getTime() + row.ttl_in_days * 86_400_000),
        }, { unfinished: true });
        if (!saved) return;
        await store.event(tx, saved, 'REPORT_READY');
        if (review) await store.event(tx, saved, 'REPORT_IN_REVIEW');
        await store.settle(tx, saved);
      });
    },
  };
}

export type Processor = ReturnType<typeof createProcessor>;
