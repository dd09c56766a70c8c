import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface Keys {
  jwtPrivate: KeyObject;
  jwtPublic: KeyObject;
  /** Key id published in the JWKS: derived from the public key so every process agrees on it. */
  jwtKid: string;
  /** The current ENCRYPTION_KEY: the key-encryption key is derived from it (ADR 75). */
  dataKey: Buffer;
  /** ENCRYPTION_KEY_PREVIOUS: earlier values, accepted to unwrap data keys during a rotation. */
  previousDataKeys: Buffer[];
}

/**
 * Keys come from configuration when given (production with several processes), otherwise from files in
 * DATA_DIR/keys, created on first start with mode 0600. Nothing here has a built-in default.
 */
export async function loadKeys(config: Config): Promise<Keys> {
  const dir = path.join(config.dataDir, 'keys');
  const jwtPem = config.jwtPrivateKey ?? (await readOrCreate(dir, 'jwt-es256.pem', () =>
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()));
  const dataKeyB64 = config.encryptionKey ?? (await readOrCreate(dir, 'data.key', () => randomBytes(32).toString('base64')));
  const jwtPrivate = createPrivateKey(jwtPem);
  const jwtPublic = createPublicKey(jwtPrivate);
  const spki = jwtPublic.export({ type: 'spki', format: 'der' });
  return {
    jwtPrivate,
    jwtPublic,
    jwtKid: createHash('sha256').update(spki).digest('base64url').slice(0, 16),
    dataKey: Buffer.from(dataKeyB64.trim(), 'base64'),
    previousDataKeys: (config.encryptionKeyPrevious ?? []).map((k) => Buffer.from(k, 'base64')),
  };
}

async function readOrCreate(dir: string, file: string, create: () => string): Promise<string> {
  const full = path.join(dir, file);
  if (existsSync(full)) return readFile(full, 'utf8');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const value = create();
  await writeFile(full, value, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return readFile(full, 'utf8');
}
