import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneWindow } from '../helpers/clock-window.ts';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { consoleLogin, cookieFrom, PASSWORD, staffUser } from './console-helpers.ts';

/** Staff users over HTTP: invitation, password and TOTP sign-in, lock-out, sessions, CSRF, roles, tenants. */
let t: TestService;
let a: TestClient;
let b: TestClient;

beforeAll(async () => {
  t = await startTestService();
  a = await t.newClient('Firm A');
  b = await t.newClient('Firm B');
}, 60_000);
afterAll(async () => t?.close());

const auditOf = async (clientId: string) => {
  await t.services.audit.flush();
  return t.services.audit.list(clientId, { limit: 1000 });
};

describe('sign-in', () => {
  it('signs in with the password; the cookie is HttpOnly, SameSite=Strict and holds no user data; the token is stored hashed', async () => {
    await t.services.staff.createUser(a.clientId, { email: 'admin@a.test', role: 'administrator', password: PASSWORD });
    const login = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'admin@a.test', password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^kyc_console=[0-9a-z]{40,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const token = decodeURIComponent(cookieFrom(login.headers['set-cookie']).split('=')[1]!);
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_sessions');
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    const session = await t.app.inject({ url: '/console/api/session', headers: { cookie: cookieFrom(login.headers['set-cookie']) } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: 'admin@a.test', role: 'administrator', client_id: a.clientId, totp_enabled: false });
    expect(session.json().csrf_token).toMatch(/^[0-9a-z]{30,}$/);
    const rows = await t.db.query<{ password_hash: string }>("SELECT password_hash FROM staff_users WHERE email = 'admin@a.test'");
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password and an unknown e-mail alike (401), and the API bearer routes do not accept the cookie', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'admin@a.test', password: 'not the password at all' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'nobody@a.test', password: 'not the password at all' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
    const { cookie } = await consoleLogin(t, 'admin@a.test');
    const api = await t.app.inject({ url: `/clients/${a.clientId}/accounts`, headers: { cookie } });
    expect(api.statusCode).toBe(401);
  });

  it('locks the user after 5 wrong passwords, even against the right one, and records it', async () => {
    await t.services.staff.createUser(a.clientId, { email: 'locked@a.test', role: 'reviewer', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'locked@a.test', password: `wrong password ${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const right = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'locked@a.test', password: PASSWORD } });
    expect(right.statusCode).toBe(401);
    expect(right.headers['set-cookie']).toBeUndefined();
    const actions = (await auditOf(a.clientId)).map((e) => e.action);
    expect(actions).toContain('console.locked');
    expect(actions.filter((x) => x === 'console.login_failed').length).toBeGreaterThanOrEqual(5);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const s = await consoleLogin(t, 'admin@a.test');
    const out = await t.app.inject({ method: 'POST', url: '/console/api/logout', headers: s.headers });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await t.app.inject({ url: '/console/api/session', headers: { cookie: s.cookie } })).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('creates an invited user with a one-time link; accepting sets the password once', async () => {
    const created = await t.services.staff.createUser(a.clientId, { email: 'invited@a.test', role: 'reviewer' });
    expect(created.user.status).toBe('invited');
    const token = created.invitation_url!.split('/console/invite/')[1]!;
    expect(created.invitation_url).toMatch(/^http:\/\/kyc\.test\/console\/invite\/[0-9a-z]{40,}$/);
    const noLogin = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'invited@a.test', password: PASSWORD } });
    expect(noLogin.statusCode).toBe(401);
    const weak = await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: 'another good password' } });
    expect(again.statusCode).toBe(404);
    await consoleLogin(t, 'invited@a.test');
  });

  it('refuses a duplicate e-mail, an unknown role and an unknown client', async () => {
    await expect(t.services.staff.createUser(a.clientId, { email: 'ADMIN@a.test', role: 'reviewer' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(t.services.staff.createUser(a.clientId, { email: 'x@a.test', role: 'owner' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(t.services.staff.createUser('cli_nope', { email: 'y@a.test', role: 'reviewer' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('TOTP second factor', () => {
  it('enrols, then asks for the code after the password; the first-step session opens nothing', async () => {
    const s = await staffUser(t, a.clientId, 'totp@a.test', 'reviewer');
    const begin = await t.app.inject({ method: 'POST', url: '/console/api/me/totp', headers: s.headers });
    expect(begin.statusCode, begin.body).toBe(200);
    const { secret, otpauth_url } = begin.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const bad = await t.app.inject({ method: 'POST', url: '/console/api/me/totp/confirm', headers: s.headers, payload: { code: '000000' } });
    expect(bad.statusCode).toBe(422);
    const confirm = await t.app.inject({ method: 'POST', url: '/console/api/me/totp/confirm', headers: s.headers, payload: { code: await generate({ secret }) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().totp_enabled).toBe(true);

    const step1 = await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'totp@a.test', password: PASSWORD } });
    expect(step1.json()).toMatchObject({ totp_required: true });
    const pending = cookieFrom(step1.headers['set-cookie']);
    expect((await t.app.inject({ url: '/console/api/session', headers: { cookie: pending } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/console/api/dashboard', headers: { cookie: pending } })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: '/console/api/login/totp', headers: { cookie: pending }, payload: { code: '123456' } });
    expect(wrong.statusCode).toBe(401);
    const step2 = await t.app.inject({ method: 'POST', url: '/console/api/login/totp', headers: { cookie: pending }, payload: { code: await generate({ secret }) } });
    expect(step2.statusCode, step2.body).toBe(200);
    const full = cookieFrom(step2.headers['set-cookie']);
    expect(full).not.toBe(pending);
    expect((await t.app.inject({ url: '/console/api/session', headers: { cookie: full } })).statusCode).toBe(200);
    // The first-step token is spent.
    expect((await t.app.inject({ method: 'POST', url: '/console/api/login/totp', headers: { cookie: pending }, payload: { code: await generate({ secret }) } })).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the token, with a wrong one, or from another origin', async () => {
    const s = await consoleLogin(t, 'admin@a.test');
    const body = { firm_name: 'Firm A', brand_colour: '#112233', logo_url: null };
    const none = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: { cookie: s.cookie }, payload: body });
    expect(none.statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: { cookie: s.cookie, 'x-csrf-token': 'x'.repeat(32) }, payload: body });
    expect(wrong.statusCode).toBe(403);
    const cross = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: { ...s.headers, origin: 'https://evil.example' }, payload: body });
    expect(cross.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: { ...s.headers, origin: 'http://localhost:80' }, payload: body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ firm_name: 'Firm A', brand_colour: '#112233' });
  });
});

describe('roles and tenants', () => {
  it('a reviewer cannot change settings; a read-only user cannot review; both can read', async () => {
    const reviewer = await staffUser(t, a.clientId, 'rev@a.test', 'reviewer');
    const reader = await staffUser(t, a.clientId, 'ro@a.test', 'read-only');
    const branding = { firm_name: 'X', brand_colour: null, logo_url: null };
    expect((await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: reviewer.headers, payload: branding })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/console/api/settings/credentials', headers: reviewer.headers, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/console/api/settings/users', headers: reviewer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/console/api/audit/export', headers: reader.headers })).statusCode).toBe(403);
    const acc = (await t.app.inject({ method: 'POST', url: `/clients/${a.clientId}/accounts`, headers: a.auth, payload: sampleAccount() })).json();
    const review = await t.app.inject({
      method: 'POST', url: `/console/api/accounts/${acc.id}/contacts/${acc.primary_contact.id}/aml/review`, headers: reader.headers, payload: { decision: 'PASS' },
    });
    expect(review.statusCode).toBe(403);
    for (const user of [reviewer, reader]) {
      expect((await t.app.inject({ url: '/console/api/dashboard', headers: user.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/console/api/accounts/${acc.id}/contacts/${acc.primary_contact.id}`, headers: user.headers })).statusCode).toBe(200);
    }
  });

  it("another client's staff sees nothing: 404 on the account, the contact and the report; search finds none", async () => {
    const acc = (await t.app.inject({ method: 'POST', url: `/clients/${a.clientId}/accounts`, headers: a.auth, payload: sampleAccount({ name: 'Only For A Ltd' }) })).json();
    const other = await staffUser(t, b.clientId, 'admin@b.test', 'administrator');
    expect((await t.app.inject({ url: `/console/api/accounts/${acc.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/console/api/accounts/${acc.id}/contacts/${acc.primary_contact.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/console/api/accounts/${acc.id}/contacts/${acc.primary_contact.id}/aml`, headers: other.headers })).statusCode).toBe(404);
    const search = await t.app.inject({ url: '/console/api/accounts?q=only%20for%20a', headers: other.headers });
    expect(search.json().data).toEqual([]);
    const review = await t.app.inject({ method: 'POST', url: `/console/api/accounts/${acc.id}/contacts/${acc.primary_contact.id}/aml/review`, headers: other.headers, payload: { decision: 'FAIL' } });
    expect(review.statusCode).toBe(404);
    const mine = await consoleLogin(t, 'admin@a.test');
    const found = await t.app.inject({ url: '/console/api/accounts?q=only%20for%20a', headers: mine.headers });
    expect(found.json().data.map((x: { id: string }) => x.id)).toEqual([acc.id]);
    // An additional contact's name finds its account too.
    const extra = await t.app.inject({ method: 'POST', url: `/clients/${a.clientId}/accounts/${acc.id}/contacts`, headers: a.auth, payload: { first_name: 'Bartholomew', last_name: 'Quince', email: 'bq@example.com' } });
    expect(extra.statusCode, extra.body).toBe(201);
    expect((await t.app.inject({ url: '/console/api/accounts?q=quince%20bartholomew', headers: mine.headers })).json().data.map((x: { id: string }) => x.id)).toEqual([acc.id]);
    expect((await t.app.inject({ url: '/console/api/accounts?q=quince', headers: other.headers })).json().data).toEqual([]);
    const users = await t.app.inject({ url: '/console/api/settings/users', headers: other.headers });
    expect(users.json().data.map((u: { email: string }) => u.email)).toEqual(['admin@b.test']);
  });

  it('records reads of personal data with the user as actor', async () => {
    const s = await consoleLogin(t, 'admin@a.test');
    const acc = (await t.app.inject({ method: 'POST', url: `/clients/${a.clientId}/accounts`, headers: a.auth, payload: sampleAccount() })).json();
    await t.app.inject({ url: `/console/api/accounts/${acc.id}/contacts/${acc.primary_contact.id}`, headers: s.headers });
    const entry = (await auditOf(a.clientId)).find((e) => e.action === 'console.contact.read' && e.subject === `${acc.id}/${acc.primary_contact.id}`);
    expect(entry?.actor).toBe(`user:${s.userId}`);
  });

  it('unknown console API paths are 404 and the unauthenticated API answers 401', async () => {
    const unknown = await t.app.inject({ url: '/console/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unknown.json()).toMatchObject({ status: 404, code: 'not_found' });
    expect((await t.app.inject({ url: '/console/api/dashboard' })).statusCode).toBe(401);
  });

  it('limits failed sign-in attempts per address (429 with Retry-After) whatever the e-mail', async () => {
    const own = await startTestService();
    try {
      // On PostgreSQL the count is shared across processes in windows of the clock's minutes (ADR 0060).
      const answers = await inOneWindow(60_000, 20_000, async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 32; i++) {
          const r = await own.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: `user${i}@spray.test`, password: 'guessed password' } });
          statuses.push(r.statusCode);
          if (r.statusCode === 429) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
        return statuses;
      });
      expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(answers.slice(30)).toEqual([429, 429]);
    } finally {
      await own.close();
    }
  }, 120_000); // up to 20 s waiting for a fresh minute, then the sign-ins

  it('a disabled user loses the session at once; an administrator cannot disable themself', async () => {
    const adminLogin = await consoleLogin(t, 'admin@a.test');
    const victim = await staffUser(t, a.clientId, 'leaver@a.test', 'reviewer');
    const off = await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${victim.userId}`, headers: adminLogin.headers, payload: { disabled: true } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('disabled');
    expect((await t.app.inject({ url: '/console/api/session', headers: victim.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'leaver@a.test', password: PASSWORD } })).statusCode).toBe(401);
    const self = await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${adminLogin.userId}`, headers: adminLogin.headers, payload: { role: 'read-only' } });
    expect(self.statusCode).toBe(422);
    const otherClient = await staffUser(t, b.clientId, 'someone@b.test', 'reviewer');
    expect((await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${otherClient.userId}`, headers: adminLogin.headers, payload: { disabled: true } })).statusCode).toBe(404);
  });
});

describe('display names', () => {
  const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer).sort();

  it('a user is created with a name (trimmed) or without one (null); every bad field is named at once', async () => {
    const named = await t.services.staff.createUser(a.clientId, { email: 'anna@a.test', role: 'reviewer', name: '  Anna Reviewer ', password: PASSWORD });
    expect(named.user).toMatchObject({ email: 'anna@a.test', name: 'Anna Reviewer' });
    const unnamed = await t.services.staff.createUser(a.clientId, { email: 'noname@a.test', role: 'reviewer', password: PASSWORD });
    expect(unnamed.user.name).toBeNull();
    expect((await t.services.staff.listUsers(a.clientId)).find((u) => u.email === 'anna@a.test')?.name).toBe('Anna Reviewer');
    const bad = await t.services.staff.createUser(a.clientId, { email: 'not-an-address', role: 'owner', name: 'Anna\u202EReviewer', password: 'short' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'validation_failed', extra: { errors: [
      { pointer: '/email', message: 'is not an e-mail address' }, { pointer: '/role', message: 'is not a role' },
      { pointer: '/name', message: 'must not contain the bidirectional control character U+202E' }, { pointer: '/password', message: 'must be at least 12 characters' },
    ] } });
    expect((bad as Error).message).toContain('name must not contain the bidirectional control character U+202E');
    for (const [name, message] of [['   ', 'must not be empty'], ['x'.repeat(101), 'must be at most 100 characters'], ['Anna\nReviewer', 'must be one line (no tab or line break)']]) {
      await expect(t.services.staff.createUser(a.clientId, { email: 'nobody@a.test', role: 'reviewer', name })).rejects.toMatchObject({ extra: { errors: [{ pointer: '/name', message }] } });
    }
    expect((await t.services.staff.listUsers(a.clientId)).some((u) => u.email === 'nobody@a.test')).toBe(false);
    // The trail says a name was given, never the name.
    const created = (await auditOf(a.clientId)).filter((e) => e.action === 'staff.create' && (e.subject === named.user.id || e.subject === unnamed.user.id));
    expect(created.map((e) => [e.subject, e.details])).toEqual(expect.arrayContaining([[named.user.id, { role: 'reviewer', invited: false, named: true }], [unnamed.user.id, { role: 'reviewer', invited: false, named: false }]]));
    expect(JSON.stringify(created)).not.toContain('Anna');
  });

  it('an administrator invites with a name and renames a user (themself too); bad names are 422 with the field; the trail holds no name', async () => {
    await t.services.staff.createUser(a.clientId, { email: 'names-admin@a.test', role: 'administrator', password: PASSWORD });
    const admin = await consoleLogin(t, 'names-admin@a.test');
    const invited = await t.app.inject({ method: 'POST', url: '/console/api/settings/users', headers: admin.headers, payload: { email: 'bo@a.test', role: 'reviewer', name: 'Bo Checker' } });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().user).toMatchObject({ email: 'bo@a.test', name: 'Bo Checker', status: 'invited' });
    const badInvite = await t.app.inject({ method: 'POST', url: '/console/api/settings/users', headers: admin.headers, payload: { email: 'nope', role: 'reviewer', name: ' ' } });
    expect(badInvite.statusCode).toBe(422);
    expect(badInvite.headers['content-type']).toContain('application/problem+json');
    expect(pointers(badInvite.json())).toEqual(['/email', '/name']);
    // A bidirectional control is refused by the rule every request string meets, with the same pointer.
    const bidi = await t.app.inject({ method: 'POST', url: '/console/api/settings/users', headers: admin.headers, payload: { email: 'bidi@a.test', role: 'reviewer', name: 'Bo\u202EChecker' } });
    expect(bidi.statusCode).toBe(422);
    expect(pointers(bidi.json())).toEqual(['/name']);

    const bo = invited.json().user.id as string;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${bo}`, headers: admin.headers, payload: { name: ' Bo Second-Checker ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Bo Second-Checker', role: 'reviewer', status: 'invited' });
    const tooLong = await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${bo}`, headers: admin.headers, payload: { name: 'B'.repeat(101) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual([{ pointer: '/name', message: 'must be at most 100 characters' }]);
    const self = await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${admin.userId}`, headers: admin.headers, payload: { name: 'Nia Admin' } });
    expect(self.statusCode, self.body).toBe(200);
    expect((await t.app.inject({ url: '/console/api/session', headers: admin.headers })).json().user.name).toBe('Nia Admin');
    // Renaming oneself is allowed; changing one's own role with it is still not.
    expect((await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${admin.userId}`, headers: admin.headers, payload: { name: 'Nia', role: 'reviewer' } })).statusCode).toBe(422);
    const elsewhere = await staffUser(t, b.clientId, 'rename-me@b.test', 'reviewer');
    expect((await t.app.inject({ method: 'PATCH', url: `/console/api/settings/users/${elsewhere.userId}`, headers: admin.headers, payload: { name: 'Taken Over' } })).statusCode).toBe(404);
    expect((await t.services.staff.listUsers(b.clientId)).find((u) => u.id === elsewhere.userId)?.name).toBeNull();

    const trail = (await auditOf(a.clientId)).filter((e) => (e.action === 'staff.update' || e.action === 'staff.create') && (e.subject === bo || e.subject === admin.userId));
    expect(trail.filter((e) => e.action === 'staff.update').map((e) => e.details)).toEqual([{ name_changed: true }, { name_changed: true }]);
    expect(trail.find((e) => e.action === 'staff.create' && e.subject === bo)?.details).toEqual({ role: 'reviewer', invited: true, named: true });
    expect(JSON.stringify(trail)).not.toMatch(/Bo |Checker|Nia/);
  });

  it('the invited person gives their name when accepting; a bad one is refused and the invitation stays usable', async () => {
    const created = await t.services.staff.createUser(a.clientId, { email: 'cleo@a.test', role: 'read-only', name: 'Typed By Admin' });
    const token = created.invitation_url!.split('/console/invite/')[1]!;
    const bad = await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: 'short', name: '\t' } });
    expect(bad.statusCode).toBe(422);
    expect(pointers(bad.json())).toEqual(['/name', '/password']);
    const ok = await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: PASSWORD, name: 'Cleo Reader' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: 'cleo@a.test', name: 'Cleo Reader' });
    const cleo = await consoleLogin(t, 'cleo@a.test');
    expect((await t.app.inject({ url: '/console/api/session', headers: cleo.headers })).json().user).toMatchObject({ email: 'cleo@a.test', name: 'Cleo Reader' });
    const accepted = (await auditOf(a.clientId)).find((e) => e.action === 'staff.invitation_accepted' && e.subject === cleo.userId);
    expect(accepted?.details).toEqual({ name_changed: true });
    // Without a name (an older page, or a script), the administrator's stays.
    const kept = await t.services.staff.createUser(a.clientId, { email: 'dev@a.test', role: 'reviewer', name: 'Dev Named' });
    const keptToken = kept.invitation_url!.split('/console/invite/')[1]!;
    expect((await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token: keptToken, password: PASSWORD } })).json()).toEqual({ email: 'dev@a.test', name: 'Dev Named' });
  });

  it('every role sets its own name (PATCH /console/api/me): CSRF needed, a bad name is 422, only the caller changes', async () => {
    const reader = await staffUser(t, a.clientId, 'self-namer@a.test', 'read-only');
    const other = await staffUser(t, a.clientId, 'untouched@a.test', 'reviewer');
    expect((await t.app.inject({ method: 'PATCH', url: '/console/api/me', headers: { cookie: reader.cookie }, payload: { name: 'Rae Reader' } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PATCH', url: '/console/api/me', headers: reader.headers, payload: { name: 'Rae\nReader' } });
    expect(bad.statusCode).toBe(422);
    expect(pointers(bad.json())).toEqual(['/name']);
    const ok = await t.app.inject({ method: 'PATCH', url: '/console/api/me', headers: reader.headers, payload: { name: ' Rae Reader ' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: reader.userId, name: 'Rae Reader', role: 'read-only' });
    // Only a name: the body takes no role, so a read-only user cannot raise their own.
    expect((await t.app.inject({ method: 'PATCH', url: '/console/api/me', headers: reader.headers, payload: { name: 'Rae', role: 'administrator' } })).statusCode).toBe(422);
    const people = (await t.app.inject({ url: '/console/api/people', headers: reader.headers })).json().data as { email: string; name: string | null; role: string | null }[];
    expect(people.find((p) => p.email === 'self-namer@a.test')).toMatchObject({ name: 'Rae Reader', role: 'read-only' });
    expect(people.find((p) => p.email === 'untouched@a.test')?.name).toBeNull();
    const trail = (await auditOf(a.clientId)).filter((e) => e.action === 'staff.update' && e.subject === reader.userId);
    expect(trail.map((e) => [e.actor, e.details])).toEqual([[`user:${reader.userId}`, { name_changed: true }]]);
    expect(other.userId).not.toBe(reader.userId);
  });

  it('GET /console/api/people names each user by name and e-mail (name null when none), for every role', async () => {
    await t.services.staff.createUser(a.clientId, { email: 'eli@a.test', role: 'reviewer', name: 'Eli Reviewer', password: PASSWORD });
    const reader = await staffUser(t, a.clientId, 'people-reader@a.test', 'read-only');
    const people = await t.app.inject({ url: '/console/api/people', headers: reader.headers });
    expect(people.statusCode, people.body).toBe(200);
    const users = (people.json().data as { kind: string; email: string; name: string | null; role: string; actor: string }[]).filter((p) => p.kind === 'user');
    expect(users.find((p) => p.email === 'eli@a.test')).toMatchObject({ name: 'Eli Reviewer', role: 'reviewer', actor: expect.stringMatching(/^user:usr_/) });
    expect(users.find((p) => p.email === 'people-reader@a.test')?.name).toBeNull();
    expect(users.some((p) => p.email.endsWith('@b.test'))).toBe(false);
  });
});

describe('password change', () => {
  it('needs the current password, applies the rules, and ends the other sessions', async () => {
    const first = await staffUser(t, a.clientId, 'changer@a.test', 'reviewer');
    const second = await consoleLogin(t, 'changer@a.test');
    const wrong = await t.app.inject({ method: 'POST', url: '/console/api/me/password', headers: first.headers, payload: { current_password: 'not it at all', new_password: 'a brand new passphrase' } });
    expect(wrong.statusCode).toBe(422);
    const weak = await t.app.inject({ method: 'POST', url: '/console/api/me/password', headers: first.headers, payload: { current_password: PASSWORD, new_password: 'short' } });
    expect(weak.statusCode).toBe(422);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/console/api/me/password', headers: { cookie: first.cookie }, payload: { current_password: PASSWORD, new_password: 'a brand new passphrase' } });
    expect(noCsrf.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/console/api/me/password', headers: first.headers, payload: { current_password: PASSWORD, new_password: 'a brand new passphrase' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.app.inject({ url: '/console/api/session', headers: first.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/console/api/session', headers: second.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/console/api/login', payload: { email: 'changer@a.test', password: PASSWORD } })).statusCode).toBe(401);
    await consoleLogin(t, 'changer@a.test', 'a brand new passphrase');
  });
});

describe('session lifetime', () => {
  it('ends after 30 idle minutes, each use extending the window', async () => {
    let clock = new Date('2026-11-22T09:00:00Z');
    const own = await startTestService({}, { now: () => clock });
    try {
      const client = await own.newClient('Clocked');
      await own.services.staff.createUser(client.clientId, { email: 'idle@c.test', role: 'reviewer', password: PASSWORD });
      const s = await consoleLogin(own, 'idle@c.test');
      clock = new Date(clock.getTime() + 29 * 60_000);
      expect((await own.app.inject({ url: '/console/api/session', headers: { cookie: s.cookie } })).statusCode).toBe(200);
      // The use above extended the idle window by another 30 minutes.
      clock = new Date(clock.getTime() + 29 * 60_000);
      expect((await own.app.inject({ url: '/console/api/session', headers: { cookie: s.cookie } })).statusCode).toBe(200);
      clock = new Date(clock.getTime() + 31 * 60_000);
      expect((await own.app.inject({ url: '/console/api/session', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  }, 120_000); // a service of its own to start and close: 20-30 s on PGlite on a loaded machine
});
