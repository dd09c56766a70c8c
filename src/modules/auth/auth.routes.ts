import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { throttled, type Throttle } from '../../platform/http/rate-limit/throttle.ts';
import type { TokenService } from './token.service.ts';

const TokenBody = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ maxLength: 64 })),
    client_id: Type.Optional(Type.String({ maxLength: 128 })),
    client_secret: Type.Optional(Type.String({ maxLength: 256 })),
    scope: Type.Optional(Type.String({ maxLength: 1024 })),
    audience: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: true, description: 'JSON or application/x-www-form-urlencoded; credentials may instead come as HTTP Basic' },
);

const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = header && /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new AppError('invalid_client', 'HTTP Basic credentials must be client_id:client_secret', { error: 'invalid_client' });
  // RFC 6749 §2.3.1: both parts are form-urlencoded inside Basic; a broken escape (`%zz`) is bad credentials, not a crash.
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new AppError('invalid_client', 'HTTP Basic credentials must be form-urlencoded client_id:client_secret', { error: 'invalid_client' });
  }
}

/**
 * Wrong secrets per credential in a minute. Secrets are 256-bit random, so this is no defence of the secret's
 * strength: it stops a credential being a free oracle, and makes a guessing run show up as 429s. Counted in the
 * shared table where the rate limit is shared (every API process allows what one does). While a credential is
 * over the limit, every attempt for it waits, the right secret included (else guessing goes on); tokens already
 * issued keep working.
 */
export const WRONG_SECRETS_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

export function registerAuthRoutes(app: App, deps: { tokens: TokenService; throttle: Throttle }) {
  const key = (clientId: string) => `secret:${clientId}`;
  app.post(
    '/oauth/token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Get an access token (OAuth 2.0 client credentials)',
        body: TokenBody,
        response: { 200: TokenResponse, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const basic = basicCredentials(request.headers.authorization);
      if (basic && body.client_id && body.client_id !== basic.id) {
        throw new AppError('bad_request', 'client_id in the body differs from HTTP Basic', { error: 'invalid_request' });
      }
      const clientId = basic?.id ?? body.client_id;
      if (clientId) {
        const { current, ttl } = await deps.throttle.peek(key(clientId), MINUTE_MS, WRONG_SECRETS_PER_MINUTE);
        if (current >= WRONG_SECRETS_PER_MINUTE) throw throttled('Too many wrong secrets for this client_id; wait before trying again', ttl);
      }
      let token;
      try {
        token = await deps.tokens.issue({ grantType: body.grant_type, clientId, clientSecret: basic?.secret ?? body.client_secret, scope: body.scope, audience: body.audience });
      } catch (error) {
        if (clientId && error instanceof AppError && error.code === 'invalid_client') await deps.throttle.hit(key(clientId), MINUTE_MS, WRONG_SECRETS_PER_MINUTE);
        throw error;
      }
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      config: { public: true },
      schema: {
        tags: ['auth'], summary: 'Public keys that verify access tokens',
        response: { 200: Type.Object({ keys: Type.Array(Type.Object({ kty: Type.String(), kid: Type.String(), alg: Type.String(), use: Type.String() }, { additionalProperties: true })) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return (await deps.tokens.jwks()) as { keys: { kty: string; kid: string; alg: string; use: string }[] };
    },
  );
}
