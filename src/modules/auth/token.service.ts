import { SignJWT, jwtVerify, exportJWK, type JWK } from 'jose';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db.ts';
import type { Keys } from '../../platform/crypto/keys.ts';
import { secretMatches } from '../../platform/crypto/hash.ts';
import { newId } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestAuth } from '../../platform/http/app.ts';
import { clientsRepo } from './clients.repo.ts';
import { parseScopes } from './scopes.ts';

const TOKEN_CACHE_MAX = 10_000;
// A revoked credential's tokens stop working within this many milliseconds in every process.
const CREDENTIAL_RECHECK_MS = 5_000;
// Clocks of API processes differ a little; a token issued further ahead than this was not issued by us now.
const IAT_LEEWAY_SECONDS = 60;
// The longest lifetime ACCESS_TOKEN_TTL_SECONDS allows: a token claiming more was not issued by this service.
const MAX_LIFETIME_SECONDS = 86_400;

export interface TokenRequest {
  grantType?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  audience?: string;
}

/**
 * OAuth 2.0 client credentials: signed ES256 access tokens (RFC 9068 claims), verified by signature on every
 * request. Verified tokens are cached so the hot path does one map lookup, and the credential's status is
 * re-read every few seconds so a revocation takes effect without a token blacklist.
 */
export function createTokenService(deps: { db: Db; keys: Keys; issuer: string; ttlSeconds: number; now?: () => number }) {
  const { db, keys, issuer, ttlSeconds } = deps;
  const now = deps.now ?? Date.now;
  const verified = new Map<string, { auth: RequestAuth; exp: number }>();
  const credentialStatus = new Map<string, { active: boolean; clientId: string | null; checkedAt: number }>();

  /** Whether the credential is live and belongs to `clientId` (a token naming another client is refused). */
  async function credentialActive(credentialId: string, clientId: string): Promise<boolean> {
    let cached = credentialStatus.get(credentialId);
    if (!cached || now() - cached.checkedAt >= CREDENTIAL_RECHECK_MS) {
      const row = await clientsRepo.getCredential(db, credentialId);
      cached = { active: !!row && row.revoked_at === null, clientId: row?.client_id ?? null, checkedAt: now() };
      credentialStatus.set(credentialId, cached);
    }
    return cached.active && cached.clientId === clientId;
  }

  async function verify(token: string): Promise<RequestAuth> {
    const hit = verified.get(token);
    if (hit && hit.exp * 1000 > now()) {
      if (!(await credentialActive(hit.auth.credentialId, hit.auth.clientId))) throw new AppError('unauthorized', 'The credential behind this token was revoked');
      return hit.auth;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys.jwtPublic, {
        issuer, audience: issuer, algorithms: ['ES256'], typ: 'at+jwt', currentDate: new Date(now()),
        requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'kyc_client'],
      }));
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new AppError('unauthorized', expired ? 'The access token has expired' : 'The access token is invalid');
    }
    // Claims this service always writes, checked even though the signature holds: a token that breaks them was
    // not issued here as it stands (a leaked or misused signing key, a forged lifetime, another client named).
    const nowSeconds = now() / 1000;
    if (payload.iat! > nowSeconds + IAT_LEEWAY_SECONDS || payload.exp! - payload.iat! > MAX_LIFETIME_SECONDS
      || typeof payload.client_id !== 'string' || typeof payload.kyc_client !== 'string' || payload.sub !== payload.client_id) {
      throw new AppError('unauthorized', 'The access token is invalid');
    }
    const auth: RequestAuth = {
      clientId: String(payload.kyc_client),
      credentialId: String(payload.client_id),
      scopes: new Set(String(payload.scope ?? '').split(' ').filter(Boolean)),
      sandbox: payload.kyc_sandbox === true,
    };
    if (!(await credentialActive(auth.credentialId, auth.clientId))) throw new AppError('unauthorized', 'The credential behind this token was revoked or does not belong to its client');
    if (verified.size >= TOKEN_CACHE_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { auth, exp: payload.exp! });
    return auth;
  }

  return {
    async issue(request: TokenRequest) {
      if (request.grantType !== 'client_credentials') {
        throw new AppError('unsupported_grant_type', 'Only grant_type=client_credentials is supported', { error: 'unsupported_grant_type' });
      }
      const invalid = () => new AppError('invalid_client', 'Unknown client_id or wrong client_secret', { error: 'invalid_client' });
      if (!request.clientId || !request.clientSecret) throw invalid();
      const credential = await clientsRepo.getCredential(db, request.clientId);
      if (!credential || credential.revoked_at || !secretMatches(request.clientSecret, credential.secret_hash)) throw invalid();
      if (request.audience !== undefined && request.audience !== issuer) {
        throw new AppError('bad_request', `audience must be ${issuer}`, { error: 'invalid_target' });
      }
      const granted = credential.scopes.split(' ');
      const scopes = parseScopes(request.scope, granted);
      if (!scopes) throw new AppError('bad_request', 'scope asks for more than this credential holds', { error: 'invalid_scope' });
      const iat = Math.floor(now() / 1000);
      const accessToken = await new SignJWT({
        client_id: credential.id,
        scope: scopes.join(' '),
        kyc_client: credential.client_id,
        kyc_sandbox: credential.sandbox,
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: keys.jwtKid })
        .setIssuer(issuer)
        .setAudience(issuer)
        .setSubject(credential.id)
        .setJti(newId('tok'))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(keys.jwtPrivate);
      void clientsRepo.touchCredential(db, credential.id).catch(() => undefined);
      return { access_token: accessToken, token_type: 'Bearer' as const, expires_in: ttlSeconds, scope: scopes.join(' ') };
    },

    verify,

    /** The authentication hook: a bearer token, or a 401 that says what was wrong. */
    async authenticate(request: FastifyRequest): Promise<RequestAuth> {
      const header = request.headers.authorization;
      if (!header) throw new AppError('unauthorized', 'Send Authorization: Bearer <access token>', { headers: { 'www-authenticate': 'Bearer' } });
      const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
      if (!match) throw new AppError('unauthorized', 'The Authorization header must be Bearer <access token>', { headers: { 'www-authenticate': 'Bearer' } });
      try {
        return await verify(match[1]!);
      } catch (error) {
        if (error instanceof AppError) {
          throw new AppError(error.code, error.detail, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
        }
        throw error;
      }
    },

    async jwks(): Promise<{ keys: JWK[] }> {
      const jwk = await exportJWK(keys.jwtPublic);
      return { keys: [{ ...jwk, kid: keys.jwtKid, alg: 'ES256', use: 'sig' }] };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
