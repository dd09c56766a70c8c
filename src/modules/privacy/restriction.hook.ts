import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { problemOf } from '../../platform/http/problem.ts';
import type { ErasureService } from './erasure.service.ts';

/**
 * A record under an erasure request is gone from the live tables, so every read of it ends in a 404. Only
 * then (never on the hot path of a found record) this asks whether a request restricts it, and answers 451
 * `restricted` instead, naming the request (ADR 76, RFC 7725).
 */
export function installRestrictionAnswers(app: App, deps: { erasure: ErasureService; problemBase: string }) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 404 || !request.auth) return payload;
    const params = (request.params ?? {}) as { clientId?: string; accountId?: string; contactId?: string };
    if (!params.clientId || !params.accountId || params.clientId !== request.auth.clientId) return payload;
    const restriction = await deps.erasure.restriction(params.clientId, params.accountId, params.contactId ?? null);
    if (!restriction) return payload;
    // Already serialised as a 404: the problem is rendered here, as the error handler would have.
    const error = new AppError('restricted', 'An erasure request restricts the processing of this record: it is kept sealed until its retention period ends, then deleted', {
      erasure_request_id: restriction.id,
    });
    reply.code(error.status).type('application/problem+json');
    return JSON.stringify(problemOf(request, error, deps.problemBase).body);
  });
}
