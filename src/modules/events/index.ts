export { createEventsService, eventPayload, type EventsService, type EventPayload } from './events.service.ts';
export { registerEventRoutes } from './events.routes.ts';
export { EVENT_NAMES, EventSchema } from './events.schemas.ts';
export { asyncApiDocument } from './asyncapi.ts';
export type { EventRow } from './events.repo.ts';
