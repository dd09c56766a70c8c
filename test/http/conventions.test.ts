import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { inOneWindow } from '../helpers/clock-window.ts';

let t: TestService;
let c: TestClient;

beforeAll(async () => {
  t = await startTestService({ RATE_LIMIT_PER_MINUTE: '1000', METRICS_TOKEN: 'conventions-metrics-token' });
  c = await t.newClient();
});
afterAll(async () => t?.close());

const create = (headers: Record<string, string>, body: object = sampleAccount()) =>
  t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: { ...c.auth, ...headers }, payload: body });

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, creating one account', async () => {
    const first = await create({ 'idempotency-key': 'k-1' });
    const second = await create({ 'idempotency-key': 'k-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.location).toBe(first.headers.location);
    const events = (await t.app.inject({ url: `/clients/${c.clientId}/events?account_id=${first.json().id}`, headers: c.auth })).json();
    expect(events.data).toHaveLength(1);
  });

  it('the same key with a different body is a 422', async () => {
    await create({ 'idempotency-key': 'k-2' });
    const response = await create({ 'idempotency-key': 'k-2' }, sampleAccount({ name: 'Different' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('idempotency_key_reused');
  });

  it('without a key, two identical requests create two accounts', async () => {
    const a = await create({});
    const b = await create({});
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('keys are per client: another client may use the same key', async () => {
    const other = await t.newClient('Other');
    await create({ 'idempotency-key': 'shared' });
    const response = await t.app.inject({
      method: 'POST', url: `/clients/${other.clientId}/accounts`, headers: { ...other.auth, 'idempotency-key': 'shared' }, payload: sampleAccount(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a replayed validation error stays the same error', async () => {
    const bad = sampleAccount({ type: 'NOPE' });
    expect((await create({ 'idempotency-key': 'k-bad' }, bad)).statusCode).toBe(422);
    expect((await create({ 'idempotency-key': 'k-bad' }, bad)).statusCode).toBe(422);
  });

  it('a key with control characters or over 255 characters is a 400', async () => {
    expect((await create({ 'idempotency-key': 'x'.repeat(256) })).statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and RateLimit headers once a client spends its budget', async () => {
    const limited = await startTestService({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = await limited.newClient();
      const url = `/clients/${client.clientId}/accounts`;
      // On PostgreSQL the budget is counted in windows of the clock's minutes (ADR 0060): all four in one window.
      const [first, refused] = await inOneWindow(60_000, 10_000, async () => {
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await limited.app.inject({ url, headers: client.auth }));
        return [answers[0]!, answers[3]!];
      });
      expect(first.headers['ratelimit-limit']).toBe('3');
      expect(first.headers['ratelimit-remaining']).toBe('2');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/problem\+json/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client has its own budget.
      const other = await limited.newClient('Other');
      expect((await limited.app.inject({ url: `/clients/${other.clientId}/accounts`, headers: other.auth })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000); // a service of its own to start, then up to 10 s waiting for room in the minute
});

describe('operations', () => {
  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('problem bodies carry the request id', async () => {
    const response = await t.app.inject({ url: `/clients/${c.clientId}/accounts/acc_x`, headers: { ...c.auth, 'x-request-id': 'trace-1' } });
    expect(response.json().request_id).toBe('trace-1');
  });

  it("the router's own refusals are problems too: an over-long path id is the masked 404, a broken %-escape a 400", async () => {
    const long = await t.app.inject({ url: `/clients/${c.clientId}/accounts/${'a'.repeat(300)}`, headers: c.auth });
    expect(long.statusCode).toBe(404);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json()).toMatchObject({ status: 404, code: 'not_found' });
    const broken = await t.app.inject({ url: `/clients/${c.clientId}/accounts/%zz`, headers: c.auth });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('a NUL character (U+0000) in a body field, a key or a query value is a 422 naming it, never a 500', async () => {
    const created = (await create({})).json();
    const patch = await t.app.inject({ method: 'PATCH', url: `/clients/${c.clientId}/accounts/${created.id}`, headers: c.auth, payload: { reg_number: 'AB\u0000CD' } });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().errors).toEqual([{ pointer: '/reg_number', message: 'must not contain the NUL character (\\u0000)' }]);
    const events = await t.app.inject({ url: `/clients/${c.clientId}/events?account_id=acc%00x`, headers: c.auth });
    expect([events.statusCode, events.json().errors?.[0]?.pointer]).toEqual([422, '/query/account_id']);
    const flow = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: 'a\u0000b', client_secret: 'x' } });
    expect(flow.statusCode).toBe(422);
  });

  it('lone surrogates, bidirectional controls and control characters in names and addresses are a 422 per field, all at once, and nothing is stored', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts'))[0]!.n;
    // JSON escapes reach the service as they are written: a lone \ud800 is a real lone surrogate after parsing.
    const body = JSON.stringify(sampleAccount({
      primary_contact: {
        ...sampleAccount().primary_contact,
        first_name: 'Ada\u202Eecalp', middle_name: 'M\ud800', last_name: 'Hart\u0007ley',
        primary_address: { street: '1 Mill\u200BLane', postcode: 'AB1 2CD', city: 'Yo\u2066rk', country_code: 'GB', type: 'PRIMARY' },
      },
    }));
    const response = await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: { ...c.auth, 'content-type': 'application/json' }, payload: body });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([
      { pointer: '/primary_contact/first_name', message: 'must not contain the bidirectional control character U+202E' },
      { pointer: '/primary_contact/middle_name', message: 'must not contain a lone surrogate (U+D800): it is not valid Unicode text' },
      { pointer: '/primary_contact/last_name', message: 'must not contain the control character U+0007' },
      { pointer: '/primary_contact/primary_address/street', message: 'must not contain the invisible character U+200B' },
      { pointer: '/primary_contact/primary_address/city', message: 'must not contain the bidirectional control character U+2066' },
    ]);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts'))[0]!.n).toBe(before);
    // The hosted flow's answers go through the same rule (before the link is even looked up).
    const step = await t.app.inject({ method: 'PUT', url: '/verify/any-token/steps/legal_names_history', payload: { names: [{ first_name: '\u202EAda', last_name: 'Hartley' }] } });
    expect([step.statusCode, step.json().errors]).toEqual([422, [{ pointer: '/names/0/first_name', message: 'must not contain the bidirectional control character U+202E' }]]);
    // Names in every script, joiners and typographic apostrophes pass.
    const fine = await create(c.auth, sampleAccount({ primary_contact: { ...sampleAccount().primary_contact, first_name: 'Zoë-می\u200Cخواهم', last_name: 'O\u2019Brien 李' } }));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('/openapi.json documents problems as application/problem+json, with the statuses every route can answer', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    const create = doc.paths['/clients/{clientId}/accounts'].post.responses;
    for (const status of ['400', '401', '403', '404', '413', '415', '422', '429']) {
      expect(create[status].content, status).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
    }
    expect(doc.paths['/verify/{token}/uploads/{slot}'].post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UploadResult' });
  });

  it('/healthz and /readyz answer without a token', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('/metrics exposes request latency by route template', async () => {
    await t.app.inject({ url: `/clients/${c.clientId}/accounts`, headers: c.auth });
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer conventions-metrics-token' } })).body;
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('route="/clients/:clientId/accounts"');
    expect(text).not.toContain(c.clientId);
  });

  it('/openapi.json is OpenAPI 3.1 and documents every account and contact route', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/oauth/token', '/clients/{clientId}/accounts', '/clients/{clientId}/accounts/{accountId}',
      '/clients/{clientId}/accounts/{accountId}/contacts', '/clients/{clientId}/accounts/{accountId}/contacts/{contactId}', '/clients/{clientId}/events',
    ]) expect(doc.paths[path], path).toBeDefined();
    expect(Object.keys(doc.paths['/clients/{clientId}/accounts/{accountId}/contacts/{contactId}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(doc.components.schemas.Contact).toBeDefined();
    expect(doc.paths['/oauth/token'].post.security).toEqual([]);
  });

  it('/docs serves the browsable reference', async () => {
    const response = await t.app.inject({ url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
