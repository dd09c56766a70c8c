import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

const TIMEOUT_MS = 3_000;
const SCHEDULE = [0, 500, 1_000]; // three attempts: at once, then 0.5 s and 1 s after each failed one
const HEALTHY_EVENTS = 40;
// As many as one process sends at once to one receiver (dispatcher.ts MAX_IN_FLIGHT_PER_SUBSCRIPTION).
const STUCK_EVENTS = 16;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * Receivers that hang (never answer) or answer slowly, beside a healthy one, on one dispatcher: the healthy
 * receiver's delivery latency (event committed to request received) is measured alone and then while the
 * others hold their sends; the hanging receiver's attempts end in timeouts and are retried on the schedule,
 * then marked FAILED. Runs once, in the postgres pass with the other fault tests (the dispatcher is the same on PGlite).
 */
describe.skipIf(databaseKind !== 'postgres')('webhook receivers that hang or answer slowly', () => {
  let t: TestService;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await startTestService({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_RETRY_SCHEDULE: SCHEDULE.map((ms) => `${ms}ms`).join(',') });
    t.services.dispatcher.start();
  });
  afterAll(async () => {
    await t?.services.dispatcher.stop();
    for (const r of receivers) await r.close();
    await t?.close();
  });

  async function subscriber(name: string, behaviour: Parameters<typeof startReceiver>[0]) {
    const receiver = await startReceiver(behaviour);
    receivers.push(receiver);
    const client = await t.newClient(name);
    const sub = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'slow-receiver-signing-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    return { receiver, client };
  }
  const create = async (client: TestClient, n: number) => {
    for (let i = 0; i < n; i++) {
      const r = await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth, payload: sampleAccount({ name: `Account ${i}` }) });
      expect(r.statusCode).toBe(201);
    }
  };
  /** Milliseconds from each event's commit to the receiver having its request. */
  async function latencies(client: TestClient, receiver: Receiver): Promise<number[]> {
    const events = await t.db.query<{ id: string; occurred_at: Date }>('SELECT id, occurred_at FROM events WHERE client_id = $1', [client.clientId]);
    const at = new Map(receiver.events().map((e) => [e.json.id as string, e.at]));
    return events.map((e) => at.get(e.id)! - new Date(e.occurred_at).getTime());
  }

  it('a hanging and a slow receiver do not delay a healthy one; the hanging one is retried on the schedule, then FAILED', async () => {
    // A first round to warm up (connections, JIT), not measured; then alone.
    const warm = await subscriber('warm-up', { fallback: { status: 204 } });
    await create(warm.client, HEALTHY_EVENTS);
    await warm.receiver.waitFor(() => warm.receiver.events().length >= HEALTHY_EVENTS, 30_000);
    const alone = await subscriber('healthy alone', { fallback: { status: 204 } });
    await create(alone.client, HEALTHY_EVENTS);
    await alone.receiver.waitFor(() => alone.receiver.events().length >= HEALTHY_EVENTS, 30_000);
    const baseline = await latencies(alone.client, alone.receiver);

    // Beside a receiver that never answers and one that answers after 1.5 s (under the timeout).
    const hanging = await subscriber('hanging', { fallback: 'hang' });
    const slow = await subscriber('slow', { fallback: { status: 200, delayMs: 1_500 } });
    await create(hanging.client, STUCK_EVENTS);
    await create(slow.client, STUCK_EVENTS);
    await hanging.receiver.waitFor(() => hanging.receiver.events().length >= STUCK_EVENTS, 30_000);
    const healthy = await subscriber('healthy beside', { fallback: { status: 204 } });
    const healthyStart = Date.now();
    await create(healthy.client, HEALTHY_EVENTS);
    await healthy.receiver.waitFor(() => healthy.receiver.events().length >= HEALTHY_EVENTS, 30_000);
    const healthyDoneMs = Date.now() - healthyStart;
    const hangingSendsStillOpen = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.client_id = $1', [hanging.client.clientId]))[0]!.n === 0;
    const beside = await latencies(healthy.client, healthy.receiver);

    // The hanging receiver: every delivery tried SCHEDULE.length times, each a timeout, then FAILED.
    const failed = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE client_id = $1 AND status = 'FAILED'", [hanging.client.clientId]))[0]!.n;
    const deadline = Date.now() + 60_000;
    while ((await failed()) < STUCK_EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const attempts = await t.db.query<{ delivery_id: string; started_at: Date; error: string | null; latency_ms: number }>(
      `SELECT a.delivery_id, a.started_at, a.error, a.latency_ms FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.client_id = $1 ORDER BY a.delivery_id, a.started_at`, [hanging.client.clientId]);
    const byDelivery = new Map<string, typeof attempts>();
    for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
    // Gap between attempt n and n+1 minus the timeout spent in attempt n: the wait the schedule asked for.
    const waits = SCHEDULE.slice(1).map((_, n) => [...byDelivery.values()].map((list) =>
      new Date(list[n + 1]!.started_at).getTime() - new Date(list[n]!.started_at).getTime() - list[n]!.latency_ms));
    await slow.receiver.waitFor(() => slow.receiver.events().length >= STUCK_EVENTS, 30_000);
    const slowDelivered = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE client_id = $1 AND status = 'DELIVERED' AND attempts = 1", [slow.client.clientId]))[0]!.n;

    const fmt = (v: number[]) => `p50 ${percentile(v, 50)} ms, p95 ${percentile(v, 95)} ms, max ${Math.max(...v)} ms`;
    console.log([
      `fault: webhook receivers that hang or answer slowly (timeout ${TIMEOUT_MS} ms, schedule ${SCHEDULE.join(', ')} ms)`,
      `  healthy receiver alone, ${HEALTHY_EVENTS} events: ${fmt(baseline)}`,
      `  healthy receiver beside ${STUCK_EVENTS} hanging and ${STUCK_EVENTS} slow (1.5 s) sends, ${HEALTHY_EVENTS} events: ${fmt(beside)}; all received ${healthyDoneMs} ms after the first was created; the hanging sends were all still open: ${hangingSendsStillOpen}`,
      `  hanging receiver: ${byDelivery.size} deliveries, attempts per delivery ${JSON.stringify([...new Set([...byDelivery.values()].map((l) => l.length))])}, errors ${JSON.stringify([...new Set(attempts.map((a) => a.error))])}, FAILED ${await failed()}`,
      ...waits.map((w, n) => `  wait before attempt ${n + 2} (schedule ${SCHEDULE[n + 1]} ms): ${fmt(w)}`),
      `  slow receiver: ${slowDelivered} of ${STUCK_EVENTS} delivered on the first attempt`,
    ].join('\n'));

    expect(beside).toHaveLength(HEALTHY_EVENTS);
    // A healthy delivery never waited for a hanging send: each took less than one timeout.
    expect(Math.max(...beside)).toBeLessThan(TIMEOUT_MS);
    expect(await failed()).toBe(STUCK_EVENTS);
    expect([...byDelivery.values()].every((l) => l.length === SCHEDULE.length)).toBe(true);
    expect(attempts.every((a) => a.error === `timeout after ${TIMEOUT_MS} ms`)).toBe(true);
    // Never sooner than the schedule says (later is allowed: the dispatcher polls and the machine is shared).
    waits.forEach((w, n) => expect(Math.min(...w)).toBeGreaterThanOrEqual(SCHEDULE[n + 1]! - 50));
    expect(slowDelivered).toBe(STUCK_EVENTS);
  }, 120_000);
});
