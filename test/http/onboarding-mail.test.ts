import { lookup } from 'node:dns/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { createMailService, MAIL_CONNECT_FAILED } from '../../src/modules/mail/index.ts';

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

/** A TCP listener on loopback that does something other than speak SMTP. */
async function listener(onSocket: (socket: Socket) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => { sockets.add(socket); socket.on('error', () => undefined); onSocket(socket); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

describe('the e-mail connection and the outbound address policy', () => {
  const sink = () => ({ host: '127.0.0.1', port, tls: 'none' as const, username: 'mailer', password: 's3cret-smtp-password', sender_email: 'verify@firm.example' });
  const message = (to: string) => ({ to, subject: 'Policy', text: 'policy', html: '<p>policy</p>' });

  it('open, closed, silent and non-SMTP ports all fail with the same answer, which names no port', async () => {
    const mail = createMailService({ db: t.db, cipher: t.services.cipher, allowPrivate: true, timeoutMs: 1000 });
    const silent = await listener(() => undefined);
    const http = await listener((socket) => socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n'));
    const hangUp = await listener((socket) => socket.destroy());
    const closed = await listener(() => undefined);
    await closed.close(); // its port is now closed
    try {
      const answers = [];
      for (const p of [closed.port, silent.port, http.port, hangUp.port]) {
        const error = await mail.send({ ...sink(), port: p }, message('nobody@example.org')).then(() => undefined, (e: unknown) => e as { code: string; message: string; responseCode?: number });
        answers.push({ code: error?.code, message: error?.message, responseCode: error?.responseCode });
      }
      expect(answers).toEqual(Array(4).fill({ code: 'ECONNECTION', message: MAIL_CONNECT_FAILED, responseCode: undefined }));
    } finally {
      await Promise.all([silent.close(), http.close(), hangUp.close()]);
    }
  });

  it('the SMTP sink is reached by name and by address with the allowance on', async () => {
    const mail = createMailService({ db: t.db, cipher: t.services.cipher, allowPrivate: true });
    // A second sink where `localhost` leads first on this machine (127.0.0.1 or ::1): the name is resolved, checked, connected to.
    const first = await lookup('localhost');
    const byName: string[] = [];
    const named = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData(stream, session, callback) { stream.resume(); stream.on('end', () => { byName.push(...session.envelope.rcptTo.map((r) => r.address)); callback(); }); } });
    await new Promise<void>((resolve) => named.listen(0, first.address, resolve));
    try {
      await mail.send({ ...sink(), username: undefined, host: 'localhost', port: (named.server.address() as AddressInfo).port }, message('by-name@example.org'));
      expect(byName).toEqual(['by-name@example.org']);
    } finally {
      await new Promise<void>((resolve) => named.close(() => resolve()));
    }
    const before = received.length;
    await mail.send(sink(), message('by-address@example.org'));
    expect(received.slice(before).flatMap((m) => m.to)).toEqual(['by-address@example.org']);
  });

  it('with the allowance off, loopback is refused by address and by name, with the same answer, and nothing is sent', async () => {
    const mail = createMailService({ db: t.db, cipher: t.services.cipher, allowPrivate: false });
    const before = received.length;
    for (const host of ['127.0.0.1', 'localhost', '[::7f00:1]', '::ffff:127.0.0.1', '2130706433']) {
      await expect(mail.send({ ...sink(), host }, message('blocked@example.org')), host).rejects.toMatchObject({ code: 'ECONNECTION', message: MAIL_CONNECT_FAILED });
    }
    expect(received.length).toBe(before);
  });

  it('with the allowance off, saving a literal private address is a 422 on /host; a host name is kept for the connect-time check', async () => {
    const strict = await startTestService({ MAIL_ALLOW_PRIVATE: 'false' });
    try {
      const client = await strict.newClient('Strict mail firm');
      const put = (host: string) => strict.app.inject({
        method: 'PUT', url: `/clients/${client.clientId}/settings/email-connection`, headers: client.auth,
        payload: { host, port, tls: 'none', sender_email: 'verify@firm.example' },
      });
      for (const host of ['127.0.0.1', '10.0.0.25', '169.254.169.254', '::1', '::7f00:1', 'localhost']) {
        const response = await put(host);
        expect(response.statusCode, host).toBe(422);
        expect(response.json().errors).toEqual([{ pointer: '/host', message: expect.stringMatching(/private or loopback/) }]);
      }
      expect((await put('smtp.example.com')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  }, 120_000); // a service of its own to start and close: 20-30 s on PGlite on a loaded machine

  it('an invitation through a connection that cannot connect records the generic reason', async () => {
    const closed = await listener(() => undefined);
    await closed.close();
    await t.app.inject({
      method: 'PUT', url: `/clients/${c.clientId}/settings/email-connection`, headers: c.auth,
      payload: { host: '127.0.0.1', port: closed.port, tls: 'none', sender_email: 'verify@firm.example' },
    });
    const url = await contact('closed@example.org');
    await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { idscan: 'true' } } } });
    // Generous: the job queue also holds the retries of the tests above, and the machine is shared.
    await waitFor(async () => (await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json().data[0]?.attempts >= 1, 90_000);
    expect((await t.app.inject({ url: `${url}/invitations`, headers: c.auth })).json().data[0].last_error).toBe(`ECONNECTION: ${MAIL_CONNECT_FAILED}`);
  }, 120_000);
});
