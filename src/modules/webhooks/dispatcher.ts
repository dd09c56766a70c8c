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
import { deliveriesRepo, subscriptionsRepo, type AttemptResult, type ClaimedDelivery } from './webhooks.repo.ts';

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
  /** Wait this long after a wake-up so that a burst of events is fanned out in one transaction. */
  coalesceMs?: number;
  metrics?: Metrics;
  log?: (message: string, error?: unknown) => void;
}

/** The webhook body: the event's thin payload plus whether it came from a sandbox client. */
export function webhookBody(event: EventRow & { sandbox: boolean }): string {
  return JSON.stringify({ ...eventPayload(event), environment: event.sandbox ? 'sandbox' : 'live' });
}

/**
 * Turns committed events into deliveries (fan-out from the outbox), sends due deliveries concurrently, and
 * records finished attempts in batches. Every step takes its rows with SKIP LOCKED, so any number of worker
 * processes can run this loop on one PostgreSQL.
 */
export function createWebhookDispatcher(options: DispatcherOptions) {
  const { db, cipher, sender } = options;
  const pollMs = options.pollMs ?? 100;
  // Long enough for a send that runs into its timeout; short enough that a dead worker's batch is soon retried.
  const leaseMs = options.timeoutMs * 2 + 1_000;
  const inFlightBySubscription = new Map<string, number>();
  const secrets = new Map<string, { revision: number; secret: string }>();
  let finished: AttemptResult[] = [];
  let inFlight = 0;
  let running = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  const sends = new Set<Promise<void>>();
  const attemptsTotal = options.metrics?.counter('webhook_attempts_total', 'Webhook delivery attempts by outcome', ['outcome']);
  const delay = options.metrics?.histogram('webhook_delivery_delay_seconds', 'From event commit to acknowledged delivery', [], [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 30, 300]);

  const coalesceMs = options.coalesceMs ?? 0;
  let kickTimer: NodeJS.Timeout | undefined;
  const kick = () => {
    if (coalesceMs === 0) return wake?.();
    kickTimer ??= setTimeout(() => {
      kickTimer = undefined;
      wake?.();
    }, coalesceMs);
  };

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

  function secretOf(d: ClaimedDelivery): string {
    const cached = secrets.get(d.subscription_id);
    if (cached && cached.revision === d.subscription_revision) return cached.secret;
    const secret = cipher.decrypt(toBuffer(d.secret_enc), `subscription:${d.subscription_id}`).toString('utf8');
    secrets.set(d.subscription_id, { revision: d.subscription_revision, secret });
    return secret;
  }

  async function send(d: ClaimedDelivery) {
    const event = { ...d, id: d.event_id };
    const body = webhookBody(event);
    const startedAt = new Date();
    const result = await sender.post(d.callback_url, body, signedHeaders(secretOf(d), d.event_id, body, startedAt));
    const ok = isAcknowledged(result.statusCode ?? undefined);
    const outcome = afterAttempt(options.schedule, d.attempts, ok, new Date());
    finished.push({
      deliveryId: d.id, startedAt, statusCode: result.statusCode, error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
      latencyMs: result.latencyMs,
      status: outcome.kind === 'delivered' ? 'DELIVERED' : outcome.kind === 'failed' ? 'FAILED' : 'PENDING',
      nextAttemptAt: outcome.kind === 'retry' ? outcome.at : null,
    });
    attemptsTotal?.inc({ outcome: ok ? 'delivered' : outcome.kind === 'failed' ? 'failed' : 'retry' });
    if (ok) delay?.observe((Date.now() - d.occurred_at.getTime()) / 1000);
  }

  /** Writes finished attempts; a failure here leaves their leases to expire, so they are sent again (at least once). */
  async function flush(): Promise<number> {
    if (finished.length === 0) return 0;
    const batch = finished;
    finished = [];
    await deliveriesRepo.recordAttempts(db, batch);
    return batch.length;
  }

  async function deliverDue(): Promise<number> {
    const slots = Math.min(MAX_IN_FLIGHT - inFlight, CLAIM_BATCH);
    if (slots <= 0) return 0;
    const due = await deliveriesRepo.claimDue(db, slots, leaseMs, MAX_IN_FLIGHT_PER_SUBSCRIPTION);
    const deferred: string[] = [];
    for (const d of due) {
      const busy = inFlightBySubscription.get(d.subscription_id) ?? 0;
      if (busy >= MAX_IN_FLIGHT_PER_SUBSCRIPTION) {
        deferred.push(d.id);
        continue;
      }
      inFlight++;
      inFlightBySubscription.set(d.subscription_id, busy + 1);
      const task = send(d)
        .catch((error) => options.log?.('webhook attempt failed unexpectedly; its lease will expire and it will be retried', error))
        .finally(() => {
          inFlight--;
          inFlightBySubscription.set(d.subscription_id, (inFlightBySubscription.get(d.subscription_id) ?? 1) - 1);
          sends.delete(task);
          kick();
        });
      sends.add(task);
    }
    // Back to the queue in one statement; they go out as this receiver's sends finish.
    await deliveriesRepo.defer(db, deferred, new Date(Date.now() + 200));
    return due.length - deferred.length;
  }

  async function step(): Promise<number> {
    return (await flush()) + (await fanOut()) + (await deliverDue());
  }

  async function run() {
    while (running) {
      let worked = 0;
      try {
        worked = await step();
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
    /** One pass of every step, waiting for the sends it started (tests and tools). */
    async runOnce() {
      await step();
      await Promise.all([...sends]);
      await flush();
    },
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      if (kickTimer) clearTimeout(kickTimer);
      wake?.();
      await loop;
      await Promise.allSettled([...sends]);
      await flush().catch(() => undefined);
    },
    stats: () => ({ inFlight }),
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
