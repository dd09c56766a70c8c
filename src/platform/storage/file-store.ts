import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Cipher } from '../crypto/encryption.ts';

/**
 * Where uploaded documents and photos are kept. Every object is sealed with AES-256-GCM (the services' data
 * key) before it leaves the process, with its key as associated data: the store, local disk or a bucket,
 * never sees plaintext, and a file renamed onto another key does not decrypt.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Seals a stored object again if that now gives another key version (ADR 75's re-seal); true when rewritten. */
  reseal(key: string): Promise<boolean>;
}

/** Raw byte storage behind the sealing layer (a folder here; an S3-compatible bucket would be another). */
export interface BlobBackend {
  write(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_\-/]{0,200}$/;

function checkKey(key: string): string {
  // Keys are made by the service, never by a caller; still refuse anything that could leave the folder.
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** Files under `dir`, written to a temporary name and renamed, so a crash never leaves half a file under its key. */
export function localDiskBackend(dir: string): BlobBackend {
  const full = (key: string) => path.join(dir, `${checkKey(key)}.bin`);
  return {
    async write(key, bytes) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, target);
      } catch (error) {
        // A full disk (ENOSPC) stops the write half-way: remove the partial file, keep the error for the caller.
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    read: (key) => readFile(full(key)),
    remove: (key) => rm(full(key), { force: true }),
  };
}

/**
 * `cipher` is one Cipher, or the Cipher for a key's owner (ADR 75: a contact's documents are sealed under the
 * contact's data key, so erasing the key makes every copy of the file unreadable, backups and bucket versions included).
 */
export function createFileStore(backend: BlobBackend, cipher: Cipher | ((key: string) => Promise<Cipher>)): FileStore {
  const aad = (key: string) => `file:${key}`;
  const cipherOf = typeof cipher === 'function' ? cipher : async () => cipher;
  return {
    put: async (key, bytes) => backend.write(checkKey(key), (await cipherOf(key)).encrypt(bytes, aad(key))),
    get: async (key) => (await cipherOf(key)).decrypt(await backend.read(checkKey(key)), aad(key)),
    delete: async (key) => backend.remove(checkKey(key)),
    reseal: async (key) => {
      const sealed = await backend.read(checkKey(key));
      const keyed = await cipherOf(key);
      const again = keyed.encrypt(keyed.decrypt(sealed, aad(key)), aad(key));
      if (again[0] === sealed[0]) return false;
      await backend.write(key, again);
      return true;
    },
  };
}
