import type { Db } from '../../platform/db/db.ts';
import { toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { notFound, type FieldError } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { assertRevision } from '../../platform/http/revision.ts';
import { validationError } from '../../platform/http/validation.ts';
import { checkCallbackUrl, literalPrivateHost } from './domain/addresses.ts';
import { validateEntities, type EntitySubscription } from './domain/subscriptions.ts';
import type { HttpSender } from './http-sender.ts';
import { signedHeaders } from './signing.ts';
import type { DeliveryOut, SubscriptionCreate, SubscriptionOut, SubscriptionPatch } from './webhooks.schemas.ts';
import { deliveriesRepo, subscriptionsRepo, type AttemptRow, type DeliveryRow, type SubscriptionRow } from './webhooks.repo.ts';


/** Subscriptions (endpoint 9 and the calls around it), their delivery log, redelivery and a test ping. */
export function createWebhooksService(deps: { db: Db; cipher: Cipher; sender: HttpSender; allowPrivate: boolean; onRedeliver?: () => void }) {
  const { db, cipher } = deps;
  const seal = (id: string, secret: string) => cipher.encrypt(Buffer.from(secret), `subscription:${id}`);

  function checkUrl(url: string): FieldError[] {
    const problem = checkCallbackUrl(url);
    if (problem) return [{ pointer: '/callback_url', message: problem }];
    if (!deps.allowPrivate && literalPrivateHost(url)) {
      return [{ pointer: '/callback_url', message: 'points at a private or loopback address, which webhooks may not reach' }];
    }
    return [];
  }

  function toOut(row: SubscriptionRow, generatedSecret?: string): SubscriptionOut {
    return {
      id: row.id, client_id: row.client_id, callback_url: row.callback_url, type: 'WEBHOOK',
      config: { entities: row.entities as SubscriptionOut['config']['entities'], ...(generatedSecret ? { api_secret: generatedSecret } : {}) },
      enabled: row.enabled, revision: String(row.revision), created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
    };
  }

  function deliveryOut(row: DeliveryRow & { event: string }, attempts: AttemptRow[]): DeliveryOut {
    return {
      id: row.id, subscription_id: row.subscription_id, event_id: row.event_id, event: row.event, status: row.status, attempts: row.attempts,
      next_attempt_at: row.status === 'PENDING' ? (row.next_attempt_at?.toISOString() ?? null) : null,
      last_status_code: row.last_status_code, last_error: row.last_error, last_latency_ms: row.last_latency_ms,
      delivered_at: row.delivered_at?.toISOString() ?? null, created_at: row.created_at.toISOString(),
      attempt_log: attempts.filter((a) => a.delivery_id === row.id).map((a) => ({
        started_at: a.started_at.toISOString(), status_code: a.status_code, error: a.error, latency_ms: a.latency_ms,
      })),
    };
  }

  async function requireSubscription(clientId: string, id: string) {
    const row = await subscriptionsRepo.get(db, clientId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async create(clientId: string, body: SubscriptionCreate): Promise<SubscriptionOut> {
      const entities = body.config.entities as EntitySubscription[];
      const errors = [...checkUrl(body.callback_url), ...validateEntities(entities)];
      if (errors.length) throw validationError(errors);
      const id = newId('sub');
      const generated = body.config.api_secret ? undefined : `whsec_${Buffer.from(randomToken(32)).toString('base64')}`;
      // One statement, in a transaction all the same: it marks the request's Idempotency-Key as committed, so a
      // retry after a lost answer cannot make a second subscription (ADR 65 addendum).
      const row = await db.tx((tx) => subscriptionsRepo.insert(tx, clientId, {
        id, callbackUrl: body.callback_url, secretEnc: seal(id, body.config.api_secret ?? generated!), entities,
      }));
      return toOut(row, generated);
    },

    async list(clientId: string, query: { limit?: number; cursor?: string }) {
      const limit = query.limit ?? 50;
      return toPage(await subscriptionsRepo.list(db, clientId, { afterSeq: decodeCursor(query.cursor), limit }), limit, (r) => toOut(r));
    },

    async get(clientId: string, id: string) {
      return toOut(await requireSubscription(clientId, id));
    },

    async update(clientId: string, id: string, body: SubscriptionPatch, ifMatch?: number): Promise<SubscriptionOut> {
      const current = await requireSubscription(clientId, id);
      assertRevision(ifMatch, current.revision);
      const callbackUrl = body.callback_url ?? current.callback_url;
      const entities = (body.config?.entities as EntitySubscription[] | undefined) ?? current.entities;
      const errors = [...(body.callback_url ? checkUrl(callbackUrl) : []), ...(body.config?.entities ? validateEntities(entities) : [])];
      if (errors.length) throw validationError(errors);
      const secretEnc = body.config?.api_secret ? seal(id, body.config.api_secret) : toBuffer(current.secret_enc);
      const row = await subscriptionsRepo.update(db, clientId, id, { callbackUrl, secretEnc, entities, enabled: body.enabled ?? current.enabled });
      if (!row) throw notFound();
      return toOut(row);
    },

    async remove(clientId: string, id: string) {
      if (!(await subscriptionsRepo.remove(db, clientId, id))) throw notFound();
    },

    /** Sends a signed `PING` now and reports what the receiver answered; nothing is queued or retried. */
    async ping(clientId: string, id: string) {
      const row = await requireSubscription(clientId, id);
      const secret = cipher.decrypt(toBuffer(row.secret_enc), `subscription:${row.id}`).toString('utf8');
      const eventId = newId('evt_ping');
      const body = JSON.stringify({ id: eventId, event: 'PING', entity: null, client_id: clientId, subscription_id: id, occurred_at: new Date().toISOString() });
      const result = await deps.sender.post(row.callback_url, body, signedHeaders(secret, eventId, body, new Date()));
      const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      return { delivered, status_code: result.statusCode, latency_ms: result.latencyMs, error: result.error ?? (delivered ? null : `HTTP ${result.statusCode}`) };
    },

    async deliveries(clientId: string, subscriptionId: string, query: { limit?: number; cursor?: string; status?: string }) {
      await requireSubscription(clientId, subscriptionId);
      const limit = query.limit ?? 50;
      const rows = await deliveriesRepo.list(db, clientId, subscriptionId, { afterSeq: decodeCursor(query.cursor), limit, status: query.status });
      const attempts = await deliveriesRepo.attempts(db, rows.map((r) => r.id));
      return toPage(rows, limit, (r) => deliveryOut(r, attempts));
    },

    async delivery(clientId: string, subscriptionId: string, deliveryId: string) {
      const row = await deliveriesRepo.get(db, clientId, subscriptionId, deliveryId);
      if (!row) throw notFound();
      return deliveryOut(row, await deliveriesRepo.attempts(db, [row.id]));
    },

    async redeliver(clientId: string, subscriptionId: string, deliveryId: string) {
      const row = await deliveriesRepo.get(db, clientId, subscriptionId, deliveryId);
      if (!row) throw notFound();
      await deliveriesRepo.redeliver(db, clientId, deliveryId);
      deps.onRedeliver?.();
      const again = (await deliveriesRepo.get(db, clientId, subscriptionId, deliveryId))!;
      return deliveryOut(again, await deliveriesRepo.attempts(db, [row.id]));
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
