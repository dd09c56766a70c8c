import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';

let t: TestService;
let cred: { clientId: string; client_id: string; client_secret: string };

beforeAll(async () => {
  t = await startTestService();
  cred = await t.services.clients.createClient({ name: 'Token tests' });
});
afterAll(async () => t?.close());

const token = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload: payload as string, headers });

describe('POST /oauth/token (client credentials)', () => {
  it('issues a token for credentials in a JSON body', async () => {
    const response = await token({ grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: expect.stringContaining('accounts:write') });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ iss: 'http://kyc.test', aud: 'http://kyc.test', sub: cred.client_id, client_id: cred.client_id, kyc_client: cred.clientId });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toMatch(/^tok_/);
  });

  it('issues a token for a form-encoded body', async () => {
    const form = `grant_type=client_credentials&client_id=${cred.client_id}&client_secret=${cred.client_secret}`;
    const response = await token(form, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(200);
  });

  it('issues a token for HTTP Basic credentials', async () => {
    const basic = Buffer.from(`${cred.client_id}:${cred.client_secret}`).toString('base64');
    const response = await token('grant_type=client_credentials', { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` });
    expect(response.statusCode).toBe(200);
  });

  it('HTTP Basic whose parts are not valid form-urlencoding (a broken %-escape) is a 401, not a 500', async () => {
    const basic = Buffer.from(`%zz:${cred.client_secret}`).toString('base64');
    const response = await token('grant_type=client_credentials', { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_client');
  });

  it('narrows the scope when asked for less', async () => {
    const response = await token({ grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret, scope: 'accounts:read' });
    expect(response.json().scope).toBe('accounts:read');
    expect(decodeJwt(response.json().access_token).scope).toBe('accounts:read');
  });

  it('refuses a scope the credential does not hold', async () => {
    const response = await token({ grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret, scope: 'admin:everything' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_scope');
  });

  it('a wrong secret is a 401 invalid_client in problem+json, with the OAuth error field', async () => {
    const response = await token({ grant_type: 'client_credentials', client_id: cred.client_id, client_secret: 'kcs_wrong' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'invalid_client', error: 'invalid_client', status: 401 });
  });

  it('an unknown client_id gives the same answer as a wrong secret', async () => {
    const a = (await token({ grant_type: 'client_credentials', client_id: 'kci_unknown', client_secret: 'x' })).json();
    const b = (await token({ grant_type: 'client_credentials', client_id: cred.client_id, client_secret: 'x' })).json();
    expect(a.detail).toBe(b.detail);
  });

  it('another grant type is a 400 unsupported_grant_type', async () => {
    const response = await token({ grant_type: 'password', client_id: cred.client_id, client_secret: cred.client_secret });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('unsupported_grant_type');
  });

  it('a revoked credential gets no token', async () => {
    const extra = await t.services.clients.createCredential(cred.clientId, { name: 'temp' });
    await t.services.clients.revokeCredential(cred.clientId, extra.client_id);
    const response = await token({ grant_type: 'client_credentials', client_id: extra.client_id, client_secret: extra.client_secret });
    expect(response.statusCode).toBe(401);
  });

  it('secrets are stored hashed, never in plaintext', async () => {
    const rows = await t.db.query<{ secret_hash: string }>('SELECT secret_hash FROM api_credentials WHERE id = $1', [cred.client_id]);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.secret_hash).not.toContain(cred.client_secret);
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the public key that verifies issued tokens', async () => {
    const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const access = (await token({ grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret })).json().access_token;
    expect(decodeProtectedHeader(access).kid).toBe(jwks.keys[0].kid);
    const key = await importJWK(jwks.keys[0], 'ES256');
    const { payload } = await jwtVerify(access, key, { issuer: 'http://kyc.test', audience: 'http://kyc.test' });
    expect(payload.kyc_client).toBe(cred.clientId);
  });
});
