import nodemailer from 'nodemailer';
import { one, toBuffer, type Db, type Sql } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { EmailConnectionInput, EmailConnectionView } from '../onboarding/onboarding.schemas.ts';

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

/**
 * Per-client e-mail connections and sending through them with nodemailer. The connection is sealed with the
 * client id as associated data, so a row copied to another client does not decrypt.
 */
export function createMailService(deps: { db: Db; cipher: Cipher; timeoutMs?: number }) {
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

    /** Sends one message through the client's connection; throws on any SMTP failure (the job retries). */
    async send(connection: EmailConnection, message: Message): Promise<{ messageId: string }> {
      const transport = nodemailer.createTransport({
        host: connection.host,
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
      } finally {
        transport.close();
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
