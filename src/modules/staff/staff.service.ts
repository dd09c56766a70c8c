import { Type } from '@sinclair/typebox';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { generateSecret, generateURI, verify as totpVerify } from 'otplib';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import { sha256Hex } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { toBuffer, type Db } from '../../platform/db/db.ts';
import { AppError, type FieldError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { nameProblem, normaliseName } from './domain/display-name.ts';
import { afterFailure, isLocked, passwordProblem } from './domain/lockout.ts';
import { isRole, permissionsOf, type Role } from './domain/roles.ts';
import { staffRepo, type SessionRow, type StaffRow } from './staff.repo.ts';
import { clientReads } from '../auth/index.ts';

/** Idle sessions end after 30 minutes; any session after 12 hours; a pending second factor after 5 minutes. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
const TOTP_STAGE_MS = 5 * 60_000;
const INVITE_DAYS = 7;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

/**
 * A display name in a console request body: a loose bound only, so the service's check (after trimming, the same
 * for the CLI) names the problem; the character rule every request string meets applies as well.
 */
export const StaffName = Type.String({ maxLength: 300 });

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1) is the library's default; stated here so a change is visible.
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface StaffUserOut {
  id: string;
  client_id: string;
  email: string;
  /** The display name; null when none was given (the pages then show the e-mail alone). */
  name: string | null;
  role: Role;
  permissions: string[];
  totp_enabled: boolean;
  status: 'invited' | 'active' | 'disabled';
  last_login_at: string | null;
  created_at: string;
}

export interface ConsoleSession {
  user: StaffUserOut;
  session: SessionRow;
}

/** One sentence per bad field for the detail (the CLI prints it), and the field errors for RFC 9457. */
type Problems = { sentence: string; error: FieldError }[];
const invalid = (problems: Problems) =>
  new AppError('validation_failed', problems.map((p) => p.sentence).join('; '), { errors: problems.map((p) => p.error) });

/** The name as stored, or a problem with it at `pointer`; undefined stays undefined (no name given). */
function checkedName(name: string | undefined, pointer: string, problems: Problems): string | undefined {
  if (name === undefined) return undefined;
  const normalised = normaliseName(name);
  const problem = nameProblem(normalised);
  if (problem) problems.push({ sentence: `name ${problem}`, error: { pointer, message: problem } });
  return normalised;
}

const loginFailed = () => new AppError('unauthorized', 'The e-mail address or password is wrong, or the account is locked');

export function userOut(row: StaffRow): StaffUserOut {
  return {
    id: row.id, client_id: row.client_id, email: row.email, name: row.name, role: row.role, permissions: permissionsOf(row.role), totp_enabled: row.totp_secret_enc !== null,
    status: row.disabled_at ? 'disabled' : row.password_hash ? 'active' : 'invited', last_login_at: row.last_login_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Staff users of each client, their invitations, password and TOTP login with lock-out, and sessions.
 * Tokens (session, invitation) are random 256-bit values stored only as SHA-256 hashes.
 */
export function createStaffService(deps: { db: Db; cipher: Cipher; audit: AuditService; publicUrl: string; now: () => Date }) {
  const { db, cipher, audit } = deps;
  const totpAad = (userId: string) => `staff-totp:${userId}`;
  // A fixed hash to verify against when the e-mail is unknown, so the answer takes as long either way.
  const dummyHash = argonHash('not-a-password-of-anyone', ARGON);

  async function newSession(user: StaffRow, stage: 'totp' | 'full') {
    const token = randomToken(32);
    const now = deps.now();
    const session: Omit<SessionRow, 'last_seen_at'> = {
      token_hash: sha256Hex(token), user_id: user.id, client_id: user.client_id, stage, csrf_token: randomToken(24), created_at: now,
      expires_at: new Date(now.getTime() + (stage === 'totp' ? TOTP_STAGE_MS : SESSION_IDLE_MS)),
    };
    await staffRepo.insertSession(db, session);
    return { token, csrf_token: session.csrf_token, stage, expires_at: session.expires_at.toISOString() };
  }

  async function failure(user: StaffRow, reason: string) {
    const next = afterFailure(user, deps.now());
    await staffRepo.setLock(db, user.id, next.failed_logins, next.locked_until);
    audit.record({ client_id: user.client_id, actor: `user:${user.id}`, action: next.locked_until && next.locked_until !== user.locked_until ? 'console.locked' : 'console.login_failed', subject: user.id, details: { reason } });
  }

  async function checkTotp(secret: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const result = await totpVerify({ secret, token: code, epoch: Math.floor(deps.now().getTime() / 1000), epochTolerance: 30 });
    return result.valid;
  }

  return {
    async createUser(clientId: string, input: { email: string; role: string; name?: string; password?: string }, actor = 'operator') {
      // Every bad field at once, each with its pointer.
      const problems: Problems = [];
      const email = input.email.trim();
      if (!EMAIL.test(email)) problems.push({ sentence: 'email must be an e-mail address', error: { pointer: '/email', message: 'is not an e-mail address' } });
      if (!isRole(input.role)) problems.push({ sentence: 'role must be administrator, reviewer or read-only', error: { pointer: '/role', message: 'is not a role' } });
      const name = checkedName(input.name, '/name', problems);
      if (input.password !== undefined) {
        const problem = passwordProblem(input.password, email);
        if (problem) problems.push({ sentence: `password ${problem}`, error: { pointer: '/password', message: problem } });
      }
      if (problems.length) throw invalid(problems);
      if (!(await clientReads.exists(db, clientId))) throw new AppError('not_found', `No client ${clientId}`);
      if (await staffRepo.byEmail(db, email)) throw new AppError('conflict', 'A user with this e-mail address exists');
      const invite = input.password === undefined ? randomToken(32) : undefined;
      const row = await staffRepo.insert(db, {
        id: newId('usr'), clientId, email, name: name ?? null, role: input.role as Role, passwordHash: input.password === undefined ? null : await argonHash(input.password, ARGON),
        inviteHash: invite ? sha256Hex(invite) : null, inviteExpiresAt: invite ? new Date(deps.now().getTime() + INVITE_DAYS * 86_400_000) : null,
      });
      // Whether a name was given, not the name: the trail records no more about the person than before (ADR 0175).
      audit.record({ client_id: clientId, actor, action: 'staff.create', subject: row.id, details: { role: row.role, invited: Boolean(invite), named: name !== undefined } });
      return { user: userOut(row), ...(invite ? { invitation_url: `${deps.publicUrl}/console/invite/${invite}`, invitation_expires_at: row.invite_expires_at!.toISOString() } : {}) };
    },

    async listUsers(clientId: string) {
      return (await staffRepo.list(db, clientId)).map(userOut);
    },

    async updateUser(clientId: string, userId: string, change: { role?: string; disabled?: boolean; name?: string }, actor: string) {
      const problems: Problems = [];
      if (change.role !== undefined && !isRole(change.role)) problems.push({ sentence: 'role must be administrator, reviewer or read-only', error: { pointer: '/role', message: 'is not a role' } });
      const name = checkedName(change.name, '/name', problems);
      if (problems.length) throw invalid(problems);
      const row = await staffRepo.update(db, clientId, userId, { role: change.role as Role | undefined, disabled: change.disabled, name });
      if (!row) throw new AppError('not_found', 'User not found');
      if (change.disabled) await staffRepo.deleteSessionsOf(db, userId);
      // The role and access as before; for the name only that it changed (ADR 0175).
      const { name: _name, ...recorded } = change;
      audit.record({ client_id: clientId, actor, action: 'staff.update', subject: userId, details: { ...recorded, ...(name !== undefined ? { name_changed: true } : {}) } });
      return userOut(row);
    },

    /** The invited person chooses a password and, if they give one, the name colleagues will see (it replaces any the administrator typed). */
    async acceptInvitation(token: string, password: string, givenName?: string) {
      return db.tx(async (tx) => {
        const row = await staffRepo.byInvite(tx, sha256Hex(token));
        if (!row || !row.invite_expires_at || row.invite_expires_at <= deps.now() || row.disabled_at) throw new AppError('not_found', 'The invitation is unknown or has expired');
        const problems: Problems = [];
        const problem = passwordProblem(password, row.email);
        if (problem) problems.push({ sentence: `password ${problem}`, error: { pointer: '/password', message: problem } });
        const name = checkedName(givenName, '/name', problems);
        if (problems.length) throw invalid(problems);
        await staffRepo.setPassword(tx, row.id, await argonHash(password, ARGON));
        if (name !== undefined) await staffRepo.update(tx, row.client_id, row.id, { name });
        await audit.recordIn(tx, { client_id: row.client_id, actor: `user:${row.id}`, action: 'staff.invitation_accepted', subject: row.id, ...(name !== undefined ? { details: { name_changed: true } } : {}) });
        return { email: row.email, name: name ?? row.name };
      });
    },

    /** Step one: the password. With TOTP enabled, the session it opens can only complete the second step. */
    async login(email: string, password: string) {
      await staffRepo.deleteExpired(db, deps.now()); // housekeeping: sign-ins are rare enough to carry it
      const user = await staffRepo.byEmail(db, email.trim());
      if (!user || !user.password_hash || user.disabled_at) {
        await argonVerify(await dummyHash, password).catch(() => false);
        throw loginFailed();
      }
      if (isLocked(user, deps.now())) {
        audit.record({ client_id: user.client_id, actor: `user:${user.id}`, action: 'console.login_failed', subject: user.id, details: { reason: 'locked' } });
        throw loginFailed();
      }
      if (!(await argonVerify(user.password_hash, password).catch(() => false))) {
        await failure(user, 'password');
        throw loginFailed();
      }
      if (user.totp_secret_enc) return newSession(user, 'totp');
      await staffRepo.loggedIn(db, user.id, deps.now());
      audit.record({ client_id: user.client_id, actor: `user:${user.id}`, action: 'console.login', subject: user.id, details: { second_factor: false } });
      return newSession(user, 'full');
    },

    /** Step two: the code. The pending session is replaced by a new one (a new token), so nothing from step one carries over. */
    async completeTotp(token: string, code: string) {
      const pending = await staffRepo.session(db, sha256Hex(token));
      if (!pending || pending.stage !== 'totp' || pending.expires_at <= deps.now()) throw new AppError('unauthorized', 'Sign in again');
      const user = (await staffRepo.byId(db, pending.user_id))!;
      if (isLocked(user, deps.now()) || user.disabled_at || !user.totp_secret_enc) {
        await staffRepo.deleteSession(db, pending.token_hash);
        throw loginFailed();
      }
      const secret = cipher.decrypt(toBuffer(user.totp_secret_enc), totpAad(user.id)).toString('utf8');
      if (!(await checkTotp(secret, code))) {
        await failure(user, 'totp');
        throw new AppError('unauthorized', 'The code is wrong');
      }
      await staffRepo.deleteSession(db, pending.token_hash);
      await staffRepo.loggedIn(db, user.id, deps.now());
      audit.record({ client_id: user.client_id, actor: `user:${user.id}`, action: 'console.login', subject: user.id, details: { second_factor: true } });
      return newSession(user, 'full');
    },

    /** The session behind a cookie, if it is still valid; each use extends the idle window (up to the maximum age). */
    async session(token: string | undefined): Promise<ConsoleSession | undefined> {
      if (!token || token.length > 100) return undefined;
      const session = await staffRepo.session(db, sha256Hex(token));
      const now = deps.now();
      if (!session || session.expires_at <= now) return undefined;
      const user = await staffRepo.byId(db, session.user_id);
      if (!user || user.disabled_at) return undefined;
      if (session.stage === 'full' && now.getTime() - session.last_seen_at.getTime() > 30_000) {
        const expires = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.created_at.getTime() + SESSION_MAX_MS));
        await staffRepo.touchSession(db, session.token_hash, now, expires);
      }
      return { user: userOut(user), session };
    },

    async logout(token: string) {
      const session = await staffRepo.session(db, sha256Hex(token));
      if (!session) return;
      await staffRepo.deleteSession(db, session.token_hash);
      audit.record({ client_id: session.client_id, actor: `user:${session.user_id}`, action: 'console.logout', subject: session.user_id });
    },

    /** A signed-in user changes their password: the current one must be right; every other session of theirs ends. */
    async changePassword(userId: string, keepSessionHash: string, current: string, next: string) {
      const user = (await staffRepo.byId(db, userId))!;
      if (!user.password_hash || !(await argonVerify(user.password_hash, current).catch(() => false))) {
        await failure(user, 'password_change');
        throw new AppError('validation_failed', 'The current password is wrong', { errors: [{ pointer: '/current_password', message: 'is wrong' }] });
      }
      const problem = passwordProblem(next, user.email);
      if (problem) throw new AppError('validation_failed', `password ${problem}`, { errors: [{ pointer: '/new_password', message: problem }] });
      await staffRepo.setPassword(db, userId, await argonHash(next, ARGON));
      await db.query('DELETE FROM staff_sessions WHERE user_id = $1 AND token_hash <> $2', [userId, keepSessionHash]);
      audit.record({ client_id: user.client_id, actor: `user:${userId}`, action: 'staff.password_changed', subject: userId });
      return { changed: true };
    },

    /** TOTP enrolment, step one: a new secret, kept pending until a code from it is shown. */
    async beginTotp(userId: string) {
      const user = (await staffRepo.byId(db, userId))!;
      const secret = generateSecret();
      await staffRepo.setTotpPending(db, userId, cipher.encrypt(Buffer.from(secret), totpAad(userId)));
      return { secret, otpauth_url: generateURI({ issuer: 'KYC console', label: user.email, secret }) };
    },

    async confirmTotp(userId: string, code: string) {
      const user = (await staffRepo.byId(db, userId))!;
      if (!user.totp_pending_enc) throw new AppError('unprocessable', 'Start the enrolment first');
      const secret = cipher.decrypt(toBuffer(user.totp_pending_enc), totpAad(userId)).toString('utf8');
      if (!(await checkTotp(secret, code))) throw new AppError('validation_failed', 'The code is wrong', { errors: [{ pointer: '/code', message: 'does not match' }] });
      await staffRepo.enableTotp(db, userId, cipher.encrypt(Buffer.from(secret), totpAad(userId)));
      audit.record({ client_id: user.client_id, actor: `user:${userId}`, action: 'staff.totp_enabled', subject: userId });
      return userOut((await staffRepo.byId(db, userId))!);
    },

    async purgeExpiredSessions() {
      await staffRepo.deleteExpired(db, deps.now());
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
