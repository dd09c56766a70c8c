import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db.ts';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { ClientsService } from '../auth/index.ts';
import type { CreditsService } from '../credits/index.ts';
import { EmailConnectionBody, type MailService } from '../mail/index.ts';
import type { Embedding } from '../onboarding/index.ts';
import { listsWithAge, type ScreeningService } from '../screening/index.ts';
import { StaffName, type StaffService } from '../staff/index.ts';
import { SubscriptionCreateBody, type WebhooksService } from '../webhooks/index.ts';
import { consoleRepo } from './console.repo.ts';
import { actorOf, guard, who } from './session.ts';

export interface SettingsDeps {
  db: Db;
  staff: StaffService;
  publicUrl: string;
  webhooks: WebhooksService;
  clients: ClientsService;
  credits: CreditsService;
  screening: ScreeningService;
  mail: MailService;
  embedding: Embedding;
  audit: AuditService;
}

const config = { public: true } as const;
const hide = { hide: true };
const IdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });

/**
 * The settings the spec refers to, for administrators: webhooks and their deliveries, API credentials, credits,
 * the screening lists, the e-mail connection, branding and staff users. Reading them needs `read` (a reviewer
 * may look); changing them needs `settings`. Every change goes to the audit trail with the user as actor.
 */
export function registerConsoleSettingsRoutes(app: App, deps: SettingsDeps) {
  const read = guard(deps.staff, deps.publicUrl, 'read');
  const admin = guard(deps.staff, deps.publicUrl, 'settings');
  const clientOf = (request: FastifyRequest) => who(request).user.client_id;
  const changed = (request: FastifyRequest, action: string, subject: string | null, details: Record<string, unknown> = {}) =>
    deps.audit.record({ client_id: clientOf(request), actor: actorOf(request), action, subject, details });

  // Webhooks
  app.get('/console/api/settings/webhooks', { config, schema: hide, preHandler: read }, async (request) => deps.webhooks.list(clientOf(request), { limit: 100 }));
  app.post('/console/api/settings/webhooks', { config, preHandler: admin, schema: { ...hide, body: SubscriptionCreateBody } }, async (request, reply) => {
    const created = await deps.webhooks.create(clientOf(request), request.body);
    changed(request, 'console.webhook.create', created.id);
    return reply.status(201).send(created);
  });
  app.delete('/console/api/settings/webhooks/:id', { config, preHandler: admin, schema: { ...hide, params: IdParam } }, async (request, reply) => {
    await deps.webhooks.remove(clientOf(request), request.params.id);
    changed(request, 'console.webhook.delete', request.params.id);
    return reply.status(204).send();
  });
  app.get('/console/api/settings/webhooks/:id/deliveries', { config, preHandler: read, schema: { ...hide, params: IdParam } }, async (request) =>
    deps.webhooks.deliveries(clientOf(request), request.params.id, { limit: 100 }));
  app.post('/console/api/settings/webhooks/:id/deliveries/:deliveryId/redeliver', {
    config, preHandler: admin, schema: { ...hide, params: Type.Object({ id: Type.String({ maxLength: 64 }), deliveryId: Type.String({ maxLength: 64 }) }) },
  }, async (request) => {
    const out = await deps.webhooks.redeliver(clientOf(request), request.params.id, request.params.deliveryId);
    changed(request, 'console.webhook.redeliver', `${request.params.id}/${request.params.deliveryId}`);
    return out;
  });

  // API credentials: the secret is shown once, on create and rotate.
  app.get('/console/api/settings/credentials', { config, schema: hide, preHandler: read }, async (request) => ({ data: await deps.clients.listCredentials(clientOf(request)) }));
  app.post('/console/api/settings/credentials', {
    config, preHandler: admin, schema: { ...hide, body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), scopes: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }) },
  }, async (request, reply) => {
    const issued = await deps.clients.createCredential(clientOf(request), { ...request.body, issuedTo: actorOf(request) });
    changed(request, 'console.credential.create', issued.client_id, { scopes: issued.scopes });
    return reply.status(201).send({ client_id: issued.client_id, client_secret: issued.client_secret, scopes: issued.scopes });
  });
  app.post('/console/api/settings/credentials/:id/rotate', { config, preHandler: admin, schema: { ...hide, params: IdParam } }, async (request, reply) => {
    const clientId = clientOf(request);
    const current = (await deps.clients.listCredentials(clientId)).find((c) => c.client_id === request.params.id && !c.revoked_at);
    if (!current) throw new AppError('not_found', 'Credential not found');
    // A new credential with the same name and scopes, then the old one revoked: the caller swaps id and secret together.
    const issued = await deps.clients.createCredential(clientId, { name: current.name, scopes: current.scopes, issuedTo: actorOf(request) });
    await deps.clients.revokeCredential(clientId, current.client_id);
    changed(request, 'console.credential.rotate', current.client_id, { replaced_by: issued.client_id });
    return reply.status(201).send({ client_id: issued.client_id, client_secret: issued.client_secret, scopes: issued.scopes, replaces: current.client_id });
  });
  app.post('/console/api/settings/credentials/:id/revoke', { config, preHandler: admin, schema: { ...hide, params: IdParam } }, async (request) => {
    const out = await deps.clients.revokeCredential(clientOf(request), request.params.id).catch(() => {
      throw new AppError('not_found', 'Credential not found');
    });
    changed(request, 'console.credential.revoke', request.params.id);
    return out;
  });

  // Credits and screening lists: read-only here (credits are added by the operator, lists by the refresh job).
  app.get('/console/api/settings/credits', { config, schema: hide, preHandler: read }, async (request) => {
    const clientId = clientOf(request);
    return { balance: await deps.credits.balance(clientId), history: (await deps.credits.history(clientId, { limit: 100 })).data };
  });
  app.get('/console/api/settings/lists', { config, schema: hide, preHandler: read }, async () => {
    const { max_list_age_hours, warnings, lists } = listsWithAge(deps.screening);
    return { loaded: deps.screening.isLoaded(), threshold: deps.screening.threshold, max_list_age_hours, warnings, data: lists };
  });

  // E-mail connection (the mail module's; the password is write-only).
  app.get('/console/api/settings/email', { config, schema: hide, preHandler: read }, async (request) => ({ connection: (await deps.mail.read(clientOf(request))) ?? null }));
  app.put('/console/api/settings/email', { config, preHandler: admin, schema: { ...hide, body: EmailConnectionBody } }, async (request) => {
    const saved = await deps.mail.save(clientOf(request), request.body);
    changed(request, 'console.email.save', null, { host: saved.host, port: saved.port });
    return { connection: saved };
  });
  app.post('/console/api/settings/email/test', {
    config, preHandler: admin, schema: { ...hide, body: Type.Object({ to: Type.String({ format: 'email', maxLength: 320 }) }, { additionalProperties: false }) },
  }, async (request) => {
    const connection = await deps.mail.getConnection(clientOf(request));
    if (!connection) throw new AppError('unprocessable', 'No e-mail connection is set');
    changed(request, 'console.email.test', null);
    try {
      const sent = await deps.mail.send(connection, {
        to: request.body.to, subject: 'Test message from the KYC console', text: 'This message confirms the e-mail connection works.', html: '<p>This message confirms the e-mail connection works.</p>',
      });
      return { sent: true, message_id: sent.messageId };
    } catch (error) {
      return { sent: false, error: (error as Error).message.slice(0, 300) };
    }
  });

  // Branding of the hosted pages and the second-approval rule.
  const settingsOut = async (clientId: string) => {
    const row = await consoleRepo.settings(deps.db, clientId);
    return { firm_name: row?.firm_name ?? null, brand_colour: row?.brand_colour ?? null, logo_url: row?.logo_url ?? null, second_review_for_alert: row?.second_review_for_alert ?? false, revision: String(row?.revision ?? 0) };
  };
  app.get('/console/api/settings/branding', { config, schema: hide, preHandler: read }, async (request) => settingsOut(clientOf(request)));
  app.put('/console/api/settings/branding', {
    config, preHandler: admin,
    schema: {
      ...hide,
      body: Type.Object({
        firm_name: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
        brand_colour: Type.Union([Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }), Type.Null()]),
        logo_url: Type.Union([Type.String({ pattern: '^https://', maxLength: 1000 }), Type.Null()]),
        second_review_for_alert: Type.Optional(Type.Boolean()),
      }, { additionalProperties: false }),
    },
  }, async (request) => {
    const clientId = clientOf(request);
    const current = await settingsOut(clientId);
    await consoleRepo.saveSettings(deps.db, clientId, { ...request.body, second_review_for_alert: request.body.second_review_for_alert ?? current.second_review_for_alert });
    changed(request, 'console.branding.save', null, { ...request.body });
    return settingsOut(clientId);
  });

  // Sites that may embed the hosted flow (ADR 0145): the same setting as PUT /clients/{id}/embedding.
  app.get('/console/api/settings/embedding', { config, schema: hide, preHandler: read }, async (request) => deps.embedding.read(clientOf(request)));
  app.put('/console/api/settings/embedding', {
    config, preHandler: admin,
    schema: { ...hide, body: Type.Object({ allowed_origins: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 20 }) }, { additionalProperties: false }) },
  }, async (request) => {
    const saved = await deps.embedding.save(clientOf(request), request.body.allowed_origins);
    changed(request, 'console.embedding.save', null, { allowed_origins: saved.allowed_origins });
    return saved;
  });

  // Who is behind an actor id (`user:usr_…`, `api:kci_…`), so the pages name reviewers by name and e-mail and
  // credentials by name instead of showing ids. A user's name is null when none was given (the pages then show the
  // e-mail alone). Readable by every role: a reviewer sees who reviewed before.
  app.get('/console/api/people', { config, schema: hide, preHandler: read }, async (request) => {
    const clientId = clientOf(request);
    const [users, credentials] = await Promise.all([deps.staff.listUsers(clientId), deps.clients.listCredentials(clientId)]);
    return {
      data: [
        ...users.map((u) => ({ actor: `user:${u.id}`, kind: 'user' as const, email: u.email, role: u.role, name: u.name })),
        ...credentials.map((c) => ({ actor: `api:${c.client_id}`, kind: 'api' as const, email: null, role: null, name: c.name })),
      ],
    };
  });

  // Staff users.
  app.get('/console/api/settings/users', { config, schema: hide, preHandler: admin }, async (request) => ({ data: await deps.staff.listUsers(clientOf(request)) }));
  app.post('/console/api/settings/users', {
    config, preHandler: admin,
    schema: { ...hide, body: Type.Object({ email: Type.String({ maxLength: 320 }), role: Type.String({ maxLength: 20 }), name: Type.Optional(StaffName) }, { additionalProperties: false }) },
  }, async (request, reply) => reply.status(201).send(await deps.staff.createUser(clientOf(request), request.body, actorOf(request))));
  app.patch('/console/api/settings/users/:id', {
    config, preHandler: admin,
    schema: { ...hide, params: IdParam, body: Type.Object({ role: Type.Optional(Type.String({ maxLength: 20 })), disabled: Type.Optional(Type.Boolean()), name: Type.Optional(StaffName) }, { additionalProperties: false }) },
  }, async (request) => {
    // An administrator may rename themself, but not change their own role or access (no one locks themself out).
    const ownAccess = request.body.role !== undefined || request.body.disabled !== undefined;
    if (request.params.id === who(request).user.id && ownAccess) throw new AppError('unprocessable', 'Change your own role or access through another administrator');
    return deps.staff.updateUser(clientOf(request), request.params.id, request.body, actorOf(request));
  });
}
