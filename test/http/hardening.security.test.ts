import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneWindow } from '../helpers/clock-window.ts';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { WRONG_SECRETS_PER_MINUTE } from '../../src/modules/auth/auth.routes.ts';
import { staffUser } from './console-helpers.ts';

/**
 * Issue 19's smaller findings: wrong secrets throttled per credential, access-token claims this service always
 * writes checked even when the signature holds, no-store on answers with personal data, /metrics closed.
 */
const METRICS_TOKEN = 'metrics-token-for-the-hardening-test';
let t: TestService;
let c: TestClient;
let other: TestClient;

beforeAll(async () => {
  t = await startTestService({ METRICS_TOKEN });
  c = await t.newClient('Hardening firm');
  other = await t.newClient('Other firm');
}, 60_000);
afterAll(async () => t?.close());

const tokenRequest = (client_id: string, client_secret: string) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id, client_secret } });

describe('wrong client secrets', () => {
  it('are throttled per credential: 429 with Retry-After, the right secret included, other credentials unaffected', async () => {
    const target = await t.services.clients.createClient({ name: 'Guessed' });
    const bystander = await t.services.clients.createClient({ name: 'Bystander' });
    // On PostgreSQL the wrong secrets are counted in windows of the clock's minutes (ADR 0060): a run that crossed
    // one would start counting again half-way. Each request checks a secret, so the run takes seconds under load.
    const answers = await inOneWindow(60_000, 20_000, async () => {
      const wrong: number[] = [];
      for (let i = 0; i < WRONG_SECRETS_PER_MINUTE; i++) wrong.push((await tokenRequest(target.client_id, `wrong-${i}`)).statusCode);
      const blocked = await tokenRequest(target.client_id, 'wrong-again');
      const right = await tokenRequest(target.client_id, target.client_secret);
      // Another credential, and the same via HTTP Basic for another client, are not held up.
      const bystanding = await tokenRequest(bystander.client_id, bystander.client_secret);
      const basic = Buffer.from(`${target.client_id}:nope`).toString('base64');
      const viaBasic = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: { authorization: `Basic ${basic}` }, payload: { grant_type: 'client_credentials' } });
      return { wrong, blocked, right, bystanding, viaBasic };
    });
    expect(answers.wrong).toEqual(Array(WRONG_SECRETS_PER_MINUTE).fill(401));
    expect(answers.blocked.statusCode).toBe(429);
    expect(Number(answers.blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers.blocked.json()).toMatchObject({ code: 'rate_limited' });
    expect(answers.right.statusCode, 'guessing must not go on until the window ends').toBe(429);
    expect(answers.bystanding.statusCode).toBe(200);
    expect(answers.viaBasic.statusCode).toBe(429);
  });
});

describe('access tokens signed with the service key but not as it issues them', () => {
  async function forge(claims: Record<string, unknown>, lifetime: { iat?: number; exp?: number | null } = {}) {
    const base = decodeJwt(c.token);
    const iat = lifetime.iat ?? Math.floor(Date.now() / 1000);
    let jwt = new SignJWT({ client_id: base.client_id, scope: base.scope, kyc_client: base.kyc_client, kyc_sandbox: false, ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: t.services.keys.jwtKid })
      .setIssuer(t.config.publicUrl).setAudience(t.config.publicUrl).setSubject(String(claims.client_id ?? base.client_id)).setIssuedAt(iat);
    if (lifetime.exp !== null) jwt = jwt.setExpirationTime(lifetime.exp ?? iat + 600);
    return jwt.sign(t.services.keys.jwtPrivate);
  }
  const call = (token: string, clientId = c.clientId) => t.app.inject({ url: `/clients/${clientId}/accounts`, headers: { authorization: `Bearer ${token}` } });

  it('a well-formed token works (the forging is right)', async () => {
    expect((await call(await forge({}))).statusCode).toBe(200);
  });
  it('no exp is refused', async () => {
    expect((await call(await forge({}, { exp: null }))).statusCode).toBe(401);
  });
  it('iat in the future beyond a minute is refused; a few seconds of clock skew are not', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await call(await forge({}, { iat: now + 3600, exp: now + 7200 }))).statusCode).toBe(401);
    expect((await call(await forge({}, { iat: now + 5, exp: now + 600 }))).statusCode).toBe(200);
  });
  it('a client claim that does not match the credential is refused (no way into another client)', async () => {
    const r = await call(await forge({ kyc_client: other.clientId }), other.clientId);
    expect(r.statusCode).toBe(401);
  });
  it('a subject other than the credential is refused', async () => {
    const base = decodeJwt(c.token);
    const token = await new SignJWT({ client_id: base.client_id, scope: base.scope, kyc_client: base.kyc_client })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: t.services.keys.jwtKid })
      .setIssuer(t.config.publicUrl).setAudience(t.config.publicUrl).setSubject('someone-else').setIssuedAt().setExpirationTime('10m')
      .sign(t.services.keys.jwtPrivate);
    expect((await call(token)).statusCode).toBe(401);
  });
});

describe('Cache-Control: no-store on answers with personal data', () => {
  it('on the authenticated API, the console API and the secret-link APIs; not where a handler chose otherwise', async () => {
    const created = await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth, payload: sampleAccount() });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const account = created.json();
    const base = `/clients/${c.clientId}/accounts/${account.id}`;
    for (const url of [base, `/clients/${c.clientId}/accounts`, `${base}/contacts/${account.primary_contact.id}`, `${base}/contacts`]) {
      const r = await t.app.inject({ url, headers: c.auth });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-store');
    }
    const portal = await t.app.inject({ method: 'PATCH', url: base, headers: c.auth, payload: { client_onboarding: { share_progress: true } } });
    expect(portal.headers['cache-control']).toBe('no-store');
    const view = await t.app.inject({ url: `/portal/${portal.json().client_onboarding.link.split('/portal/')[1]}/view` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const staff = await staffUser(t, c.clientId, 'hardening-admin@example.com', 'administrator');
    const contactPage = await t.app.inject({ url: `/console/api/accounts/${account.id}`, headers: staff.headers });
    expect(contactPage.statusCode).toBe(200);
    expect(contactPage.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/.well-known/jwks.json' })).headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('/metrics', () => {
  it('asks for METRICS_TOKEN as a bearer token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-metrics-token' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${c.token}` } })).statusCode, 'an API token is not the metrics token').toBe(401);
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('is off without METRICS_TOKEN', async () => {
    const plain = await startTestService();
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await plain.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  }, 120_000); // a service of its own to start and close: 20-30 s on PGlite on a loaded machine
});
