import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameBytes } from '../../platform/crypto/hash.ts';
import { AppError } from '../../platform/http/errors.ts';
import { can, type ConsoleSession, type Permission, type StaffService } from '../staff/index.ts';
import { SESSION_MAX_MS } from '../staff/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user on console routes (set by the console's own guard, not the API's bearer hook). */
    staff?: ConsoleSession;
  }
}

/** Cookie name: with HTTPS the __Host- prefix pins it to this host, path / and Secure. */
export function cookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-kyc_console' : 'kyc_console';
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it), Secure on HTTPS. */
export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string | undefined) {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const value = token ? `${encodeURIComponent(token)}; Max-Age=${SESSION_MAX_MS / 1000}` : '; Max-Age=0';
  reply.header('set-cookie', `${cookieName(publicUrl)}=${value}; Path=/; HttpOnly; SameSite=Strict${secure}`);
}

const equal = (a: string, b: string) => sameBytes(Buffer.from(a), Buffer.from(b));

/**
 * A state-changing request must come from this site: the Origin header (when the browser sends one) must name
 * this host, and the X-CSRF-Token header must equal the session's token, which only a page of this origin can
 * read (from GET /console/api/session). SameSite=Strict already keeps the cookie off cross-site requests; this
 * is the second lock.
 */
export function checkCsrf(request: FastifyRequest, session: ConsoleSession['session']) {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let same = false;
    try {
      const from = new URL(origin);
      // Parsed with the origin's scheme so that a default port (:80, :443) compares equal either way.
      same = from.host === new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
    } catch {
      same = false;
    }
    if (!same) throw new AppError('forbidden', 'Cross-origin request refused');
  }
  const token = request.headers['x-csrf-token'];
  if (typeof token !== 'string' || !equal(token, session.csrf_token)) throw new AppError('forbidden', 'Missing or wrong CSRF token');
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The console's guard: a full session, the permission the route needs, and CSRF on every state-changing method. */
export function guard(staff: StaffService, publicUrl: string, permission: Permission) {
  return async (request: FastifyRequest) => {
    const found = await staff.session(readCookie(request, cookieName(publicUrl)));
    if (!found || found.session.stage !== 'full') throw new AppError('unauthorized', 'Sign in to the console');
    if (!SAFE.has(request.method)) checkCsrf(request, found.session);
    if (!can(found.user.role, permission)) throw new AppError('forbidden', `Your role (${found.user.role}) does not allow this`);
    request.staff = found;
  };
}

/** The signed-in user (routes behind `guard`). */
export function who(request: FastifyRequest): ConsoleSession {
  if (!request.staff) throw new AppError('unauthorized', 'Sign in to the console');
  return request.staff;
}

export const actorOf = (request: FastifyRequest) => `user:${who(request).user.id}`;
