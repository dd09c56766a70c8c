import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { problemResponses } from '../../platform/http/schemas.ts';
import { throttled, type Throttle } from '../../platform/http/rate-limit/throttle.ts';
import { UPLOAD_TYPES } from './flow.schemas.ts';
import { bodyValidator } from '../../platform/http/validation.ts';
import { LivenessFinishBody, LivenessFrameResult, LivenessOutcome, LivenessSession, LivenessStartBody } from './liveness.schemas.ts';

// Bodies are checked after the link (as the flow's steps are): an unknown, replaced or expired link is a 404
// whatever the body, so a link route answers every dead link alike.
const validStart = bodyValidator(LivenessStartBody);
const validFinish = bodyValidator(LivenessFinishBody);
const Loose = (description: string) => Type.Object({}, { additionalProperties: true, description });
import type { LivenessService } from './liveness.service.ts';

/** The media types a frame may be sent as: the upload types that are images (never JSON or PDF). */
const FRAME_TYPES = UPLOAD_TYPES.filter((type) => type.startsWith('image/') || type === 'application/octet-stream');
const frameBody = { content: Object.fromEntries(FRAME_TYPES.map((type) => [type, { schema: { description: 'the frame\'s bytes', format: 'binary' } }])) };

const Token = Type.String({ minLength: 1, maxLength: 100 });
const SessionId = Type.String({ minLength: 1, maxLength: 40, description: 'lvs_... from the session\'s start' });
const HOUR_MS = 3_600_000;
/** A frame is a camera still: far smaller than a document photo. */
const FRAME_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The liveness capture session's routes (public, the link token is the credential, like the rest of the flow):
 * start, frames (raw image bytes with the nonce and step in headers), finish.
 */
export function registerLivenessRoutes(app: App, deps: { liveness: LivenessService; throttle: Throttle; sessionsPerHour?: number; uploadMaxBytes: number }) {
  const perHour = deps.sessionsPerHour ?? 20;
  const tags = ['hosted flow'];
  const config = { public: true };
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  for (const schema of [LivenessSession, LivenessFrameResult, LivenessOutcome]) app.addSchema(schema);
  const errors = (...more: number[]) => problemResponses(404, 409, ...more);
  // Each session costs engine time at its end: a budget per link, one count across API processes.
  const spend = async (token: string) => {
    const { current, ttl } = await deps.throttle.hit(`liveness:${token}`, HOUR_MS, perHour);
    if (current > perHour) throw throttled('Too many liveness attempts for this link; please wait a while and try again', ttl);
  };

  app.post('/verify/:token/liveness/sessions', {
    config, schema: { tags, summary: 'Start a liveness capture session: its nonce and random challenges are issued now, never before', params: Type.Object({ token: Token }), body: Loose('{camera?: {label?, virtual?, settings?}}: what the page saw of its camera'), response: { 201: Type.Ref(LivenessSession), ...errors(422, 429) } },
  }, async (request, reply) => {
    await deps.liveness.live(request.params.token);
    const errors = validStart(request.body ?? {});
    if (errors.length) throw new AppError('validation_failed', 'The camera report is not valid', { errors });
    return reply.status(201).headers(noStore).send(await deps.liveness.start(request.params.token, request.body as Parameters<LivenessService['start']>[1], () => spend(request.params.token)));
  });

  app.post('/verify/:token/liveness/sessions/:session/finish', {
    config, schema: { tags, summary: 'Finish a capture session: the frames are analysed and the liveness decided', params: Type.Object({ token: Token, session: SessionId }), body: Loose('{nonce}: the session\'s nonce'), response: { 200: Type.Ref(LivenessOutcome), ...errors(403, 422) } },
  }, async (request, reply) => {
    await deps.liveness.live(request.params.token);
    const errors = validFinish(request.body ?? {});
    if (errors.length) throw new AppError('validation_failed', 'Send the session\'s nonce', { errors });
    return reply.headers(noStore).send(await deps.liveness.finish(request.params.token, request.params.session, (request.body as { nonce: string }).nonce));
  });

  void app.register(async (scope) => {
    const limit = Math.min(FRAME_MAX_BYTES, deps.uploadMaxBytes);
    // A frame is image bytes only; JSON (which the upload slots take for chip data) keeps the app's parser.
    scope.addContentTypeParser(FRAME_TYPES, { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) => done(null, body));
    scope.post('/verify/:token/liveness/sessions/:session/frames', {
      config, bodyLimit: limit,
      schema: {
        tags, summary: 'One camera frame of the session (JPEG or PNG bytes), with the session\'s nonce; stamped on arrival',
        params: Type.Object({ token: Token, session: SessionId }),
        headers: Type.Object({ 'x-liveness-nonce': Type.Optional(Type.String({ maxLength: 100, description: 'the session\'s nonce (403 without it)' })), 'x-liveness-step': Type.Optional(Type.String({ maxLength: 2, description: '0: looking straight; k: while the k-th challenge is shown' })) }),
        body: frameBody, response: { 201: Type.Ref(LivenessFrameResult), ...errors(403, 413, 415, 422) },
      },
    }, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('unsupported_media_type', 'Send the frame as the request body (image/jpeg or image/png)');
      const { token, session } = request.params as { token: string; session: string };
      const headers = request.headers as Record<string, string | undefined>;
      await deps.liveness.live(token);
      const step = headers['x-liveness-step'] ?? '';
      if (!/^[0-9]{1,2}$/.test(step)) throw new AppError('validation_failed', 'Say which prompt was shown', { errors: [{ pointer: '/header/x-liveness-step', message: 'must be 0 to 99' }] });
      return reply.status(201).headers(noStore).send(await deps.liveness.frame(token, session, headers['x-liveness-nonce'] ?? '', Number(step), body));
    });
  });
}
