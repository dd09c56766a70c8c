import { createHash } from 'node:crypto';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Db } from '../../platform/db/db.ts';
import { hashSecret } from '../../platform/crypto/hash.ts';
import { isLinkToken, newId } from '../../platform/crypto/ids.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import { AppError } from '../../platform/http/errors.ts';
import { bodyValidator } from '../../platform/http/validation.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import { clientReads } from '../auth/index.ts';
import type { Engines, EnginesFor } from './engines.ts';
import { addressHistoryProblems, progress, type FlowAnswers } from './domain/flow.ts';
import { slotsOf, stepsFor, type DocumentKind, type Slot } from './domain/parameters.ts';
import { documentSideProblems, needsPortraitSearch, type SideReading } from './domain/upload-feedback.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import { sendProcessJob } from './onboarding.jobs.ts';
import type { OnboardingStore } from './onboarding.store.ts';
import { normaliseUpload } from './uploads.ts';
import { checkChallengeRequest, issueChipChallenge, readChipUpload, useChipChallenge, type ChipChallengeRequest } from './chip-reader.ts';
import { readBranding } from './branding.ts';

/** Immediate feedback on one upload, so the contact can retake a poor photo before submitting. */
export interface UploadFeedback {
  usable: boolean;
  /** Codes the page turns into words: IMAGE_BLURRY, IMAGE_GLARE, NO_FACE_SELFIE, DOCUMENT_NOT_READ, DOCUMENT_BACK_AS_FRONT, ... */
  problems: string[];
}

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
// The code the contact picked from the page's list: an assigned ISO 3166-1 alpha-2 code, as the contact record takes.
const Country = Type.String({ format: 'country-code', maxLength: 2 });
const Date = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date YYYY-MM-DD' });
const Address = Type.Object({ street: Text(200), city: Text(100), postcode: Text(20), country: Country }, { additionalProperties: false });
const STEP_SCHEMAS: Record<string, TSchema> = {
  personal_details: Type.Object({ address: Address }, { additionalProperties: false }),
  unique_email: Type.Object({ email: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 254, description: 'an e-mail address such as name@example.com' }) }, { additionalProperties: false }),
  legal_names_history: Type.Object({
    names: Type.Array(Type.Object({ first_name: Text(100), last_name: Text(100), from: Type.Optional(Date), to: Type.Optional(Date) }, { additionalProperties: false }), { minItems: 1, maxItems: 10 }),
  }, { additionalProperties: false }),
  home_address_history: Type.Object({
    addresses: Type.Array(Type.Object({ ...Address.properties, from: Date, to: Type.Optional(Date) }, { additionalProperties: false }), { minItems: 1, maxItems: 20 }),
  }, { additionalProperties: false }),
};

/** The routes' compiler and words, so a step's errors read like every other body's. */
const STEP_VALIDATORS = Object.fromEntries(Object.entries(STEP_SCHEMAS).map(([step, schema]) => [step, bodyValidator(schema)]));

const LINK_INVALID = () => new AppError('not_found', 'This link is not valid. It may have been replaced by a newer one: please use the latest link you received.', { reason: 'LINK_INVALID' });

/**
 * The hosted flow's API, authenticated by the link token alone (no bearer): read the flow, save answers,
 * upload photos and documents (with quality feedback from the engines), consent and submit.
 */
export function createFlowService(deps: {
  db: Db; jobs: Jobs; files: FileStore; accounts: AccountsService; store: OnboardingStore; engines: EnginesFor; publicUrl: string; now: () => Date;
}) {
  const { db, store } = deps;

  /** The report behind a token; expired and replaced links are refused with a reason the page can explain. */
  async function resolve(token: string, options: { write?: boolean } = {}): Promise<OnboardingRow> {
    if (!isLinkToken(token)) throw LINK_INVALID();
    const row = await onboardingRepo.byLinkHash(db, hashSecret(token));
    if (!row) throw LINK_INVALID();
    if (row.status === 'EXPIRED' || (row.link_expires_at && row.link_expires_at <= deps.now() && !row.submitted_at)) {
      throw new AppError('not_found', 'This link has expired. Please ask for a new one.', { reason: 'LINK_EXPIRED' });
    }
    if (options.write && row.submitted_at) throw new AppError('conflict', 'This verification has already been submitted.', { reason: 'ALREADY_SUBMITTED' });
    return row;
  }

  const answersOf = async (row: OnboardingRow): Promise<FlowAnswers> => (await store.open<FlowAnswers>(db, row, 'flow', row.flow_enc)) ?? {};
  const saveAnswers = async (row: OnboardingRow, answers: FlowAnswers) =>
    onboardingRepo.saveFlow(db, row.client_id, row.contact_id, row.run_id, await store.seal(db, row.contact_id, 'flow', answers), deps.now());

  async function view(row: OnboardingRow, token: string) {
    // Once submitted the link only tells that the flow is finished: whoever holds it later (a forwarded mail, a
    // shared device) learns nothing of the contact, the answers or the uploads.
    if (row.submitted_at) return finishedView(row);
    const answers = await answersOf(row);
    const files = await onboardingRepo.files(db, row.client_id, row.contact_id, row.run_id);
    const uploaded = new Set(files.map((f) => f.slot as Slot));
    const contact = await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id);
    const { steps, missing } = progress(row.parameters, answers, uploaded);
    const planned = new Map(stepsFor(row.parameters).map((s) => [s.id, s]));
    return {
      branding: await readBranding(db, row.client_id),
      state: row.status === 'READY' ? 'complete' : row.submitted_at ? 'submitted' : 'open',
      first_name: contact?.first_name ?? '',
      steps: steps.map((s) => {
        const { uploads, documents } = planned.get(s.id)!;
        return { ...s, uploads, ...(documents ? { documents } : {}) };
      }),
      missing,
      answers: { ...answers, answered_at: undefined },
      uploads: await Promise.all(files.map(async (f) => ({
        slot: f.slot, media_type: f.media_type, size: f.size_bytes, uploaded_at: null,
        feedback: f.feedback_enc ? await store.open<UploadFeedback>(db, row, 'flow', f.feedback_enc) : null,
      }))),
      redirect_url: row.parameters.frontend_redirect_url ?? null,
      handover_url: row.parameters.face_match_mobile === 'true' ? `${deps.publicUrl}/verify/${token}` : null,
      link_expires_at: row.link_expires_at?.toISOString() ?? null,
    };
  }

  async function finishedView(row: OnboardingRow) {
    return {
      branding: await readBranding(db, row.client_id),
      state: row.status === 'READY' ? 'complete' as const : 'submitted' as const,
      first_name: '', steps: [], missing: [], answers: {}, uploads: [],
      redirect_url: row.parameters.frontend_redirect_url ?? null, handover_url: null, link_expires_at: null,
    };
  }

  /** `document`: the kind the contact chose on the page, for the document step's two slots (domain/upload-feedback.ts). */
  async function feedbackFor(slot: Slot, bytes: Buffer, mediaType: string, engines: Engines, document?: DocumentKind): Promise<UploadFeedback> {
    if (mediaType !== 'image/jpeg') return { usable: true, problems: [] };
    if (slot === 'document_front' || slot === 'document_back' || slot === 'proof_of_identity') {
      // One read of the photo, as the processing job makes of each; a face search only where the read does not tell.
      const result = await engines.documents.checkIdentityDocument({ images: [bytes], today: isoDate(deps.now()) });
      const reading: SideReading = {
        quality: result.quality.flatMap((q) => q.problems),
        mrz: result.mrz ? { format: result.mrz.format, plausible: result.mrz.check_digits.some((c) => c.valid) } : null,
        licence: result.driving_licence !== null,
      };
      const side = slot === 'document_back' ? 'back' : slot === 'document_front' ? 'front' : 'single';
      const kind = side === 'single' ? undefined : document;
      if (needsPortraitSearch(side, kind, reading)) {
        const portrait = await engines.documents.findCardPortrait(bytes);
        if (portrait.checked) reading.portrait = portrait.found;
      }
      const problems = documentSideProblems(side, kind, reading);
      return { usable: problems.length === 0, problems };
    }
    if (slot === 'selfie') {
      const result = await engines.faces.checkSelfie(bytes);
      return { usable: result.decision === 'PASSED', problems: result.reasons.map(String) };
    }
    return { usable: true, problems: [] };
  }

  return {
    /** The live, unsubmitted report behind a link (the liveness capture session's routes use it). */
    resolveForWrite: (token: string) => resolve(token, { write: true }),

    /** The contact behind a link and whether its client is a sandbox (the sandbox's scripted contact uses it). */
    async contactOf(token: string) {
      const row = await resolve(token);
      const contact = await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id);
      return contact ? { contact, sandbox: await clientReads.isSandbox(db, row.client_id) } : undefined;
    },

    /** The client behind a link (the page route reads its branding); undefined for an unknown token. */
    async clientOf(token: string): Promise<string | undefined> {
      if (!isLinkToken(token)) return undefined;
      return (await onboardingRepo.byLinkHash(db, hashSecret(token)))?.client_id;
    },

    async read(token: string) {
      let row = await resolve(token);
      if (row.status === 'INITIAL') {
        // No webhook for "opened": the spec has none; the status and revision show it on endpoint 6.
        row = (await onboardingRepo.markStarted(db, row.client_id, row.contact_id, row.run_id, deps.now())) ?? row;
      }
      // No liveness challenge here: it is issued when the page starts a capture session (liveness.service.ts).
      return view(row, token);
    },

    async saveStep(token: string, step: string, body: unknown) {
      const row = await resolve(token, { write: true });
      const schema = STEP_SCHEMAS[step];
      if (!schema || !stepsFor(row.parameters).some((s) => s.id === step)) throw new AppError('not_found', 'This step is not part of your verification');
      const errors = STEP_VALIDATORS[step]!(body);
      if (errors.length) throw new AppError('validation_failed', 'Some answers are missing or not valid', { errors });
      if (step === 'home_address_history') {
        const problems = addressHistoryProblems((body as { addresses: Parameters<typeof addressHistoryProblems>[0] }).addresses, isoDate(deps.now()));
        if (problems.length) throw new AppError('validation_failed', 'The address history is incomplete', { errors: problems.map((m) => ({ pointer: '/addresses', message: m })) });
      }
      const answers = await answersOf(row);
      const saved = await saveAnswers(row, { ...answers, [step]: body, answered_at: { ...answers.answered_at, [step]: deps.now().toISOString() } });
      return view(saved ?? row, token);
    },

    /**
     * `admit` runs once the link is known to be live, before any engine: the caller's per-link budget. `document`:
     * the kind the contact chose in the document step, which only shapes the feedback (ADR 0211).
     */
    async upload(token: string, slot: string, bytes: Buffer, admit?: () => Promise<void>, document?: DocumentKind) {
      const row = await resolve(token, { write: true });
      await admit?.();
      const allowed = slotsOf(row.parameters).get(slot as Slot);
      if (!allowed) throw new AppError('not_found', 'This upload is not part of your verification');
      const kinds = slot === 'chip' ? (['json'] as const) : allowed.kinds;
      const file = await normaliseUpload(bytes, [...kinds]);
      // Chip data is checked field by field before it is kept (docs/chip.md).
      const chip = slot === 'chip' ? readChipUpload(file.bytes) : undefined;
      const lastName = async () => (await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id))?.last_name ?? '';
      const feedback = await feedbackFor(slot as Slot, file.bytes, file.mediaType, await deps.engines(row.client_id, lastName), document);
      const id = newId('file');
      const key = `onboarding/${row.client_id}/${row.contact_id}/${id}`.toLowerCase();
      await deps.files.put(key, file.bytes);
      const feedbackEnc = await store.seal(db, row.contact_id, 'flow', feedback);
      const replaced = await db.tx(async (tx) => {
        const current = await onboardingRepo.byContact(tx, row.client_id, row.contact_id);
        if (!current || current.run_id !== row.run_id) throw LINK_INVALID();
        const old = await onboardingRepo.putFile(tx, {
          id, contact_id: row.contact_id, client_id: row.client_id, run_id: row.run_id, slot, storage_key: key, media_type: file.mediaType,
          size_bytes: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex'), feedback_enc: feedbackEnc,
        });
        if (current.status === 'INITIAL') await onboardingRepo.markStarted(tx, row.client_id, row.contact_id, row.run_id, deps.now());
        // One challenge row per upload, used once: active authentication's challenge, else chip authentication's.
        if (chip?.activeAuthentication) await useChipChallenge(tx, row, chip.activeAuthentication.challenge, id, deps.now());
        else if (chip?.chipAuthentication) await useChipChallenge(tx, row, chip.chipAuthentication.challenge, id, deps.now(), '/chip_authentication/challenge');
        return old;
      }).catch(async (error) => {
        await deps.files.delete(key);
        throw error;
      });
      if (replaced) await deps.files.delete(replaced).catch(() => undefined);
      return { slot, media_type: file.mediaType, size: file.bytes.length, width: file.width ?? null, height: file.height ?? null, feedback };
    },

    /**
     * The mobile chip reader's active authentication challenge, and with DG14 a chip authentication session whose
     * keys are sealed under the contact's key (docs/chip.md, ADR 0198): only for flows with the chip step.
     */
    async chipChallenge(token: string, request: ChipChallengeRequest = {}) {
      const row = await resolve(token, { write: true });
      if (!slotsOf(row.parameters).get('chip')) throw new AppError('not_found', 'Reading a passport chip is not part of your verification');
      checkChallengeRequest(request as Record<string, unknown>);
      return issueChipChallenge(db, row, deps.now(), request, (sealed) => store.seal(db, row.contact_id, 'chip', sealed));
    },

    /** Deletes the files of replaced requests: from the store first, then their rows (a crash in between only repeats work). */
    async cleanup(limit = 500): Promise<number> {
      const stale = await onboardingRepo.staleFiles(db, limit);
      for (const f of stale) await deps.files.delete(f.storage_key);
      if (stale.length) await onboardingRepo.deleteFiles(db, stale.map((f) => f.id));
      return stale.length;
    },

    async submit(token: string, body: { consent: boolean; language?: string }) {
      const row = await resolve(token, { write: true });
      if (body.consent !== true) throw new AppError('validation_failed', 'Please confirm your consent', { errors: [{ pointer: '/consent', message: 'must be true' }] });
      const answers = await answersOf(row);
      const files = await onboardingRepo.files(db, row.client_id, row.contact_id, row.run_id);
      const { missing } = progress(row.parameters, answers, new Set(files.map((f) => f.slot as Slot)));
      if (missing.length) {
        throw new AppError('unprocessable', `Some steps are not complete: ${missing.join(', ')}`, { errors: missing.map((m) => ({ pointer: `/steps/${m}`, message: 'is not complete' })), missing_steps: missing });
      }
      const final: FlowAnswers = { ...answers, consent: { given_at: deps.now().toISOString(), text_version: '2026-11-22' }, language: body.language };
      await db.tx(async (tx) => {
        const saved = await onboardingRepo.markSubmitted(tx, row.client_id, row.contact_id, row.run_id, await store.seal(tx, row.contact_id, 'flow', final), deps.now());
        if (!saved) throw new AppError('conflict', 'This verification has already been submitted.', { reason: 'ALREADY_SUBMITTED' });
        await sendProcessJob(deps.jobs, tx, { clientId: row.client_id, contactId: row.contact_id, runId: row.run_id });
      });
      return { state: 'submitted' as const, redirect_url: row.parameters.frontend_redirect_url ?? null };
    },
  };
}

export type FlowService = ReturnType<typeof createFlowService>;
