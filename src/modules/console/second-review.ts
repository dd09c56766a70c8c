import { one, toBuffer, type Db } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AmlService } from '../aml/index.ts';
import type { AmlReviewInput } from '../aml/aml.schemas.ts';
import type { AuditService } from '../audit/index.ts';
import { consoleRepo } from './console.repo.ts';

export interface PendingReview {
  proposed_by: string;
  proposed_at: string;
  report_revision: string;
  proposal: AmlReviewInput;
}

/**
 * Four eyes on an ALERT (configurable per client): when the client asks for it and the AML report's identity
 * decision is ALERT, a review is first a proposal; another person with the review permission approves it (which
 * records it through aml.review, as the proposer's decision) or rejects it. The same person cannot do both.
 */
export function createSecondReview(deps: { db: Db; cipher: Cipher; aml: AmlService; audit: AuditService }) {
  const aad = (contactId: string) => `console-pending-review:${contactId}`;

  async function pending(clientId: string, contactId: string): Promise<PendingReview | null> {
    const row = await one<{ proposal_enc: Uint8Array; proposed_by: string; proposed_at: Date; report_revision: string }>(deps.db,
      "SELECT proposal_enc, proposed_by, proposed_at, report_revision FROM console_pending_reviews WHERE client_id = $1 AND contact_id = $2 AND kind = 'AML'", [clientId, contactId]);
    if (!row) return null;
    return { proposed_by: row.proposed_by, proposed_at: row.proposed_at.toISOString(), report_revision: row.report_revision, proposal: deps.cipher.decryptJson<AmlReviewInput>(toBuffer(row.proposal_enc), aad(contactId)) };
  }

  const remove = (clientId: string, contactId: string) => deps.db.query("DELETE FROM console_pending_reviews WHERE client_id = $1 AND contact_id = $2 AND kind = 'AML'", [clientId, contactId]);

  return {
    pending,

    /** Records the review now, or keeps it as a proposal when the client's rule asks for a second person. */
    async submit(clientId: string, accountId: string, contactId: string, input: AmlReviewInput, actor: string) {
      const settings = await consoleRepo.settings(deps.db, clientId);
      const report = await deps.aml.get(clientId, accountId, contactId);
      if (!settings?.second_review_for_alert || report.data.decision !== 'ALERT') return { status: 'recorded' as const, report: await deps.aml.review(clientId, accountId, contactId, input, actor) };
      if (report.status !== 'READY') throw new AppError('unprocessable', 'Only a READY report can be reviewed');
      await deps.db.query(
        `INSERT INTO console_pending_reviews (contact_id, kind, client_id, account_id, proposal_enc, proposed_by, report_revision) VALUES ($1, 'AML', $2, $3, $4, $5, $6)
         ON CONFLICT (contact_id, kind) DO UPDATE SET proposal_enc = EXCLUDED.proposal_enc, proposed_by = EXCLUDED.proposed_by, report_revision = EXCLUDED.report_revision, proposed_at = now()`,
        [contactId, clientId, accountId, deps.cipher.encryptJson(input, aad(contactId)), actor, report.revision]);
      deps.audit.record({ client_id: clientId, actor, action: 'console.review.proposed', subject: `${accountId}/${contactId}`, details: { decision: input.decision, revision: report.revision } });
      return { status: 'pending_approval' as const, report };
    },

    async approve(clientId: string, accountId: string, contactId: string, actor: string) {
      const p = await pending(clientId, contactId);
      if (!p) throw new AppError('not_found', 'No review is waiting for approval');
      if (p.proposed_by === actor) throw new AppError('forbidden', 'The second approval must come from another person');
      const report = await deps.aml.get(clientId, accountId, contactId);
      if (report.revision !== p.report_revision) {
        await remove(clientId, contactId);
        throw new AppError('conflict', 'The report changed since the review was proposed; review it again');
      }
      const out = await deps.aml.review(clientId, accountId, contactId, p.proposal, p.proposed_by);
      await remove(clientId, contactId);
      deps.audit.record({ client_id: clientId, actor, action: 'console.review.approved', subject: `${accountId}/${contactId}`, details: { proposed_by: p.proposed_by, decision: p.proposal.decision } });
      return out;
    },

    async reject(clientId: string, accountId: string, contactId: string, actor: string) {
      const p = await pending(clientId, contactId);
      if (!p) throw new AppError('not_found', 'No review is waiting for approval');
      if (p.proposed_by === actor) throw new AppError('forbidden', 'The second approval must come from another person');
      await remove(clientId, contactId);
      deps.audit.record({ client_id: clientId, actor, action: 'console.review.rejected', subject: `${accountId}/${contactId}`, details: { proposed_by: p.proposed_by } });
      return { rejected: true };
    },
  };
}

export type SecondReview = ReturnType<typeof createSecondReview>;
