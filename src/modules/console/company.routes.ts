import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { StaffService } from '../staff/index.ts';
import { actorOf, guard, who } from './session.ts';

const config = { public: true } as const;
const hide = { hide: true };
const Params = Type.Object({ accountId: Type.String({ maxLength: 64 }) });

/** The account page's company section (issue 24): the company check, run it again, add the register's people as contacts. */
export function registerConsoleCompanyRoutes(app: App, deps: { staff: StaffService; publicUrl: string; companies: CompaniesService; audit: AuditService }) {
  const read = guard(deps.staff, deps.publicUrl, 'read');
  const review = guard(deps.staff, deps.publicUrl, 'review');
  const clientOf = (request: Parameters<typeof who>[0]) => who(request).user.client_id;

  app.get('/console/api/accounts/:accountId/company', { config, preHandler: read, schema: { ...hide, params: Params } }, async (request) => {
    const clientId = clientOf(request);
    try {
      const report = await deps.companies.get(clientId, request.params.accountId);
      deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.company.read', subject: request.params.accountId, details: {} });
      return { configured: deps.companies.configured(), report };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return { configured: deps.companies.configured(), report: null };
      throw error;
    }
  });

  app.post('/console/api/accounts/:accountId/company/check', { config, preHandler: review, schema: { ...hide, params: Params } }, async (request) => {
    const clientId = clientOf(request);
    const report = await deps.companies.trigger(clientId, request.params.accountId);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.company.check', subject: request.params.accountId, details: {} });
    return { configured: true, report };
  });

  app.post('/console/api/accounts/:accountId/company/contacts', {
    config, preHandler: review,
    schema: { ...hide, params: Params, body: Type.Object({ person_ids: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 200 })) }, { additionalProperties: false }) },
  }, async (request) => {
    const clientId = clientOf(request);
    const result = await deps.companies.addPeopleAsContacts(clientId, request.params.accountId, request.body);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.company.add_contacts', subject: request.params.accountId, details: { added: result.added.length } });
    return result;
  });
}
