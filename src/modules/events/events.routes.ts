import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { CursorQuery, errorResponses, page } from '../../platform/http/schemas.ts';
import type { EventsService } from './events.service.ts';
import { asyncApiDocument } from './asyncapi.ts';
import { EVENT_NAMES, EventSchema } from './events.schemas.ts';

export function registerEventRoutes(app: App, deps: { events: EventsService; publicUrl: string }) {
  app.addSchema(EventSchema);
  app.get('/asyncapi.json', { config: { public: true }, schema: { hide: true } }, async () => asyncApiDocument(deps.publicUrl));
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
