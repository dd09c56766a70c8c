import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { problemOf } from '../../platform/http/problem.ts';
import type { ErasureService } from './erasure.service.ts';

type Ids = { clientId?: string; accountId?: string; contactId?: string };

/**
 * The client whose record a 404 was about: on API paths the bearer's own client named in the path; on console
 * paths (`/console/api/accounts/:accountId/...`) the signed-in staff user's client, which the path leaves out.
 */
function tenantOf(request: FastifyRequest, params: Ids): string | undefined {
  if (request.auth) return params.clientId === request.auth.clientId ? params.clientId : undefined;
  return request.staff?.user.client_id;
}

/**
 * A record under an erasure request is gone from the live tables, so every read of it ends in a 404. Only
 * then (never on the hot path of a found record) this asks whether a request restricts it, and answers 451
 * `restricted` instead, naming the request (ADR 76, RFC 7725): to API callers and to reviewers in the console.
 */
export function installRestrictionAnswers(app: App, deps: { erasure: ErasureService; problemBase: string }) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 404) return payload;
    const params = (request.params ?? {}) as Ids;
    if (!params.accountId) return payload;
    const clientId = tenantOf(request, params);
    if (!clientId) return payload;
    const restriction = await deps.erasure.restriction(clientId, params.accountId, params.contactId ?? null);
    if (!restriction) return payload;
    // Already serialised as a 404: the problem is rendered here, as the error handler would have.
    const error = new AppError('restricted', 'An erasure request restricts the processing of this record: it is kept sealed until its retention period ends, then deleted', {
      erasure_request_id: restriction.id,
    });
    reply.code(error.status).type('application/problem+json');
    return JSON.stringify(problemOf(request, error, deps.problemBase).body);
  });
}
