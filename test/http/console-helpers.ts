import type { TestService } from '../helpers/service.ts';

/** A signed-in console user: the session cookie and the CSRF token, as the pages hold them. */
export interface ConsoleLogin {
  cookie: string;
  csrf: string;
  userId: string;
  headers: { cookie: string; 'x-csrf-token': string };
}

export const PASSWORD = 'correct horse battery staple';

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0]! : setCookie!;
  return first.split(';')[0]!;
}

export async function consoleLogin(t: TestService, email: string, password = PASSWORD): Promise<ConsoleLogin> {
  const login = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  const cookie = cookieFrom(login.headers['set-cookie']);
  const session = await t.app.inject({ url: '/console/api/session', headers: { cookie } });
  const body = session.json();
  return { cookie, csrf: body.csrf_token, userId: body.user.id, headers: { cookie, 'x-csrf-token': body.csrf_token } };
}

export async function staffUser(t: TestService, clientId: string, email: string, role: string) {
  const created = await t.services.staff.createUser(clientId, { email, role, password: PASSWORD });
  return consoleLogin(t, email);
}
