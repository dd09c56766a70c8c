import { one, toBuffer, type Db } from '../../platform/db/db.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AmlService } from '../aml/index.ts';
import type { AmlReviewInput } from '../aml/aml.schemas.ts';
import type { AuditService } from '../audit/index.ts';
import type { OnboardingService } from '../onboarding/index.ts';
import type { OnboardingReviewInput } from '../onboarding/onboarding.schemas.ts';
import { consoleRepo } from './console.repo.ts';

export type ReviewKind = 'AML' | 'ONBOARDING';

export interface PendingReview<P = AmlReviewInput | OnboardingReviewInput> {
  kind: ReviewKind;
  proposed_by: string;
  proposed_at: string;
  report_revision: string;
  proposal: P;
}

/** What the rule needs to know of a report kind: how to read it, whether it is an ALERT, how to record a review. */
interface ReportKind<P, R extends { status: string; revision: string }> {
  kind: ReviewKind;
  get(clientId: string, accountId: string, contactId: string): Promise<R>;
  isAlert(report: R): boolean;
  review(clientId: string, accountId: string, contactId: string, input: P, reviewer: string): Promise<R>;
}

/**
 * Four eyes on an ALERT (configurable per client, ADR 0051): when the client asks for it and the report is an
 * ALERT (the AML identity decision, or the onboarding document decision), a review is first a proposal; another
 * person with the review permission approves it (which records it through the report's own review, as the
 * proposer's decision) or rejects it. The same person cannot do both.
 */
export function createSecondReview(deps: { db: Db; keys: DataKeys; aml: AmlService; onboarding: OnboardingService; audit: AuditService }) {
  function rule<P extends { decision: string }, R extends { status: string; revision: string }>(k: ReportKind<P, R>) {
    // The AML proposals written before onboarding shared the table keep their associated data.
    const aad = (contactId: string) => (k.kind === 'AML' ? `console-pending-review:${contactId}` : `console-pending-review:${k.kind}:${contactId}`);
    const subject = (accountId: string, contactId: string) => `${accountId}/${contactId}`;

    async function pending(clientId: string, accountId: string, contactId: string): Promise<PendingReview<P> | null> {
      const row = await one<{ proposal_enc: Uint8Array; proposed_by: string; proposed_at: Date; report_revision: string }>(deps.db,
        'SELECT proposal_enc, proposed_by, proposed_at, report_revision FROM console_pending_reviews WHERE client_id = $1 AND account_id = $2 AND contact_id = $3 AND kind = $4',
        [clientId, accountId, contactId, k.kind]);
      if (!row) return null;
      return {
        kind: k.kind, proposed_by: row.proposed_by, proposed_at: row.proposed_at.toISOString(), report_revision: row.report_revision,
        proposal: (await deps.keys.cipherFor(deps.db, contactId)).decryptJson<P>(toBuffer(row.proposal_enc), aad(contactId)),
      };
    }

    /** Takes the proposal out of the table; only one of two people answering at once gets it. */
    const claim = async (clientId: string, contactId: string, p: PendingReview<P>) =>
      (await deps.db.query('DELETE FROM console_pending_reviews WHERE client_id = $1 AND contact_id = $2 AND kind = $3 AND proposed_by = $4 AND report_revision = $5 RETURNING contact_id',
        [clientId, contactId, k.kind, p.proposed_by, p.report_revision])).length === 1;

    async function answerable(clientId: string, accountId: string, contactId: string, actor: string) {
      const p = await pending(clientId, accountId, contactId);
      if (!p) throw new AppError('not_found', 'No review is waiting for approval');
      if (p.proposed_by === actor) throw new AppError('forbidden', 'The second approval must come from another person');
      return p;
    }

    return {
      pending,

      /** Records the review now, or keeps it as a proposal when the client's rule asks for a second person. */
      async submit(clientId: string, accountId: string, contactId: string, input: P, actor: string) {
        const settings = await consoleRepo.settings(deps.db, clientId);
        const report = await k.get(clientId, accountId, contactId);
        if (!settings?.second_review_for_alert || !k.isAlert(report)) return { status: 'recorded' as const, report: await k.review(clientId, accountId, contactId, input, actor) };
        if (report.status !== 'READY') throw new AppError('unprocessable', `Only a READY report can be reviewed; this one is ${report.status}`);
        await deps.db.query(
          `INSERT INTO console_pending_reviews (contact_id, kind, client_id, account_id, proposal_enc, proposed_by, report_revision) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (contact_id, kind) DO UPDATE SET proposal_enc = EXCLUDED.proposal_enc, proposed_by = EXCLUDED.proposed_by, report_revision = EXCLUDED.report_revision, proposed_at = now()`,
          [contactId, k.kind, clientId, accountId, (await deps.keys.cipherFor(deps.db, contactId)).encryptJson(input, aad(contactId)), actor, report.revision]);
        deps.audit.record({ client_id: clientId, actor, action: 'console.review.proposed', subject: subject(accountId, contactId), details: { kind: k.kind, decision: input.decision, revision: report.revision } });
        return { status: 'pending_approval' as const, report };
      },

      async approve(clientId: string, accountId: string, contactId: string, actor: string) {
        const p = await answerable(clientId, accountId, contactId, actor);
        const report = await k.get(clientId, accountId, contactId);
        if (report.revision !== p.report_revision) {
          await claim(clientId, contactId, p);
          throw new AppError('conflict', 'The report changed since the review was proposed; review it again');
        }
        if (!(await claim(clientId, contactId, p))) throw new AppError('not_found', 'No review is waiting for approval');
        const out = await k.review(clientId, accountId, contactId, p.proposal, p.proposed_by);
        deps.audit.record({ client_id: clientId, actor, action: 'console.review.approved', subject: subject(accountId, contactId), details: { kind: k.kind, proposed_by: p.proposed_by, decision: p.proposal.decision } });
        return out;
      },

      async reject(clientId: string, accountId: string, contactId: string, actor: string) {
        const p = await answerable(clientId, accountId, contactId, actor);
        if (!(await claim(clientId, contactId, p))) throw new AppError('not_found', 'No review is waiting for approval');
        deps.audit.record({ client_id: clientId, actor, action: 'console.review.rejected', subject: subject(accountId, contactId), details: { kind: k.kind, proposed_by: p.proposed_by } });
        return { rejected: true };
      },
    };
  }

  return {
    aml: rule<AmlReviewInput, Awaited<ReturnType<AmlService['get']>>>({
      kind: 'AML', get: deps.aml.get, review: deps.aml.review, isAlert: (r) => r.data.decision === 'ALERT',
    }),
    onboarding: rule<OnboardingReviewInput, Awaited<ReturnType<OnboardingService['get']>>>({
      kind: 'ONBOARDING', get: deps.onboarding.get, review: deps.onboarding.review, isAlert: (r) => r.data.idscan?.document_decision === 'ALERT',
    }),
  };
}

export type SecondReview = ReturnType<typeof createSecondReview>;
