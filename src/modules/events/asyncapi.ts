import { Type } from '@sinclair/typebox';
import { EVENT_NAMES, EventSchema } from './events.schemas.ts';

const MEANINGS: Record<(typeof EVENT_NAMES)[number], string> = {
  ENTITY_UPDATED: 'The account changed: read it (endpoint 11) and check client_onboarding.completed. With report_type COMPANY: Companies House monitoring saw the register change; reasons names what (NEW_OFFICER, NEW_PSC, ...), the company check\'s data.changes says who.',
  REPORT_INITIATED: 'A report was requested (endpoints 5 and 7).',
  REPORT_READY: 'The report is complete: read it (endpoint 6 or 8; report_type COMPANY: GET /clients/{clientId}/accounts/{accountId}/reports/company).',
  REPORT_ERROR: 'Verification or screening failed; the report status is ERROR.',
  REPORT_CREDIT_LIMIT_EXCEEDED: 'The client has no credit left; the report status is CREDIT_BALANCE_EXCEEDED.',
  REPORT_IN_REVIEW: 'A result needs a person: REFER, ALERT, a failed face match or a potential PEP or sanctions match.',
  REPORT_REVIEW_COMPLETED: 'A reviewer recorded a decision: read the report\'s review.',
};

/** The webhook body: the event (the same schema as GET /clients/{clientId}/events) plus its environment. */
export const WebhookPayload = Type.Composite([
  Type.Omit(EventSchema, []),
  Type.Object({ environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]) }),
]);

const SignatureHeaders = Type.Object({
  'webhook-id': Type.String({ description: 'The event id; the same on every retry of one event (deduplicate on it)' }),
  'webhook-timestamp': Type.String({ description: 'Unix seconds of this attempt' }),
  'webhook-signature': Type.String({ description: 'v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">, keyed by config.api_secret' }),
});

/**
 * AsyncAPI 3.0 description of the webhooks, built from the same TypeBox schemas as the event list in the
 * OpenAPI document, so the two cannot disagree.
 */
export function asyncApiDocument(publicUrl: string) {
  const { $id: _drop, ...payload } = WebhookPayload as unknown as Record<string, unknown>;
  const messages = Object.fromEntries(
    EVENT_NAMES.map((name) => [
      name,
      {
        name,
        title: name,
        summary: MEANINGS[name],
        contentType: 'application/json',
        headers: SignatureHeaders,
        payload: { ...payload, properties: { ...(payload.properties as object), event: { type: 'string', const: name } } },
      },
    ]),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'KYC onboarding and AML webhooks',
      version: '1.0.0',
      description:
        'Notifications POSTed to each subscription\'s callback_url (endpoint 9), signed with Standard Webhooks. ' +
        'Delivered at least once, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; acknowledge with any 2xx.',
    },
    servers: {
      subscriber: { host: '{callbackHost}', protocol: 'https', description: 'Your endpoint, as given in callback_url', variables: { callbackHost: { default: 'example.com' } } },
    },
    channels: {
      webhook: {
        address: '/{callbackPath}',
        description: `The callback_url of a subscription created at ${publicUrl}/clients/{clientId}/subscriptions`,
        parameters: { callbackPath: { description: 'Path of your callback_url' } },
        messages: Object.fromEntries(EVENT_NAMES.map((name) => [name, { $ref: `#/components/messages/${name}` }])),
      },
    },
    operations: {
      sendNotification: {
        action: 'send',
        channel: { $ref: '#/channels/webhook' },
        summary: 'The service sends an event to your callback_url',
        messages: EVENT_NAMES.map((name) => ({ $ref: `#/channels/webhook/messages/${name}` })),
      },
    },
    components: { messages },
  };
}
