import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { etag } from '../../platform/http/revision.ts';
import { AmlReport, AmlReviewBody, AmlTriggerBody } from './aml.schemas.ts';
import type { AmlService } from './aml.service.ts';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Params = Type.Object({ clientId: Id, accountId: Id, contactId: Id });
const path = '/clients/:clientId/accounts/:accountId/contacts/:contactId/reports/aml';

/** Endpoints 7 and 8, and recording a review. */
export function registerAmlRoutes(app: App, deps: { aml: AmlService }) {
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
      response: { 200: Type.Ref(AmlReport), ...errorResponses(422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const report = await deps.aml.review(clientId, accountId, contactId, request.body, `api:${request.auth!.credentialId}`);
    return reply.header('etag', etag(report.revision)).send(report);
  });
}
