import { Type } from '@sinclair/typebox';
import { one, toBuffer, type Db } from '../../platform/db/db.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { newId } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AmlReviewInput, AmlService } from '../aml/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { OnboardingReviewInput, OnboardingService } from '../onboarding/index.ts';
import type { ClientsService } from '../auth/index.ts';
import { consoleRepo } from './console.repo.ts';

export type ReviewKind = 'AML' | 'ONBOARDING';

const COLUMNS = 'proposal_id, proposal_revision, proposal_enc, proposed_by, proposed_at, report_revision';

export interface PendingReview<P = AmlReviewInput | OnboardingReviewInput> {
  kind: ReviewKind;
  /** Stays the same while the proposal waits; with the revision, what an approval or a rejection names. */
  proposal_id: string;
  /** 1 when proposed, one more with every change (by anyone); an answer naming an earlier one is refused. */
  proposal_revision: number;
  proposed_by: string;
  proposed_at: string;
  report_revision: string;
  proposal: P;
}

/** What the second person saw: an approval or a rejection names it, and holds only for that version. */
export interface ProposalRef {
  proposal_id: string;
  proposal_revision: number;
}

/** The body of an approval or a rejection. */
export const ProposalRefBody = Type.Object({
  proposal_id: Type.String({ minLength: 1, maxLength: 64, description: 'pending_review.proposal_id as read' }),
  proposal_revision: Type.Integer({ minimum: 1, description: 'pending_review.proposal_revision as read' }),
}, { additionalProperties: false });

export type SubmitOutcome<R> =
  | { status: 'recorded'; report: R }
  | { status: 'pending_approval'; report: R; proposal: ProposalRef & { proposed_by: string } };

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
 * proposer's decision) or rejects it. The same person cannot do both. Reviews through the public API go through
 * the same rule (ADR 0077): an API credential only proposes there.
 *
 * An answer names the proposal and its revision (ADR 0077): a proposal changed after the approver read it is
 * another proposal, and the approval is refused (409) instead of recording what the approver never saw. The
 * check and the removal are one conditional DELETE, and what is recorded is the row that DELETE returned.
 */
export function createSecondReview(deps: { db: Db; keys: DataKeys; aml: AmlService; onboarding: OnboardingService; audit: AuditService; clients: Pick<ClientsService, 'issuedTo'> }) {
  function rule<P extends { decision: string }, R extends { status: string; revision: string }>(k: ReportKind<P, R>) {
    // The AML proposals written before onboarding shared the table keep their associated data.
    const aad = (contactId: string) => (k.kind === 'AML' ? `console-pending-review:${contactId}` : `console-pending-review:${k.kind}:${contactId}`);
    const subject = (accountId: string, contactId: string) => `${accountId}/${contactId}`;

    type Row = { proposal_id: string; proposal_revision: number; proposal_enc: Uint8Array; proposed_by: string; proposed_at: Date; report_revision: string };
    const open = async (contactId: string, row: Row): Promise<PendingReview<P>> => ({
      kind: k.kind, proposal_id: row.proposal_id, proposal_revision: row.proposal_revision,
      proposed_by: row.proposed_by, proposed_at: row.proposed_at.toISOString(), report_revision: row.report_revision,
      proposal: (await deps.keys.cipherFor(deps.db, contactId)).decryptJson<P>(toBuffer(row.proposal_enc), aad(contactId)),
    });

    async function pending(clientId: string, accountId: string, contactId: string): Promise<PendingReview<P> | null> {
      const row = await one<Row>(deps.db,
        `SELECT ${COLUMNS} FROM console_pending_reviews WHERE client_id = $1 AND account_id = $2 AND contact_id = $3 AND kind = $4`,
        [clientId, accountId, contactId, k.kind]);
      return row ? open(contactId, row) : null;
    }

    /**
     * Takes the named version of the proposal out of the table, unless `actor` wrote it; only one of two people
     * answering at once gets it, and a proposal changed in between is not taken.
     */
    async function claim(clientId: string, contactId: string, named: ProposalRef, actor: string): Promise<PendingReview<P> | null> {
      const [row] = await deps.db.query<Row>(
        `DELETE FROM console_pending_reviews WHERE client_id = $1 AND contact_id = $2 AND kind = $3 AND proposal_id = $4 AND proposal_revision = $5 AND proposed_by <> $6
         RETURNING ${COLUMNS}`,
        [clientId, contactId, k.kind, named.proposal_id, named.proposal_revision, actor]);
      return row ? open(contactId, row) : null;
    }

    /** The waiting proposal, if `actor` may answer the version they name; otherwise the problem that says why not. */
    async function answerable(clientId: string, accountId: string, contactId: string, actor: string, named: ProposalRef) {
      const p = await pending(clientId, accountId, contactId);
      if (!p || p.proposal_id !== named.proposal_id) throw new AppError('not_found', 'No such review is waiting for approval');
      if (p.proposed_by === actor) throw new AppError('forbidden', 'The second approval must come from another person');
      // A proposal made through the API: the person who was shown that credential's secret is its author too.
      if (p.proposed_by.startsWith('api:') && (await deps.clients.issuedTo(clientId, p.proposed_by.slice(4))) === actor) {
        throw new AppError('forbidden', 'The second approval must come from another person: you were shown the secret of the API credential that proposed it');
      }
      if (p.proposal_revision !== named.proposal_revision) throw changed(p);
      return p;
    }
    const changed = (p: ProposalRef) =>
      new AppError('conflict', `The proposal changed since you read it (it is now revision ${p.proposal_revision}); read it again before answering`);

    return {
      pending,

      /** Records the review now, or keeps it as a proposal when the client's rule asks for a second person. */
      async submit(clientId: string, accountId: string, contactId: string, input: P, actor: string): Promise<SubmitOutcome<R>> {
        const settings = await consoleRepo.settings(deps.db, clientId);
        const report = await k.get(clientId, accountId, contactId);
        if (!settings?.second_review_for_alert || !k.isAlert(report)) return { status: 'recorded', report: await k.review(clientId, accountId, contactId, input, actor) };
        if (report.status !== 'READY') throw new AppError('unprocessable', `Only a READY report can be reviewed; this one is ${report.status}`);
        // A change keeps the proposal's id and adds one to its revision, so an approval of what was there before fails.
        const [saved] = await deps.db.query<{ proposal_id: string; proposal_revision: number }>(
          `INSERT INTO console_pending_reviews (contact_id, kind, client_id, account_id, proposal_enc, proposed_by, report_revision, proposal_id, proposal_revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)
           ON CONFLICT (contact_id, kind) DO UPDATE SET proposal_enc = EXCLUDED.proposal_enc, proposed_by = EXCLUDED.proposed_by, report_revision = EXCLUDED.report_revision,
             proposed_at = now(), proposal_revision = console_pending_reviews.proposal_revision + 1
           RETURNING proposal_id, proposal_revision`,
          [contactId, k.kind, clientId, accountId, (await deps.keys.cipherFor(deps.db, contactId)).encryptJson(input, aad(contactId)), actor, report.revision, newId('prp')]);
        deps.audit.record({
          client_id: clientId, actor, action: 'console.review.proposed', subject: subject(accountId, contactId),
          details: { kind: k.kind, decision: input.decision, revision: report.revision, proposal_id: saved!.proposal_id, proposal_revision: saved!.proposal_revision },
        });
        return { status: 'pending_approval', report, proposal: { ...saved!, proposed_by: actor } };
      },

      async approve(clientId: string, accountId: string, contactId: string, actor: string, named: ProposalRef) {
        const p = await answerable(clientId, accountId, contactId, actor, named);
        const report = await k.get(clientId, accountId, contactId);
        if (report.revision !== p.report_revision) {
          await claim(clientId, contactId, named, actor);
          throw new AppError('conflict', 'The report changed since the review was proposed; review it again');
        }
        const taken = await claim(clientId, contactId, named, actor);
        if (!taken) {
          const now = await pending(clientId, accountId, contactId);
          throw now && now.proposal_id === named.proposal_id ? changed(now) : new AppError('not_found', 'No such review is waiting for approval');
        }
        const out = await k.review(clientId, accountId, contactId, taken.proposal, taken.proposed_by);
        deps.audit.record({
          client_id: clientId, actor, action: 'console.review.approved', subject: subject(accountId, contactId),
          details: { kind: k.kind, proposed_by: taken.proposed_by, decision: taken.proposal.decision, proposal_id: taken.proposal_id, proposal_revision: taken.proposal_revision },
        });
        return out;
      },

      async reject(clientId: string, accountId: string, contactId: string, actor: string, named: ProposalRef) {
        await answerable(clientId, accountId, contactId, actor, named);
        const taken = await claim(clientId, contactId, named, actor);
        if (!taken) throw new AppError('conflict', 'The proposal changed since you read it; read it again before answering');
        deps.audit.record({
          client_id: clientId, actor, action: 'console.review.rejected', subject: subject(accountId, contactId),
          details: { kind: k.kind, proposed_by: taken.proposed_by, proposal_id: taken.proposal_id, proposal_revision: taken.proposal_revision },
        });
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
