import { one, type Sql } from '../../platform/db/db.ts';
import type { Role } from './domain/roles.ts';

export interface StaffRow {
  id: string;
  client_id: string;
  email: string;
  name: string | null;
  role: Role;
  password_hash: string | null;
  totp_secret_enc: Uint8Array | null;
  totp_pending_enc: Uint8Array | null;
  failed_logins: number;
  locked_until: Date | null;
  invite_hash: string | null;
  invite_expires_at: Date | null;
  disabled_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
}

export interface SessionRow {
  token_hash: string;
  user_id: string;
  client_id: string;
  stage: 'totp' | 'full';
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** SQL for staff users and their sessions; tenant-scoped functions take `clientId` first. */
export const staffRepo = {
  insert: (sql: Sql, row: { id: string; clientId: string; email: string; name: string | null; role: Role; passwordHash: string | null; inviteHash: string | null; inviteExpiresAt: Date | null }) =>
    one<StaffRow>(sql,
      `INSERT INTO staff_users (id, client_id, email, name, role, password_hash, invite_hash, invite_expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [row.id, row.clientId, row.email, row.name, row.role, row.passwordHash, row.inviteHash, row.inviteExpiresAt]) as Promise<StaffRow>,
  byEmail: (sql: Sql, email: string) => one<StaffRow>(sql, 'SELECT * FROM staff_users WHERE lower(email) = lower($1)', [email]),
  byId: (sql: Sql, id: string) => one<StaffRow>(sql, 'SELECT * FROM staff_users WHERE id = $1', [id]),
  inClient: (sql: Sql, clientId: string, id: string) => one<StaffRow>(sql, 'SELECT * FROM staff_users WHERE client_id = $1 AND id = $2', [clientId, id]),
  byInvite: (sql: Sql, inviteHash: string) => one<StaffRow>(sql, 'SELECT * FROM staff_users WHERE invite_hash = $1 FOR UPDATE', [inviteHash]),
  list: (sql: Sql, clientId: string) => sql.query<StaffRow>('SELECT * FROM staff_users WHERE client_id = $1 ORDER BY created_at, id', [clientId]),
  setPassword: (sql: Sql, id: string, hash: string) =>
    sql.query('UPDATE staff_users SET password_hash = $2, invite_hash = NULL, invite_expires_at = NULL, failed_logins = 0, locked_until = NULL WHERE id = $1', [id, hash]),
  setLock: (sql: Sql, id: string, failed: number, lockedUntil: Date | null) =>
    sql.query('UPDATE staff_users SET failed_logins = $2, locked_until = $3 WHERE id = $1', [id, failed, lockedUntil]),
  loggedIn: (sql: Sql, id: string, at: Date) => sql.query('UPDATE staff_users SET failed_logins = 0, locked_until = NULL, last_login_at = $2 WHERE id = $1', [id, at]),
  setTotpPending: (sql: Sql, id: string, sealed: Buffer | null) => sql.query('UPDATE staff_users SET totp_pending_enc = $2 WHERE id = $1', [id, sealed]),
  enableTotp: (sql: Sql, id: string, sealed: Buffer) => sql.query('UPDATE staff_users SET totp_secret_enc = $2, totp_pending_enc = NULL WHERE id = $1', [id, sealed]),
  update: (sql: Sql, clientId: string, id: string, change: { role?: Role; disabled?: boolean; name?: string }) =>
    one<StaffRow>(sql,
      `UPDATE staff_users SET role = COALESCE($3, role),
              disabled_at = CASE WHEN $4::boolean IS NULL THEN disabled_at WHEN $4 THEN COALESCE(disabled_at, now()) ELSE NULL END,
              name = COALESCE($5, name)
        WHERE client_id = $1 AND id = $2 RETURNING *`, [clientId, id, change.role ?? null, change.disabled ?? null, change.name ?? null]),

  insertSession: (sql: Sql, s: Omit<SessionRow, 'last_seen_at'>) =>
    sql.query('INSERT INTO staff_sessions (token_hash, user_id, client_id, stage, csrf_token, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $7)',
      [s.token_hash, s.user_id, s.client_id, s.stage, s.csrf_token, s.created_at, s.expires_at]),
  session: (sql: Sql, tokenHash: string) => one<SessionRow>(sql, 'SELECT * FROM staff_sessions WHERE token_hash = $1', [tokenHash]),
  touchSession: (sql: Sql, tokenHash: string, at: Date, expiresAt: Date) =>
    sql.query('UPDATE staff_sessions SET last_seen_at = $2, expires_at = $3 WHERE token_hash = $1', [tokenHash, at, expiresAt]),
  deleteSession: (sql: Sql, tokenHash: string) => sql.query('DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash]),
  deleteSessionsOf: (sql: Sql, userId: string) => sql.query('DELETE FROM staff_sessions WHERE user_id = $1', [userId]),
  deleteExpired: (sql: Sql, now: Date) => sql.query('DELETE FROM staff_sessions WHERE expires_at <= $1', [now]),
};
