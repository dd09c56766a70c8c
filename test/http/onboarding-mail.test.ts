import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';

/**
 * Invitation e-mail through a real SMTP server on loopback (the `smtp-server` package): the client sets its
 * connection (password sealed), the trigger queues the mail, the job delivers it, and failures are visible.
 */
interface Received { from: string; to: string[]; raw: string; user?: string }
const received: Received[] = [];
let rejectNext = 0;
let server: SMTPServer;
let port: number;
let t: TestService;
let c: TestClient;
let workers: { stop(): Promise<void> };

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret-smtp-password') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        if (rejectNext > 0) {
          rejectNext--;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(error);
        }
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8'), user: session.user as string });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  t = await startTestService();
  workers = await startWorkers(t.services);
  c = await t.newClient('Mailing firm');
  await t.services.credits.add(c.clientId, 10, 'test credits');
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function contact(email: string) {
  const response = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Mo Mail', type: 'INDIVIDUAL', primary_contact: { first_name: 'Mo', last_name: 'Mail', email, primary_address: { street: '1 Post Road', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  const account = response.json();
  return `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/onboarding`;
}

const waitFor = async (predicate: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('invitation e-mail', () => {
  it('the connection is stored sealed and read back without the password', async () => {
    const put = await t.app.inject({
      method: 'PUT', url: `/clients/${c.clientId}/settings/email-connection`, headers: c.auth,
      payload: { host: '127.0.0.1', port, tls: 'none', username: 'mailer', password: 's3cret-smtp-password', sender_email: 'verify@firm.example', sender_name: 'Firm Verification', brand_name: 'Firm & Co' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ password_set: true, host: '127.0.0.1' });
    expect(put.body).not.toContain('s3cret');
    const [row] = await t.db.query<{ config_enc: Uint8Array }>('SELECT config_enc FROM email_connections WHERE client_id = $1', [c.clientId]);
    expect(Buffer.from(row!.config_enc).includes(Buffer.from('s3cret-smtp-password'))).toBe(false);
    const get = await t.app.inject({ url: `/clients/${c.clientId}/settings/email-connection`, headers: c.auth });
    expect(get.json()).not.toHaveProperty('password');
  });

  it('the contact receives the link in plain text and HTML; request_sent_at is set', async () => {
    const url = await contact('mo@example.org');
    const triggered = await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'false', idscan: 'true' } } } });
    expect(triggered.statusCode, triggered.body).toBe(202);
    const link = triggered.json().data.onboarding_url as string;
    expect(triggered.json().data.request_sent_at).toBeNull();
    await waitFor(() => received.some((m) => m.to.includes('mo@example.org')));
    const mail = received.find((m) => m.to.includes('mo@example.org'))!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('verify@firm.example');
    expect(mail.raw).toMatch(/Subject: Firm & Co: please verify your identity/);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(link);
    await waitFor(async () => (await t.app.inject({ url, headers: c.auth })).json().data.request_sent_at !== null);
    const log = (await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json();
    expect(log.data[0]).toMatchObject({ status: 'SENT', attempts: 1, current: true });
  });

  it('a temporary SMTP failure is retried and its reason is visible meanwhile', async () => {
    rejectNext = 1;
    const url = await contact('retry@example.org');
    await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { idscan: 'true' } } } });
    await waitFor(async () => (await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json().data[0]?.attempts >= 1);
    const failed = (await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json().data[0];
    expect(failed.last_error).toMatch(/451/);
    expect(failed.status, 'queued again for a retry, not given up').toBe('QUEUED');
    expect(failed.last_error).not.toContain('retry@example.org');
  });

  it('a wrong password is an SMTP authentication error, recorded', async () => {
    await t.app.inject({
      method: 'PUT', url: `/clients/${c.clientId}/settings/email-connection`, headers: c.auth,
      payload: { host: '127.0.0.1', port, tls: 'none', username: 'mailer', password: 'wrong', sender_email: 'verify@firm.example' },
    });
    const url = await contact('auth@example.org');
    await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { idscan: 'true' } } } });
    await waitFor(async () => (await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json().data[0]?.attempts >= 1);
    expect((await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json().data[0].last_error).toMatch(/EAUTH/);
  });
});
