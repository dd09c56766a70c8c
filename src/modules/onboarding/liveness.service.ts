import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/db.ts';
import { hashSecret, secretMatches } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import { CAPTURE_POLICY, drawChallenges, type LiveCaptureResult, type LiveChallenge, type LiveFrame } from '../biometrics/index.ts';
import type { EnginesFor } from './engines.ts';
import type { FlowAnswers } from './domain/flow.ts';
import { wantsFaceMatch } from './domain/parameters.ts';
import { livenessRepo, type LivenessSessionRow } from './liveness.repo.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import type { OnboardingStore } from './onboarding.store.ts';
import { normaliseUpload } from './uploads.ts';

/** What the page tells about its camera when it starts a session (device label, track settings, its own verdict). */
export interface CameraReport {
  label?: string;
  virtual?: boolean;
  settings?: Record<string, string | number | boolean>;
}

/** A finished session as kept (sealed under the contact's key): what the reviewer sees and the replay lookup reads. */
export interface LivenessRecord {
  session_id: string;
  challenges: LiveChallenge[];
  started_at: string;
  expires_at: string;
  finished_at: string;
  camera: CameraReport | null;
  result: LiveCaptureResult;
  /** Storage key of each frame, by seq: the console shows them, the face match reads the selfie frame. */
  frames: { seq: number; step: number; storage_key: string }[];
}

/** The client's sessions looked at for replays: the most recent ones (each holds a few key descriptors). */
const REPLAY_LOOKBACK_SESSIONS = 500;
/** How often the page takes a frame; it is told, the server only judges what arrives. */
const FRAME_INTERVAL_MS = 400;
/** How long the page shows each prompt. */
const STEP_MS = 3000;

/**
 * The liveness capture session (issue 21, ADR 0110): started by the page when it opens the camera; the nonce
 * and the challenges exist only from then on (GET /flow never shows them); frames are posted with the nonce and
 * stamped on arrival; finishing analyses them and decides (domain/live-capture.ts in biometrics).
 */
export function createLivenessService(deps: {
  db: Db; files: FileStore; accounts: AccountsService; store: OnboardingStore; engines: EnginesFor; now: () => Date;
  resolve: (token: string) => Promise<OnboardingRow>;
}) {
  const { db, store } = deps;
  const enginesOf = (row: OnboardingRow) => deps.engines(row.client_id, async () => (await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id))?.last_name ?? '');

  async function openSession(token: string, sessionId: string, nonce: string) {
    const row = await deps.resolve(token);
    const session = await livenessRepo.get(db, row.client_id, row.contact_id, sessionId);
    if (!session || session.run_id !== row.run_id) throw new AppError('not_found', 'This capture session does not exist', { reason: 'LIVENESS_SESSION_UNKNOWN' });
    if (!nonce || !secretMatches(nonce, session.nonce_hash)) throw new AppError('forbidden', 'The capture session\'s nonce is missing or wrong', { reason: 'LIVENESS_NONCE_INVALID' });
    return { row, session };
  }

  return {
    /** The live, unsubmitted report behind a link (the routes check it before the body). */
    live: (token: string) => deps.resolve(token),

    /** Starts a session: a fresh nonce and random challenges, valid for CAPTURE_POLICY.sessionSeconds. */
    async start(token: string, body: { camera?: CameraReport }, admit?: () => Promise<void>) {
      const row = await deps.resolve(token);
      if (!wantsFaceMatch(row.parameters)) throw new AppError('not_found', 'This verification has no liveness step');
      await admit?.();
      const nonce = randomToken(24);
      const challenges = drawChallenges(randomBytes(CAPTURE_POLICY.challenges));
      const started = deps.now();
      const camera = body.camera ?? null;
      const session = await livenessRepo.create(db, {
        id: newId('lvs'), client_id: row.client_id, contact_id: row.contact_id, run_id: row.run_id, nonce_hash: hashSecret(nonce), challenges,
        virtual_camera: camera?.virtual === true, camera_enc: camera ? await store.seal(db, row.contact_id, 'liveness', camera) : null,
        started_at: started, expires_at: new Date(started.getTime() + CAPTURE_POLICY.sessionSeconds * 1000),
      });
      return {
        session_id: session.id, nonce, challenges, started_at: started.toISOString(), expires_at: session.expires_at.toISOString(),
        frame_interval_ms: FRAME_INTERVAL_MS, step_ms: STEP_MS, max_frames: CAPTURE_POLICY.maxFrames,
      };
    },

    /** One frame, stamped on arrival; `step` is the prompt the page showed (0: look straight). */
    async frame(token: string, sessionId: string, nonce: string, step: number, bytes: Buffer) {
      const { row, session } = await openSession(token, sessionId, nonce);
      const receivedAt = deps.now();
      if (session.state !== 'OPEN') throw new AppError('conflict', 'This capture session is finished', { reason: 'LIVENESS_SESSION_FINISHED' });
      if (receivedAt > session.expires_at) throw new AppError('conflict', 'This capture session has expired; please start again', { reason: 'LIVENESS_SESSION_EXPIRED' });
      if (step > session.challenges.length) throw new AppError('validation_failed', 'No such step in this session', { errors: [{ pointer: '/header/x-liveness-step', message: `must be 0 to ${session.challenges.length}` }] });
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const file = await normaliseUpload(bytes, ['image']);
      const id = newId('lvf');
      const key = `onboarding/${row.client_id}/${row.contact_id}/${id}`.toLowerCase();
      await deps.files.put(key, file.bytes);
      const seq = await db.tx(async (tx) => {
        const counted = await livenessRepo.nextFrame(tx, row.client_id, session.id, step, CAPTURE_POLICY.maxFrames);
        if (!counted) throw new AppError('conflict', 'This capture session takes no more frames (full, finished, or the step went back)', { reason: 'LIVENESS_FRAME_REFUSED' });
        await livenessRepo.addFrame(tx, {
          id, session_id: session.id, client_id: row.client_id, contact_id: row.contact_id, seq: counted.frame_count, step, received_at: receivedAt,
          storage_key: key, sha256, size_bytes: file.bytes.length,
        });
        return counted.frame_count;
      }).catch(async (error) => {
        await deps.files.delete(key).catch(() => undefined);
        throw error;
      });
      return { seq, step, received_at: receivedAt.toISOString() };
    },

    /** Ends the session: every frame analysed, the rules applied, the outcome kept for the report. */
    async finish(token: string, sessionId: string, nonce: string) {
      const { row, session } = await openSession(token, sessionId, nonce);
      if (session.state !== 'OPEN') throw new AppError('conflict', 'This capture session is finished', { reason: 'LIVENESS_SESSION_FINISHED' });
      const finishedAt = deps.now();
      const stored = await livenessRepo.frames(db, row.client_id, session.id);
      const frames: LiveFrame[] = [];
      for (const f of stored) frames.push({ bytes: await deps.files.get(f.storage_key), seq: f.seq, step: f.step, received_ms: f.received_at.getTime(), sha256: f.sha256 });
      const seen = await seenElsewhere(session, stored.map((f) => f.sha256));
      const engines = await enginesOf(row);
      const result = await engines.faces.judgeLiveCapture(frames, {
        started_ms: session.started_at.getTime(), expires_ms: session.expires_at.getTime(), finished_ms: finishedAt.getTime(),
        challenges: session.challenges as LiveChallenge[], virtual_camera: session.virtual_camera,
      }, seen);
      const record: LivenessRecord = {
        session_id: session.id, challenges: session.challenges as LiveChallenge[], started_at: session.started_at.toISOString(), expires_at: session.expires_at.toISOString(),
        finished_at: finishedAt.toISOString(), camera: session.camera_enc ? await store.openOf<CameraReport>(db, row.contact_id, 'liveness', session.camera_enc) : null,
        result, frames: stored.map((f) => ({ seq: f.seq, step: f.step, storage_key: f.storage_key })),
      };
      await db.tx(async (tx) => {
        const done = await livenessRepo.finish(tx, row.client_id, session.id, { finishedAt, decision: result.decision, resultEnc: await store.seal(tx, row.contact_id, 'liveness', record) });
        if (!done) throw new AppError('conflict', 'This capture session is finished', { reason: 'LIVENESS_SESSION_FINISHED' });
        // The step is done once a session is finished, passed or not: the contact may try again or go on, and the
        // report says what the last session showed.
        const answers = (await store.open<FlowAnswers>(tx, row, 'flow', row.flow_enc)) ?? {};
        const next: FlowAnswers = { ...answers, liveness: { session_id: session.id, decision: result.decision, finished_at: finishedAt.toISOString() } };
        await onboardingRepo.saveFlow(tx, row.client_id, row.contact_id, row.run_id, await store.seal(tx, row.contact_id, 'flow', next), finishedAt);
      });
      // The page learns the outcome and the reasons, not the measures (they would help tune an attack).
      return { session_id: session.id, decision: result.decision, reasons: result.reasons, challenges: result.challenges.map((c) => ({ type: c.type, met: c.met })) };
    },

    /** The request's last finished session and a reader for its frames (the processing job, the console). */
    async lastRecord(sql: Db, clientId: string, contactId: string, runId: string): Promise<LivenessRecord | null> {
      const session = await livenessRepo.lastFinished(sql, clientId, contactId, runId);
      return session?.result_enc ? store.openOf<LivenessRecord>(sql, contactId, 'liveness', session.result_enc) : null;
    },
  };

  /** Frame hashes and key descriptors of the client's other sessions (any contact): a replay shows up in one of them. */
  async function seenElsewhere(session: LivenessSessionRow, hashes: string[]) {
    const sha256 = await livenessRepo.seenHashes(db, session.client_id, session.id, hashes);
    const descriptors: number[][] = [];
    for (const r of await livenessRepo.recentResults(db, session.client_id, session.id, REPLAY_LOOKBACK_SESSIONS)) {
      const record = await store.openOf<LivenessRecord>(db, r.contact_id, 'liveness', r.result_enc).catch(() => null);
      if (record) descriptors.push(...record.result.key_descriptors);
    }
    return { sha256, descriptors };
  }
}

export type LivenessService = ReturnType<typeof createLivenessService>;
