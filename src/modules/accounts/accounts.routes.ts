import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { CursorQuery, errorResponses, page, Id } from '../../platform/http/schemas.ts';
import { etag, expectedRevision } from '../../platform/http/revision.ts';
import {
  Account, AccountCreateBody, AccountPatchBody, Contact, ContactCreateBody, ContactReplaceBody,
} from './accounts.schemas.ts';
import type { AccountsService } from './accounts.service.ts';

const ClientParams = Type.Object({ clientId: Id('your client id') });
const AccountParams = Type.Object({ clientId: Id('your client id'), accountId: Id('account id') });
const ContactParams = Type.Object({ clientId: Id('your client id'), accountId: Id('account id'), contactId: Id('contact id') });
const IfMatch = Type.Object({ 'if-match': Type.Optional(Type.String({ description: 'ETag of the record; the write fails with 412 if it changed' })) });

/** Endpoints 1, 2, 3, 4, 10, 11 and the list, read and delete calls around them. Handlers stay thin. */
export function registerAccountRoutes(app: App, deps: { accounts: AccountsService }) {
  const { accounts } = deps;
  app.addSchema(Contact);
  app.addSchema(Account);
  const tags = ['accounts'];

  // A body the schema refuses still hears about the contact rules (a missing e-mail) in the same answer.
  // A missing primary_contact (or a body that is not an object) is the schema's one error, not one more per
  // field inside it.
  const primaryContactChecks = (body: unknown) => {
    const contact = body && typeof body === 'object' ? (body as { primary_contact?: unknown }).primary_contact : undefined;
    if (!contact || typeof contact !== 'object') return [];
    return accounts.contactProblems(contact, { primary: true }).map((e) => ({ ...e, pointer: `/primary_contact${e.pointer}` }));
  };
  const contactChecks = (body: unknown) => (body && typeof body === 'object' ? accounts.contactProblems(body, { primary: false }) : []);

  app.post('/clients/:clientId/accounts', {
    config: { scope: 'accounts:write', audit: 'account.create', bodyChecks: primaryContactChecks },
    schema: {
      tags, summary: 'Create an account with its primary contact (endpoint 1)', params: ClientParams, body: AccountCreateBody,
      response: { 201: Type.Ref(Account), ...errorResponses(413, 415, 422) },
    },
  }, async (request, reply) => {
    const account = await accounts.createAccount(request.params.clientId, request.body);
    return reply.status(201).header('etag', etag(account.revision)).header('location', `/clients/${account.client_id}/accounts/${account.id}`).send(account);
  });

  app.get('/clients/:clientId/accounts', {
    config: { scope: 'accounts:read', audit: 'account.list' },
    schema: {
      tags, summary: 'List accounts, oldest first, a page at a time', params: ClientParams,
      querystring: Type.Composite([CursorQuery, Type.Object({ type: Type.Optional(Type.Union([Type.Literal('INDIVIDUAL'), Type.Literal('COMPANY')])) })], { additionalProperties: false }),
      response: { 200: page(Type.Ref(Account)), ...errorResponses() },
    },
  }, async (request) => accounts.listAccounts(request.params.clientId, request.query));

  app.get('/clients/:clientId/accounts/:accountId', {
    config: { scope: 'accounts:read', audit: 'account.read' },
    schema: { tags, summary: 'Read an account with its portal state (endpoint 11)', params: AccountParams, response: { 200: Type.Ref(Account), ...errorResponses() } },
  }, async (request, reply) => {
    const account = await accounts.getAccount(request.params.clientId, request.params.accountId);
    return reply.header('etag', etag(account.revision)).send(account);
  });

  app.patch('/clients/:clientId/accounts/:accountId', {
    config: { scope: 'accounts:write', audit: 'account.update' },
    schema: {
      tags, summary: 'Change an account; enable or disable the client portal (endpoint 10)', params: AccountParams, headers: IfMatch,
      body: AccountPatchBody, response: { 200: Type.Ref(Account), ...errorResponses(412, 413, 415, 422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId } = request.params;
    const account = await accounts.patchAccount(clientId, accountId, request.body, expectedRevision(request.headers['if-match']));
    return reply.header('etag', etag(account.revision)).send(account);
  });

  app.delete('/clients/:clientId/accounts/:accountId', {
    config: { scope: 'accounts:write', audit: 'account.delete' },
    schema: {
      tags, summary: 'Delete an account, its contacts and their reports', params: AccountParams, headers: IfMatch,
      response: { 204: Type.Null(), ...errorResponses(412) },
    },
  }, async (request, reply) => {
    await accounts.deleteAccount(request.params.clientId, request.params.accountId, expectedRevision(request.headers['if-match']));
    return reply.status(204).send(null);
  });

  app.post('/clients/:clientId/accounts/:accountId/contacts', {
    config: { scope: 'accounts:write', audit: 'contact.create', bodyChecks: contactChecks },
    schema: {
      tags, summary: 'Add a contact to an account (endpoint 2)', params: AccountParams, body: ContactCreateBody,
      response: { 201: Type.Ref(Contact), ...errorResponses(413, 415, 422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId } = request.params;
    const contact = await accounts.createContact(clientId, accountId, request.body);
    return reply.status(201).header('etag', etag(contact.revision))
      .header('location', `/clients/${clientId}/accounts/${accountId}/contacts/${contact.id}`).send(contact);
  });

  app.get('/clients/:clientId/accounts/:accountId/contacts', {
    config: { scope: 'accounts:read', audit: 'contact.list' },
    schema: { tags, summary: "List an account's contacts", params: AccountParams, querystring: CursorQuery, response: { 200: page(Type.Ref(Contact)), ...errorResponses() } },
  }, async (request) => accounts.listContacts(request.params.clientId, request.params.accountId, request.query));

  app.get('/clients/:clientId/accounts/:accountId/contacts/:contactId', {
    config: { scope: 'accounts:read', audit: 'contact.read' },
    schema: { tags, summary: 'Read a contact (endpoint 3)', params: ContactParams, response: { 200: Type.Ref(Contact), ...errorResponses() } },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const contact = await accounts.getContact(clientId, accountId, contactId);
    return reply.header('etag', etag(contact.revision)).send(contact);
  });

  app.put('/clients/:clientId/accounts/:accountId/contacts/:contactId', {
    // Whether the contact is the primary one (and so needs an e-mail) is known only once it is read.
    config: { scope: 'accounts:write', audit: 'contact.replace', bodyChecks: contactChecks },
    schema: {
      tags, summary: 'Replace a contact: omitted fields are cleared (endpoint 4)', params: ContactParams, headers: IfMatch,
      body: ContactReplaceBody, response: { 200: Type.Ref(Contact), ...errorResponses(412, 413, 415, 422) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    const contact = await accounts.replaceContact(clientId, accountId, contactId, request.body, expectedRevision(request.headers['if-match']));
    return reply.header('etag', etag(contact.revision)).send(contact);
  });

  app.delete('/clients/:clientId/accounts/:accountId/contacts/:contactId', {
    config: { scope: 'accounts:write', audit: 'contact.delete' },
    schema: {
      tags, summary: 'Delete a contact and its reports (not the primary contact)', params: ContactParams, headers: IfMatch,
      response: { 204: Type.Null(), ...errorResponses(409, 412) },
    },
  }, async (request, reply) => {
    const { clientId, accountId, contactId } = request.params;
    await accounts.deleteContact(clientId, accountId, contactId, expectedRevision(request.headers['if-match']));
    return reply.status(204).send(null);
  });
}
