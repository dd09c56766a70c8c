import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../platform/db/db.ts';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AuditService } from '../audit/index.ts';
import { cropFace, type FaceLocation } from '../biometrics/index.ts';
import { onboardingReads, OnboardingReviewBody, type OnboardingData, type OnboardingService } from '../onboarding/index.ts';
import type { StaffService } from '../staff/index.ts';
import { ProposalRefBody, type SecondReview } from './second-review.ts';
import { actorOf, guard, who } from './session.ts';

const config = { public: true } as const;
const hide = { hide: true };
const Ids = Type.Object({ accountId: Type.String({ maxLength: 64 }), contactId: Type.String({ maxLength: 64 }) });
const VIEWABLE = /^(image\/(jpeg|png|webp)|application\/pdf)$/;

/**
 * The onboarding report's documents, decrypted for viewing only (never cached, every view audited), and the
 * onboarding review. Which files belong to the report is read from onboarding_files of the report's current run.
 */
export function registerConsoleOnboardingRoutes(app: App, deps: { db: Db; staff: StaffService; publicUrl: string; onboarding: OnboardingService; files: FileStore; audit: AuditService; secondReview: SecondReview }) {
  const read = guard(deps.staff, deps.publicUrl, 'read');
  const review = guard(deps.staff, deps.publicUrl, 'review');

  const filesOf = (clientId: string, accountId: string, contactId: string) => onboardingReads.currentFiles(deps.db, clientId, accountId, contactId);

  app.get('/console/api/accounts/:accountId/contacts/:contactId/onboarding/files', { config, preHandler: read, schema: { ...hide, params: Ids } }, async (request) => {
    const { accountId, contactId } = request.params;
    const rows = await filesOf(who(request).user.client_id, accountId, contactId);
    return { data: rows.map((f) => ({ id: f.id, slot: f.slot, media_type: f.media_type, size_bytes: f.size_bytes, created_at: f.created_at.toISOString() })) };
  });

  app.get('/console/api/accounts/:accountId/contacts/:contactId/onboarding/files/:fileId', {
    config, preHandler: read, schema: { ...hide, params: Type.Object({ accountId: Type.String({ maxLength: 64 }), contactId: Type.String({ maxLength: 64 }), fileId: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const clientId = who(request).user.client_id;
    const { accountId, contactId, fileId } = request.params;
    const file = (await filesOf(clientId, accountId, contactId)).find((f) => f.id === fileId);
    if (!file) throw new AppError('not_found', 'File not found');
    const bytes = await deps.files.get(file.storage_key);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.document.view', subject: `${accountId}/${contactId}`, details: { file: file.id, slot: file.slot } });
    return reply
      .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-disposition': `inline; filename="${file.slot}"` })
      .type(VIEWABLE.test(file.media_type) ? file.media_type : 'application/octet-stream')
      .send(bytes);
  });

  // One frame of the report's liveness capture session (issue 21), decrypted for viewing only, every view audited.
  app.get('/console/api/accounts/:accountId/contacts/:contactId/onboarding/liveness/:sessionId/frames/:seq', {
    config, preHandler: read,
    schema: { ...hide, params: Type.Object({ accountId: Type.String({ maxLength: 64 }), contactId: Type.String({ maxLength: 64 }), sessionId: Type.String({ maxLength: 64 }), seq: Type.Integer({ minimum: 1, maximum: 1000 }) }) },
  }, async (request, reply) => {
    const clientId = who(request).user.client_id;
    const { accountId, contactId, sessionId, seq } = request.params;
    const frame = await onboardingReads.livenessFrame(deps.db, clientId, accountId, contactId, sessionId, seq);
    if (!frame) throw new AppError('not_found', 'Frame not found');
    const bytes = await deps.files.get(frame.storage_key);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.document.view', subject: `${accountId}/${contactId}`, details: { liveness_session: sessionId, frame: seq } });
    return reply.headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).type('image/jpeg').send(bytes);
  });

  // The two faces the face match compared, cut out side by side for the reviewer (not the whole passport page):
  // where each face is was kept with the match (details.face_match.face_a / face_b); the probe is the live frame
  // the match used, or the uploaded selfie when there was no capture. Decrypted for viewing only, every view audited.
  app.get('/console/api/accounts/:accountId/contacts/:contactId/onboarding/face-crops/:side', {
    config, preHandler: read,
    schema: { ...hide, params: Type.Object({ accountId: Type.String({ maxLength: 64 }), contactId: Type.String({ maxLength: 64 }), side: Type.Union([Type.Literal('document'), Type.Literal('probe')]) }) },
  }, async (request, reply) => {
    const clientId = who(request).user.client_id;
    const { accountId, contactId, side } = request.params;
    const row = await onboardingReads.get(deps.db, clientId, accountId, contactId);
    const data = row ? await deps.onboarding.open<OnboardingData>(deps.db, row, 'data', row.data_enc) : null;
    const match = data?.details?.face_match as { face_a?: FaceLocation | null; face_b?: FaceLocation | null; probe?: string; frame?: number } | undefined;
    const location = side === 'document' ? match?.face_a : match?.face_b;
    if (!match || !location) throw new AppError('not_found', 'No face location was kept for this report');
    const storageKey = await faceSource(clientId, accountId, contactId, side, match, data?.details?.liveness as { session_id?: string } | undefined);
    const crop = storageKey ? await cropFace(await deps.files.get(storageKey), location) : undefined;
    if (!crop) throw new AppError('not_found', 'The image of this face is no longer kept');
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.document.view', subject: `${accountId}/${contactId}`, details: { face_crop: side } });
    return reply.headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).type('image/jpeg').send(crop);
  });

  /** The stored image a compared face came from: the document's front, or the match's probe (live frame or selfie). */
  async function faceSource(clientId: string, accountId: string, contactId: string, side: 'document' | 'probe', match: { probe?: string; frame?: number }, liveness?: { session_id?: string }) {
    if (side === 'probe' && match.probe === 'live_frame') {
      if (!liveness?.session_id || !match.frame) return undefined;
      return (await onboardingReads.livenessFrame(deps.db, clientId, accountId, contactId, liveness.session_id, match.frame))?.storage_key;
    }
    const slot = side === 'document' ? 'document_front' : 'selfie';
    return (await filesOf(clientId, accountId, contactId)).find((f) => f.slot === slot)?.storage_key;
  }

  // What the engines found behind each decision (document checks with MRZ and quality, face match score, proofs).
  // The public report shows only the spec's fields; these details are sealed in the report row and opened with the
  // onboarding service's own `open` (no onboarding.details() method exists yet: asked for in the hand-over).
  app.get('/console/api/accounts/:accountId/contacts/:contactId/onboarding/details', { config, preHandler: read, schema: { ...hide, params: Ids } }, async (request) => {
    const clientId = who(request).user.client_id;
    const { accountId, contactId } = request.params;
    const row = await onboardingReads.get(deps.db, clientId, accountId, contactId);
    if (!row) throw new AppError('not_found', 'Resource not found');
    const data = await deps.onboarding.open<OnboardingData>(deps.db, row, 'data', row.data_enc);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.onboarding_report.read', subject: `${accountId}/${contactId}`, details: { revision: row.revision } });
    const pending = await deps.secondReview.onboarding.pending(clientId, accountId, contactId);
    return {
      idscan: data?.idscan ?? null, reasons: data?.reasons ?? [], details: data?.details ?? {},
      can_review: who(request).user.permissions.includes('review'), pending_review: pending, me: actorOf(request),
    };
  });

  app.post('/console/api/accounts/:accountId/contacts/:contactId/onboarding/review', {
    config, preHandler: review, schema: { ...hide, params: Ids, body: OnboardingReviewBody },
  }, async (request, reply) => {
    const clientId = who(request).user.client_id;
    const { accountId, contactId } = request.params;
    // onboarding.review writes the decision, its audit entry (actor user:<id>) and REPORT_REVIEW_COMPLETED in one
    // transaction; with the client's four-eyes rule on a document ALERT it is first a proposal (second-review.ts).
    const result = await deps.secondReview.onboarding.submit(clientId, accountId, contactId, request.body, actorOf(request));
    return reply.status(result.status === 'recorded' ? 200 : 202).send({ ...result.report, pending_approval: result.status === 'pending_approval', ...(result.status === 'pending_approval' ? { proposal: result.proposal } : {}) });
  });

  for (const verb of ['approve', 'reject'] as const) {
    app.post(`/console/api/accounts/:accountId/contacts/:contactId/onboarding/review/${verb}`, { config, preHandler: review, schema: { ...hide, params: Ids, body: ProposalRefBody } }, async (request) => {
      const { accountId, contactId } = request.params as { accountId: string; contactId: string };
      const named = request.body as Static<typeof ProposalRefBody>;
      return deps.secondReview.onboarding[verb](who(request).user.client_id, accountId, contactId, actorOf(request), named);
    });
  }
}
