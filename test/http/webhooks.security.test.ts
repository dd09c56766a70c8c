import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { createHttpSender } from '../../src/modules/webhooks/index.ts';

let t: TestService;
let a: TestClient;
let b: TestClient;
let bSub: { id: string };
const SECRET = 'b-very-private-signing-secret';

beforeAll(async () => {
  t = await startTestService({ WEBHOOK_ALLOW_PRIVATE: 'false' });
  a = await t.newClient('A');
  b = await t.newClient('B');
  const created = await t.app.inject({
    method: 'POST', url: `/clients/${b.clientId}/subscriptions`, headers: b.auth,
    payload: { callback_url: 'https://hooks.example.com/kyc', type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
  });
  expect(created.statusCode, created.body).toBe(201);
  bSub = created.json();
});
afterAll(async () => t?.close());

const subscribe = (client: TestClient, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth, payload });

describe('subscription validation', () => {
  const valid = { callback_url: 'https://hooks.example.com/x', type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } };

  it.each([
    ['a loopback address', { ...valid, callback_url: 'http://127.0.0.1:9999/hook' }, '/callback_url'],
    ['localhost', { ...valid, callback_url: 'http://localhost/hook' }, '/callback_url'],
    ['a private network address', { ...valid, callback_url: 'http://10.0.0.7/hook' }, '/callback_url'],
    ['the cloud metadata address', { ...valid, callback_url: 'http://169.254.169.254/latest' }, '/callback_url'],
    ['IPv4-compatible IPv6 loopback', { ...valid, callback_url: 'http://[::7f00:1]:9999/hook' }, '/callback_url'],
    ['IPv4-compatible IPv6 loopback, dotted', { ...valid, callback_url: 'http://[::127.0.0.1]:9999/hook' }, '/callback_url'],
    ['IPv4-compatible IPv6 metadata address', { ...valid, callback_url: 'http://[::a9fe:a9fe]/latest' }, '/callback_url'],
    ['NAT64 of the metadata address', { ...valid, callback_url: 'http://[64:ff9b::a9fe:a9fe]/latest' }, '/callback_url'],
    ['6to4 of loopback', { ...valid, callback_url: 'http://[2002:7f00:1::1]/hook' }, '/callback_url'],
    ['a non-http URL', { ...valid, callback_url: 'ftp://example.com/x' }, '/callback_url'],
    ['a URL with credentials', { ...valid, callback_url: 'https://u:p@example.com/x' }, '/callback_url'],
    ['a type other than WEBHOOK', { ...valid, type: 'EMAIL' }, '/type'],
    ['an unknown event', { ...valid, config: { ...valid.config, entities: [{ entity: 'ACCOUNT', events: ['ACCOUNT_DELETED'] }] } }, '/config/entities/0/events/0'],
    ['an unknown entity', { ...valid, config: { ...valid.config, entities: [{ entity: 'INVOICE', events: ['ENTITY_UPDATED'] }] } }, '/config/entities/0/entity'],
    ['an unknown report type', { ...valid, config: { ...valid.config, entities: [{ entity: 'CONTACT', report_types: ['KYB'], events: ['REPORT_READY'] }] } }, '/config/entities/0/report_types/0'],
    ['CONTACT without report types', { ...valid, config: { ...valid.config, entities: [{ entity: 'CONTACT', events: ['REPORT_READY'] }] } }, '/config/entities/0/report_types'],
    ['a short secret', { ...valid, config: { ...valid.config, api_secret: 'short' } }, '/config/api_secret'],
    ['no entities', { ...valid, config: { api_secret: SECRET, entities: [] } }, '/config/entities'],
    ['an unknown field', { ...valid, extra: true }, '/extra'],
  ])('refuses %s with a 422 pointing at it', async (_name, payload, pointer) => {
    const response = await subscribe(a, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });
});

describe('delivery to private addresses', () => {
  it('the sender refuses a host name that resolves to loopback, at connect time', async () => {
    const receiver = await startReceiver();
    const sender = createHttpSender({ timeoutMs: 2000, allowPrivate: false });
    try {
      const result = await sender.post(`http://localhost:${receiver.port}/hook`, '{}', {});
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/blocked/);
      const literal = await sender.post(`http://127.0.0.1:${receiver.port}/hook`, '{}', {});
      expect(literal.error).toMatch(/blocked/);
      for (const host of ['[::7f00:1]', '[::127.0.0.1]', '[::ffff:7f00:1]', '[64:ff9b::7f00:1]']) {
        expect((await sender.post(`http://${host}:${receiver.port}/hook`, '{}', {})).error, host).toMatch(/blocked/);
      }
      expect(receiver.received).toHaveLength(0);
      // The same sender with private addresses allowed reaches it.
      const allowed = createHttpSender({ timeoutMs: 2000, allowPrivate: true });
      expect((await allowed.post(`http://localhost:${receiver.port}/hook`, '{}', {})).statusCode).toBe(204);
      await allowed.close();
    } finally {
      await sender.close();
      await receiver.close();
    }
  });
});

describe('tenant isolation and secrets', () => {
  it("another client's subscription is a 404 on every route", async () => {
    const missing = (await t.app.inject({ url: `/clients/${a.clientId}/subscriptions/sub_missing`, headers: a.auth })).json();
    for (const [method, suffix] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/test'], ['GET', '/deliveries']] as const) {
      for (const url of [`/clients/${b.clientId}/subscriptions/${bSub.id}${suffix}`, `/clients/${a.clientId}/subscriptions/${bSub.id}${suffix}`]) {
        const response = await t.app.inject({ method, url, headers: a.auth, payload: method === 'PATCH' ? { enabled: false } : undefined });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().detail).toBe(missing.detail);
      }
    }
    expect((await t.app.inject({ url: `/clients/${b.clientId}/subscriptions/${bSub.id}`, headers: b.auth })).json().enabled).toBe(true);
  });

  it('the signing secret is stored sealed, never in plaintext', async () => {
    const rows = await t.db.query<{ secret_enc: Uint8Array }>('SELECT secret_enc FROM webhook_subscriptions WHERE id = $1', [bSub.id]);
    expect(Buffer.from(rows[0]!.secret_enc).toString('latin1')).not.toContain(SECRET);
  });

  it('reading subscriptions needs the subscriptions scope', async () => {
    const reader = await t.newClient('reader', 'accounts:read');
    expect((await t.app.inject({ url: `/clients/${reader.clientId}/subscriptions`, headers: reader.auth })).statusCode).toBe(403);
  });

  it("the event list holds only this client's events and no personal data", async () => {
    await t.app.inject({ method: 'POST', url: `/clients/${a.clientId}/accounts`, headers: a.auth, payload: sampleAccount() });
    const list = (await t.app.inject({ url: `/clients/${a.clientId}/events`, headers: a.auth })).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((e: { client_id: string }) => e.client_id === a.clientId)).toBe(true);
    expect(JSON.stringify(list)).not.toMatch(/Hartley|ada@example/);
  });
});
