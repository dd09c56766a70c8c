import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for personal data and documents at rest. The record's id is bound as associated data, so a
 * ciphertext copied onto another row does not decrypt. Layout: version(1) | iv(12) | tag(16) | ciphertext.
 */
export interface Cipher {
  encrypt(plain: Buffer, aad: string): Buffer;
  decrypt(sealed: Buffer, aad: string): Buffer;
  encryptJson(value: unknown, aad: string): Buffer;
  decryptJson<T>(sealed: Buffer, aad: string): T;
  /** A key for keyed hashes (blind indexes) derived from the data key, so one secret governs both. */
  deriveKey(purpose: string): Buffer;
}

/**
 * `version` 1 is ADR 5's single service key (now the system data key); version 2 is a per-owner data key
 * (ADR 75). The byte tells a reader which key to use, so both kinds live side by side in one column.
 */
export function createCipher(key: Buffer, options: { version?: number } = {}): Cipher {
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
  const VERSION = options.version ?? 1;
  const encrypt = (plain: Buffer, aad: string): Buffer => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  };
  const decrypt = (sealed: Buffer, aad: string): Buffer => {
    if (sealed[0] !== VERSION) throw new Error(`ciphertext version ${sealed[0]} is not this key's (${VERSION})`);
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  };
  return {
    encrypt,
    decrypt,
    encryptJson: (value, aad) => encrypt(Buffer.from(JSON.stringify(value)), aad),
    decryptJson: <T>(sealed: Buffer, aad: string) => JSON.parse(decrypt(sealed, aad).toString('utf8')) as T,
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)),
  };
}
