import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { errorResponses, reviewPending, type SubmitReview, Id } from '../../platform/http/schemas.ts';
import { etag } from '../../platform/http/revision.ts';
import { sendReviewOutcome } from '../../platform/http/review-reply.ts';
import { AmlReport, AmlReviewBody, AmlTriggerBody, type AmlReviewInput } from './aml.schemas.ts';
import type { AmlService } from './aml.service.ts';

const Params = Type.Object({ clientId: Id(), accountId: Id(), contactId: Id() });
const path = '/clients/:clientId/accounts/:accountId/contacts/:contactId/reports/aml';

type Reviewed = Awaited<ReturnType<AmlService['review']>>;

/** Endpoints 7 and 8, and recording a review. */
export function registerAmlRoutes(app: App, deps: { aml: AmlService; submitReview?: SubmitReview<AmlReviewInput, Reviewed> }) {
  // The client's four-eyes rule (console module) when given; otherwise the review is recorded at once.
  const submit: SubmitReview<AmlReviewInput, Reviewed> = deps.submitReview
    ?? (async (...args) => ({ status: 'recorded', report: await deps.aml.review(...args) }));
  app.addSchema(AmlReport);
  const tags = ['aml'];

  app.put(path, {
    config: { scope: 'reports:write', audit: 'aml.trigger' },
    schema: {
      tags, summary: 'Trigger an AML check: identity verification plus PEP and sanctions screening (endpoint 7)', params: Params, body: AmlTriggerBody,
      description: 'Asynchronous: answers 202 with the report in status INITIAL (or CREDIT_BALANCE_EXCEEDED); REPORT_READY follows by webhook. The contact needs full name, date of birth and address (422 lists what is missing).',
      response: { 202: Type.Ref(AmlReport), ...errorResponses(413, 415, 422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const report = await deps.aml.trigger(clientId, accountId, contactId, request.body);
    return reply.status(202).header('etag', etag(report.revision)).send(report);
  });

  app.get(path, {
    config: { scope: 'reports:read', audit: 'aml.read' },
    schema: { tags, summary: 'Read the AML report (endpoint 8)', params: Params, response: { 200: Type.Ref(AmlReport), ...errorResponses() } },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const report = await deps.aml.get(clientId, accountId, contactId);
    return reply.header('etag', etag(report.revision)).send(report);
  });

  app.post(`${path}/review`, {
    config: { scope: 'reports:write' },
    schema: {
      tags, summary: 'Record a manual review: PASS or FAIL, and each potential match dismissed or confirmed', params: Params, body: AmlReviewBody,
      description: 'When the client asks for a second reviewer on ALERT results (console settings), a review of an ALERT is answered 202: a proposal that another person approves in the console.',
      response: { 200: Type.Ref(AmlReport), 202: reviewPending(Type.Ref(AmlReport)), ...errorResponses(422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const outcome = await submit(clientId, accountId, contactId, request.body, `api:${request.auth!.credentialId}`);
    return sendReviewOutcome(reply, outcome);
  });
}
