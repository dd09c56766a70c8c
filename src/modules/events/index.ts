export { createEventsService, eventPayload, type EventsService, type EventPayload } from './events.service.ts';
export { registerEventRoutes, EVENT_NAMES } from './events.routes.ts';
export type { EventRow } from './events.repo.ts';
