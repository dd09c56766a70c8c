import type { Sql } from '../../platform/db/db.ts';

export interface MatchReviewRow {
  contact_id: string;
  client_id: string;
  entity_id: string;
  entity_hash: string;
  status: 'MATCH_DISMISSED' | 'MATCH_CONFIRMED';
  review_enc: Uint8Array;
  reviewed_at: Date;
}

/** SQL for review memory (aml_match_reviews); tenant-scoped: every function takes `clientId` first. */
export const matchReviewsRepo = {
  /** The remembered reviews of some contacts of one client. */
  forContacts: (sql: Sql, clientId: string, contactIds: readonly string[]) =>
    contactIds.length === 0 ? Promise.resolve([] as MatchReviewRow[])
      : sql.query<MatchReviewRow>('SELECT * FROM aml_match_reviews WHERE client_id = $1 AND contact_id = ANY($2::text[]) ORDER BY contact_id, entity_id', [clientId, [...contactIds]]),

  /** A person's latest decision on one match replaces the one before (the audit trail keeps every review). */
  save: (sql: Sql, clientId: string, r: { contactId: string; entityId: string; entityHash: string; status: string; reviewEnc: Buffer; reviewedAt: Date }) =>
    sql.query(
      `INSERT INTO aml_match_reviews (contact_id, client_id, entity_id, entity_hash, status, review_enc, reviewed_at)
       SELECT $2, $1, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM contacts WHERE id = $2 AND client_id = $1)
       ON CONFLICT (contact_id, entity_id) DO UPDATE SET entity_hash = EXCLUDED.entity_hash, status = EXCLUDED.status,
         review_enc = EXCLUDED.review_enc, reviewed_at = EXCLUDED.reviewed_at
       WHERE aml_match_reviews.client_id = EXCLUDED.client_id`,
      [clientId, r.contactId, r.entityId, r.entityHash, r.status, r.reviewEnc, r.reviewedAt]),
};
