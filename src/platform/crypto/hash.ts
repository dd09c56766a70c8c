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
  const a = Buffer.from(sha256Hex(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
