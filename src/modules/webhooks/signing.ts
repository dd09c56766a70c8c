import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (DESIGN.md): `webhook-signature` = `v1,` + base64(HMAC-SHA256(key, id.timestamp.body)).
 * The key is the UTF-8 bytes of `config.api_secret`, or, for a `whsec_` secret, the base64 after the prefix.
 */
export function signer(secret: string): Webhook {
  return secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
}

export function signedHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer(secret).sign(id, at, body),
  };
}
