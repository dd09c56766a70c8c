import { Type, type Static } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { BODY_OPTIONAL, problemResponses } from '../../platform/http/schemas.ts';
import { FlowView, SubmitResult, UPLOAD_TYPES, UploadQuery, UploadResult, uploadBody } from './flow.schemas.ts';
import type { FlowService } from './flow.service.ts';
import type { Thumbnails } from './thumbnails.service.ts';
import { throttled, type Throttle } from '../../platform/http/rate-limit/throttle.ts';

const Token = Type.String({ minLength: 1, maxLength: 100 });
const HOUR_MS = 3_600_000;
const Step = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' });
const Slot = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_0-9]+$' });

/**
 * The hosted flow's API: public routes (no bearer token); the link token in the path is the credential. The
 * type of an upload is judged by its bytes, whatever Content-Type says; the body limit is UPLOAD_MAX_BYTES.
 */
export function registerFlowRoutes(app: App, deps: { flow: FlowService; thumbnails: Thumbnails; uploadMaxBytes: number; throttle: Throttle; uploadsPerHour?: number; thumbnailsPerHour?: number }) {
  const limits = { uploadsPerHour: deps.uploadsPerHour ?? 120, thumbnailsPerHour: deps.thumbnailsPerHour ?? 600 };
  const tags = ['hosted flow'];
  const config = { public: true };
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  for (const schema of [FlowView, UploadResult, SubmitResult]) app.addSchema(schema);
  // The link token is the credential: an unknown, replaced or expired link is a 404; a submitted flow a 409.
  const errors = (...more: number[]) => problemResponses(404, 409, ...more);

  app.get('/verify/:token/flow', { config, schema: { tags, summary: 'The flow behind a link: steps, answers so far, uploads with feedback', params: Type.Object({ token: Token }), response: { 200: Type.Ref(FlowView), ...errors() } } },
    async (request, reply) => reply.headers(noStore).send(await deps.flow.read(request.params.token)));

  app.put('/verify/:token/steps/:step', {
    config, schema: { tags, summary: 'Save the answers of one step (personal details, unique e-mail, names history, address history)', params: Type.Object({ token: Token, step: Step }), body: Type.Object({}, { additionalProperties: true }), response: { 200: Type.Ref(FlowView), ...errors() } },
  }, async (request, reply) => reply.headers(noStore).send(await deps.flow.saveStep(request.params.token, request.params.step, request.body)));

  app.post('/verify/:token/submit', {
    config, schema: { tags, summary: 'Consent and submit: processing starts', params: Type.Object({ token: Token }), body: Type.Object({ consent: Type.Boolean(), language: Type.Optional(Type.String({ maxLength: 10 })) }, { additionalProperties: false }), response: { 202: Type.Ref(SubmitResult), ...errors() } },
  }, async (request, reply) => reply.status(202).headers(noStore).send(await deps.flow.submit(request.params.token, request.body)));

  // The review page's pictures of what was sent (an upload's slot, or `liveness`): through the link only, never a
  // public or cacheable URL, refused once submitted (409). Each costs a decode, so a link has its own budget.
  app.get('/verify/:token/thumbnails/:name', { config, schema: { hide: true, params: Type.Object({ token: Token, name: Slot }) } }, async (request, reply) => {
    const { token, name } = request.params;
    await deps.flow.resolveForWrite(token);
    const { current, ttl } = await deps.throttle.hit(`thumbnail:${token}`, HOUR_MS, limits.thumbnailsPerHour);
    if (current > limits.thumbnailsPerHour) throw throttled('Too many pictures asked for this link; please wait a while and try again', ttl);
    const jpeg = await deps.thumbnails.of(token, name);
    return reply.headers({ ...noStore, 'x-content-type-options': 'nosniff' }).type('image/jpeg').send(jpeg);
  });

  // The mobile chip reader asks for this before active authentication: 8 random bytes for the chip to sign, for this
  // link's current run, usable once within a few minutes (docs/chip.md). With the chip's DG14 it also starts a chip
  // authentication session (ADR 0198): the server's ephemeral key and the protected commands the chip must answer.
  // Counted against the link's upload budget.
  const Hex = (description: string) => Type.String({ pattern: '^([0-9a-f]{2})+$', description });
  app.post('/verify/:token/chip/challenge', {
    // No body asks for an AA challenge alone, as before sessions existed: read as {} (validation runs after this hook).
    preValidation: async (request) => {
      request.body ??= {};
    },
    config, schema: {
      [BODY_OPTIONAL]: true,
      tags, summary: 'Active authentication challenge for the passport chip (mobile reader), and with DG14 a chip authentication session: single use, short-lived', params: Type.Object({ token: Token }),
      body: Type.Object({
        chip_authentication: Type.Optional(Type.Object({
          dg14: Type.String({ minLength: 4, maxLength: 20_000, pattern: '^[A-Za-z0-9+/]*={0,2}$', description: 'DG14 as read from the chip, base64: the server takes the chip authentication key and protocol from it' }),
          key_id: Type.Optional(Type.Integer({ minimum: 0, description: 'the keyId of the ChipAuthenticationPublicKeyInfo to use, when DG14 holds several' })),
        }, { additionalProperties: false })),
        // Other top-level fields are refused by the flow service once the link is known (an unknown link is 404 first).
      }, { additionalProperties: true, description: 'optional: no body (or {}) asks for an active authentication challenge alone' }),
      response: {
        201: Type.Object({
          challenge: Type.String({ pattern: '^[0-9a-f]{16}$', description: '8 bytes, hex: the chip signs exactly these bytes (INTERNAL AUTHENTICATE)' }), expires_at: Type.String({ format: 'date-time' }), ttl_seconds: Type.Integer(),
          chip_authentication: Type.Optional(Type.Object({
            protocol: Type.String({ description: 'the ChipAuthenticationInfo OID the session runs (MSE:Set AT, tag 80)' }),
            name: Type.String({ description: 'e.g. CA-ECDH-AES-CBC-CMAC-128' }),
            version: Type.Integer({ description: '1: MSE:Set KAT; 2: MSE:Set AT then General Authenticate' }),
            key_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the chip key reference (tag 84), null when DG14 names none' }),
            ephemeral_public_key: Hex('the server\'s ephemeral public key (uncompressed EC point), for tag 91 (Set KAT) or 80 inside 7C (General Authenticate)'),
            commands: Type.Array(Hex('a command APDU already protected with the new session keys'), { description: 'to be sent to the chip as they are, in order, after chip authentication; their response APDUs go in the chip upload' }),
          })),
        }),
        ...errors(422, 429),
      },
    },
  }, async (request, reply) => {
    const { token } = request.params;
    const answer = await deps.flow.chipChallenge(token, request.body);
    await spend(token);
    return reply.status(201).headers(noStore).send(answer);
  });

  // Public routes are outside the per-client rate limit; uploads run the engines, so each link gets its own
  // budget (enough for every retake a person makes, not for a loop), one count across API processes.
  const spend = async (token: string) => {
    const { current, ttl } = await deps.throttle.hit(`upload:${token}`, HOUR_MS, limits.uploadsPerHour);
    if (current > limits.uploadsPerHour) {
      throw throttled('Too many uploads for this link; please wait a while and try again', ttl);
    }
  };

  // Uploads take raw bytes: a parser for these types only, inside this plugin, so the rest of the API is unchanged.
  void app.register(async (scope) => {
    // The chip upload is JSON, read by the flow service from its bytes: the default JSON parser steps aside here only.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: deps.uploadMaxBytes }, (_request, body, done) => done(null, body));
    scope.post('/verify/:token/uploads/:slot', {
      config, bodyLimit: deps.uploadMaxBytes,
      schema: { tags, summary: 'Upload one photo or document (JPEG, PNG, HEIC where decodable, PDF for proofs); answers quality feedback', params: Type.Object({ token: Token, slot: Slot }), querystring: UploadQuery, body: uploadBody, response: { 201: Type.Ref(UploadResult), ...errors(413, 415, 422, 507) } },
    }, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('unsupported_media_type', 'Send the file as the request body (image/jpeg, image/png, application/pdf)');
      const { token, slot } = request.params as { token: string; slot: string };
      const { document } = request.query as Static<typeof UploadQuery>;
      // Counted only for live links: made-up tokens must not fill the shared counters.
      return reply.status(201).headers(noStore).send(await deps.flow.upload(token, slot, body, () => spend(token), document));
    });
  });
}
