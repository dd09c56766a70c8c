import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { errorResponses, reviewPending, type SubmitReview, Id } from '../../platform/http/schemas.ts';
import { etag } from '../../platform/http/revision.ts';
import { sendReviewOutcome } from '../../platform/http/review-reply.ts';
import type { MailService } from '../mail/index.ts';
import { EmailConnectionBody, EmailConnectionOut, OnboardingReport, OnboardingReviewBody, OnboardingTriggerBody, type OnboardingReviewInput } from './onboarding.schemas.ts';
import type { OnboardingService } from './onboarding.service.ts';

const Params = Type.Object({ clientId: Id(), accountId: Id(), contactId: Id() });
const path = '/clients/:clientId/accounts/:accountId/contacts/:contactId/reports/onboarding';
const Invitations = Type.Object({
  data: Type.Array(Type.Object({
    id: Type.String(),
    current: Type.Boolean({ description: 'sent for the link in force' }),
    status: Type.String({ description: 'QUEUED, SENT or FAILED' }),
    attempts: Type.Integer(),
    last_error: Type.Union([Type.String(), Type.Null()]),
    sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  })),
});

/** Endpoints 5 and 6, the invitation log, and the client's e-mail connection setting. */
type Reviewed = Awaited<ReturnType<OnboardingService['review']>>;

export function registerOnboardingRoutes(app: App, deps: { onboarding: OnboardingService; mail: MailService; submitReview?: SubmitReview<OnboardingReviewInput, Reviewed> }) {
  // The client's four-eyes rule (console module) when given; otherwise the review is recorded at once.
  const submit: SubmitReview<OnboardingReviewInput, Reviewed> = deps.submitReview
    ?? (async (...args) => ({ status: 'recorded', report: await deps.onboarding.review(...args) }));
  app.addSchema(OnboardingReport);
  const tags = ['onboarding'];

  app.put(path, {
    config: { scope: 'reports:write' },
    schema: {
      tags, summary: 'Trigger the onboarding report: the contact is asked for what the parameters name (endpoint 5)', params: Params, body: OnboardingTriggerBody,
      description: 'Answers 202 with the report in status INITIAL (or CREDIT_BALANCE_EXCEEDED) and data.onboarding_url. A new request replaces the previous link. ' +
        'Needs the contact\'s e-mail (422) and, unless suppress_invitation_mail is "true", the client\'s e-mail connection (422 naming the setting).',
      response: { 202: Type.Ref(OnboardingReport), ...errorResponses(413, 415, 422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const report = await deps.onboarding.trigger(clientId, accountId, contactId, request.body);
    return reply.status(202).header('etag', etag(report.revision)).send(report);
  });

  app.get(path, {
    config: { scope: 'reports:read' },
    schema: { tags, summary: 'Read the onboarding report (endpoint 6)', params: Params, response: { 200: Type.Ref(OnboardingReport), ...errorResponses() } },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const report = await deps.onboarding.get(clientId, accountId, contactId);
    return reply.header('etag', etag(report.revision)).send(report);
  });

  app.post(`${path}/review`, {
    config: { scope: 'reports:write' },
    schema: {
      tags, summary: 'Record a manual review of a READY onboarding report (review.status COMPLETE, review.decision)', params: Params, body: OnboardingReviewBody,
      description: 'When the client asks for a second reviewer on ALERT results (console settings), a review of a document ALERT is answered 202: a proposal that another person approves in the console.',
      response: { 200: Type.Ref(OnboardingReport), 202: reviewPending(Type.Ref(OnboardingReport)), ...errorResponses(422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const outcome = await submit(clientId, accountId, contactId, request.body, `api:${request.auth!.credentialId}`);
    return sendReviewOutcome(reply, outcome);
  });

  app.get(`${path}/invitations`, {
    config: { scope: 'reports:read' },
    schema: { tags, summary: 'Invitation e-mails of this contact: queued, sent or failed (with the SMTP reason)', params: Params, response: { 200: Invitations, ...errorResponses() } },
  }, async (request) => {
    const { clientId, accountId, contactId } = request.params;
    return deps.onboarding.invitations(clientId, accountId, contactId);
  });

  const settings = '/clients/:clientId/settings/email-connection';
  const ClientParams = Type.Object({ clientId: Id() });
  app.put(settings, {
    config: { scope: 'accounts:write' },
    schema: {
      tags: ['settings'], summary: 'Set the e-mail connection (SMTP) used for invitation mail; the password is stored encrypted and never returned',
      params: ClientParams, body: EmailConnectionBody, response: { 200: EmailConnectionOut, ...errorResponses(422) },
    },
  }, async (request) => deps.mail.save(request.params.clientId, request.body));

  app.get(settings, {
    config: { scope: 'accounts:read' },
    schema: { tags: ['settings'], summary: 'Read the e-mail connection (without the password)', params: ClientParams, response: { 200: EmailConnectionOut, ...errorResponses() } },
  }, async (request) => {
    const found = await deps.mail.read(request.params.clientId);
    if (!found) throw new AppError('not_found', 'No e-mail connection is configured');
    return found;
  });

  app.delete(settings, {
    config: { scope: 'accounts:write' },
    schema: { tags: ['settings'], summary: 'Remove the e-mail connection', params: ClientParams, response: { 204: Type.Null(), ...errorResponses() } },
  }, async (request, reply) => {
    if (!(await deps.mail.remove(request.params.clientId))) throw new AppError('not_found', 'No e-mail connection is configured');
    return reply.status(204).send(null);
  });
}
