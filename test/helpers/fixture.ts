import { expect } from 'vitest';
import { startWorkers } from '../../src/workers.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { startTestService, type TestClient, type TestService } from './service.ts';

/** A webhook subscription of the fixture's client, delivering to the fixture's receiver at `/hook`. */
export interface FixtureSubscription {
  secret: string;
  entities: Array<{ entity: 'CONTACT' | 'ACCOUNT'; report_types?: string[]; events: string[] }>;
}

export interface FixtureOptions {
  /** Environment of the service (SCREENING_LISTS, EIDV_REGISTERS, ...), on top of the test defaults. */
  env?: Record<string, string>;
  /** The service's clock (a test that moves time passes `() => new Date(clock)`). */
  now?: () => Date;
  /** The name of the client the tests act for (`c`). */
  client?: string;
  /** A second client, for tenant isolation (`other`); not created unless named. */
  other?: string;
  /** Credits given to `c`. */
  credits?: number;
  /** `c`'s webhook subscription to the receiver; none unless given. */
  subscription?: FixtureSubscription;
  /** The job workers and the webhook dispatcher run unless `false` (a test that runs jobs by hand). */
  workers?: boolean;
}

/**
 * What most HTTP test files start with: the real service on a fresh database, its workers, a webhook receiver
 * on loopback, a client with credits and a subscription, and optionally a second client. Started in
 * `beforeAll`, closed in `afterAll` (workers, then receiver, then service and database).
 */
export async function startFixture(options: FixtureOptions = {}) {
  const t = await startTestService(options.env ?? {}, { now: options.now });
  const workers = options.workers === false ? undefined : await startWorkers(t.services);
  const receiver = await startReceiver();
  const c = await t.newClient(options.client ?? 'Test client');
  const other = options.other === undefined ? undefined : await t.newClient(options.other);
  if (options.credits) await t.services.credits.add(c.clientId, options.credits, 'test credits');
  if (options.subscription) {
    const sub = await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: c.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: options.subscription.secret, entities: options.subscription.entities } },
    });
    expect(sub.statusCode, sub.body).toBe(201);
  }
  return {
    t,
    c,
    receiver,
    workers,
    /** The second client; asking for it without `other` in the options is a mistake in the test. */
    get other(): TestClient {
      if (!other) throw new Error('startFixture: no `other` client was asked for');
      return other;
    },
    /** The webhook events the receiver got for one contact, in order of arrival. */
    eventsFor: (contactId: string) => receiver.events().filter((e) => e.json.contact_id === contactId).map((e) => e.json.event as string),
    async close() {
      await workers?.stop();
      await receiver.close();
      await t.close();
    },
  };
}

export type Fixture = Awaited<ReturnType<typeof startFixture>>;
export type { Receiver, TestClient, TestService };
