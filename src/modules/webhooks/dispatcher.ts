import type { Db } from '../../platform/db/db.ts';
import { toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import { newId } from '../../platform/crypto/ids.ts';
import type { Metrics } from '../../platform/metrics.ts';
import { eventPayload, type EventRow } from '../events/index.ts';
import { afterAttempt, isAcknowledged } from './domain/retry.ts';
import { wants } from './domain/subscriptions.ts';
import type { HttpSender } from './http-sender.ts';
import { signedHeaders } from './signing.ts';
import { deliveriesRepo, subscriptionsRepo, type DeliveryRow, type SubscriptionRow } from './webhooks.repo.ts';

const FANOUT_BATCH = 500;
const CLAIM_BATCH = 200;
const MAX_IN_FLIGHT = 256;
// One receiver that hangs may hold at most this many of a process's sends; the rest go to other receivers.
const MAX_IN_FLIGHT_PER_SUBSCRIPTION = 16;

export interface DispatcherOptions {
  db: Db;
  cipher: Cipher;
  sender: HttpSender;
  schedule: number[];
  timeoutMs: number;
  pollMs?: number;
  metrics?: Metrics;
  log?: (message: string, error?: unknown) => void;
}

/** The webhook body: the event's thin payload plus whether it came from a sandbox client. */
export function webhookBody(event: EventRow & { sandbox: boolean }): string {
  return JSON.stringify({ ...eventPayload(event), environment: event.sandbox ? 'sandbox' : 'live' });
}

/**
 * Turns committed events into deliveries (fan-out from the outbox) and sends due deliveries. Both steps take
 * their rows with SKIP LOCKED, so any number of worker processes can run this loop on one PostgreSQL.
 */
export function createWebhookDispatcher(options: DispatcherOptions) {
  const { db, cipher, sender } = options;
  const pollMs = options.pollMs ?? 100;
  // Long enough for a send that runs into its timeout; short enough that a dead worker's batch is soon retried.
  const leaseMs = options.timeoutMs * 2 + 1_000;
  const inFlightBySubscription = new Map<string, number>();
  let inFlight = 0;
  let running = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  const sends = new Set<Promise<void>>();
  const delivered = options.metrics?.counter('webhook_attempts_total', 'Webhook delivery attempts by outcome', ['outcome']);
  const delay = options.metrics?.histogram('webhook_delivery_delay_seconds', 'From event commit to acknowledged delivery', [], [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 30, 300]);

  const kick = () => wake?.();

  async function fanOut(): Promise<number> {
    return db.tx(async (tx) => {
      const events = await deliveriesRepo.claimEvents(tx, FANOUT_BATCH);
      if (events.length === 0) return 0;
      const subscriptions = await subscriptionsRepo.enabledFor(tx, [...new Set(events.map((e) => e.client_id))]);
      const rows = events.flatMap((event) =>
        subscriptions
          .filter((s) => s.client_id === event.client_id && wants(s.entities, event))
          .map((s) => ({ id: newId('dlv'), clientId: event.client_id, subscriptionId: s.id, eventId: event.id })),
      );
      await deliveriesRepo.insertMany(tx, rows);
      await deliveriesRepo.markDispatched(tx, events.map((e) => e.id));
      return events.length;
    });
  }

  async function send(delivery: DeliveryRow, subscription: SubscriptionRow, event: EventRow & { sandbox: boolean }) {
    const secret = cipher.decrypt(toBuffer(subscription.secret_enc), `subscription:${subscription.id}`).toString('utf8');
    const body = webhookBody(event);
    const startedAt = new Date();
    const result = await sender.post(subscription.callback_url, body, signedHeaders(secret, event.id, body, startedAt));
    const ok = isAcknowledged(result.statusCode ?? undefined);
    const outcome = afterAttempt(options.schedule, delivery.attempts, ok, new Date());
    await deliveriesRepo.recordAttempt(db, {
      deliveryId: delivery.id, startedAt, statusCode: result.statusCode, error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
      latencyMs: result.latencyMs,
      status: outcome.kind === 'delivered' ? 'DELIVERED' : outcome.kind === 'failed' ? 'FAILED' : 'PENDING',
      nextAttemptAt: outcome.kind === 'retry' ? outcome.at : null,
    });
    delivered?.inc({ outcome: ok ? 'delivered' : outcome.kind === 'failed' ? 'failed' : 'retry' });
    if (ok) delay?.observe((Date.now() - event.occurred_at.getTime()) / 1000);
  }

  async function deliverDue(): Promise<number> {
    const slots = Math.min(MAX_IN_FLIGHT - inFlight, CLAIM_BATCH);
    if (slots <= 0) return 0;
    const due = await deliveriesRepo.claimDue(db, slots, leaseMs);
    if (due.length === 0) return 0;
    const subscriptions = new Map(
      (await db.query<SubscriptionRow>('SELECT * FROM webhook_subscriptions WHERE id = ANY($1::text[])', [[...new Set(due.map((d) => d.subscription_id))]]))
        .map((s) => [s.id, s]),
    );
    const events = new Map(
      (await db.query<EventRow & { sandbox: boolean }>(
        'SELECT e.*, c.sandbox FROM events e JOIN clients c ON c.id = e.client_id WHERE e.id = ANY($1::text[])', [due.map((d) => d.event_id)],
      )).map((e) => [e.id, e]),
    );
    for (const delivery of due) {
      const subscription = subscriptions.get(delivery.subscription_id);
      const event = events.get(delivery.event_id);
      if (!subscription || !event) continue; // deleted meanwhile: the cascade removes the delivery too
      const busy = inFlightBySubscription.get(subscription.id) ?? 0;
      if (busy >= MAX_IN_FLIGHT_PER_SUBSCRIPTION) {
        await deliveriesRepo.defer(db, delivery.id, new Date(Date.now() + 500));
        continue;
      }
      inFlight++;
      inFlightBySubscription.set(subscription.id, busy + 1);
      const task = send(delivery, subscription, event)
        .catch((error) => options.log?.('webhook attempt could not be recorded; its lease will expire and it will be retried', error))
        .finally(() => {
          inFlight--;
          inFlightBySubscription.set(subscription.id, (inFlightBySubscription.get(subscription.id) ?? 1) - 1);
          sends.delete(task);
          kick();
        });
      sends.add(task);
    }
    return due.length;
  }

  async function run() {
    while (running) {
      let worked = 0;
      try {
        worked += await fanOut();
        worked += await deliverDue();
      } catch (error) {
        options.log?.('webhook dispatcher step failed; retrying', error);
        await new Promise((r) => setTimeout(r, 1000));
      }
      if (worked === 0 && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    kick,
    /** One pass of both steps, for tests and tools. */
    async runOnce() {
      await fanOut();
      await deliverDue();
      await Promise.all([...sends]);
    },
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      kick();
      await loop;
      await Promise.allSettled([...sends]);
    },
    stats: () => ({ inFlight }),
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
