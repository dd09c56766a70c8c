import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/**
 * Client secrets, partner keys and link tokens are random 256-bit values, so a fast hash cannot be
 * brute-forced and a slow password hash would only cost latency on every token request (ADR 0003).
 */
export function hashSecret(secret: string): string {
  return sha256Hex(secret);
}

export function secretMatches(secret: string, storedHash: string): boolean {
  return sameBytes(Buffer.from(sha256Hex(secret), 'hex'), Buffer.from(storedHash, 'hex'));
}

/** Equal bytes, compared in constant time (a MAC, a digest, a secret); different lengths are simply unequal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
