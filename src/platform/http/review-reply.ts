import type { FastifyReply } from 'fastify';
import { etag } from './revision.ts';
import type { ReviewOutcome } from './schemas.ts';

/**
 * A review endpoint's answer, the same for every report kind: 200 with the report when the review was recorded,
 * 202 with the proposal when the client's four-eyes rule holds it for a second person. The ETag is the report's
 * revision either way (a proposal changes nothing yet).
 */
export function sendReviewOutcome<R extends { revision: number | string }>(reply: FastifyReply, outcome: ReviewOutcome<R>) {
  reply.header('etag', etag(outcome.report.revision));
  return outcome.status === 'recorded'
    ? reply.send(outcome.report)
    : reply.status(202).send({ pending_approval: true, proposal: outcome.proposal, report: outcome.report });
}
