import type { Db, Sql } from '../../platform/db/db.ts';
import { newId } from '../../platform/crypto/ids.ts';
import type { DomainEvent, EventRecorder } from '../../platform/events.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { eventsRepo, type EventRow } from './events.repo.ts';

/** The webhook payload (DESIGN.md): ids and what happened, no personal data; the receiver reads the record. */
export function eventPayload(row: EventRow) {
  return {
    id: row.id,
    event: row.event,
    entity: row.entity,
    report_type: row.report_type,
    client_id: row.client_id,
    account_id: row.account_id,
    contact_id: row.contact_id,
    report_id: row.report_id,
    revision: row.revision,
    // Only on the events that have one (a company check's ENTITY_UPDATED): the others' payload is unchanged.
    ...(row.reasons?.length ? { reasons: row.reasons } : {}),
    occurred_at: row.occurred_at.toISOString(),
  };
}

export type EventPayload = ReturnType<typeof eventPayload>;

export function createEventsService(deps: { db: Db; onRecorded?: () => void }) {
  const listeners: Array<() => void> = deps.onRecorded ? [deps.onRecorded] : [];
  const recorder: EventRecorder & { onRecorded(fn: () => void): void } = {
    async record(tx: Sql, event: DomainEvent) {
      await eventsRepo.insert(tx, {
        id: newId('evt'),
        client_id: event.clientId,
        event: event.event,
        entity: event.entity,
        report_type: event.reportType ?? null,
        account_id: event.accountId,
        contact_id: event.contactId ?? null,
        report_id: event.reportId ?? null,
        revision: event.revision ?? null,
        reasons: event.reasons?.length ? event.reasons : null,
      });
      // A hint for an in-process dispatcher to look sooner; correctness never depends on it.
      for (const fn of listeners) queueMicrotask(fn);
    },
    onRecorded(fn) {
      listeners.push(fn);
    },
  };
  return {
    ...recorder,
    async list(clientId: string, query: { limit?: number; cursor?: string; event?: string; account_id?: string }) {
      const limit = query.limit ?? 50;
      const rows = await eventsRepo.list(deps.db, clientId, { afterSeq: decodeCursor(query.cursor), limit, event: query.event, accountId: query.account_id });
      return toPage(rows, limit, eventPayload);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
