import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { throttled, type Throttle } from '../../platform/http/rate-limit/throttle.ts';
import { StaffName, type StaffService } from '../staff/index.ts';
import { checkCsrf, cookieName, guard, readCookie, setSessionCookie, who } from './session.ts';

const config = { public: true } as const;
const hide = { hide: true };

/** Per-address ceiling on failed sign-in attempts (the API's rate limit skips public routes); lock-out guards each user. */
export const LOGIN_FAILURES_PER_MINUTE = 30;

const MINUTE_MS = 60_000;

/** Failed sign-ins per address in a minute: one count across API processes where the rate limit is shared. */
function failureCounter(throttle: Throttle) {
  const key = (ip: string) => `signin:${ip}`;
  return {
    async check(ip: string) {
      const { current, ttl } = await throttle.peek(key(ip), MINUTE_MS, LOGIN_FAILURES_PER_MINUTE);
      if (current >= LOGIN_FAILURES_PER_MINUTE) {
        throw throttled('Too many failed sign-in attempts from this address; wait a minute', ttl);
      }
    },
    async failed(ip: string) {
      await throttle.hit(key(ip), MINUTE_MS, LOGIN_FAILURES_PER_MINUTE);
    },
  };
}

/** Sign-in (password, then TOTP when enabled), sign-out, the session, invitations and TOTP enrolment. */
export function registerConsoleAuthRoutes(app: App, deps: { staff: StaffService; publicUrl: string; throttle: Throttle }) {
  const { staff, publicUrl } = deps;
  const cookie = cookieName(publicUrl);
  const anyRole = guard(staff, publicUrl, 'read');
  const failures = failureCounter(deps.throttle);
  /** Runs one sign-in step; a failure counts against the caller's address. */
  const attempt = async <T>(ip: string, step: () => Promise<T>): Promise<T> => {
    await failures.check(ip);
    try {
      return await step();
    } catch (error) {
      await failures.failed(ip);
      throw error;
    }
  };

  app.post('/console/api/login', {
    config, schema: { ...hide, body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false }) },
  }, async (request, reply) => {
    const opened = await attempt(request.ip, () => staff.login(request.body.email, request.body.password));
    setSessionCookie(reply, publicUrl, opened.token);
    return { stage: opened.stage, totp_required: opened.stage === 'totp' };
  });

  app.post('/console/api/login/totp', {
    config, schema: { ...hide, body: Type.Object({ code: Type.String({ maxLength: 12 }) }, { additionalProperties: false }) },
  }, async (request, reply) => {
    const token = readCookie(request, cookie);
    if (!token) throw new AppError('unauthorized', 'Sign in again');
    const opened = await attempt(request.ip, () => staff.completeTotp(token, request.body.code.replace(/\s/g, '')));
    setSessionCookie(reply, publicUrl, opened.token);
    return { stage: opened.stage, totp_required: false };
  });

  app.post('/console/api/logout', { config, schema: hide }, async (request, reply) => {
    const token = readCookie(request, cookie);
    const found = await staff.session(token);
    if (found) {
      checkCsrf(request, found.session);
      await staff.logout(token!);
    }
    setSessionCookie(reply, publicUrl, undefined);
    return reply.status(204).send();
  });

  app.get('/console/api/session', { config, schema: hide, preHandler: anyRole }, async (request, reply) => {
    const { user, session } = who(request);
    reply.header('cache-control', 'no-store');
    return { user, csrf_token: session.csrf_token, expires_at: session.expires_at.toISOString() };
  });

  app.post('/console/api/invitations/accept', {
    config, schema: { ...hide, body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 100 }), password: Type.String({ maxLength: 1000 }), name: Type.Optional(StaffName) }, { additionalProperties: false }) },
  }, async (request) => staff.acceptInvitation(request.body.token, request.body.password, request.body.name));

  app.post('/console/api/me/password', {
    config, preHandler: anyRole,
    schema: { ...hide, body: Type.Object({ current_password: Type.String({ maxLength: 1000 }), new_password: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }) },
  }, async (request) => {
    const { user, session } = who(request);
    return staff.changePassword(user.id, session.token_hash, request.body.current_password, request.body.new_password);
  });

  // Every user sets the name colleagues see (ADR 0175); an administrator may also change it on the users tab.
  app.patch('/console/api/me', {
    config, preHandler: anyRole, schema: { ...hide, body: Type.Object({ name: StaffName }, { additionalProperties: false }) },
  }, async (request) => {
    const { user } = who(request);
    return staff.updateUser(user.client_id, user.id, { name: request.body.name }, `user:${user.id}`);
  });

  app.post('/console/api/me/totp', { config, schema: hide, preHandler: anyRole }, async (request) => staff.beginTotp(who(request).user.id));

  app.post('/console/api/me/totp/confirm', {
    config, preHandler: anyRole, schema: { ...hide, body: Type.Object({ code: Type.String({ maxLength: 12 }) }, { additionalProperties: false }) },
  }, async (request) => staff.confirmTotp(who(request).user.id, request.body.code.replace(/\s/g, '')));
}
