import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startWorkers } from '../../src/workers.ts';
import { consoleLogin, staffUser, type ConsoleLogin } from './console-helpers.ts';
import { readBranding } from '../../src/modules/console/index.ts';

/**
 * The "done when" over HTTP: a report in review, a reviewer opens its report_link's data in the console,
 * sees why it needs a person (each match beside the listed entity), records the decision; the caller receives
 * REPORT_REVIEW_COMPLETED and reads the review; every step is in a verifiable audit trail.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-console-'));
const listFile = path.join(dir, 'sanctions.ftm.json');
writeFileSync(listFile, [
  JSON.stringify({ id: 'console-sanctioned-1', schema: 'Person', properties: { name: ['Viktor Ivanovich Sanctionov'], birthDate: ['1961-03-04'], topics: ['sanction'], nationality: ['ru'], program: ['UKRAINE-EO13661'], sourceUrl: ['https://example.org/list/1'] } }),
  JSON.stringify({ id: 'console-pep-1', schema: 'Person', properties: { name: ['Margaret Politica Hale'], birthDate: ['1970-05-06'], topics: ['role.pep'], country: ['gb'] } }),
].join('\n') + '\n');
const header = 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased\n';
writeFileSync(path.join(dir, 'roll.csv'), header + 'Viktor,Ivanovich,Sanctionov,1961-03-04,1 Red Square,101000,Moscow,RU,false\nClara,,Clearwater,1984-02-10,12 River Road,LS1 4AB,Leeds,GB,false\nDora,,Departed,1940-01-01,5 Old Road,EX1 1AA,Exeter,GB,true\n');

let t: TestService;
let c: TestClient;
let receiver: Receiver;
let workers: { stop(): Promise<void> };
let admin: ConsoleLogin;
let reviewer: ConsoleLogin;
let report: { accountId: string; contactId: string; url: string };

beforeAll(async () => {
  t = await startTestService({ SCREENING_LISTS: listFile, EIDV_REGISTERS: `electoral_roll=${path.join(dir, 'roll.csv')}` });
  workers = await startWorkers(t.services);
  receiver = await startReceiver();
  c = await t.newClient('Console firm');
  await t.services.credits.add(c.clientId, 10, 'test credits');
  const sub = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: c.auth,
    payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'console-webhook-signing-secret', entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED'] }] } },
  });
  expect(sub.statusCode, sub.body).toBe(201);
  admin = await staffUser(t, c.clientId, 'admin@console.test', 'administrator');
  reviewer = await staffUser(t, c.clientId, 'reviewer@console.test', 'reviewer');
  const created = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Viktor Sanctionov', type: 'INDIVIDUAL', primary_contact: { first_name: 'Viktor', middle_name: 'Ivanovich', last_name: 'Sanctionov', email: 'v@example.com', date_of_birth: '1961-03-04', primary_address: { street: '1 Red Square', postcode: '101000', city: 'Moscow', country_code: 'RU' } } },
  });
  const account = created.json();
  report = { accountId: account.id, contactId: account.primary_contact.id, url: `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml` };
  const triggered = await t.app.inject({ method: 'PUT', url: report.url, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  await receiver.waitFor(() => receiver.events().some((e) => e.json.contact_id === report.contactId && e.json.event === 'REPORT_IN_REVIEW'), 60_000);
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

describe('review through the console', () => {
  it('lists the report as waiting on the dashboard and in the needs-review filter', async () => {
    const dash = await t.app.inject({ url: '/console/api/dashboard', headers: reviewer.headers });
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json().credit_balance).toBe(9);
    expect(dash.json().needs_review).toContainEqual(expect.objectContaining({ kind: 'AML', contact_id: report.contactId, name: 'Viktor Ivanovich Sanctionov', needs_review: true }));
    const filtered = await t.app.inject({ url: '/console/api/accounts?needs_review=true', headers: reviewer.headers });
    expect(filtered.json().data.map((a: { id: string }) => a.id)).toEqual([report.accountId]);
    const none = await t.app.inject({ url: '/console/api/accounts?needs_review=false&q=sanctionov', headers: reviewer.headers });
    expect(none.json().data).toEqual([]);
  });

  it('shows the report the report_link names, each match beside the listed entity', async () => {
    const api = (await t.app.inject({ url: report.url, headers: c.auth })).json();
    const link = new URL(api.data.report_link);
    expect(link.pathname).toBe(`/console/accounts/${report.accountId}/contacts/${report.contactId}/aml`);
    const page = await t.app.inject({ url: `/console/api${link.pathname.replace('/console', '')}`, headers: reviewer.headers });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.report.data.sanctions_matches).toBe('Potential Match');
    expect(body.report.data.reasons).toContain('SANCTIONS_POTENTIAL_MATCH');
    const match = body.report.data.matches.find((m: { kind: string }) => m.kind === 'SANCTIONS');
    expect(match.score).toBeGreaterThan(0.8);
    const entity = body.entities[match.entity_id];
    expect(entity.names[0].full).toBe('Viktor Ivanovich Sanctionov');
    expect(entity.birthDates).toContain('1961-03-04');
    expect(body.can_review).toBe(true);
    // The page itself (built bundle or the "not built" notice) answers at the same path.
    const html = await t.app.inject({ url: link.pathname });
    expect([200, 503]).toContain(html.statusCode);
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses an inconsistent review with the reason, then records the decision; the caller gets the event and the review', async () => {
    const base = `/console/api/accounts/${report.accountId}/contacts/${report.contactId}/aml`;
    const page = (await t.app.inject({ url: base, headers: reviewer.headers })).json();
    const matches = page.report.data.matches.map((m: { entity_id: string }) => ({ entity_id: m.entity_id, status: 'MATCH_CONFIRMED' }));
    const bad = await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reviewer.headers, payload: { decision: 'FAIL', sanctions_matches: 'MATCH_DISMISSED', matches } });
    expect(bad.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reviewer.headers, payload: { decision: 'FAIL', sanctions_matches: 'MATCH_CONFIRMED', notes: 'Same name, date of birth and nationality as the listed person.', matches } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().review).toMatchObject({ empty: false, status: 'COMPLETE', decision: 'FAIL', reviewed_by: `user:${reviewer.userId}` });
    await receiver.waitFor(() => receiver.events().some((e) => e.json.contact_id === report.contactId && e.json.event === 'REPORT_REVIEW_COMPLETED'), 30_000);
    const api = (await t.app.inject({ url: report.url, headers: c.auth })).json();
    expect(api.review).toMatchObject({ decision: 'FAIL', notes: 'Same name, date of birth and nationality as the listed person.' });
    const dash = (await t.app.inject({ url: '/console/api/dashboard', headers: reviewer.headers })).json();
    expect(dash.needs_review.find((r: { contact_id: string }) => r.contact_id === report.contactId)).toBeUndefined();
  });

  it('every step is in the audit trail with the user as actor, and the chain verifies', async () => {
    const list = (await t.app.inject({ url: '/console/api/audit?limit=500', headers: reviewer.headers })).json().data as { actor: string; action: string; subject: string }[];
    const mine = list.filter((e) => e.actor === `user:${reviewer.userId}`).map((e) => e.action);
    expect(mine).toEqual(expect.arrayContaining(['console.login', 'console.dashboard.read', 'console.accounts.search', 'console.aml_report.read', 'aml.review']));
    const filtered = (await t.app.inject({ url: `/console/api/audit?action=aml.review&actor=user:${reviewer.userId}`, headers: admin.headers })).json();
    expect(filtered.data.map((e: { action: string }) => e.action)).toEqual(['aml.review']);
    expect(filtered.next_after).toBeNull();
    const paged = (await t.app.inject({ url: '/console/api/audit?limit=2', headers: admin.headers })).json();
    expect(paged.data).toHaveLength(2);
    const next = (await t.app.inject({ url: `/console/api/audit?limit=2&after=${paged.next_after}`, headers: admin.headers })).json();
    expect(next.data[0].seq).toBeGreaterThan(paged.data[1].seq);
    const verify = await t.app.inject({ url: '/console/api/audit/verify', headers: admin.headers });
    expect(verify.json()).toMatchObject({ ok: true, problems: 0 });
    const exported = await t.app.inject({ url: '/console/api/audit/export', headers: admin.headers });
    expect(exported.headers['content-type']).toContain('application/x-ndjson');
    const lines = exported.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.some((e) => e.action === 'aml.review' && e.actor === `user:${reviewer.userId}`)).toBe(true);
    expect(new Set(lines.map((e) => e.client_id))).toEqual(new Set([c.clientId]));
  });

  it('the console reports a tampered trail', async () => {
    await t.services.audit.flush();
    const [row] = await t.db.query<{ seq: number }>("SELECT seq::int AS seq FROM audit_log WHERE action = 'aml.review' LIMIT 1");
    await t.db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
    try {
      await t.db.query(`UPDATE audit_log SET details = jsonb_set(details, '{decision}', '"PASS"') WHERE seq = ${row!.seq}`);
      const filtered = (await t.app.inject({ url: `/console/api/audit?action=aml.review&actor=user:${reviewer.userId}`, headers: admin.headers })).json();
    expect(filtered.data.map((e: { action: string }) => e.action)).toEqual(['aml.review']);
    expect(filtered.next_after).toBeNull();
    const paged = (await t.app.inject({ url: '/console/api/audit?limit=2', headers: admin.headers })).json();
    expect(paged.data).toHaveLength(2);
    const next = (await t.app.inject({ url: `/console/api/audit?limit=2&after=${paged.next_after}`, headers: admin.headers })).json();
    expect(next.data[0].seq).toBeGreaterThan(paged.data[1].seq);
    const verify = await t.app.inject({ url: '/console/api/audit/verify', headers: admin.headers });
      expect(verify.json()).toMatchObject({ ok: false, first_problem_seq: row!.seq });
    } finally {
      await t.db.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
    }
  });
});

describe('settings through the console', () => {
  it('webhooks: list, delivery log, redelivery (administrator); a reviewer reads but cannot redeliver', async () => {
    const subs = (await t.app.inject({ url: '/console/api/settings/webhooks', headers: reviewer.headers })).json().data;
    expect(subs).toHaveLength(1);
    const deliveries = (await t.app.inject({ url: `/console/api/settings/webhooks/${subs[0].id}/deliveries`, headers: reviewer.headers })).json().data;
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    const target = `/console/api/settings/webhooks/${subs[0].id}/deliveries/${deliveries[0].id}/redeliver`;
    expect((await t.app.inject({ method: 'POST', url: target, headers: reviewer.headers })).statusCode).toBe(403);
    const again = await t.app.inject({ method: 'POST', url: target, headers: admin.headers });
    expect(again.statusCode, again.body).toBe(200);
    const made = await t.app.inject({
      method: 'POST', url: '/console/api/settings/webhooks', headers: admin.headers,
      payload: { callback_url: `${receiver.url}/second`, type: 'WEBHOOK', config: { entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY'] }] } },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().config.api_secret).toMatch(/^whsec_/);
    expect((await t.app.inject({ method: 'DELETE', url: `/console/api/settings/webhooks/${made.json().id}`, headers: reviewer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/console/api/settings/webhooks/${made.json().id}`, headers: admin.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/console/api/settings/webhooks', headers: admin.headers })).json().data).toHaveLength(1);
  });

  it('credentials: create, rotate (new secret works, old refused), revoke', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/console/api/settings/credentials', headers: admin.headers, payload: { name: 'console-made' } });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json();
    const token = (id: string, secret: string) => t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: id, client_secret: secret } });
    expect((await token(first.client_id, first.client_secret)).statusCode).toBe(200);
    const rotated = (await t.app.inject({ method: 'POST', url: `/console/api/settings/credentials/${first.client_id}/rotate`, headers: admin.headers })).json();
    expect(rotated.replaces).toBe(first.client_id);
    expect((await token(first.client_id, first.client_secret)).statusCode).toBe(401);
    expect((await token(rotated.client_id, rotated.client_secret)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/console/api/settings/credentials/${rotated.client_id}/revoke`, headers: admin.headers })).statusCode).toBe(200);
    expect((await token(rotated.client_id, rotated.client_secret)).statusCode).toBe(401);
    const list = (await t.app.inject({ url: '/console/api/settings/credentials', headers: admin.headers })).json().data;
    expect(list.every((k: { client_secret?: string }) => k.client_secret === undefined)).toBe(true);
  });

  it('credits with history, screening lists with entry counts, branding saved per client', async () => {
    const credits = (await t.app.inject({ url: '/console/api/settings/credits', headers: reviewer.headers })).json();
    expect(credits.balance).toBe(9);
    expect(credits.history.length).toBeGreaterThanOrEqual(2);
    const lists = (await t.app.inject({ url: '/console/api/settings/lists', headers: reviewer.headers })).json();
    expect(lists.loaded).toBe(true);
    expect(lists.data).toEqual([expect.objectContaining({ entries: 2, content_hash: expect.any(String), loaded_at: expect.any(String) })]);
    const bad = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: 'F', brand_colour: 'red', logo_url: null } });
    expect(bad.statusCode).toBe(422);
    const saved = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: 'Console Firm', brand_colour: '#0b5cad', logo_url: 'https://example.com/logo.png', second_review_for_alert: true } });
    expect(saved.json()).toMatchObject({ firm_name: 'Console Firm', brand_colour: '#0b5cad', second_review_for_alert: true, revision: '1' });
    expect((await t.app.inject({ url: '/console/api/settings/branding', headers: reviewer.headers })).json().logo_url).toBe('https://example.com/logo.png');
    expect(await readBranding(t.db, c.clientId)).toEqual({ firm_name: 'Console Firm', brand_colour: '#0b5cad', logo_url: 'https://example.com/logo.png' });
  });

  it('e-mail connection: saved without echoing the password; the test send reports the failure', async () => {
    const saved = await t.app.inject({ method: 'PUT', url: '/console/api/settings/email', headers: admin.headers, payload: { host: '127.0.0.1', port: 1, tls: 'none', username: 'u', password: 'smtp-secret', sender_email: 'kyc@firm.test' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('smtp-secret');
    expect(saved.json().connection.password_set).toBe(true);
    const test = await t.app.inject({ method: 'POST', url: '/console/api/settings/email/test', headers: admin.headers, payload: { to: 'someone@firm.test' } });
    expect(test.json()).toMatchObject({ sent: false });
  });

  it('staff users: an administrator invites; the new user can sign in after accepting', async () => {
    const invited = await t.app.inject({ method: 'POST', url: '/console/api/settings/users', headers: admin.headers, payload: { email: 'new@console.test', role: 'read-only' } });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invited.json().invitation_url.split('/invite/')[1];
    await t.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: 'a long enough password' } });
    const login = await consoleLogin(t, 'new@console.test', 'a long enough password');
    const users = (await t.app.inject({ url: '/console/api/settings/users', headers: admin.headers })).json().data;
    expect(users.find((u: { id: string }) => u.id === login.userId)).toMatchObject({ role: 'read-only', status: 'active' });
  });
});

describe('second reviewer for ALERT', () => {
  it('with the rule on, an ALERT review is a proposal until another person approves it', async () => {
    await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: null, brand_colour: null, logo_url: null, second_review_for_alert: true } });
    const created = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Dora Departed', type: 'INDIVIDUAL', primary_contact: { first_name: 'Dora', last_name: 'Departed', email: 'd@example.com', date_of_birth: '1940-01-01', primary_address: { street: '5 Old Road', postcode: 'EX1 1AA', city: 'Exeter', country_code: 'GB' } } },
    })).json();
    const apiUrl = `/clients/${c.clientId}/accounts/${created.id}/contacts/${created.primary_contact.id}/reports/aml`;
    await t.app.inject({ method: 'PUT', url: apiUrl, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
    await receiver.waitFor(() => receiver.events().some((e) => e.json.contact_id === created.primary_contact.id && e.json.event === 'REPORT_IN_REVIEW'), 60_000);
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().data.decision).toBe('ALERT');
    const base = `/console/api/accounts/${created.id}/contacts/${created.primary_contact.id}/aml`;
    const proposed = await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reviewer.headers, payload: { decision: 'FAIL', notes: 'Registered as deceased.' } });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().pending_approval).toBe(true);
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().review.empty).toBe(true);
    const page = (await t.app.inject({ url: base, headers: admin.headers })).json();
    expect(page.pending_review).toMatchObject({ proposed_by: `user:${reviewer.userId}`, proposal: { decision: 'FAIL' }, proposal_revision: 1 });
    const named = { proposal_id: page.pending_review.proposal_id, proposal_revision: 1 };
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: reviewer.headers, payload: named })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: admin.headers })).statusCode, 'an approval names what it approves').toBe(422);
    const approved = await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: admin.headers, payload: named });
    expect(approved.statusCode, approved.body).toBe(200);
    const api = (await t.app.inject({ url: apiUrl, headers: c.auth })).json();
    expect(api.review).toMatchObject({ decision: 'FAIL', reviewed_by: `user:${reviewer.userId}`, notes: 'Registered as deceased.' });
    await t.services.audit.flush();
    const entries = await t.services.audit.list(c.clientId, { limit: 5000 });
    expect(entries.find((e) => e.action === 'console.review.approved')).toMatchObject({ actor: `user:${admin.userId}`, details: { proposed_by: `user:${reviewer.userId}` } });
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: admin.headers, payload: named })).statusCode).toBe(404);
  });

  /** A new contact whose AML report is an ALERT (registered as deceased), with the four-eyes rule on. */
  async function alertReport(name: string) {
    await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: null, brand_colour: null, logo_url: null, second_review_for_alert: true } });
    const created = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name, type: 'INDIVIDUAL', primary_contact: { first_name: 'Dora', last_name: 'Departed', email: 'd@example.com', date_of_birth: '1940-01-01', primary_address: { street: '5 Old Road', postcode: 'EX1 1AA', city: 'Exeter', country_code: 'GB' } } },
    })).json();
    const apiUrl = `/clients/${c.clientId}/accounts/${created.id}/contacts/${created.primary_contact.id}/reports/aml`;
    await t.app.inject({ method: 'PUT', url: apiUrl, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
    await receiver.waitFor(() => receiver.events().some((e) => e.json.contact_id === created.primary_contact.id && e.json.event === 'REPORT_IN_REVIEW'), 60_000);
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().data.decision).toBe('ALERT');
    return { apiUrl, base: `/console/api/accounts/${created.id}/contacts/${created.primary_contact.id}/aml` };
  }

  it('an approval holds only for the proposal it names: a proposal changed after the approver read it is not recorded', async () => {
    const { apiUrl, base } = await alertReport('Dora Departed (swapped)');
    // r1 proposes FAIL; r2 reads it.
    expect((await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reviewer.headers, payload: { decision: 'FAIL', notes: 'Deceased.' } })).statusCode).toBe(202);
    const seen = (await t.app.inject({ url: base, headers: admin.headers })).json().pending_review;
    expect(seen).toMatchObject({ proposal: { decision: 'FAIL' }, proposal_revision: 1 });
    // r1 changes it to PASS while r2 looks at FAIL.
    const changed = await t.app.inject({ method: 'POST', url: `${base}/review`, headers: reviewer.headers, payload: { decision: 'PASS', notes: 'Fine.' } });
    expect(changed.statusCode).toBe(202);
    expect(changed.json().proposal).toMatchObject({ proposal_id: seen.proposal_id, proposal_revision: 2 });
    // r2 approves what they saw: refused, and nothing reaches the report.
    const stale = await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: admin.headers, payload: { proposal_id: seen.proposal_id, proposal_revision: 1 } });
    expect(stale.statusCode, stale.body).toBe(409);
    const stillOpen = (await t.app.inject({ url: apiUrl, headers: c.auth })).json();
    expect(stillOpen.review.empty).toBe(true);
    // A rejection of the old version is refused the same way; the proposer of the new one cannot approve it.
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/reject`, headers: admin.headers, payload: { proposal_id: seen.proposal_id, proposal_revision: 1 } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: reviewer.headers, payload: { proposal_id: seen.proposal_id, proposal_revision: 2 } })).statusCode).toBe(403);
    // Read again, r2 sees PASS and rejects it; r1 cannot record anything alone.
    const reread = (await t.app.inject({ url: base, headers: admin.headers })).json().pending_review;
    expect(reread).toMatchObject({ proposal: { decision: 'PASS' }, proposal_revision: 2 });
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/reject`, headers: admin.headers, payload: { proposal_id: reread.proposal_id, proposal_revision: 2 } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().review.empty).toBe(true);
    await t.services.audit.flush();
    const entries = await t.services.audit.list(c.clientId, { limit: 5000 });
    expect(entries.find((e) => e.action === 'console.review.rejected' && e.details.proposal_id === seen.proposal_id)).toMatchObject({ details: { proposal_revision: 2 } });
  });

  it('through the API too: an administrator\'s credential only proposes on an ALERT; a person approves in the console', async () => {
    const { apiUrl, base } = await alertReport('Dora Departed (API)');
    const proposed = await t.app.inject({ method: 'POST', url: `${apiUrl}/review`, headers: c.auth, payload: { decision: 'PASS', notes: 'Looks fine to our system.' } });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({ pending_approval: true, proposal: { proposal_revision: 1, proposed_by: expect.stringMatching(/^api:/) }, report: { review: { empty: true } } });
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().review.empty, 'nothing recorded on the API credential alone').toBe(true);
    // Asking again does not record it either: it is the same proposal, one revision on.
    const again = await t.app.inject({ method: 'POST', url: `${apiUrl}/review`, headers: c.auth, payload: { decision: 'PASS' } });
    expect(again.statusCode).toBe(202);
    expect(again.json().proposal).toMatchObject({ proposal_id: proposed.json().proposal.proposal_id, proposal_revision: 2 });
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().review.empty).toBe(true);
    const page = (await t.app.inject({ url: base, headers: reviewer.headers })).json();
    const approved = await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: reviewer.headers, payload: { proposal_id: page.pending_review.proposal_id, proposal_revision: page.pending_review.proposal_revision } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().review).toMatchObject({ decision: 'PASS', reviewed_by: proposed.json().proposal.proposed_by });
  });

  it('the administrator who was shown a credential\'s secret cannot approve what that credential proposed', async () => {
    const { apiUrl, base } = await alertReport('Dora Departed (own credential)');
    const made = await t.app.inject({ method: 'POST', url: '/console/api/settings/credentials', headers: admin.headers, payload: { name: 'admin-script' } });
    expect(made.statusCode, made.body).toBe(201);
    const token = (await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: made.json().client_id, client_secret: made.json().client_secret } })).json().access_token;
    const proposed = await t.app.inject({ method: 'POST', url: `${apiUrl}/review`, headers: { authorization: `Bearer ${token}` }, payload: { decision: 'PASS' } });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const named = { proposal_id: proposed.json().proposal.proposal_id, proposal_revision: 1 };
    const own = await t.app.inject({ method: 'POST', url: `${base}/review/approve`, headers: admin.headers, payload: named });
    expect(own.statusCode, own.body).toBe(403);
    expect((await t.app.inject({ url: apiUrl, headers: c.auth })).json().review.empty).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: `${base}/review/reject`, headers: reviewer.headers, payload: named })).statusCode).toBe(200);
  });
});
