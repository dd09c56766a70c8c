import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { errorResponses, Id } from '../../platform/http/schemas.ts';
import { etag } from '../../platform/http/revision.ts';
import { CompanyContactsBody, CompanyContactsOut, CompanyReport } from './companies.schemas.ts';
import type { CompaniesService } from './companies.service.ts';

const Params = Type.Object({ clientId: Id(), accountId: Id() });
const path = '/clients/:clientId/accounts/:accountId/reports/company';

/** The company check (KYB): trigger, read, and add the register's people as contacts. */
export function registerCompanyRoutes(app: App, deps: { companies: CompaniesService }) {
  app.addSchema(CompanyReport);
  const tags = ['companies'];

  app.put(path, {
    config: { scope: 'reports:write', audit: 'company.trigger' },
    schema: {
      tags, summary: 'Check the account\'s company against Companies House (KYB)', params: Params,
      description: 'For a COMPANY account with a UK registration number (`reg_number`). Asynchronous: answers 202 with the report in status INITIAL; '
        + 'REPORT_READY (and REPORT_IN_REVIEW for REFER or ALERT) follow by webhook, entity ACCOUNT, report_type COMPANY. A check also starts when a COMPANY '
        + 'account is created with a registration number, and monitoring refreshes it (ENTITY_UPDATED when the register changed; `data.changes` says what). '
        + 'The decision: ALERT when the company is dissolved, struck off or being struck off, or in liquidation; REFER on a name that does not match, overdue accounts '
        + 'or confirmation statement, an insolvency process, a PSC on the register that is not a contact, or a potential screening match of an officer or PSC.',
      response: { 202: Type.Ref(CompanyReport), ...errorResponses(422, 503) },
    },
  }, async (request, reply) => {
    const report = await deps.companies.trigger(request.params.clientId, request.params.accountId);
    return reply.status(202).header('etag', etag(report.revision)).send(report);
  });

  app.get(path, {
    config: { scope: 'reports:read', audit: 'company.read' },
    schema: { tags, summary: 'Read the company check: the company, its officers and PSCs, the discrepancies, the decision', params: Params, response: { 200: Type.Ref(CompanyReport), ...errorResponses() } },
  }, async (request, reply) => {
    const report = await deps.companies.get(request.params.clientId, request.params.accountId);
    return reply.header('etag', etag(report.revision)).send(report);
  });

  app.post(`${path}/contacts`, {
    config: { scope: 'accounts:write', audit: 'company.add_contacts' },
    schema: {
      tags, summary: 'Add the register\'s officers and PSCs as contacts of the account, with their role', params: Params, body: CompanyContactsBody,
      description: 'Each person becomes an ADDITIONAL contact (name and correspondence address from the register); their role, nature of control and month and year '
        + 'of birth are kept as the contact\'s Companies House identity source. People already contacts are listed, not added twice.',
      response: { 200: CompanyContactsOut, ...errorResponses(409, 422) },
    },
  }, async (request) => deps.companies.addPeopleAsContacts(request.params.clientId, request.params.accountId, request.body ?? {}));
}
