import type { Db, Sql } from '../../platform/db/db.ts';
import { one, toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { hashSecret } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import type { DomainEvent, EventRecorder } from '../../platform/events.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import { PRICES, type CreditsService } from '../credits/index.ts';
import type { MailService } from '../mail/index.ts';
import { asksForSomething, normaliseParameters, on, type Parameters } from './domain/parameters.ts';
import { invitationMessage } from './domain/invitation.ts';
import type { OnboardingReportOut, OnboardingReviewInput, OnboardingTrigger } from './onboarding.schemas.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import { clientReads } from '../auth/index.ts';

export const ONBOARDING_PROCESS_JOB = 'onboarding-process';
export const ONBOARDING_INVITE_JOB = 'onboarding-invite';
export const ONBOARDING_INVITE_RETRIES = 4;

/** What the processing job stores: the spec's data fields plus the reasons behind each decision. */
export interface OnboardingData {
  personal_details: { city: string; street: string; country: string; postcode: string } | null;
  idscan: OnboardingReportOut['data']['idscan'];
  reasons: string[];
  details: Record<string, unknown>;
}

/**
 * Nationality and sex as the identity document states them: from the chip's DG1 when its passive
 * authentication passed, else from the printed MRZ of the document (ICAO codes, `M`/`F`).
 */
export function documentNationality(details: Record<string, unknown>): { nationality?: string; sex?: string } {
  const chip = details.chip as { passed?: boolean; mrz?: { chip?: string | null } } | undefined;
  const dg1 = chip?.passed ? chip.mrz?.chip?.replace(/\s/g, '') : undefined;
  // DG1 holds the MRZ lines run together: TD3 (2 × 44), TD2 (2 × 36), TD1 (3 × 30).
  const at: Record<number, [number, number]> = { 88: [54, 64], 72: [46, 56], 90: [45, 37] };
  if (dg1 && at[dg1.length]) {
    const [n, s] = at[dg1.length]!;
    return clean(dg1.slice(n, n + 3), dg1[s]);
  }
  const doc = details.document as { nationality?: string | null; sex?: string | null } | undefined;
  return clean(doc?.nationality ?? undefined, doc?.sex ?? undefined);
}

function clean(nationality: string | undefined, sex: string | undefined): { nationality?: string; sex?: string } {
  const n = nationality?.replace(/</g, '');
  return { ...(n ? { nationality: n } : {}), ...(sex === 'M' || sex === 'F' ? { sex } : {}) };
}

export interface OnboardingDeps {
  db: Db;
  cipher: Cipher;
  /** What the contact supplied and what the engines decided are sealed under the contact's data key (ADR 75). */
  keys: DataKeys;
  events: EventRecorder;
  jobs: Jobs;
  accounts: AccountsService;
  credits: CreditsService;
  mail: MailService;
  audit: AuditService;
  publicUrl: string;
  linkTtlDays: number;
  now: () => Date;
}

export interface InviteJob {
  invitationId: string;
  clientId: string;
  contactId: string;
  runId: string;
}

/**
 * The onboarding report (endpoints 5 and 6): a request spends a credit, issues a single-contact link (the
 * previous one stops working) and, unless suppressed, queues the invitation e-mail. The hosted flow
 * (flow.service.ts) collects what the parameters ask for; processing.ts fills the report.
 */
export function createOnboardingService(deps: OnboardingDeps) {
  const { db, events, keys } = deps;
  const aad = (contactId: string, part: string) => `onboarding:${part}:${contactId}`;
  // `sql` is the caller's transaction, if any: a key not yet cached is read through it.
  const seal = async (sql: Sql, contactId: string, part: string, value: unknown) => (await keys.cipherFor(sql, contactId)).encryptJson(value, aad(contactId, part));
  const open = async <T>(sql: Sql, row: OnboardingRow, part: 'data' | 'review' | 'flow', value: Uint8Array | null): Promise<T | null> =>
    value ? (await keys.cipherFor(sql, row.contact_id)).decryptJson<T>(toBuffer(value), aad(row.contact_id, part)) : null;
  const linkOf = async (sql: Sql, row: OnboardingRow) =>
    row.link_enc ? `${deps.publicUrl}/verify/${(await keys.cipherFor(sql, row.contact_id)).decrypt(toBuffer(row.link_enc), aad(row.contact_id, 'link')).toString('utf8')}` : null;

  const event = (tx: Sql, row: OnboardingRow, name: DomainEvent['event']) =>
    events.record(tx, {
      clientId: row.client_id, event: name, entity: 'CONTACT', reportType: 'ONBOARDING', accountId: row.account_id, contactId: row.contact_id,
      reportId: `${row.account_id}--${row.contact_id}`, revision: String(row.revision),
    });

  /** A request changed state: the account's `client_onboarding.completed` follows in the same transaction. */
  const settle = (tx: Sql, row: OnboardingRow) => deps.accounts.recomputeCompletion(tx, row.client_id, row.account_id);

  async function reportOut(sql: Sql, row: OnboardingRow): Promise<OnboardingReportOut> {
    const data = await open<OnboardingData>(sql, row, 'data', row.data_enc);
    const review = (await open<OnboardingReportOut['review']>(sql, row, 'review', row.review_enc)) ?? { empty: true };
    const link = await linkOf(sql, row);
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
      autoRefresh: config.autoRefresh, linkHash: token ? hashSecret(token) : null, linkEnc: token ? (await keys.cipherFor(tx, contactId)).encrypt(Buffer.from(token), aad(contactId, 'link')) : null,
      linkExpiresAt: token ? new Date(now.getTime() + deps.linkTtlDays * 86_400_000) : null, requestedAt: now,
      // With suppressed mail the request is "sent" when the link is issued for the caller to hand over.
      requestSentAt: token && !mail ? now : null,
      error: exceeded ? `credit balance ${spend.balance} is below the price of an onboarding request (${PRICES.ONBOARDING})` : null,
    });
    await event(tx, row, 'REPORT_INITIATED');
    if (exceeded) await event(tx, row, 'REPORT_CREDIT_LIMIT_EXCEEDED');
    await settle(tx, row);
    if (mail) {
      const invitationId = newId('inv');
      await tx.query('INSERT INTO onboarding_invitations (id, client_id, contact_id, run_id, status) VALUES ($1, $2, $3, $4, $5)', [invitationId, clientId, contactId, runId, 'QUEUED']);
      await deps.jobs.send(ONBOARDING_INVITE_JOB, { invitationId, clientId, contactId, runId } satisfies InviteJob, { tx, singletonKey: invitationId });
    }
    return row;
  }

  return {
    reportOut,
    open,
    seal,
    event,
    settle,
    linkOf,

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
        await event(tx, saved, 'REPORT_REVIEW_COMPLETED');
        return reportOut(tx, saved);
      });
    },

    async invitations(clientId: string, accountId: string, contactId: string) {
      const row = await onboardingRepo.get(db, clientId, accountId, contactId);
      if (!row) throw notFound();
      const rows = await db.query<{ id: string; run_id: string; status: string; attempts: number; last_error: string | null; sent_at: Date | null; created_at: Date }>(
        'SELECT id, run_id, status, attempts, last_error, sent_at, created_at FROM onboarding_invitations WHERE client_id = $1 AND contact_id = $2 ORDER BY created_at DESC LIMIT 50',
        [clientId, contactId]);
      return {
        data: rows.map((r) => ({
          id: r.id, current: r.run_id === row.run_id, status: r.status, attempts: r.attempts, last_error: r.last_error,
          sent_at: r.sent_at?.toISOString() ?? null, created_at: r.created_at.toISOString(),
        })),
      };
    },

    /** The invitation job: sends the link through the client's connection; SMTP failures are retried, then recorded as FAILED. */
    async sendInvitation(job: InviteJob, attempt: { retryCount: number }) {
      const row = await onboardingRepo.byContact(db, job.clientId, job.contactId);
      if (!row || row.run_id !== job.runId || !row.link_enc) {
        await db.query(`UPDATE onboarding_invitations SET status = 'FAILED', last_error = 'superseded by a newer request' WHERE id = $1 AND status = 'QUEUED'`, [job.invitationId]);
        return;
      }
      const contact = await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id);
      const connection = await deps.mail.getConnection(row.client_id);
      const fail = async (message: string, final: boolean) => {
        await db.tx(async (tx) => {
          await tx.query(`UPDATE onboarding_invitations SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1`, [job.invitationId, message, final ? 'FAILED' : 'QUEUED']);
          if (final) await event(tx, row, 'REPORT_ERROR');
        });
      };
      if (!contact?.email || !connection) {
        await fail(!connection ? 'EMAIL_CONNECTION_REMOVED: the client has no e-mail connection any more' : 'CONTACT_EMAIL_MISSING', true);
        return;
      }
      const message = invitationMessage({
        brand: connection.brand_name ?? connection.sender_name ?? 'Identity verification', firstName: contact.first_name, link: (await linkOf(db, row))!,
        expiresAt: row.link_expires_at!,
      });
      try {
        const sent = await deps.mail.send(connection, { to: contact.email, ...message });
        await db.tx(async (tx) => {
          await tx.query(`UPDATE onboarding_invitations SET status = 'SENT', attempts = attempts + 1, sent_at = $2, message_id = $3, last_error = NULL WHERE id = $1`,
            [job.invitationId, deps.now(), sent.messageId]);
          await onboardingRepo.markSent(tx, row.client_id, row.contact_id, row.run_id, deps.now());
        });
      } catch (error) {
        // Keep the SMTP reason (code and server reply), which names no person.
        const e = error as { code?: string; responseCode?: number; message?: string };
        const reason = `${e.code ?? 'SMTP_ERROR'}${e.responseCode ? ` ${e.responseCode}` : ''}: ${(e.message ?? '').replace(/[^\s<>@]+@[^\s<>@]+/g, '<address>').slice(0, 300)}`;
        const final = attempt.retryCount >= ONBOARDING_INVITE_RETRIES;
        await fail(reason, final);
        if (!final) throw error;
      }
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
        for (const key of [...accounts.keys()].sort()) await settle(tx, accounts.get(key)!);
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

    isSandbox: clientReads.isSandbox,
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
