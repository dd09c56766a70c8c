import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/helpers/s3-server.ts';
import { createCipher } from '../crypto/encryption.ts';
import { createFileStore } from './file-store.ts';
import { s3Backend, type S3Options } from './s3-backend.ts';

/**
 * The S3 backend against a real S3-compatible server (s3rver on loopback), which checks every request's
 * AWS Signature V4 as S3 does: what the service sends is what a bucket accepts.
 */
const cipher = createCipher(randomBytes(32));
const secret = Buffer.from('%PDF-1.4 bank statement of Ada Hartley, 1 Mill Lane');
let s3: S3Server;
let options: S3Options;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'kyc-docs' });
  options = { endpoint: s3.endpoint, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, prefix: 'prod' };
});
afterAll(async () => s3?.close());

describe('file store on an S3-compatible server', () => {
  it('PUT, GET and DELETE are accepted; the bucket holds only ciphertext under the prefix', async () => {
    const store = createFileStore(s3Backend(options), cipher);
    await store.put('onboarding/cli_1/ctc_1/file_a', secret);
    const stored = s3.objects();
    expect(stored.map((o) => o.key)).toEqual(['prod/onboarding/cli_1/ctc_1/file_a']);
    expect(stored[0]!.bytes.includes(Buffer.from('Ada Hartley'))).toBe(false);
    expect(await store.get('onboarding/cli_1/ctc_1/file_a')).toEqual(secret);
    await store.delete('onboarding/cli_1/ctc_1/file_a');
    expect(s3.objects()).toEqual([]);
    await expect(store.get('onboarding/cli_1/ctc_1/file_a')).rejects.toThrow(/S3 GET failed: 404 .*NoSuchKey/);
    await store.delete('onboarding/cli_1/ctc_1/file_a'); // deleting what is gone is not an error
  });

  it('an upload at the size limit round-trips byte for byte', async () => {
    const store = createFileStore(s3Backend(options), cipher);
    const big = randomBytes(10 * 1024 * 1024);
    await store.put('onboarding/cli_1/ctc_1/big', big);
    expect((await store.get('onboarding/cli_1/ctc_1/big')).equals(big)).toBe(true);
  });

  it('a wrong secret is refused by the signature check, an unknown key id as unknown', async () => {
    const wrongSecret = createFileStore(s3Backend({ ...options, secretAccessKey: 'not-the-secret' }), cipher);
    await expect(wrongSecret.put('k1', secret)).rejects.toThrow(/S3 PUT failed: 403 .*SignatureDoesNotMatch/);
    const unknownKey = createFileStore(s3Backend({ ...options, accessKeyId: 'AKIDUNKNOWN' }), cipher);
    await expect(unknownKey.get('k1')).rejects.toThrow(/S3 GET failed: 403 .*InvalidAccessKeyId/);
    expect(s3.objects().map((o) => o.key)).not.toContain('prod/k1');
  });

  it('a bucket that does not exist is named in the error', async () => {
    const store = createFileStore(s3Backend({ ...options, bucket: 'no-such-bucket' }), cipher);
    await expect(store.put('k2', secret)).rejects.toThrow(/S3 PUT failed: 404 .*NoSuchBucket/);
  });
});
