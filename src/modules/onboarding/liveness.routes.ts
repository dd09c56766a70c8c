import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { problemResponses } from '../../platform/http/schemas.ts';
import { throttled, type Throttle } from '../../platform/http/rate-limit/throttle.ts';
import { UPLOAD_TYPES, uploadBody } from './flow.schemas.ts';
import { LivenessFinishBody, LivenessFrameResult, LivenessOutcome, LivenessSession, LivenessStartBody } from './liveness.schemas.ts';
import type { LivenessService } from './liveness.service.ts';

const Token = Type.String({ minLength: 1, maxLength: 100 });
const SessionId = Type.String({ minLength: 1, maxLength: 40, pattern: '^lvs_[0-9a-z]+$' });
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
    config, schema: { tags, summary: 'Start a liveness capture session: its nonce and random challenges are issued now, never before', params: Type.Object({ token: Token }), body: LivenessStartBody, response: { 201: Type.Ref(LivenessSession), ...errors(422, 429) } },
  }, async (request, reply) => reply.status(201).headers(noStore).send(await deps.liveness.start(request.params.token, request.body, () => spend(request.params.token))));

  app.post('/verify/:token/liveness/sessions/:session/finish', {
    config, schema: { tags, summary: 'Finish a capture session: the frames are analysed and the liveness decided', params: Type.Object({ token: Token, session: SessionId }), body: LivenessFinishBody, response: { 200: Type.Ref(LivenessOutcome), ...errors(403, 422) } },
  }, async (request, reply) => reply.headers(noStore).send(await deps.liveness.finish(request.params.token, request.params.session, request.body.nonce)));

  void app.register(async (scope) => {
    const limit = Math.min(FRAME_MAX_BYTES, deps.uploadMaxBytes);
    scope.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) => done(null, body));
    scope.post('/verify/:token/liveness/sessions/:session/frames', {
      config, bodyLimit: limit,
      schema: {
        tags, summary: 'One camera frame of the session (JPEG or PNG bytes), with the session\'s nonce; stamped on arrival',
        params: Type.Object({ token: Token, session: SessionId }),
        headers: Type.Object({ 'x-liveness-nonce': Type.String({ minLength: 1, maxLength: 100 }), 'x-liveness-step': Type.String({ pattern: '^[0-9]{1,2}$', description: '0: looking straight; k: while the k-th challenge is shown' }) }),
        body: uploadBody, response: { 201: Type.Ref(LivenessFrameResult), ...errors(403, 413, 415, 422) },
      },
    }, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('unsupported_media_type', 'Send the frame as the request body (image/jpeg or image/png)');
      const { token, session } = request.params as { token: string; session: string };
      const headers = request.headers as Record<string, string>;
      return reply.status(201).headers(noStore).send(await deps.liveness.frame(token, session, headers['x-liveness-nonce']!, Number(headers['x-liveness-step']), body));
    });
  });
}
