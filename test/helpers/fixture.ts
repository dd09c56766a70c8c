import { expect } from 'vitest';
import { startWorkers } from '../../src/workers.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { startTestService, type TestClient, type TestService } from './service.ts';

/**
 * A webhook subscription delivering to the fixture's receiver at `/hook`: either its entities written out, or
 * (the common case of report tests) the report types and events of the CONTACT entity.
 */
export type FixtureSubscription =
  | { secret: string; entities: Array<{ entity: 'CONTACT' | 'ACCOUNT'; report_types?: string[]; events: string[] }> }
  | { secret: string; reportTypes: string[]; events: string[] };

/** Kept for the report tests that name it so. */
export type Subscription = FixtureSubscription;

export interface FixtureOptions {
  /** Environment of the service (SCREENING_LISTS, EIDV_REGISTERS, ...), on top of the test defaults. */
  env?: Record<string, string>;
  /** The service's clock (a test that moves time passes `() => new Date(clock)`). */
  now?: () => Date;
  /** The name of the client the tests act for (`c`). */
  client?: string;
  /** The same, as the report tests name it. */
  clientName?: string;
  /** A second client, for tenant isolation (`other`); not created unless named. */
  other?: string;
  /** Credits given to `c`. */
  credits?: number;
  /** `c`'s webhook subscription to the receiver; none unless given. */
  subscription?: FixtureSubscription;
  /** The job workers and the webhook dispatcher run unless `false` (a test that runs jobs by hand). */
  workers?: boolean;
}

const entitiesOf = (s: FixtureSubscription) =>
  'entities' in s ? s.entities : [{ entity: 'CONTACT' as const, report_types: s.reportTypes, events: s.events }];

/**
 * What most HTTP test files start with: the real service on a fresh database, its workers, a webhook receiver
 * on loopback, a client with credits and a subscription, and optionally a second client. Started in
 * `beforeAll`, closed in `afterAll` (workers, then receiver, then service and database).
 */
export async function startFixture(options: FixtureOptions = {}) {
  const t = await startTestService(options.env ?? {}, { now: options.now });
  const workers = options.workers === false ? undefined : await startWorkers(t.services);
  const receiver = await startReceiver();
  /** Subscribes a client's webhook to the receiver (201 expected). */
  const subscribe = async (client: TestClient, s: FixtureSubscription) => {
    const sub = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: s.secret, entities: entitiesOf(s) } },
    });
    expect(sub.statusCode, sub.body).toBe(201);
  };
  const c = await t.newClient(options.client ?? options.clientName ?? 'Test client');
  const other = options.other === undefined ? undefined : await t.newClient(options.other);
  if (options.credits) await t.services.credits.add(c.clientId, options.credits, 'test credits');
  if (options.subscription) await subscribe(c, options.subscription);
  return {
    t,
    c,
    receiver,
    workers,
    subscribe,
    /** The second client; asking for it without `other` in the options is a mistake in the test. */
    get other(): TestClient {
      if (!other) throw new Error('startFixture: no `other` client was asked for');
      return other;
    },
    /** The webhook events the receiver got for one contact, in order of arrival (of one report type when given). */
    eventsFor: (contactId: string, reportType?: string) =>
      receiver.events().filter((e) => e.json.contact_id === contactId && (reportType === undefined || e.json.report_type === reportType)).map((e) => e.json.event as string),
    async close() {
      await workers?.stop();
      await receiver.close();
      await t.close();
    },
  };
}

export type Fixture = Awaited<ReturnType<typeof startFixture>>;
export type { Receiver, TestClient, TestService };
