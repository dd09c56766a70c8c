import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../platform/db/db.ts';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AccountOut, AccountsService, ContactOut } from '../accounts/index.ts';
import { AmlReviewBody, type AmlService } from '../aml/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { CreditsService } from '../credits/index.ts';
import type { OnboardingService } from '../onboarding/index.ts';
import type { ScreeningService } from '../screening/index.ts';
import type { StaffService } from '../staff/index.ts';
import { consoleRepo, type ReportRef } from './console.repo.ts';
import { actorOf, guard, who } from './session.ts';
import { ProposalRefBody, type SecondReview } from './second-review.ts';

export interface ReviewDeps {
  db: Db;
  staff: StaffService;
  publicUrl: string;
  accounts: AccountsService;
  aml: AmlService;
  onboarding: OnboardingService;
  screening: ScreeningService;
  credits: CreditsService;
  audit: AuditService;
  secondReview: SecondReview;
}

const config = { public: true } as const;
const hide = { hide: true };
const Ids = Type.Object({ accountId: Type.String({ maxLength: 64 }), contactId: Type.String({ maxLength: 64 }) });
const fullName = (c: Pick<ContactOut, 'first_name' | 'middle_name' | 'last_name'>) => [c.first_name, c.middle_name, c.last_name].filter(Boolean).join(' ');
const isNotFound = (e: unknown) => e instanceof AppError && e.code === 'not_found';

/** Every account of the client, decrypted in memory (personal data is encrypted at rest, so search happens here). */
async function allAccounts(accounts: AccountsService, clientId: string): Promise<AccountOut[]> {
  const out: AccountOut[] = [];
  let cursor: string | undefined;
  do {
    const page = await accounts.listAccounts(clientId, { limit: 500, cursor });
    out.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && out.length < 20_000);
  return out;
}

/** Dashboard, accounts and contacts with search, the contact page and the report pages, and the AML review. */
export function registerConsoleReviewRoutes(app: App, deps: ReviewDeps) {
  const read = guard(deps.staff, deps.publicUrl, 'read');
  const review = guard(deps.staff, deps.publicUrl, 'review');
  const clientOf = (request: Parameters<typeof who>[0]) => who(request).user.client_id;

  async function withNames(clientId: string, refs: ReportRef[]) {
    const contacts = await deps.accounts.readContacts(deps.db, refs.map((r) => ({ clientId, contactId: r.contact_id })));
    return refs.map((r) => ({ ...r, updated_at: r.updated_at.toISOString(), name: contacts.has(r.contact_id) ? fullName(contacts.get(r.contact_id)!) : null }));
  }

  app.get('/console/api/dashboard', { config, schema: hide, preHandler: read }, async (request) => {
    const clientId = clientOf(request);
    const [waiting, recent, balance] = await Promise.all([
      consoleRepo.reports(deps.db, clientId, { needsReview: true, limit: 100 }),
      consoleRepo.reports(deps.db, clientId, { limit: 10 }),
      deps.credits.balance(clientId),
    ]);
    const out = { needs_review: await withNames(clientId, waiting), recent: await withNames(clientId, recent), credit_balance: balance };
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.dashboard.read', subject: null, details: { contacts_shown: new Set([...waiting, ...recent].map((r) => r.contact_id)).size } });
    return out;
  });

  app.get('/console/api/accounts', {
    config, preHandler: read,
    schema: { ...hide, querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), type: Type.Optional(Type.Union([Type.Literal('INDIVIDUAL'), Type.Literal('COMPANY')])), needs_review: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }) },
  }, async (request) => {
    const clientId = clientOf(request);
    const { q, type, needs_review } = request.query;
    const terms = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const waiting = await consoleRepo.accountsNeedingReview(deps.db, clientId);
    const contactText = (c: ContactOut) => [c.id, fullName(c), c.email, c.phone, c.date_of_birth, c.primary_address?.city ?? '', c.primary_address?.postcode ?? ''].join(' ');
    const candidates = (await allAccounts(deps.accounts, clientId)).filter((a) => (!type || a.type === type) && (!needs_review || waiting.has(a.id) === (needs_review === 'true')));
    const matches = (text: string) => terms.every((t) => text.toLowerCase().includes(t));
    const found: AccountOut[] = [];
    for (const a of candidates) {
      if (matches([a.name, a.reg_number, a.id, contactText(a.primary_contact)].join(' '))) found.push(a);
      else if (terms.length && a.contacts_count > 1) {
        // Additional contacts are searched too (their personal data is decrypted here, in memory, like the rest).
        const others = await deps.accounts.listContacts(clientId, a.id, { limit: 200 });
        if (others.data.some((c) => matches([a.name, a.reg_number, contactText(c)].join(' ')))) found.push(a);
      }
    }
    const data = found.slice(0, 200).map((a) => ({
      id: a.id, name: a.name, type: a.type, reg_number: a.reg_number, contacts_count: a.contacts_count, needs_review: waiting.has(a.id),
      primary_contact: { id: a.primary_contact.id, name: fullName(a.primary_contact), email: a.primary_contact.email }, created_at: a.created_at,
    }));
    // The search terms are personal data themselves: the trail records that a search happened and what it showed, not what was typed.
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.accounts.search', subject: null, details: { filtered: terms.length > 0, type: type ?? null, results: data.length } });
    return { data, total: found.length };
  });

  app.get('/console/api/accounts/:accountId', {
    config, preHandler: read, schema: { ...hide, params: Type.Object({ accountId: Type.String({ maxLength: 64 }) }) },
  }, async (request) => {
    const clientId = clientOf(request);
    const account = await deps.accounts.getAccount(clientId, request.params.accountId);
    const contacts = await deps.accounts.listContacts(clientId, account.id, { limit: 200 });
    const reports = await consoleRepo.reportsOfAccount(deps.db, clientId, account.id);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.account.read', subject: account.id, details: { contacts: contacts.data.length } });
    return { account, contacts: contacts.data, reports: reports.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })) };
  });

  app.get('/console/api/accounts/:accountId/contacts/:contactId', { config, preHandler: read, schema: { ...hide, params: Ids } }, async (request) => {
    const clientId = clientOf(request);
    const { accountId, contactId } = request.params;
    const contact = await deps.accounts.getContact(clientId, accountId, contactId);
    const [aml, onboarding] = await Promise.all([
      deps.aml.get(clientId, accountId, contactId).catch((e) => (isNotFound(e) ? null : Promise.reject(e))),
      deps.onboarding.get(clientId, accountId, contactId).catch((e) => (isNotFound(e) ? null : Promise.reject(e))),
    ]);
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.contact.read', subject: `${accountId}/${contactId}`, details: {} });
    return { contact, reports: { aml, onboarding } };
  });

  app.get('/console/api/accounts/:accountId/contacts/:contactId/aml', { config, preHandler: read, schema: { ...hide, params: Ids } }, async (request) => {
    const clientId = clientOf(request);
    const { accountId, contactId } = request.params;
    const contact = await deps.accounts.getContact(clientId, accountId, contactId);
    const report = await deps.aml.get(clientId, accountId, contactId);
    // Each potential match beside the entry as the list publishes it (the lists loaded now; an entry since removed shows as such).
    const entities = Object.fromEntries(report.data.matches.map((m) => [m.entity_id, deps.screening.entity(m.entity_id) ?? null]));
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.aml_report.read', subject: `${accountId}/${contactId}`, details: { revision: report.revision } });
    const pending = await deps.secondReview.aml.pending(clientId, accountId, contactId);
    return { contact, report, entities, can_review: who(request).user.permissions.includes('review'), pending_review: pending, me: actorOf(request) };
  });

  app.post('/console/api/accounts/:accountId/contacts/:contactId/aml/review', {
    config, preHandler: review, schema: { ...hide, params: Ids, body: AmlReviewBody },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const { accountId, contactId } = request.params;
    // aml.review writes the decision, its audit entry (actor user:<id>) and REPORT_REVIEW_COMPLETED in one transaction;
    // with the client's four-eyes rule on an ALERT it is first a proposal (second-review.ts).
    const result = await deps.secondReview.aml.submit(clientId, accountId, contactId, request.body, actorOf(request));
    return reply.status(result.status === 'recorded' ? 200 : 202).send({ ...result.report, pending_approval: result.status === 'pending_approval', ...(result.status === 'pending_approval' ? { proposal: result.proposal } : {}) });
  });

  for (const verb of ['approve', 'reject'] as const) {
    app.post(`/console/api/accounts/:accountId/contacts/:contactId/aml/review/${verb}`, { config, preHandler: review, schema: { ...hide, params: Ids, body: ProposalRefBody } }, async (request) => {
      const { accountId, contactId } = request.params as { accountId: string; contactId: string };
      const named = request.body as Static<typeof ProposalRefBody>;
      return deps.secondReview.aml[verb](clientOf(request), accountId, contactId, actorOf(request), named);
    });
  }
}
