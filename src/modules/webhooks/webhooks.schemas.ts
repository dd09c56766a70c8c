import { Type, type Static } from '@sinclair/typebox';
import { ACCOUNT_EVENTS, REPORT_EVENTS, REPORT_TYPES } from './domain/subscriptions.ts';

const EventName = Type.Union([...REPORT_EVENTS, ...ACCOUNT_EVENTS].map((e) => Type.Literal(e)));

export const EntityEntry = Type.Object(
  {
    entity: Type.Union([Type.Literal('CONTACT'), Type.Literal('ACCOUNT')], { description: '`CONTACT` for report events, `ACCOUNT` for ENTITY_UPDATED and the COMPANY report\'s events' }),
    report_types: Type.Optional(Type.Array(Type.Union(REPORT_TYPES.map((t) => Type.Literal(t))), { maxItems: 3, description: 'with entity CONTACT: ONBOARDING and/or AML; with entity ACCOUNT: COMPANY (the company check\'s report events), or none' })),
    events: Type.Array(EventName, { maxItems: 7 }),
  },
  { additionalProperties: false },
);

const Secret = Type.String({
  minLength: 16, maxLength: 256,
  description: 'Signing secret (Standard Webhooks). `whsec_` + base64, or any string of 16+ characters used as UTF-8 bytes. Omit it to have one generated and shown once.',
});

export const SubscriptionCreateBody = Type.Object(
  {
    callback_url: Type.String({ maxLength: 2048, description: 'http or https URL that receives the notifications' }),
    type: Type.Literal('WEBHOOK'),
    config: Type.Object({ api_secret: Type.Optional(Secret), entities: Type.Array(EntityEntry, { minItems: 1, maxItems: 2 }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export const SubscriptionPatchBody = Type.Object(
  {
    callback_url: Type.Optional(Type.String({ maxLength: 2048 })),
    enabled: Type.Optional(Type.Boolean({ description: '`false` pauses deliveries; events keep accumulating and go out when enabled again' })),
    config: Type.Optional(Type.Object({ api_secret: Type.Optional(Secret), entities: Type.Optional(Type.Array(EntityEntry, { minItems: 1, maxItems: 2 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const Subscription = Type.Object(
  {
    id: Type.String(),
    client_id: Type.String(),
    callback_url: Type.String(),
    type: Type.Literal('WEBHOOK'),
    config: Type.Object({
      entities: Type.Array(EntityEntry),
      api_secret: Type.Optional(Type.String({ description: 'Only in the creation response, and only when the service generated it' })),
    }),
    enabled: Type.Boolean(),
    revision: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Subscription' },
);

export const Attempt = Type.Object({
  started_at: Type.String({ format: 'date-time' }),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  latency_ms: Type.Integer(),
});

export const Delivery = Type.Object(
  {
    id: Type.String(),
    subscription_id: Type.String(),
    event_id: Type.String({ description: 'The webhook-id of every attempt' }),
    event: Type.String(),
    status: Type.Union([Type.Literal('PENDING'), Type.Literal('DELIVERED'), Type.Literal('FAILED')]),
    attempts: Type.Integer({ description: 'Attempts in the current series' }),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    last_latency_ms: Type.Union([Type.Integer(), Type.Null()]),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    attempt_log: Type.Array(Attempt),
  },
  { $id: 'Delivery' },
);

export const TestResult = Type.Object({
  delivered: Type.Boolean(),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export type SubscriptionCreate = Static<typeof SubscriptionCreateBody>;
export type SubscriptionPatch = Static<typeof SubscriptionPatchBody>;
export type SubscriptionOut = Static<typeof Subscription>;
export type DeliveryOut = Static<typeof Delivery>;
