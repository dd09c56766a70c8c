import type { Db, Sql } from '../../platform/db/db.ts';
import { hashSecret } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import { PRICES, type CreditsService } from '../credits/index.ts';
import type { MailService } from '../mail/index.ts';
import { asksForSomething, normaliseParameters, on, type Parameters } from './domain/parameters.ts';
import { documentNationality, type OnboardingData } from './domain/report.ts';
import { evidenceOf, type OnboardingEvidence } from './domain/evidence.ts';
import type { FlowAnswers } from './domain/flow.ts';
import type { InvitationService } from './invitations.service.ts';
import type { OnboardingReportOut, OnboardingReviewInput, OnboardingTrigger } from './onboarding.schemas.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import type { OnboardingStore } from './onboarding.store.ts';

// Kept where they were first exported: the console and its test import them from here.
export { documentNationality, type OnboardingData } from './domain/report.ts';

export interface OnboardingDeps {
  db: Db;
  /** Sealing under the contact's data key (ADR 75), report events and the account's completion. */
  store: OnboardingStore;
  invitations: InvitationService;
  accounts: AccountsService;
  credits: CreditsService;
  mail: MailService;
  audit: AuditService;
  publicUrl: string;
  linkTtlDays: number;
  now: () => Date;
}

/**
 * The onboarding report (endpoints 5 and 6): a request spends a credit, issues a single-contact link (the
 * previous one stops working) and, unless suppressed, queues the invitation e-mail. The hosted flow
 * (flow.service.ts) collects what the parameters ask for; processing.ts fills the report.
 */
export function createOnboardingService(deps: OnboardingDeps) {
  const { db, store } = deps;
  const { open, seal } = store;

  async function reportOut(sql: Sql, row: OnboardingRow): Promise<OnboardingReportOut> {
    const data = await open<OnboardingData>(sql, row, 'data', row.data_enc);
    const review = (await open<OnboardingReportOut['review']>(sql, row, 'review', row.review_enc)) ?? { empty: true };
    const link = await store.linkOf(sql, row);
    return {
      id: `${row.account_id}--${row.contact_id}`, account_id: row.account_id, client_id: row.client_id, contact_id: row.contact_id, type: 'ONBOARDING',
      status: row.status, revision: String(row.revision),
      config: { parameters: { ...row.parameters }, ttl_in_days: row.ttl_in_days, is_automatic_refresh_enabled: row.auto_refresh },
      data: {
        onboarding_url: link,
        report_link: `${deps.publicUrl}/console/accounts/${row.account_id}/contacts/${row.contact_id}/onboarding`,
        refreshed_at: row.refreshed_at ? isoDate(row.refreshed_at) : null,
        request_sent_at: row.request_sent_at?.toISOString() ?? null,
        personal_details: data?.personal_details ?? null,
        idscan: data?.idscan ?? null,
        link_expires_at: row.link_expires_at?.toISOString() ?? null,
        expires_at: row.expires_at?.toISOString() ?? null,
        reasons: data?.reasons ?? [],
        error: row.error,
      },
      review,
    };
  }

  /** One request: credit, link, report row, events and (unless suppressed) the invitation job, in one transaction. */
  async function startRun(tx: Sql, clientId: string, accountId: string, contactId: string, config: { parameters: Parameters; ttl: number; autoRefresh: boolean }, reason: string) {
    const runId = newId('run');
    const now = deps.now();
    const spend = await deps.credits.spend(tx, clientId, PRICES.ONBOARDING, reason, `onboarding:${runId}`);
    const exceeded = spend.spent === false && spend.reason === 'insufficient';
    // 256 random bits; only its hash is searchable, the sealed copy lets endpoint 6 show the link again.
    const token = exceeded ? null : randomToken(32);
    const mail = !exceeded && !on(config.parameters, 'suppress_invitation_mail');
    const row = await onboardingRepo.startRun(tx, clientId, {
      accountId, contactId, runId, status: exceeded ? 'CREDIT_BALANCE_EXCEEDED' : 'INITIAL', parameters: config.parameters, ttl: config.ttl,
      autoRefresh: config.autoRefresh, linkHash: token ? hashSecret(token) : null, linkEnc: token ? await store.sealLink(tx, contactId, token) : null,
      linkExpiresAt: token ? new Date(now.getTime() + deps.linkTtlDays * 86_400_000) : null, requestedAt: now,
      // With suppressed mail the request is "sent" when the link is issued for the caller to hand over.
      requestSentAt: token && !mail ? now : null,
      error: exceeded ? `credit balance ${spend.balance} is below the price of an onboarding request (${PRICES.ONBOARDING})` : null,
    });
    await store.event(tx, row, 'REPORT_INITIATED');
    if (exceeded) await store.event(tx, row, 'REPORT_CREDIT_LIMIT_EXCEEDED');
    await store.settle(tx, row);
    if (mail) await deps.invitations.queue(tx, row);
    return row;
  }

  return {
    // The store's sealing, for the console's details view and for tests that write a result as the processing
    // job would; the module's own parts are given the store at construction instead.
    open,
    seal,

    async trigger(clientId: string, accountId: string, contactId: string, body: OnboardingTrigger): Promise<OnboardingReportOut> {
      const contact = await deps.accounts.readContact(db, clientId, accountId, contactId);
      if (!contact) throw notFound();
      const parameters = normaliseParameters(body.config.parameters as Parameters);
      if (!contact.email) {
        throw new AppError('unprocessable', 'An onboarding request needs the contact\'s e-mail address (an internal placeholder is acceptable when invitation mail is suppressed)', {
          errors: [{ pointer: '/contact/email', message: 'is required for an onboarding request' }], missing_fields: ['email'],
        });
      }
      if (!asksForSomething(parameters)) {
        throw new AppError('validation_failed', 'The request asks the contact for nothing: set at least one of personal_details, idscan, face_match, face_match_mobile, unique_email, legal_names_history, home_address_history, selfie, proof_of_identity, proof_of_address to "true"', {
          errors: [{ pointer: '/config/parameters', message: 'at least one step must be "true"' }],
        });
      }
      if (!on(parameters, 'suppress_invitation_mail') && !(await deps.mail.hasConnection(db, clientId))) {
        throw new AppError('unprocessable', `Invitation mail is requested (suppress_invitation_mail "false") but no e-mail connection is configured for this client: set it with PUT /clients/${clientId}/settings/email-connection, or send suppress_invitation_mail "true" and hand over data.onboarding_url yourself`, {
          errors: [{ pointer: '/config/parameters/suppress_invitation_mail', message: 'needs the email-connection setting of the client' }], missing_setting: 'email-connection',
        });
      }
      const row = await db.tx((tx) => startRun(tx, clientId, accountId, contactId, {
        parameters, ttl: body.config.ttl_in_days ?? 365, autoRefresh: body.config.is_automatic_refresh_enabled ?? false,
      }, 'Onboarding request'));
      return reportOut(db, row);
    },

    async get(clientId: string, accountId: string, contactId: string): Promise<OnboardingReportOut> {
      const row = await onboardingRepo.get(db, clientId, accountId, contactId);
      if (!row) throw notFound();
      return reportOut(db, row);
    },

    /** A person's decision on a READY report (REFER, ALERT or a failed face match): the spec's review object. */
    async review(clientId: string, accountId: string, contactId: string, input: OnboardingReviewInput, reviewer: string): Promise<OnboardingReportOut> {
      return db.tx(async (tx) => {
        const row = await onboardingRepo.get(tx, clientId, accountId, contactId, true);
        if (!row) throw notFound();
        if (row.status !== 'READY') throw new AppError('unprocessable', `Only a READY report can be reviewed; this one is ${row.status}`);
        const review = { empty: false, status: 'COMPLETE', decision: input.decision, notes: input.notes ?? '', reviewed_by: reviewer, reviewed_at: deps.now().toISOString() };
        const saved = (await onboardingRepo.saveReview(tx, clientId, contactId, await seal(tx, contactId, 'review', review)))!;
        // The decision and who made it (user:<id> or api:<credential>) are in the audit trail, committed with the review.
        await deps.audit.recordIn(tx, {
          client_id: clientId, actor: reviewer, action: 'onboarding.review', subject: `${accountId}/${contactId}`,
          details: { decision: input.decision, revision: String(saved.revision) },
        });
        await store.event(tx, saved, 'REPORT_REVIEW_COMPLETED');
        return reportOut(tx, saved);
      });
    },

    async invitations(clientId: string, accountId: string, contactId: string) {
      const row = await onboardingRepo.get(db, clientId, accountId, contactId);
      if (!row) throw notFound();
      return deps.invitations.list(row);
    },

    /** The sweep: unused links and results past their validity become EXPIRED; enabled reports are re-requested first. */
    async sweep(limit = 500): Promise<{ refreshed: number; expired: number }> {
      const due = await onboardingRepo.dueForRefresh(db, deps.now(), limit);
      for (const row of due) {
        await db.tx((tx) => startRun(tx, row.client_id, row.account_id, row.contact_id, { parameters: row.parameters, ttl: row.ttl_in_days, autoRefresh: true }, 'Onboarding automatic refresh'));
      }
      const expired = await db.tx(async (tx) => {
        const rows = await onboardingRepo.expire(tx, deps.now());
        // One recomputation per account, in a stable order (two sweeps never lock accounts crosswise).
        const accounts = new Map(rows.map((r) => [`${r.client_id}/${r.account_id}`, r]));
        for (const key of [...accounts.keys()].sort()) await store.settle(tx, accounts.get(key)!);
        return rows;
      });
      return { refreshed: due.length, expired: expired.length };
    },

    /** For the eIDV document source: the contact's PASSED, unexpired identity document. */
    async verifiedDocument(clientId: string, contactId: string) {
      const row = await onboardingRepo.byContact(db, clientId, contactId);
      if (!row || row.document_decision !== 'PASSED' || !row.data_enc) return undefined;
      if (row.expires_at && row.expires_at <= deps.now()) return undefined;
      const data = await open<OnboardingData>(db, row, 'data', row.data_enc);
      const idscan = data?.idscan;
      if (!idscan) return undefined;
      const { nationality, sex } = documentNationality(data.details);
      return {
        document_type: idscan.document_type, document_given_names: idscan.document_given_names, document_last_name: idscan.document_last_name, date_of_birth: idscan.date_of_birth,
        ...(nationality ? { nationality } : {}), ...(sex ? { sex } : {}),
      };
    },

    /** For GPG 45 (issue 23): what the contact's last unexpired result checked, and the address history they gave. */
    async identityEvidence(clientId: string, contactId: string): Promise<OnboardingEvidence | undefined> {
      const row = await onboardingRepo.byContact(db, clientId, contactId);
      if (!row) return undefined;
      const answers = (await open<FlowAnswers>(db, row, 'flow', row.flow_enc)) ?? undefined;
      const data = row.data_enc && !(row.expires_at && row.expires_at <= deps.now()) ? await open<OnboardingData>(db, row, 'data', row.data_enc) : undefined;
      if (!data) return answers?.home_address_history ? evidenceOf({ personal_details: null, idscan: null, reasons: [], details: {} }, null, answers) : undefined;
      return evidenceOf(data, row.document_decision, answers);
    },

    /**
     * For AML screening (issue 18): the names each contact gave besides their own, the legal names history of the
     * flow (answers being given, else those of the last processed result) and the name read from their identity
     * document, whatever its decision (a name on a document that did not pass is still a name to screen).
     */
    async otherNames(clientId: string, contactIds: readonly string[]): Promise<Map<string, { legal_names: string[]; document_names: string[] }>> {
      const out = new Map<string, { legal_names: string[]; document_names: string[] }>();
      if (contactIds.length === 0) return out;
      type Names = { names?: Array<{ first_name?: string; last_name?: string }> };
      const full = (...parts: Array<string | undefined>) => parts.filter((p) => p && p.trim()).join(' ').trim();
      for (const row of await onboardingRepo.byContacts(db, clientId, contactIds)) {
        const flow = await open<{ legal_names_history?: Names }>(db, row, 'flow', row.flow_enc);
        const data = await open<OnboardingData>(db, row, 'data', row.data_enc);
        const history = flow?.legal_names_history ?? (data?.details?.legal_names_history as Names | undefined);
        const legal = (history?.names ?? []).map((n) => full(n.first_name, n.last_name)).filter(Boolean);
        const idscan = data?.idscan;
        const document = idscan ? [full(idscan.document_given_names, idscan.document_last_name)].filter(Boolean) : [];
        if (legal.length || document.length) out.set(row.contact_id, { legal_names: legal, document_names: document });
      }
      return out;
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
