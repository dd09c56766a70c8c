import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { CursorQuery, errorResponses, page } from '../../platform/http/schemas.ts';
import type { EventsService } from './events.service.ts';

export const EVENT_NAMES = [
  'ENTITY_UPDATED', 'REPORT_INITIATED', 'REPORT_READY', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED',
] as const;

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'Also the webhook-id header of every delivery of this event' }),
    event: Type.Union(EVENT_NAMES.map((e) => Type.Literal(e))),
    entity: Type.Union([Type.Literal('ACCOUNT'), Type.Literal('CONTACT')]),
    report_type: Type.Union([Type.Literal('ONBOARDING'), Type.Literal('AML'), Type.Null()]),
    client_id: Type.String(),
    account_id: Type.String(),
    contact_id: Type.Union([Type.String(), Type.Null()]),
    report_id: Type.Union([Type.String(), Type.Null()]),
    revision: Type.Union([Type.String(), Type.Null()]),
    occurred_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Event' },
);

export function registerEventRoutes(app: App, deps: { events: EventsService }) {
  app.addSchema(EventSchema);
  app.get('/clients/:clientId/events', {
    config: { scope: 'subscriptions:read' },
    schema: {
      tags: ['webhooks'],
      summary: 'Page through every event, oldest first: catch up after an outage by passing the last cursor',
      params: Type.Object({ clientId: Type.String({ maxLength: 64 }) }),
      querystring: Type.Composite([
        CursorQuery,
        Type.Object({ event: Type.Optional(Type.Union(EVENT_NAMES.map((e) => Type.Literal(e)))), account_id: Type.Optional(Type.String({ maxLength: 64 })) }),
      ], { additionalProperties: false }),
      response: { 200: page(Type.Ref(EventSchema)), ...errorResponses() },
    },
  }, async (request) => deps.events.list(request.params.clientId, request.query));
}
