import { constants, createHash, publicDecrypt, verify } from 'node:crypto';
import { sameBytes } from '../../../platform/crypto/hash.ts';
import { readTlv } from '../domain/lds.ts';
import { publicKeyFromSpki } from './signature.ts';

/**
 * Active authentication (Doc 9303-11 §6.1): the chip signs an 8-byte challenge from the terminal with the private
 * key whose public half is in DG15 (signed by the state through the SOD), so a copied chip, which cannot read that
 * key out, cannot answer. Here the challenge comes from the server (see the mobile reader API), so the phone
 * cannot answer for a chip either.
 *
 * - RSA: ISO/IEC 9796-2 digital signature scheme 1 with partial message recovery. The chip picks M1 (the
 *   recoverable part, as long as the key allows), M2 is the challenge. Opened with the public exponent the
 *   signature gives F = 6A || M1 || H(M1 || M2) || T, with T = BC (SHA-1) or (hash id, CC) for others.
 * - ECDSA: a plain signature r || s (BSI TR-03111) over the challenge, with the hash DG14's
 *   ActiveAuthenticationInfo names.
 * Written by hand: no npm package verifies ISO 9796-2 (ADR 0127); the RSA operation itself is OpenSSL's.
 */
export interface ActiveAuthResult {
  valid: boolean;
  algorithm: string | null;
  hash: string | null;
  error?: string;
}

/** ISO/IEC 10118-3 hash identifiers in the two-byte trailer (xx CC). */
const HASH_IDS: Record<number, { name: string; length: number }> = {
  0x33: { name: 'sha1', length: 20 }, 0x34: { name: 'sha256', length: 32 }, 0x35: { name: 'sha512', length: 64 },
  0x36: { name: 'sha384', length: 48 }, 0x38: { name: 'sha224', length: 28 },
};


/** The public key in DG15: tag 6F around a SubjectPublicKeyInfo. */
export function dg15PublicKey(dg15: Uint8Array): Uint8Array {
  const outer = readTlv(dg15);
  if (outer.tag !== 0x6f) throw new Error(`DG15 must start with tag 6F, found ${outer.tag.toString(16)}`);
  return outer.value;
}

function verifyRsa9796(spki: Uint8Array, challenge: Uint8Array, signature: Uint8Array): ActiveAuthResult {
  const { key } = publicKeyFromSpki(spki);
  let f: Buffer;
  try {
    f = publicDecrypt({ key, padding: constants.RSA_NO_PADDING }, signature);
  } catch (error) {
    return { valid: false, algorithm: 'rsa-iso9796-2', hash: null, error: `RSA: ${(error as Error).message}` };
  }
  let start = 0;
  while (start < f.length && f[start] === 0) start++; // a modulus whose length is not a whole number of bytes
  const fb = f.subarray(start);
  let hash: { name: string; length: number } | undefined;
  let trailer: number;
  if (fb[fb.length - 1] === 0xbc) {
    hash = HASH_IDS[0x33];
    trailer = 1;
  } else if (fb[fb.length - 1] === 0xcc) {
    hash = HASH_IDS[fb[fb.length - 2] as number];
    trailer = 2;
  } else {
    return { valid: false, algorithm: 'rsa-iso9796-2', hash: null, error: 'no ISO/IEC 9796-2 trailer (BC or xx CC)' };
  }
  if (!hash) return { valid: false, algorithm: 'rsa-iso9796-2', hash: null, error: 'unknown hash identifier in the trailer' };
  // 6A: the leading bits 01, partial recovery (M2 is the challenge, not in the signature), no padding.
  if (fb[0] !== 0x6a) return { valid: false, algorithm: 'rsa-iso9796-2', hash: hash.name, error: 'header is not 6A (scheme 1, partial recovery)' };
  const hashStart = fb.length - trailer - hash.length;
  if (hashStart < 1) return { valid: false, algorithm: 'rsa-iso9796-2', hash: hash.name, error: 'signature too short' };
  const m1 = fb.subarray(1, hashStart);
  const digest = createHash(hash.name).update(m1).update(challenge).digest();
  const valid = sameBytes(new Uint8Array(digest), fb.subarray(hashStart, hashStart + hash.length));
  return { valid, algorithm: 'rsa-iso9796-2', hash: hash.name, ...(valid ? {} : { error: 'the recovered hash does not match the challenge' }) };
}

function verifyEcdsa(spki: Uint8Array, challenge: Uint8Array, signature: Uint8Array, hashHint: string | null): ActiveAuthResult {
  const { key } = publicKeyFromSpki(spki);
  // Without DG14's ActiveAuthenticationInfo the hash is not stated; which one was used cannot help a forger.
  const hashes = hashHint ? [hashHint] : ['sha256', 'sha1', 'sha224', 'sha384', 'sha512'];
  for (const hash of hashes) {
    for (const dsaEncoding of ['ieee-p1363', 'der'] as const) {
      try {
        if (verify(hash, challenge, { key, dsaEncoding }, signature)) return { valid: true, algorithm: `ecdsa-${dsaEncoding === 'der' ? 'der' : 'plain'}`, hash };
      } catch {
        // a signature of the wrong length for this encoding: try the next
      }
    }
  }
  return { valid: false, algorithm: 'ecdsa', hash: hashHint, error: 'the ECDSA signature does not verify with the DG15 key' };
}

export function verifyActiveAuthentication(dg15: Uint8Array, challenge: Uint8Array, signature: Uint8Array, aaHash: string | null = null): ActiveAuthResult {
  try {
    if (challenge.length !== 8) return { valid: false, algorithm: null, hash: null, error: 'the challenge must be 8 bytes' };
    const spki = dg15PublicKey(dg15);
    const { type } = publicKeyFromSpki(spki);
    return type === 'ec' ? verifyEcdsa(spki, challenge, signature, aaHash) : verifyRsa9796(spki, challenge, signature);
  } catch (error) {
    return { valid: false, algorithm: null, hash: null, error: (error as Error).message };
  }
}
