import type { Db } from '../../platform/db/db.ts';
import { hashSecret } from '../../platform/crypto/hash.ts';
import { isLinkToken } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AccountsService, ContactOut } from '../accounts/index.ts';
import { readBranding, type Branding } from './branding.ts';
import type { FlowAnswers } from './domain/flow.ts';
import { taskBreakdown, taskProgress, type Task } from './domain/tasks.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import type { OnboardingStore } from './onboarding.store.ts';

/** What the portal page shows for one contact; `verify_url` only while there is something for them to do. */
export type PortalState = 'NOT_REQUESTED' | 'TO_DO' | 'IN_PROGRESS' | 'SUBMITTED' | 'DONE' | 'LINK_EXPIRED' | 'NEEDS_NEW_REQUEST';

const LINK_INVALID = () => new AppError('not_found', 'This portal link is not valid. It may have been switched off: please ask the firm that sent it for a new one.', { reason: 'LINK_INVALID' });

/**
 * The client portal (spec endpoints 10 and 11): one link per account gathering every contact's outstanding
 * tasks, and Enhanced Portal Insights, the same picture in detail for the firm's integration. The portal
 * token is the credential of the page; each contact's own flow link is what the page hands on.
 */
export function createPortalService(deps: { db: Db; accounts: AccountsService; store: OnboardingStore; now: () => Date }) {
  const { db, store } = deps;

  async function reportsOf(clientId: string, accountId: string): Promise<Map<string, OnboardingRow>> {
    const rows = await onboardingRepo.byAccount(db, clientId, accountId);
    return new Map(rows.map((r) => [r.contact_id, r]));
  }

  async function tasksOf(row: OnboardingRow): Promise<Task[]> {
    const answers = (await store.open<FlowAnswers>(db, row, 'flow', row.flow_enc)) ?? {};
    const uploads = await onboardingRepo.files(db, row.client_id, row.contact_id, row.run_id);
    return taskBreakdown({ parameters: row.parameters, answers, uploads, submittedAt: row.submitted_at });
  }

  const linkUsable = (row: OnboardingRow) => row.link_expires_at === null || row.link_expires_at > deps.now();

  function stateOf(row: OnboardingRow | undefined): PortalState {
    if (!row || row.status === 'CREDIT_BALANCE_EXCEEDED') return 'NOT_REQUESTED';
    if (row.status === 'READY') return 'DONE';
    if (row.status === 'EXPIRED' || row.status === 'ERROR') return 'NEEDS_NEW_REQUEST';
    if (row.submitted_at) return 'SUBMITTED';
    if (!linkUsable(row)) return 'LINK_EXPIRED';
    return row.status === 'INITIAL' ? 'TO_DO' : 'IN_PROGRESS';
  }

  const displayName = (c: ContactOut) => [c.first_name, c.last_name].filter(Boolean).join(' ');

  return {
    /** The portal page's data. Expired and switched-off links are refused with a reason the page explains. */
    async view(token: string) {
      if (!isLinkToken(token)) throw LINK_INVALID();
      const portal = await deps.accounts.portalAccount(hashSecret(token));
      if (!portal) throw LINK_INVALID();
      const { row: account } = portal;
      const branding = await readBranding(db, account.client_id);
      if (!account.portal_expires_at || account.portal_expires_at <= deps.now()) {
        throw new AppError('not_found', 'This portal link has expired. Please ask the firm that sent it for a new link.', {
          reason: 'LINK_EXPIRED', firm_name: branding.firm_name, expired_at: account.portal_expires_at?.toISOString() ?? null,
        });
      }
      const reports = await reportsOf(account.client_id, account.id);
      const contacts = await Promise.all(portal.contacts.map(async (c) => {
        const row = reports.get(c.id);
        const state = stateOf(row);
        const tasks = row && state !== 'NOT_REQUESTED' ? await tasksOf(row) : [];
        const open = state === 'TO_DO' || state === 'IN_PROGRESS';
        return {
          name: displayName(c), role: c.type, state, tasks: tasks.map((t) => ({ task: t.task, status: t.status })), progress: taskProgress(tasks),
          verify_url: open && row ? await store.linkOf(db, row) : null,
          link_expires_at: open && row ? row.link_expires_at?.toISOString() ?? null : null,
        };
      }));
      return {
        account_name: portal.name,
        branding: branding satisfies Branding,
        completed: account.onboarding_completed,
        expires_at: account.portal_expires_at.toISOString(),
        contacts,
      };
    },

    /** The client id behind a portal token (the page route reads the branding for its CSP); undefined when unknown. */
    async clientOf(token: string): Promise<string | undefined> {
      return isLinkToken(token) ? deps.accounts.portalOwner(hashSecret(token)) : undefined;
    },

    /** Enhanced Portal Insights: the task breakdown per contact, with each contact's own link. Tenant-scoped. */
    async insights(clientId: string, accountId: string) {
      const { account, contacts } = await deps.accounts.accountWithContacts(clientId, accountId);
      const reports = await reportsOf(clientId, accountId);
      const rows = await Promise.all(contacts.map(async (c) => {
        const row = reports.get(c.id);
        const tasks = row ? await tasksOf(row) : [];
        return {
          contact_id: c.id, type: c.type, first_name: c.first_name, last_name: c.last_name,
          portal_state: stateOf(row),
          report_status: row?.status ?? null,
          onboarding_link: row ? await store.linkOf(db, row) : null,
          link_expires_at: row?.link_expires_at?.toISOString() ?? null,
          requested_at: row?.requested_at.toISOString() ?? null,
          started_at: row?.started_at?.toISOString() ?? null,
          submitted_at: row?.submitted_at?.toISOString() ?? null,
          completed_at: row?.status === 'READY' ? row.completed_at?.toISOString() ?? null : null,
          progress: taskProgress(tasks),
          tasks,
        };
      }));
      const outstanding = rows.filter((r) => r.report_status === 'INITIAL' || r.report_status === 'IN_PROGRESS').length;
      return {
        account_id: account.id, client_id: account.client_id, name: account.name, client_onboarding: account.client_onboarding,
        summary: { contacts: rows.length, outstanding_requests: outstanding, completed_requests: rows.filter((r) => r.report_status === 'READY').length },
        contacts: rows,
      };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
