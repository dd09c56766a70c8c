import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { etag } from '../../platform/http/revision.ts';
import { errorResponses, Id } from '../../platform/http/schemas.ts';
import { MAX_EMBED_ORIGINS } from './domain/embed-origins.ts';
import type { Embedding } from './embedding.ts';

export const EmbedSettings = Type.Object({
  client_id: Type.String(),
  allowed_origins: Type.Array(Type.String(), { description: 'Origins (https://host[:port]) whose pages may frame the hosted flow and receive its events' }),
  revision: Type.String(),
}, { $id: 'EmbedSettings', additionalProperties: false });

const EmbedSettingsBody = Type.Object({
  allowed_origins: Type.Array(Type.String({ maxLength: 300 }), {
    maxItems: MAX_EMBED_ORIGINS,
    description: 'https origins only, no path (http is accepted for localhost while developing); an empty list forbids framing',
  }),
}, { additionalProperties: false });

const ClientParams = Type.Object({ clientId: Id('your client id') });

/** Per-client embedding of the hosted flow (web SDK, docs/hosted-flow.md "Embedding"). */
export function registerEmbeddingRoutes(app: App, deps: { embedding: Embedding }) {
  app.addSchema(EmbedSettings);
  const tags = ['hosted flow'];
  app.get('/clients/:clientId/embedding', {
    config: { scope: 'reports:read', audit: 'embedding.read' },
    schema: { tags, summary: 'Which sites may embed the hosted verification flow', params: ClientParams, response: { 200: Type.Ref(EmbedSettings), ...errorResponses() } },
  }, async (request, reply) => {
    const out = await deps.embedding.read(request.params.clientId);
    return reply.header('etag', etag(out.revision)).send(out);
  });
  app.put('/clients/:clientId/embedding', {
    config: { scope: 'reports:write', audit: 'embedding.update' },
    schema: {
      tags, summary: 'Set the sites (origins) that may embed the hosted verification flow in a frame', params: ClientParams, body: EmbedSettingsBody,
      response: { 200: Type.Ref(EmbedSettings), ...errorResponses(413, 415) },
    },
  }, async (request, reply) => {
    const out = await deps.embedding.save(request.params.clientId, request.body.allowed_origins);
    return reply.header('etag', etag(out.revision)).send(out);
  });
}
