import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { CursorQuery, errorResponses, page, Id } from '../../platform/http/schemas.ts';
import { etag, expectedRevision } from '../../platform/http/revision.ts';
import { Delivery, Subscription, SubscriptionCreateBody, SubscriptionPatchBody, TestResult } from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const ClientParams = Type.Object({ clientId: Id() });
const SubParams = Type.Object({ clientId: Id(), subscriptionId: Id() });
const DeliveryParams = Type.Object({ clientId: Id(), subscriptionId: Id(), deliveryId: Id() });

/** Endpoint 9 and the calls around it: list, read, update, delete, test ping, delivery log, redelivery. */
export function registerWebhookRoutes(app: App, deps: { webhooks: WebhooksService }) {
  const { webhooks } = deps;
  app.addSchema(Subscription);
  app.addSchema(Delivery);
  const tags = ['webhooks'];
  const base = '/clients/:clientId/subscriptions';

  app.post(base, {
    config: { scope: 'subscriptions:write', audit: 'subscription.create' },
    schema: { tags, summary: 'Subscribe to notifications (endpoint 9)', params: ClientParams, body: SubscriptionCreateBody, response: { 201: Type.Ref(Subscription), ...errorResponses(413, 415, 422) } },
  }, async (request, reply) => {
    const sub = await webhooks.create(request.params.clientId, request.body);
    return reply.status(201).header('etag', etag(sub.revision)).header('location', `/clients/${sub.client_id}/subscriptions/${sub.id}`).send(sub);
  });

  app.get(base, {
    config: { scope: 'subscriptions:read' },
    schema: { tags, summary: 'List subscriptions', params: ClientParams, querystring: CursorQuery, response: { 200: page(Type.Ref(Subscription)), ...errorResponses() } },
  }, async (request) => webhooks.list(request.params.clientId, request.query));

  app.get(`${base}/:subscriptionId`, {
    config: { scope: 'subscriptions:read' },
    schema: { tags, summary: 'Read a subscription (never its secret)', params: SubParams, response: { 200: Type.Ref(Subscription), ...errorResponses() } },
  }, async (request, reply) => {
    const sub = await webhooks.get(request.params.clientId, request.params.subscriptionId);
    return reply.header('etag', etag(sub.revision)).send(sub);
  });

  app.patch(`${base}/:subscriptionId`, {
    config: { scope: 'subscriptions:write', audit: 'subscription.update' },
    schema: {
      tags, summary: 'Change the URL, events, secret, or pause a subscription', params: SubParams, body: SubscriptionPatchBody,
      headers: Type.Object({ 'if-match': Type.Optional(Type.String()) }), response: { 200: Type.Ref(Subscription), ...errorResponses(412, 422) },
    },
  }, async (request, reply) => {
    const { clientId, subscriptionId } = request.params;
    const sub = await webhooks.update(clientId, subscriptionId, request.body, expectedRevision(request.headers['if-match']));
    return reply.header('etag', etag(sub.revision)).send(sub);
  });

  app.delete(`${base}/:subscriptionId`, {
    config: { scope: 'subscriptions:write', audit: 'subscription.delete' },
    schema: { tags, summary: 'Delete a subscription and its delivery log', params: SubParams, response: { 204: Type.Null(), ...errorResponses() } },
  }, async (request, reply) => {
    await webhooks.remove(request.params.clientId, request.params.subscriptionId);
    return reply.status(204).send(null);
  });

  app.post(`${base}/:subscriptionId/test`, {
    config: { scope: 'subscriptions:write' },
    schema: { tags, summary: 'Send a signed PING now and report the answer', params: SubParams, response: { 200: TestResult, ...errorResponses() } },
  }, async (request) => webhooks.ping(request.params.clientId, request.params.subscriptionId));

  app.get(`${base}/:subscriptionId/deliveries`, {
    config: { scope: 'subscriptions:read' },
    schema: {
      tags, summary: 'Delivery log: attempts, status codes, latency, next attempt', params: SubParams,
      querystring: Type.Composite([CursorQuery, Type.Object({ status: Type.Optional(Type.Union([Type.Literal('PENDING'), Type.Literal('DELIVERED'), Type.Literal('FAILED')])) })], { additionalProperties: false }),
      response: { 200: page(Type.Ref(Delivery)), ...errorResponses() },
    },
  }, async (request) => webhooks.deliveries(request.params.clientId, request.params.subscriptionId, request.query));

  app.get(`${base}/:subscriptionId/deliveries/:deliveryId`, {
    config: { scope: 'subscriptions:read' },
    schema: { tags, summary: 'One delivery with every attempt', params: DeliveryParams, response: { 200: Type.Ref(Delivery), ...errorResponses() } },
  }, async (request) => webhooks.delivery(request.params.clientId, request.params.subscriptionId, request.params.deliveryId));

  app.post(`${base}/:subscriptionId/deliveries/:deliveryId/redeliver`, {
    config: { scope: 'subscriptions:write' },
    schema: {
      tags, summary: 'Send this event again (same webhook-id), starting a new series of attempts', params: DeliveryParams,
      response: { 202: Type.Ref(Delivery), ...errorResponses() },
    },
  }, async (request, reply) => reply.status(202).send(await webhooks.redeliver(request.params.clientId, request.params.subscriptionId, request.params.deliveryId)));
}
