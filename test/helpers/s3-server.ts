import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// @20minutes/s3rver ships no types; this is the part of its API the tests use.
interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** The key pair s3rver knows (its built-in account); any other key or secret is refused. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';
const OBJECT_SUFFIX = '._S3rver_object';

/**
 * An S3-compatible server on loopback (s3rver: path-style buckets, AWS Signature V4 verified, objects kept as
 * files in a temporary folder). Tests and benchmarks start one and hand `env` to the service processes, which
 * then store uploads there exactly as they would in a real bucket.
 */
export async function startS3Server(options: { bucket?: string; region?: string } = {}) {
  const bucket = options.bucket ?? 'kyc-files';
  const region = options.region ?? 'eu-west-2';
  const directory = mkdtempSync(path.join(tmpdir(), 'kyc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;

  /** Every object in the bucket as stored (the service seals them first, so these bytes are ciphertext). */
  function objects(): { key: string; bytes: Buffer }[] {
    const root = path.join(directory, bucket);
    const out: { key: string; bytes: Buffer }[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(OBJECT_SUFFIX)) {
          out.push({ key: path.relative(root, full).slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'), bytes: readFileSync(full) });
        }
      }
    };
    walk(root);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  return {
    endpoint,
    bucket,
    region,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    /** The service's settings for this server (docs/deployment.md). */
    env: (prefix = ''): Record<string, string> => ({
      S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    objects,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
