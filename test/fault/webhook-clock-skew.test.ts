import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, sampleAccount, startTestService, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

const SECRET = 'clock-skew-signing-secret';
// How far the receiver's clock is from the sender's when it verifies, in seconds (negative: behind).
const SKEWS = [-600, -360, -301, -299, -240, -60, 0, 60, 240, 299, 301, 360, 600];

/** Verifies as a receiver does with standardwebhooks (5 minute tolerance), its clock reading `at` (ms). */
function verifyAt(headers: Record<string, string>, body: string, at: number): 'accepted' | string {
  const realNow = Date.now;
  Date.now = () => at; // verify() is synchronous: nothing else runs while the clock is moved
  try {
    new Webhook(SECRET, { format: 'raw' }).verify(body, headers);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  } finally {
    Date.now = realNow;
  }
}

/**
 * Clock skew on webhook timestamps (Standard Webhooks, 5 minutes of tolerance either way): a receiver whose
 * clock is off accepts within the tolerance and rejects beyond it; the service stamps each attempt when it is
 * sent (not when the event happened), so a retry hours later is as fresh as the first attempt. Runs once, in the
 * postgres pass with the other fault tests.
 */
describe.skipIf(databaseKind !== 'postgres')('clock skew on webhook timestamps', () => {
  let t: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0ms,1s,1s' });
    receiver = await startReceiver({ fallback: { status: 204 } });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('accepts within 5 minutes of skew, rejects beyond; a retry of an event from 2 hours ago carries a fresh timestamp', async () => {
    const client = await t.newClient();
    const sub = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth, payload: sampleAccount() })).statusCode).toBe(201);
    // The event happened two hours ago (its first attempts failed, say): what is signed is the time of sending.
    await t.db.query("UPDATE events SET occurred_at = now() - interval '2 hours' WHERE client_id = $1", [client.clientId]);

    receiver.respond({ status: 500 });
    await t.services.dispatcher.runOnce(); // attempt 1: the receiver fails
    await new Promise((r) => setTimeout(r, 1_100));
    await t.services.dispatcher.runOnce(); // attempt 2, one second later: accepted
    const [first, second] = receiver.events();
    expect(second, 'two attempts').toBeDefined();
    const headersOf = (r: typeof first) => ({
      'webhook-id': String(r!.headers['webhook-id']), 'webhook-timestamp': String(r!.headers['webhook-timestamp']), 'webhook-signature': String(r!.headers['webhook-signature']),
    });
    const stamp = (r: typeof first) => Number(r!.headers['webhook-timestamp']);
    const occurredAt = Date.parse(second!.json.occurred_at);

    const table = SKEWS.map((s) => ({ skew: s, result: verifyAt(headersOf(second), second!.body, (stamp(second) + s) * 1000) }));
    console.log([
      'fault: clock skew on webhook timestamps (standardwebhooks, tolerance 300 s)',
      `  event occurred_at ${second!.json.occurred_at}; attempt 1 stamped ${new Date(stamp(first) * 1000).toISOString()} (HTTP 500), attempt 2 stamped ${new Date(stamp(second) * 1000).toISOString()}, same webhook-id: ${first!.headers['webhook-id'] === second!.headers['webhook-id']}`,
      `  attempt 2 verified on the receiver's own clock: ${verifyAt(headersOf(second), second!.body, Date.now())}; had it been stamped with occurred_at: ${verifyAt({ ...headersOf(second), 'webhook-timestamp': String(Math.floor(occurredAt / 1000)) }, second!.body, Date.now())}`,
      '  receiver clock minus sender clock -> result:',
      ...table.map((r) => `    ${r.skew > 0 ? '+' : ''}${r.skew} s: ${r.result}`),
    ].join('\n'));

    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(stamp(second) - stamp(first)).toBeGreaterThanOrEqual(1);
    expect(Math.abs(stamp(second) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(Date.now() - occurredAt).toBeGreaterThan(7_000_000);
    expect(verifyAt(headersOf(second), second!.body, Date.now())).toBe('accepted');
    for (const { skew, result } of table) {
      if (Math.abs(skew) <= 300) expect(result, `${skew} s`).toBe('accepted');
      else expect(result, `${skew} s`).toMatch(skew < 0 ? /too new/ : /too old/);
    }
  });
});
