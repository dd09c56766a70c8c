import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import { one, toBuffer, type Db, type Sql } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import { validationError } from '../../platform/http/validation.ts';
import { isLiteralPrivateHost, resolvePermitted } from '../../platform/net/address-policy.ts';
import type { EmailConnectionInput, EmailConnectionView } from './mail.schemas.ts';

/** A client's SMTP connection as stored (sealed: it holds the password). */
export interface EmailConnection {
  host: string;
  port: number;
  tls: 'implicit' | 'starttls' | 'none';
  username?: string;
  password?: string;
  sender_email: string;
  sender_name?: string;
  brand_name?: string;
}

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The one answer for every failure before an SMTP session is established. */
export const MAIL_CONNECT_FAILED = 'could not connect to the mail server';

/**
 * A sending failure the caller may show. Before the server has greeted us (address refused by the policy, DNS,
 * refused, reset, silent, not SMTP, TLS) it is always the same: MAIL_CONNECT_FAILED, so the setting cannot be
 * used to tell open, closed and silent ports apart. After the greeting, a server that speaks SMTP answered,
 * and its answer (code and reply, addresses masked) is kept: that is what the client needs to fix its setting.
 */
export class MailSendError extends Error {
  constructor(readonly code: string, message: string, readonly responseCode?: number) {
    super(message);
  }
}

function toMailSendError(error: unknown): MailSendError {
  const e = error as { code?: string; responseCode?: number; response?: string; command?: string };
  const masked = (text: string) => text.replace(/[^\s<>@]+@[^\s<>@]+/g, '<address>').slice(0, 200);
  if (e.code === 'EAUTH' && e.responseCode) return new MailSendError('EAUTH', 'the mail server refused the user name or password', e.responseCode);
  if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && e.responseCode) {
    return new MailSendError(e.code, `the mail server refused the message: ${masked(e.response ?? String(e.responseCode))}`, e.responseCode);
  }
  return new MailSendError('ECONNECTION', MAIL_CONNECT_FAILED);
}

/**
 * Per-client e-mail connections and sending through them with nodemailer. The connection is sealed with the
 * client id as associated data, so a row copied to another client does not decrypt.
 *
 * The SMTP host is chosen by the client, so it follows the outbound address policy (platform/net): private,
 * loopback and link-local addresses are refused unless `allowPrivate` (MAIL_ALLOW_PRIVATE), literal ones when
 * the setting is saved and names when they are resolved, right before connecting; nodemailer is then given the
 * checked address (and the name for TLS), so a second resolution cannot lead elsewhere (DNS rebinding).
 */
export function createMailService(deps: { db: Db; cipher: Cipher; allowPrivate: boolean; timeoutMs?: number }) {
  const aad = (clientId: string) => `email-connection:${clientId}`;

  async function get(sql: Sql, clientId: string): Promise<(EmailConnection & { revision: number }) | undefined> {
    const row = await one<{ config_enc: Uint8Array; revision: number }>(sql, 'SELECT config_enc, revision FROM email_connections WHERE client_id = $1', [clientId]);
    if (!row) return undefined;
    return { ...deps.cipher.decryptJson<EmailConnection>(toBuffer(row.config_enc), aad(clientId)), revision: row.revision };
  }

  const view = (c: EmailConnection & { revision: number }): EmailConnectionView => ({
    host: c.host, port: c.port, tls: c.tls, username: c.username ?? null, password_set: Boolean(c.password), sender_email: c.sender_email,
    sender_name: c.sender_name ?? null, brand_name: c.brand_name ?? null, revision: String(c.revision),
  });

  return {
    getConnection: (clientId: string) => get(deps.db, clientId),
    hasConnection: async (sql: Sql, clientId: string) => (await one(sql, 'SELECT 1 FROM email_connections WHERE client_id = $1', [clientId])) !== undefined,

    async read(clientId: string): Promise<EmailConnectionView | undefined> {
      const c = await get(deps.db, clientId);
      return c ? view(c) : undefined;
    },

    /** Saves the connection; a missing password keeps the stored one (so the settings page never needs to show it). */
    async save(clientId: string, input: EmailConnectionInput): Promise<EmailConnectionView> {
      if (!deps.allowPrivate && isLiteralPrivateHost(input.host)) {
        throw validationError([{ pointer: '/host', message: 'is a private or loopback address, which the e-mail connection may not reach' }]);
      }
      return deps.db.tx(async (tx) => {
        const previous = await get(tx, clientId);
        const config: EmailConnection = { ...input, password: input.password ?? previous?.password };
        const row = await one<{ revision: number }>(tx,
          `INSERT INTO email_connections (client_id, config_enc) VALUES ($1, $2)
           ON CONFLICT (client_id) DO UPDATE SET config_enc = EXCLUDED.config_enc, revision = email_connections.revision + 1, updated_at = now()
           RETURNING revision`, [clientId, deps.cipher.encryptJson(config, aad(clientId))]);
        return view({ ...config, revision: row!.revision });
      });
    },

    async remove(clientId: string): Promise<boolean> {
      return (await deps.db.query('DELETE FROM email_connections WHERE client_id = $1 RETURNING client_id', [clientId])).length > 0;
    },

    /** Sends one message through the client's connection; throws a MailSendError on any failure (the job retries). */
    async send(connection: EmailConnection, message: Message): Promise<{ messageId: string }> {
      const target = await resolvePermitted(connection.host, deps.allowPrivate).catch((error: unknown) => {
        throw toMailSendError(error);
      });
      const name = isIP(connection.host.replace(/^\[|\]$/g, '')) ? undefined : connection.host;
      const transport = nodemailer.createTransport({
        host: target.address,
        tls: name ? { servername: name } : undefined, // SNI and the certificate are checked against the name, not the address
        port: connection.port,
        secure: connection.tls === 'implicit',
        requireTLS: connection.tls === 'starttls',
        ignoreTLS: connection.tls === 'none',
        auth: connection.username ? { user: connection.username, pass: connection.password ?? '' } : undefined,
        connectionTimeout: deps.timeoutMs ?? 15_000,
        greetingTimeout: deps.timeoutMs ?? 15_000,
        socketTimeout: deps.timeoutMs ?? 15_000,
      });
      try {
        const info = await transport.sendMail({
          from: connection.sender_name ? { name: connection.sender_name, address: connection.sender_email } : connection.sender_email,
          to: message.to, subject: message.subject, text: message.text, html: message.html,
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw toMailSendError(error);
      } finally {
        transport.close();
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
