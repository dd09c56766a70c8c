import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { errorResponses, problemResponses, Id } from '../../platform/http/schemas.ts';
import type { PartnersService } from '../partners/index.ts';
import { PortalView } from './flow.schemas.ts';
import type { PortalService } from './portal.service.ts';

const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const TaskName = Type.String({ description: 'a step of the verification flow: personal_details, id_document, selfie, liveness, proof_of_address, review (consent and send), ...' });
const TaskStatus = Type.Union([Type.Literal('NOT_STARTED'), Type.Literal('IN_PROGRESS'), Type.Literal('COMPLETED')]);
const PortalState = Type.Union(['NOT_REQUESTED', 'TO_DO', 'IN_PROGRESS', 'SUBMITTED', 'DONE', 'LINK_EXPIRED', 'NEEDS_NEW_REQUEST'].map((s) => Type.Literal(s)));
const Progress = Type.Object({ done: Type.Integer(), total: Type.Integer() });

export const PortalInsights = Type.Object({
  account_id: Type.String(),
  client_id: Type.String(),
  name: Type.String(),
  client_onboarding: Type.Object({ completed: Type.Boolean(), expires_at: Time, link: Type.Union([Type.String(), Type.Null()]), share_progress: Type.Boolean() }),
  summary: Type.Object({ contacts: Type.Integer(), outstanding_requests: Type.Integer(), completed_requests: Type.Integer() }),
  contacts: Type.Array(Type.Object({
    contact_id: Type.String(),
    type: Type.Union([Type.Literal('PRIMARY'), Type.Literal('ADDITIONAL')]),
    first_name: Type.String(),
    last_name: Type.String(),
    portal_state: PortalState,
    report_status: Type.Union([Type.String({ description: 'status of the onboarding report: INITIAL, IN_PROGRESS, READY, EXPIRED, ERROR, CREDIT_BALANCE_EXCEEDED' }), Type.Null()]),
    onboarding_link: Type.Union([Type.String({ description: 'the contact\'s own verification link' }), Type.Null()]),
    link_expires_at: Time,
    requested_at: Time,
    started_at: Time,
    submitted_at: Time,
    completed_at: Time,
    progress: Progress,
    tasks: Type.Array(Type.Object({ task: TaskName, status: TaskStatus, started_at: Time, completed_at: Time })),
  })),
}, { $id: 'PortalInsights' });

/**
 * The portal page's data (public: the portal token in the path is the credential) and Enhanced Portal
 * Insights (bearer token and partner API key). The page itself is served by pages.routes.ts.
 */
export function registerPortalRoutes(app: App, deps: { portal: PortalService; partners: PartnersService }) {
  app.addSchema(PortalInsights);
  app.addSchema(PortalView);
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.get('/portal/:token/view', {
    config: { public: true },
    schema: { tags: ['hosted flow'], summary: 'The portal page\'s data: the account, its branding, each contact\'s tasks and link', params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }), response: { 200: Type.Ref(PortalView), ...problemResponses(404) } },
  }, async (request, reply) => reply.headers(noStore).send(await deps.portal.view(request.params.token)));

  app.get('/clients/:clientId/accounts/:accountId/portal/insights', {
    config: { scope: 'accounts:read', audit: 'portal.insights' },
    schema: {
      tags: ['accounts'],
      summary: 'Enhanced Portal Insights: each contact\'s tasks, their status and times, and their own link (needs X-Partner-Api-Key)',
      params: Type.Object({ clientId: Id('your client id'), accountId: Id('account id') }),
      headers: Type.Object({ 'x-partner-api-key': Type.Optional(Type.String({ description: 'the partner API key from `kyc partners create`' })) }),
      response: { 200: Type.Ref(PortalInsights), ...errorResponses(403) },
    },
    preHandler: async (request) => {
      await deps.partners.authorise(request.headers['x-partner-api-key'] as string | undefined, request.params.clientId);
    },
  }, async (request, reply) => reply.header('cache-control', 'no-store').send(await deps.portal.insights(request.params.clientId, request.params.accountId)));
}
