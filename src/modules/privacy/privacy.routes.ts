import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { etag } from '../../platform/http/revision.ts';
import { CursorQuery, errorResponses, page } from '../../platform/http/schemas.ts';
import type { ErasureService } from './erasure.service.ts';
import type { RetentionService } from './retention.service.ts';
import { ErasureRequest, ErasureRequestBody, RetentionPolicy, RetentionPolicyBody } from './privacy.schemas.ts';
import { Id } from '../../platform/http/schemas.ts';

const ClientParams = Type.Object({ clientId: Id('your client id') });
const ErasureParams = Type.Object({ clientId: Id('your client id'), erasureId: Id('erasure request id') });

/** The retention policy and erasure requests (ADR 76). Handlers stay thin. */
export function registerPrivacyRoutes(app: App, deps: { retention: RetentionService; erasure: ErasureService }) {
  app.addSchema(RetentionPolicy);
  app.addSchema(ErasureRequest);
  const tags = ['data protection'];

  app.get('/clients/:clientId/retention-policy', {
    config: { scope: 'accounts:read', audit: 'retention.read' },
    schema: { tags, summary: 'How long records are kept after a relationship ends', params: ClientParams, response: { 200: Type.Ref(RetentionPolicy), ...errorResponses() } },
  }, async (request, reply) => {
    const policy = await deps.retention.policy(request.params.clientId);
    return reply.header('etag', etag(policy.revision)).send(policy);
  });

  app.put('/clients/:clientId/retention-policy', {
    config: { scope: 'accounts:write', audit: 'retention.update' },
    schema: {
      tags, summary: 'Set how long records are kept after a relationship ends (0 to 10 years)', params: ClientParams, body: RetentionPolicyBody,
      response: { 200: Type.Ref(RetentionPolicy), ...errorResponses(413, 415) },
    },
  }, async (request, reply) => {
    const policy = await deps.retention.setPolicy(request.params.clientId, request.body.aml_records_years);
    return reply.header('etag', etag(policy.revision)).send(policy);
  });

  app.post('/clients/:clientId/erasure-requests', {
    config: { scope: 'accounts:write', audit: 'erasure.request' },
    schema: {
      tags, summary: 'Ask for the erasure of a contact or a whole account: processing stops at once, deletion follows when retention allows',
      params: ClientParams, body: ErasureRequestBody, response: { 201: Type.Ref(ErasureRequest), ...errorResponses(409, 413, 415) },
    },
  }, async (request, reply) => {
    const created = await deps.erasure.request(request.params.clientId, request.body);
    return reply.status(201).header('location', `/clients/${created.client_id}/erasure-requests/${created.id}`).send(created);
  });

  app.get('/clients/:clientId/erasure-requests', {
    config: { scope: 'accounts:read', audit: 'erasure.list' },
    schema: { tags, summary: 'List erasure requests, oldest first', params: ClientParams, querystring: CursorQuery, response: { 200: page(Type.Ref(ErasureRequest)), ...errorResponses() } },
  }, async (request) => deps.erasure.list(request.params.clientId, request.query));

  app.get('/clients/:clientId/erasure-requests/:erasureId', {
    config: { scope: 'accounts:read', audit: 'erasure.read' },
    schema: { tags, summary: 'Read an erasure request', params: ErasureParams, response: { 200: Type.Ref(ErasureRequest), ...errorResponses() } },
  }, async (request) => deps.erasure.get(request.params.clientId, request.params.erasureId));
}
