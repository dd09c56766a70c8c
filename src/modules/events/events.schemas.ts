import { Type } from '@sinclair/typebox';

export const EVENT_NAMES = [
  'ENTITY_UPDATED', 'REPORT_INITIATED', 'REPORT_READY', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED',
] as const;

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'Also the webhook-id header of every delivery of this event' }),
    event: Type.Union(EVENT_NAMES.map((e) => Type.Literal(e))),
    entity: Type.Union([Type.Literal('ACCOUNT'), Type.Literal('CONTACT')]),
    report_type: Type.Union([Type.Literal('ONBOARDING'), Type.Literal('AML'), Type.Literal('COMPANY'), Type.Null()]),
    client_id: Type.String(),
    account_id: Type.String(),
    contact_id: Type.Union([Type.String(), Type.Null()]),
    report_id: Type.Union([Type.String(), Type.Null()]),
    revision: Type.Union([Type.String(), Type.Null()]),
    reasons: Type.Optional(Type.Array(Type.String(), {
      description: 'Why, as codes without personal data; present on a company check\'s ENTITY_UPDATED: what monitoring saw change on the register (NEW_OFFICER, OFFICER_LEFT, NEW_PSC, PSC_CEASED, STATUS_CHANGED, NAME_CHANGED, REGISTERED_OFFICE_CHANGED)',
    })),
    occurred_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Event' },
);
