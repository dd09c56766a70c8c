import { one, type Sql } from '../../platform/db/db.ts';

/**
 * Active authentication challenges (ADR 0127): one live challenge per onboarding run, used at most once, by the
 * chip upload that carries the chip's answer. Every query names the client (tenant) and the contact.
 */
export interface ChipChallengeRow {
  contact_id: string;
  client_id: string;
  run_id: string;
  challenge: string;
  issued_at: Date;
  expires_at: Date;
  used_at: Date | null;
  file_id: string | null;
  /** A chip authentication session (its keys), sealed under the contact's key; null for an AA challenge alone. */
  ca_session_enc: Uint8Array | null;
}

export const chipChallengesRepo = {
  /** A new challenge; the run's earlier unused ones are dropped, so a reader asking again keeps one row alive. */
  issue: async (sql: Sql, c: { clientId: string; contactId: string; runId: string; challenge: string; issuedAt: Date; expiresAt: Date; caSessionEnc?: Buffer | null }) => {
    await sql.query('DELETE FROM onboarding_chip_challenges WHERE client_id = $1 AND contact_id = $2 AND run_id = $3 AND used_at IS NULL', [c.clientId, c.contactId, c.runId]);
    await sql.query(
      'INSERT INTO onboarding_chip_challenges (contact_id, client_id, run_id, challenge, issued_at, expires_at, ca_session_enc) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [c.contactId, c.clientId, c.runId, c.challenge, c.issuedAt, c.expiresAt, c.caSessionEnc ?? null]);
  },

  /** Marks the challenge used by `fileId` if it is this run's, unexpired and unused; false otherwise (one winner). */
  consume: async (sql: Sql, c: { clientId: string; contactId: string; runId: string; challenge: string; fileId: string; now: Date }): Promise<boolean> => {
    const row = await one<{ challenge: string }>(sql,
      `UPDATE onboarding_chip_challenges SET used_at = $6, file_id = $5
        WHERE client_id = $1 AND contact_id = $2 AND run_id = $3 AND challenge = $4 AND used_at IS NULL AND expires_at > $6
        RETURNING challenge`,
      [c.clientId, c.contactId, c.runId, c.challenge, c.fileId, c.now]);
    return row !== undefined;
  },

  /** Why a challenge cannot be used: unknown to this run, already used, or expired. */
  status: async (sql: Sql, c: { clientId: string; contactId: string; runId: string; challenge: string; now: Date }): Promise<'UNKNOWN' | 'USED' | 'EXPIRED' | 'LIVE'> => {
    const row = await one<ChipChallengeRow>(sql, 'SELECT * FROM onboarding_chip_challenges WHERE client_id = $1 AND contact_id = $2 AND run_id = $3 AND challenge = $4',
      [c.clientId, c.contactId, c.runId, c.challenge]);
    if (!row) return 'UNKNOWN';
    if (row.used_at) return 'USED';
    return row.expires_at <= c.now ? 'EXPIRED' : 'LIVE';
  },

  /** The challenge the chip upload `fileId` used, if any. */
  usedBy: async (sql: Sql, clientId: string, contactId: string, runId: string, fileId: string) =>
    one<ChipChallengeRow>(sql, 'SELECT * FROM onboarding_chip_challenges WHERE client_id = $1 AND contact_id = $2 AND run_id = $3 AND file_id = $4',
      [clientId, contactId, runId, fileId]),
};
