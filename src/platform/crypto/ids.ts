import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case: no i, l, o, u

/** Base32 text of `bytes` random bytes (8 bytes give 13 characters, 16 bytes 26). */
export function randomToken(bytes: number): string {
  const buf = randomBytes(bytes);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Whether `text` can be a link token from `randomToken(32)` (52 characters; a little slack either side): checked before any lookup. */
export const isLinkToken = (text: string): boolean => /^[0-9a-z]{40,64}$/.test(text);

/** Opaque, prefixed, random identifiers (`acc_...`, `ctc_...`): 96 random bits, unguessable and unordered. */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(12)}`;
}
