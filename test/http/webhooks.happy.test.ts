import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

const SECRET = 'a-signing-secret-of-some-length';
let t: TestService;
let c: TestClient;

beforeAll(async () => {
  // A short schedule so retries happen within the test. The timeout is short enough for the hanging receiver's
  // test, yet well above what a loopback answer takes on a loaded machine: a late answer would count as a
  // timeout and add an attempt to the exact attempt logs and event counts below.
  t = await startTestService({ WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_RETRY_SCHEDULE: '0ms,100ms,100ms,100ms' });
  t.services.dispatcher.start();
});
afterAll(async () => t?.close());

async function subscribe(client: TestClient, receiver: Receiver, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
    payload: {
      callback_url: `${receiver.url}/hook`, type: 'WEBHOOK',
      config: { api_secret: SECRET, entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] }, ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const createAccount = async (client: TestClient, name = 'Webhook Ltd') =>
  (await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth, payload: sampleAccount({ name }) })).json();

describe('subscriptions (endpoint 9)', () => {
  it('accepts the three usage patterns and never returns the secret', async () => {
    c = await t.newClient();
    const receiver = await startReceiver();
    try {
      for (const entities of [
        [{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_READY', 'REPORT_IN_REVIEW'] }],
        [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY'] }],
        [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }],
      ]) {
        const sub = await subscribe(c, receiver, { config: { api_secret: SECRET, entities } });
        expect(sub).toMatchObject({ type: 'WEBHOOK', enabled: true, config: { entities } });
        expect(JSON.stringify(sub)).not.toContain(SECRET);
        const read = (await t.app.inject({ url: `/clients/${c.clientId}/subscriptions/${sub.id}`, headers: c.auth })).json();
        expect(read).toEqual(sub);
      }
      const list = (await t.app.inject({ url: `/clients/${c.clientId}/subscriptions`, headers: c.auth })).json();
      expect(list.data).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('generates a whsec_ secret when none is given and shows it once', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      const sub = await subscribe(client, receiver, { config: { entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } });
      expect(sub.config.api_secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      const read = (await t.app.inject({ url: `/clients/${client.clientId}/subscriptions/${sub.id}`, headers: client.auth })).json();
      expect(read.config.api_secret).toBeUndefined();
      await createAccount(client);
      await receiver.waitFor(() => receiver.events().length >= 1);
      const [hit] = receiver.events();
      expect(() => new Webhook(sub.config.api_secret).verify(hit!.body, hit!.headers as Record<string, string>)).not.toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('updates, pauses and deletes a subscription', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      const sub = await subscribe(client, receiver);
      const url = `/clients/${client.clientId}/subscriptions/${sub.id}`;
      const patched = await t.app.inject({ method: 'PATCH', url, headers: client.auth, payload: { enabled: false, callback_url: `${receiver.url}/hook?v=2` } });
      expect(patched.json()).toMatchObject({ enabled: false, callback_url: `${receiver.url}/hook?v=2`, revision: '2' });
      expect((await t.app.inject({ method: 'DELETE', url, headers: client.auth })).statusCode).toBe(204);
      expect((await t.app.inject({ url, headers: client.auth })).statusCode).toBe(404);
    } finally {
      await receiver.close();
    }
  });
});

describe('delivery', () => {
  it('an account change reaches the receiver, signed with the subscription secret (verified by standardwebhooks)', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      await subscribe(client, receiver);
      const account = await createAccount(client);
      await receiver.waitFor(() => receiver.events().length >= 1);
      const [hit] = receiver.events();
      const payload = new Webhook(SECRET, { format: 'raw' }).verify(hit!.body, hit!.headers as Record<string, string>);
      expect(payload).toEqual({
        id: expect.stringMatching(/^evt_/), event: 'ENTITY_UPDATED', entity: 'ACCOUNT', report_type: null, client_id: client.clientId,
        account_id: account.id, contact_id: null, report_id: null, revision: '1', occurred_at: expect.any(String), environment: 'live',
      });
      expect(hit!.headers['webhook-id']).toBe(hit!.json.id);
      expect(Number(hit!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
      // Thin payload: nothing personal.
      expect(hit!.body).not.toMatch(/Ada|Hartley|example\.com|1985/);
      // A wrong secret does not verify.
      expect(() => new Webhook('another-secret-entirely!!', { format: 'raw' }).verify(hit!.body, hit!.headers as Record<string, string>)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('a receiver answering 500 gets the event again on a retry, with the same webhook-id; the log shows both attempts', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      const sub = await subscribe(client, receiver);
      receiver.respond({ status: 500 });
      await createAccount(client);
      await receiver.waitFor(() => receiver.events().length >= 2);
      const [first, second] = receiver.events();
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      await waitForDelivery(client, sub.id, 'DELIVERED');
      const log = (await t.app.inject({ url: `/clients/${client.clientId}/subscriptions/${sub.id}/deliveries`, headers: client.auth })).json();
      expect(log.data[0]).toMatchObject({ status: 'DELIVERED', attempts: 2, last_status_code: 204, event: 'ENTITY_UPDATED', next_attempt_at: null });
      expect(log.data[0].attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 204]);
      expect(log.data[0].attempt_log[0].latency_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that times out is tried again', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      const sub = await subscribe(client, receiver);
      receiver.respond('hang');
      await createAccount(client);
      const delivery = await waitForDelivery(client, sub.id, 'DELIVERED');
      expect(delivery.attempt_log[0].error).toMatch(/timeout/);
      expect(delivery.attempt_log[1].status_code).toBe(204);
    } finally {
      await receiver.close();
    }
  });

  it('a redirect is not followed and does not count as delivered', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver({ fallback: { status: 302, headers: { location: '/elsewhere' } } });
    try {
      const sub = await subscribe(client, receiver);
      await createAccount(client);
      const delivery = await waitForDelivery(client, sub.id, 'FAILED');
      expect(delivery.attempt_log.every((a: { status_code: number }) => a.status_code === 302)).toBe(true);
      expect(delivery.attempt_log).toHaveLength(4);
      expect(receiver.received.some((r) => r.path === '/elsewhere')).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('a failed delivery can be redelivered, with the same webhook-id', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver({ fallback: { status: 503 } });
    try {
      const sub = await subscribe(client, receiver);
      await createAccount(client);
      const failed = await waitForDelivery(client, sub.id, 'FAILED');
      receiver.setFallback({ status: 200 });
      const before = receiver.events().length;
      const redelivered = await t.app.inject({
        method: 'POST', url: `/clients/${client.clientId}/subscriptions/${sub.id}/deliveries/${failed.id}/redeliver`, headers: client.auth,
      });
      expect(redelivered.statusCode).toBe(202);
      await receiver.waitFor(() => receiver.events().length > before);
      expect(receiver.events().at(-1)!.headers['webhook-id']).toBe(failed.event_id);
      const done = await waitForDelivery(client, sub.id, 'DELIVERED');
      expect(done.attempt_log.at(-1).status_code).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that hangs does not hold up deliveries to another subscriber', async () => {
    // Its own service with a long timeout: the slow receiver's sends stay in flight for the whole check.
    const own = await startTestService({ WEBHOOK_TIMEOUT_MS: '8000' });
    own.services.dispatcher.start();
    const slow = await startReceiver({ fallback: 'hang' });
    const fast = await startReceiver();
    try {
      const slowClient = await own.newClient('slow');
      const fastClient = await own.newClient('fast');
      for (const [client, receiver] of [[slowClient, slow], [fastClient, fast]] as const) {
        await own.app.inject({
          method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
          payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
        });
      }
      const create = (client: TestClient, name: string) =>
        own.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth, payload: sampleAccount({ name }) });
      for (let i = 0; i < 30; i++) await create(slowClient, `slow ${i}`);
      await slow.waitFor(() => slow.events().length >= 16);
      for (let i = 0; i < 10; i++) await create(fastClient, `fast ${i}`);
      await fast.waitFor(() => fast.events().length >= 10);
      // Every fast delivery went through while all of the slow receiver's sends were still hanging.
      const attempts = await own.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.client_id = $1', [slowClient.clientId],
      );
      expect(attempts[0]!.n).toBe(0);
      // ...and a hanging receiver holds at most its share of in-flight sends.
      expect(slow.events().length).toBeLessThanOrEqual(16);
    } finally {
      await slow.close();
      await fast.close();
      await own.close();
    }
  }, 120_000); // a service of its own to start: 7 s on PGlite here, 28 s on a loaded machine

  it('the test ping sends a signed PING and reports the answer', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      const sub = await subscribe(client, receiver);
      const result = (await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/subscriptions/${sub.id}/test`, headers: client.auth })).json();
      expect(result).toMatchObject({ delivered: true, status_code: 204, error: null });
      const ping = receiver.received.at(-1)!;
      const payload = new Webhook(SECRET, { format: 'raw' }).verify(ping.body, ping.headers as Record<string, string>) as { event: string };
      expect(payload.event).toBe('PING');
    } finally {
      await receiver.close();
    }
  });
});

describe('transactional outbox', () => {
  it('an event recorded in a transaction that rolls back is never sent', async () => {
    const client = await t.newClient();
    const receiver = await startReceiver();
    try {
      await subscribe(client, receiver);
      const account = await createAccount(client, 'Committed');
      await receiver.waitFor(() => receiver.events().length >= 1);
      await expect(t.db.tx(async (tx) => {
        await t.services.events.record(tx, { clientId: client.clientId, event: 'ENTITY_UPDATED', entity: 'ACCOUNT', accountId: account.id, revision: '99' });
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      await t.services.dispatcher.runOnce();
      await createAccount(client, 'After');
      await receiver.waitFor(() => receiver.events().length >= 2);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.events().map((e) => e.json.revision)).toEqual(['1', '1']);
      const rows = await t.db.query("SELECT id FROM events WHERE revision = '99'");
      expect(rows).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

async function waitForDelivery(client: TestClient, subscriptionId: string, status: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const log = (await t.app.inject({ url: `/clients/${client.clientId}/subscriptions/${subscriptionId}/deliveries`, headers: client.auth })).json();
    const found = log.data.find((d: { status: string }) => d.status === status);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${status} delivery: ${JSON.stringify(log.data)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
