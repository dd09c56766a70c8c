/**
 * Review memory's storage (ADR 96): reading and writing the remembered reviews of matches, sealed under the
 * contact's data key (ADR 75). The rules that apply them are pure, in domain/memory.ts.
 */
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { toBuffer, type Sql } from '../../platform/db/db.ts';
import { DELISTED_HASH, type MatchSnapshot, type RememberedReview, type ReviewedStatus } from './domain/memory.ts';
import type { ReportMatch } from './domain/report.ts';
import { matchReviewsRepo } from './match-reviews.repo.ts';

interface Sealed {
  reviewed_by: string;
  notes: string;
  match: MatchSnapshot;
}

/** The associated data binds a sealed review to its contact and entity: a row copied onto another does not open. */
export const matchReviewAad = (contactId: string, entityId: string) => `aml:match-review:${contactId}:${entityId}`;

export function createMatchMemory(deps: { keys: DataKeys }) {
  const { keys } = deps;

  /** The remembered reviews of some contacts of one client, by contact id. */
  async function load(sql: Sql, clientId: string, contactIds: readonly string[]): Promise<Map<string, RememberedReview[]>> {
    const rows = await matchReviewsRepo.forContacts(sql, clientId, contactIds);
    const out = new Map<string, RememberedReview[]>();
    for (const row of rows) {
      const sealed = (await keys.cipherFor(sql, row.contact_id)).decryptJson<Sealed>(toBuffer(row.review_enc), matchReviewAad(row.contact_id, row.entity_id));
      const list = out.get(row.contact_id) ?? [];
      list.push({
        entityId: row.entity_id, entityHash: row.entity_hash, status: row.status, reviewedBy: sealed.reviewed_by, reviewedAt: row.reviewed_at.toISOString(),
        notes: sealed.notes, match: sealed.match,
      });
      out.set(row.contact_id, list);
    }
    return out;
  }

  /**
   * Remembers what a review decided, each match with the entity's content hash as the reviewer saw it (a result
   * from before review memory has none: the hash of the entity as loaded now, or `delisted`).
   */
  async function remember(sql: Sql, clientId: string, contactId: string, decided: ReadonlyArray<{ match: ReportMatch; status: ReviewedStatus; notes: string }>,
    by: { reviewer: string; at: Date; hashOf: (entityId: string) => string | undefined }) {
    const cipher = await keys.cipherFor(sql, contactId);
    for (const d of decided) {
      const { review_status: _s, review: _r, review_change: _c, ...snapshot } = d.match;
      const entityHash = d.match.listed === false ? DELISTED_HASH : d.match.entity_hash ?? by.hashOf(d.match.entity_id) ?? DELISTED_HASH;
      const sealed: Sealed = { reviewed_by: by.reviewer, notes: d.notes, match: snapshot };
      await matchReviewsRepo.save(sql, clientId, {
        contactId, entityId: d.match.entity_id, entityHash, status: d.status, reviewedAt: by.at,
        reviewEnc: cipher.encryptJson(sealed, matchReviewAad(contactId, d.match.entity_id)),
      });
    }
  }

  return { load, remember };
}

export type MatchMemory = ReturnType<typeof createMatchMemory>;
