import type { Sql } from '../../platform/db/db.ts';

export interface InvitationRow {
  id: string;
  run_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/** SQL of the invitation log (onboarding_invitations): one row per e-mail queued for a request's link. */
export const invitationsRepo = {
  insert: (sql: Sql, r: { id: string; clientId: string; contactId: string; runId: string }) =>
    sql.query('INSERT INTO onboarding_invitations (id, client_id, contact_id, run_id, status) VALUES ($1, $2, $3, $4, $5)', [r.id, r.clientId, r.contactId, r.runId, 'QUEUED']),

  /** The contact's last 50 invitations, newest first. */
  list: (sql: Sql, clientId: string, contactId: string) =>
    sql.query<InvitationRow>(
      'SELECT id, run_id, status, attempts, last_error, sent_at, created_at FROM onboarding_invitations WHERE client_id = $1 AND contact_id = $2 ORDER BY created_at DESC LIMIT 50',
      [clientId, contactId]),

  superseded: (sql: Sql, id: string) =>
    sql.query(`UPDATE onboarding_invitations SET status = 'FAILED', last_error = 'superseded by a newer request' WHERE id = $1 AND status = 'QUEUED'`, [id]),

  /** One failed attempt; `final` ends the invitation as FAILED, otherwise it stays QUEUED for the retry. */
  attemptFailed: (sql: Sql, id: string, message: string, final: boolean) =>
    sql.query(`UPDATE onboarding_invitations SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1`, [id, message, final ? 'FAILED' : 'QUEUED']),

  sent: (sql: Sql, id: string, at: Date, messageId: string) =>
    sql.query(`UPDATE onboarding_invitations SET status = 'SENT', attempts = attempts + 1, sent_at = $2, message_id = $3, last_error = NULL WHERE id = $1`, [id, at, messageId]),
};
