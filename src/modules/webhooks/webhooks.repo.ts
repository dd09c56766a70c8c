import { one, type Sql } from '../../platform/db/db.ts';
import type { EntitySubscription } from './domain/subscriptions.ts';
import type { EventRow } from '../events/index.ts';

export interface SubscriptionRow {
  seq: number;
  id: string;
  client_id: string;
  callback_url: string;
  type: string;
  secret_enc: Uint8Array;
  entities: EntitySubscription[];
  enabled: boolean;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryRow {
  seq: number;
  id: string;
  client_id: string;
  subscription_id: string;
  event_id: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  delivered_at: Date | null;
  created_at: Date;
}

/** A leased delivery with what sending needs: its subscription, and its event (as the events module stores it). */
export type ClaimedDelivery = Omit<EventRow, 'id'> & {
  id: string;
  attempts: number;
  subscription_id: string;
  callback_url: string;
  secret_enc: Uint8Array;
  subscription_revision: number;
  event_id: string;
  sandbox: boolean;
};

export interface AttemptResult {
  deliveryId: string;
  startedAt: Date;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  nextAttemptAt: Date | null;
}

export interface AttemptRow {
  id: number;
  delivery_id: string;
  started_at: Date;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
}

/** SQL for subscriptions (tenant-scoped: `clientId` first). */
export const subscriptionsRepo = {
  insert: (sql: Sql, clientId: string, row: { id: string; callbackUrl: string; secretEnc: Buffer; entities: EntitySubscription[] }) =>
    one<SubscriptionRow>(sql,
      'INSERT INTO webhook_subscriptions (id, client_id, callback_url, secret_enc, entities) VALUES ($1, $2, $3, $4, $5) RETURNING *',
      [row.id, clientId, row.callbackUrl, row.secretEnc, JSON.stringify(row.entities)]) as Promise<SubscriptionRow>,

  get: (sql: Sql, clientId: string, id: string) =>
    one<SubscriptionRow>(sql, 'SELECT * FROM webhook_subscriptions WHERE client_id = $1 AND id = $2', [clientId, id]),

  list: (sql: Sql, clientId: string, page: { afterSeq: number; limit: number }) =>
    sql.query<SubscriptionRow>('SELECT * FROM webhook_subscriptions WHERE client_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [clientId, page.afterSeq, page.limit + 1]),

  /** Every enabled subscription of these clients: the dispatcher's fan-out reads them per batch. */
  enabledFor: (sql: Sql, clientIds: string[]) =>
    sql.query<SubscriptionRow>('SELECT * FROM webhook_subscriptions WHERE client_id = ANY($1::text[]) AND enabled', [clientIds]),

  update: (sql: Sql, clientId: string, id: string, change: { callbackUrl: string; secretEnc: Buffer; entities: EntitySubscription[]; enabled: boolean }) =>
    one<SubscriptionRow>(sql,
      `UPDATE webhook_subscriptions SET callback_url = $3, secret_enc = $4, entities = $5, enabled = $6, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND id = $2 RETURNING *`,
      [clientId, id, change.callbackUrl, change.secretEnc, JSON.stringify(change.entities), change.enabled]),

  remove: async (sql: Sql, clientId: string, id: string) =>
    (await sql.query('DELETE FROM webhook_subscriptions WHERE client_id = $1 AND id = $2 RETURNING id', [clientId, id])).length > 0,
};

/** SQL for the delivery queue and log. */
export const deliveriesRepo = {
  /** Outbox fan-out: take a batch of undispatched events; SKIP LOCKED lets several dispatchers share the work. */
  claimEvents: (sql: Sql, limit: number) =>
    sql.query<{ id: string; client_id: string; event: string; entity: string; report_type: string | null }>(
      'SELECT id, client_id, event, entity, report_type FROM events WHERE NOT dispatched ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED',
      [limit]),

  markDispatched: (sql: Sql, eventIds: string[]) =>
    sql.query('UPDATE events SET dispatched = true WHERE id = ANY($1::text[])', [eventIds]),

  insertMany: (sql: Sql, rows: Array<{ id: string; clientId: string; subscriptionId: string; eventId: string }>) =>
    rows.length === 0 ? Promise.resolve([]) : sql.query(
      `INSERT INTO webhook_deliveries (id, client_id, subscription_id, event_id, next_attempt_at)
       SELECT * , now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (subscription_id, event_id) DO NOTHING`,
      [rows.map((r) => r.id), rows.map((r) => r.clientId), rows.map((r) => r.subscriptionId), rows.map((r) => r.eventId)]),

  /**
   * Leases up to `limit` due deliveries for `leaseMs`, returning what sending needs (subscription, event,
   * client) in the same statement. A worker that dies mid-send leaves its lease to run out, and the delivery
   * is sent again: at least once, never lost.
   */
  claimDue: (sql: Sql, limit: number, leaseMs: number, perSubscription: number) =>
    sql.query<ClaimedDelivery>(
      // At most `perSubscription` per receiver in one claim, so a busy receiver's backlog does not fill the batch.
      // Two workers may pick the same candidates: the UPDATE re-checks the lease on each row it locks, so a row
      // goes to one of them only (the other skips it once the first commits).
      `WITH due AS (
         SELECT id, subscription_id, next_attempt_at FROM webhook_deliveries
          WHERE status = 'PENDING' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
          ORDER BY next_attempt_at LIMIT 5000),
       candidates AS (
         SELECT id FROM (SELECT id, next_attempt_at, row_number() OVER (PARTITION BY subscription_id ORDER BY next_attempt_at) AS n FROM due) ranked
          WHERE n <= $3 ORDER BY next_attempt_at LIMIT $1)
       UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2::double precision / 1000), attempts = d.attempts + 1
         FROM webhook_subscriptions s, events e, clients c
        WHERE d.id IN (SELECT id FROM candidates) AND d.status = 'PENDING' AND (d.locked_until IS NULL OR d.locked_until < now())
          AND s.id = d.subscription_id AND e.id = d.event_id AND c.id = d.client_id
        RETURNING d.id, d.attempts, d.subscription_id, s.callback_url, s.secret_enc, s.revision AS subscription_revision,
                  e.seq, e.id AS event_id, e.client_id, e.event, e.entity, e.report_type, e.account_id, e.contact_id, e.report_id,
                  e.revision, e.reasons, e.occurred_at, c.sandbox`,
      [limit, leaseMs, perSubscription]),

  /** Gives leased deliveries back without counting the attempt (this process has too many in flight for their receiver). */
  defer: (sql: Sql, ids: string[], at: Date) =>
    ids.length === 0 ? Promise.resolve([]) : sql.query(
      'UPDATE webhook_deliveries SET attempts = attempts - 1, locked_until = NULL, next_attempt_at = $2 WHERE id = ANY($1::text[])', [ids, at]),

  /** Records a batch of finished attempts in one statement: the attempt log rows and each delivery's new state. */
  recordAttempts: (sql: Sql, results: AttemptResult[]) =>
    results.length === 0 ? Promise.resolve([]) : sql.query(
      `WITH r AS (
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::text[], $5::int[], $6::text[], $7::timestamptz[])
                AS r(delivery_id, started_at, status_code, error, latency_ms, status, next_attempt_at)),
       logged AS (
         INSERT INTO webhook_attempts (delivery_id, started_at, status_code, error, latency_ms)
         SELECT delivery_id, started_at, status_code, error, latency_ms FROM r)
       UPDATE webhook_deliveries d
          SET status = r.status, next_attempt_at = r.next_attempt_at, locked_until = NULL, last_status_code = r.status_code,
              last_error = r.error, last_latency_ms = r.latency_ms,
              delivered_at = CASE WHEN r.status = 'DELIVERED' THEN now() ELSE d.delivered_at END
         FROM r WHERE d.id = r.delivery_id`,
      [
        results.map((r) => r.deliveryId), results.map((r) => r.startedAt), results.map((r) => r.statusCode), results.map((r) => r.error),
        results.map((r) => r.latencyMs), results.map((r) => r.status), results.map((r) => r.nextAttemptAt),
      ]),

  list: (sql: Sql, clientId: string, subscriptionId: string, page: { afterSeq: number; limit: number; status?: string }) =>
    sql.query<DeliveryRow & { event: string }>(
      `SELECT d.*, e.event FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.client_id = $1 AND d.subscription_id = $2 AND d.seq > $3 AND ($4::text IS NULL OR d.status = $4)
        ORDER BY d.seq LIMIT $5`,
      [clientId, subscriptionId, page.afterSeq, page.status ?? null, page.limit + 1]),

  get: (sql: Sql, clientId: string, subscriptionId: string, deliveryId: string) =>
    one<DeliveryRow & { event: string }>(sql,
      `SELECT d.*, e.event FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.client_id = $1 AND d.subscription_id = $2 AND d.id = $3`, [clientId, subscriptionId, deliveryId]),

  attempts: (sql: Sql, deliveryIds: string[]) =>
    sql.query<AttemptRow>('SELECT * FROM webhook_attempts WHERE delivery_id = ANY($1::text[]) ORDER BY id', [deliveryIds]),

  /** Redelivery starts a new series of attempts with the same event, so the same webhook-id. */
  redeliver: (sql: Sql, clientId: string, deliveryId: string) =>
    one<DeliveryRow>(sql,
      `UPDATE webhook_deliveries SET status = 'PENDING', attempts = 0, next_attempt_at = now(), locked_until = NULL
        WHERE client_id = $1 AND id = $2 RETURNING *`, [clientId, deliveryId]),

  pendingCount: async (sql: Sql) =>
    (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'PENDING'"))[0]!.n,
};
