import type { FieldError } from '../../../platform/http/errors.ts';

/** The spec's vocabulary for subscriptions (endpoint 9 and Events). */
export const REPORT_EVENTS = [
  'REPORT_INITIATED', 'REPORT_READY', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED',
] as const;
export const ACCOUNT_EVENTS = ['ENTITY_UPDATED'] as const;
export const REPORT_TYPES = ['ONBOARDING', 'AML', 'COMPANY'] as const;
/** Report types whose reports are of the account, not of a contact (the company check, issue 24). */
export const ACCOUNT_REPORT_TYPES = ['COMPANY'] as const;

export interface EntitySubscription {
  entity: 'CONTACT' | 'ACCOUNT';
  report_types?: string[];
  events: string[];
}

export interface EventFacts {
  entity: string;
  event: string;
  report_type: string | null;
}

/**
 * Rules of `config.entities` beyond its JSON shape (spec endpoint rule 7): CONTACT entries name report types
 * and report events; ACCOUNT entries name ENTITY_UPDATED and no report types. Duplicates are harmless but
 * refused so that what is stored reads as the caller meant it.
 */
export function validateEntities(entities: EntitySubscription[]): FieldError[] {
  const errors: FieldError[] = [];
  if (entities.length === 0) errors.push({ pointer: '/config/entities', message: 'must name at least one entity' });
  entities.forEach((entry, i) => {
    const at = `/config/entities/${i}`;
    const types = entry.report_types ?? [];
    // An ACCOUNT entry that names the COMPANY report type also takes that report's events.
    const allowedEvents: readonly string[] = entry.entity === 'CONTACT' ? REPORT_EVENTS : types.length ? [...ACCOUNT_EVENTS, ...REPORT_EVENTS] : ACCOUNT_EVENTS;
    if (entry.events.length === 0) errors.push({ pointer: `${at}/events`, message: 'must name at least one event' });
    entry.events.forEach((event, j) => {
      if (!allowedEvents.includes(event)) {
        errors.push({ pointer: `${at}/events/${j}`, message: `is not an event of entity ${entry.entity}; use one of ${allowedEvents.join(', ')}` });
      }
    });
    if (new Set(entry.events).size !== entry.events.length) errors.push({ pointer: `${at}/events`, message: 'lists an event twice' });
    const accountTypes: readonly string[] = ACCOUNT_REPORT_TYPES;
    if (entry.entity === 'CONTACT') {
      if (types.length === 0) errors.push({ pointer: `${at}/report_types`, message: 'must name ONBOARDING and/or AML for entity CONTACT' });
      if (new Set(types).size !== types.length) errors.push({ pointer: `${at}/report_types`, message: 'lists a report type twice' });
      types.forEach((t, j) => {
        if (accountTypes.includes(t)) errors.push({ pointer: `${at}/report_types/${j}`, message: `${t} reports are of entity ACCOUNT` });
      });
    } else {
      if (types.some((t) => !accountTypes.includes(t))) errors.push({ pointer: `${at}/report_types`, message: `must be empty or ${ACCOUNT_REPORT_TYPES.join(', ')} for entity ACCOUNT` });
    }
  });
  const kinds = entities.map((e) => e.entity);
  if (new Set(kinds).size !== kinds.length) errors.push({ pointer: '/config/entities', message: 'names an entity twice; merge the entries' });
  return errors;
}

/** Does this subscription want this event? */
export function wants(entities: EntitySubscription[], event: EventFacts): boolean {
  return entities.some(
    (entry) =>
      entry.entity === event.entity &&
      entry.events.includes(event.event) &&
      (entry.entity !== 'CONTACT' || (event.report_type !== null && (entry.report_types ?? []).includes(event.report_type))) &&
      // ACCOUNT: ENTITY_UPDATED whatever caused it; a report event only of a report type the entry names.
      (entry.entity !== 'ACCOUNT' || event.event === 'ENTITY_UPDATED' || (event.report_type !== null && (entry.report_types ?? []).includes(event.report_type))),
  );
}
