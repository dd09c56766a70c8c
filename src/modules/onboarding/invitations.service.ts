import type { Db, Sql } from '../../platform/db/db.ts';
import { newId } from '../../platform/crypto/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';
import { invitationMessage } from './domain/invitation.ts';
import { ONBOARDING_INVITE_RETRIES, sendInviteJob, type InviteJob } from './onboarding.jobs.ts';
import { invitationsRepo } from './invitations.repo.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import type { OnboardingStore } from './onboarding.store.ts';

/**
 * The invitation e-mail of a request: queued with the request, sent by the invitation job through the client's
 * own connection, every attempt in the invitation log. SMTP failures are retried, then recorded as FAILED.
 */
export function createInvitationService(deps: { db: Db; store: OnboardingStore; jobs: Jobs; accounts: AccountsService; mail: MailService; now: () => Date }) {
  const { db, store } = deps;

  return {
    /** Queues the e-mail for the request just started, in its transaction. */
    async queue(tx: Sql, row: OnboardingRow) {
      const invitationId = newId('inv');
      await invitationsRepo.insert(tx, { id: invitationId, clientId: row.client_id, contactId: row.contact_id, runId: row.run_id });
      await sendInviteJob(deps.jobs, tx, { invitationId, clientId: row.client_id, contactId: row.contact_id, runId: row.run_id });
    },

    /** The invitation log of a report; `current` marks those sent for the link in force. */
    async list(row: OnboardingRow) {
      const rows = await invitationsRepo.list(db, row.client_id, row.contact_id);
      return {
        data: rows.map((r) => ({
          id: r.id, current: r.run_id === row.run_id, status: r.status, attempts: r.attempts, last_error: r.last_error,
          sent_at: r.sent_at?.toISOString() ?? null, created_at: r.created_at.toISOString(),
        })),
      };
    },

    /** The invitation job: sends the link through the client's connection; SMTP failures are retried, then recorded as FAILED. */
    async send(job: InviteJob, attempt: { retryCount: number }) {
      const row = await onboardingRepo.byContact(db, job.clientId, job.contactId);
      if (!row || row.run_id !== job.runId || row.client_id !== job.clientId || !row.link_enc) {
        await invitationsRepo.superseded(db, job.invitationId);
        return;
      }
      const contact = await deps.accounts.readContact(db, row.client_id, row.account_id, row.contact_id);
      const connection = await deps.mail.getConnection(row.client_id);
      const fail = async (message: string, final: boolean) => {
        await db.tx(async (tx) => {
          await invitationsRepo.attemptFailed(tx, job.invitationId, message, final);
          if (final) await store.event(tx, row, 'REPORT_ERROR');
        });
      };
      if (!contact?.email || !connection) {
        await fail(!connection ? 'EMAIL_CONNECTION_REMOVED: the client has no e-mail connection any more' : 'CONTACT_EMAIL_MISSING', true);
        return;
      }
      const message = invitationMessage({
        brand: connection.brand_name ?? connection.sender_name ?? 'Identity verification', firstName: contact.first_name, link: (await store.linkOf(db, row))!,
        expiresAt: row.link_expires_at!,
      });
      try {
        const sent = await deps.mail.send(connection, { to: contact.email, ...message });
        await db.tx(async (tx) => {
          await invitationsRepo.sent(tx, job.invitationId, deps.now(), sent.messageId);
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
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
