import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';

let t: TestService;
let a: TestClient;
let b: TestClient;
let bAccount: { id: string; primary_contact: { id: string } };
let clock = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  t = await startTestService({}, { now: () => clock });
  a = await t.newClient('A');
  b = await t.newClient('B');
  bAccount = (await t.app.inject({ method: 'POST', url: `/clients/${b.clientId}/accounts`, headers: b.auth, payload: sampleAccount() })).json();
});
afterAll(async () => t?.close());

const stable = (body: Record<string, unknown>) => {
  const { instance, request_id, ...rest } = body;
  return rest;
};

describe('tenant isolation', () => {
  const routes = () => {
    const acc = `/clients/${b.clientId}/accounts/${bAccount.id}`;
    const ctc = `${acc}/contacts/${bAccount.primary_contact.id}`;
    return [
      ['GET', `/clients/${b.clientId}/accounts`, undefined],
      ['POST', `/clients/${b.clientId}/accounts`, sampleAccount()],
      ['GET', acc, undefined],
      ['PATCH', acc, { name: 'x' }],
      ['DELETE', acc, undefined],
      ['POST', `${acc}/contacts`, { first_name: 'x', last_name: 'y' }],
      ['GET', `${acc}/contacts`, undefined],
      ['GET', ctc, undefined],
      ['PUT', ctc, { first_name: 'x', last_name: 'y', email: 'x@y.co' }],
      ['DELETE', ctc, undefined],
      ['GET', `/clients/${b.clientId}/events`, undefined],
    ] as const;
  };

  it("client A's token on client B's paths gets the same 404 as a missing record, for every route", async () => {
    const missing = (await t.app.inject({ url: `/clients/${a.clientId}/accounts/acc_missing`, headers: a.auth })).json();
    for (const [method, url, payload] of routes()) {
      const response = await t.app.inject({ method, url, headers: a.auth, payload: payload as object | undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(stable(response.json())).toEqual(stable(missing));
    }
    // ...and B's data is untouched.
    const still = await t.app.inject({ url: `/clients/${b.clientId}/accounts/${bAccount.id}`, headers: b.auth });
    expect(still.json().name).toBe('Hartley Bakery Ltd');
  });

  it("B's account ids under A's own path are a 404 too", async () => {
    const acc = `/clients/${a.clientId}/accounts/${bAccount.id}`;
    for (const [method, url] of [['GET', acc], ['GET', `${acc}/contacts/${bAccount.primary_contact.id}`], ['DELETE', acc]] as const) {
      expect((await t.app.inject({ method, url, headers: a.auth })).statusCode).toBe(404);
    }
  });

  it("A's list never shows B's accounts", async () => {
    await t.app.inject({ method: 'POST', url: `/clients/${a.clientId}/accounts`, headers: a.auth, payload: sampleAccount({ name: 'A firm' }) });
    const list = (await t.app.inject({ url: `/clients/${a.clientId}/accounts`, headers: a.auth })).json();
    expect(list.data.every((x: { client_id: string }) => x.client_id === a.clientId)).toBe(true);
    expect(list.data.map((x: { id: string }) => x.id)).not.toContain(bAccount.id);
  });
});

describe('authentication', () => {
  const url = () => `/clients/${a.clientId}/accounts`;

  it('no token is a 401 with WWW-Authenticate', async () => {
    const response = await t.app.inject({ url: url() });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.headers['content-type']).toMatch(/problem\+json/);
  });

  it('a malformed or random token is a 401', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not.a.jwt', `Bearer ${a.token}x`]) {
      expect((await t.app.inject({ url: url(), headers: { authorization } })).statusCode, authorization).toBe(401);
    }
  });

  it('a tampered token (payload changed to another client) is a 401', async () => {
    const [header, payload, signature] = a.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.kyc_client = b.clientId;
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await t.app.inject({ url: `/clients/${b.clientId}/accounts`, headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });

  it('a token signed with another key is a 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({ client_id: a.client_id, kyc_client: a.clientId, scope: 'accounts:read' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).setIssuer('http://kyc.test').setAudience('http://kyc.test')
      .setIssuedAt().setExpirationTime('1h').sign(privateKey);
    expect((await t.app.inject({ url: url(), headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('an alg=none token is a 401', async () => {
    const claims = JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString());
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await t.app.inject({ url: url(), headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);
  });

  it('an expired token is a 401 that says so', async () => {
    const fresh = await t.newClient('Clock');
    clock = new Date('2026-11-22T11:00:01Z');
    try {
      const response = await t.app.inject({ url: `/clients/${fresh.clientId}/accounts`, headers: fresh.auth });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/expired/);
    } finally {
      clock = new Date('2026-11-22T10:00:00Z');
    }
  });

  it('a token of a revoked credential stops working', async () => {
    const fresh = await t.newClient('Revoked');
    expect((await t.app.inject({ url: `/clients/${fresh.clientId}/accounts`, headers: fresh.auth })).statusCode).toBe(200);
    await t.services.clients.revokeCredential(fresh.clientId, fresh.client_id);
    clock = new Date(clock.getTime() + 6_000); // past the credential re-check interval
    try {
      expect((await t.app.inject({ url: `/clients/${fresh.clientId}/accounts`, headers: fresh.auth })).statusCode).toBe(401);
    } finally {
      clock = new Date('2026-11-22T10:00:00Z');
    }
  });

  it('a token without the needed scope is a 403', async () => {
    const reader = await t.newClient('Reader', 'accounts:read');
    expect((await t.app.inject({ url: `/clients/${reader.clientId}/accounts`, headers: reader.auth })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'POST', url: `/clients/${reader.clientId}/accounts`, headers: reader.auth, payload: sampleAccount() });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('personal data at rest', () => {
  it('names, e-mail, birth date and address are not stored in plaintext', async () => {
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM contacts UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM accounts WHERE false');
    const accounts = await t.db.query<Record<string, unknown>>('SELECT * FROM accounts');
    const dump = JSON.stringify([rows, accounts], (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v));
    for (const secret of ['Hartley', 'ada@example.com', '1985-04-12', 'Mill Lane', 'AB1 2CD']) expect(dump).not.toContain(secret);
  });

  it('a sealed contact copied onto another row does not decrypt', async () => {
    const other = (await t.app.inject({ method: 'POST', url: `/clients/${b.clientId}/accounts`, headers: b.auth, payload: sampleAccount({ name: 'Other' }) })).json();
    await t.db.query('UPDATE contacts SET pii = (SELECT pii FROM contacts WHERE id = $1) WHERE id = $2', [bAccount.primary_contact.id, other.primary_contact.id]);
    const response = await t.app.inject({ url: `/clients/${b.clientId}/accounts/${other.id}/contacts/${other.primary_contact.id}`, headers: b.auth });
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).not.toMatch(/decrypt|auth/i);
  });
});
