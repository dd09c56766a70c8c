import { expect } from 'vitest';
import { startWorkers } from '../../src/workers.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { startTestService, type TestClient, type TestService } from './service.ts';

/**
 * The fixture most report tests start from: the real service (HTTP through app.inject, a fresh database), its
 * workers, a real webhook receiver, one client with credits and a subscription that sends the report events to
 * the receiver. Start it in beforeAll and close it in afterAll.
 */
export interface Subscription {
  secret: string;
  reportTypes: string[];
  events: string[];
}

export interface FixtureOptions {
  /** Environment of the service (SCREENING_LISTS, EIDV_REGISTERS, ...). */
  env?: Record<string, string>;
  clientName?: string;
  credits?: number;
  /** The client's subscription; none when absent. */
  subscription?: Subscription;
}

export interface Fixture {
  t: TestService;
  c: TestClient;
  receiver: Receiver;
  workers: { stop(): Promise<void> };
  /** Subscribes a client's webhook to the receiver (201 expected). */
  subscribe(client: TestClient, subscription: Subscription): Promise<void>;
  /** The event names received for a contact, in order (of one report type when given). */
  eventsFor(contactId: string, reportType?: string): string[];
  close(): Promise<void>;
}

export async function startFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const t = await startTestService(options.env ?? {});
  const workers = await startWorkers(t.services);
  const receiver = await startReceiver();
  const subscribe = async (client: TestClient, s: Subscription) => {
    const sub = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/subscriptions`, headers: client.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: s.secret, entities: [{ entity: 'CONTACT', report_types: s.reportTypes, events: s.events }] } },
    });
    expect(sub.statusCode, sub.body).toBe(201);
  };
  const c = await t.newClient(options.clientName ?? 'Test firm');
  if (options.credits) await t.services.credits.add(c.clientId, options.credits, 'test credits');
  if (options.subscription) await subscribe(c, options.subscription);
  return {
    t, c, receiver, workers, subscribe,
    eventsFor: (contactId, reportType) =>
      receiver.events().filter((e) => e.json.contact_id === contactId && (reportType === undefined || e.json.report_type === reportType)).map((e) => e.json.event as string),
    async close() {
      await workers.stop();
      await receiver.close();
      await t.close();
    },
  };
}
