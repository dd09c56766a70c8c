import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../http/problem.ts';
import { startS3Server, type S3Server } from '../../../test/helpers/s3-server.ts';
import { createCipher } from '../crypto/encryption.ts';
import { createFileStore } from './file-store.ts';
import { S3RequestError, s3Backend, type S3Options } from './s3-backend.ts';

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

/**
 * What a full or failing store answers, from a stand-in on loopback: s3rver has no quotas, and MinIO (whose
 * `XMinioStorageFull` this is) does not run here. The bodies are the stores' documented S3 error XML.
 */
describe('file store when the bucket is full or failing', () => {
  async function standIn(status: number, code: string) {
    let requests = 0;
    const server = createServer((request, response) => {
      requests += 1;
      request.resume().on('end', () => response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>refused</Message></Error>`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const store = createFileStore(s3Backend({ ...options, endpoint }), cipher);
    return { store, requests: () => requests, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it.each([[507, 'XMinioStorageFull'], [403, 'QuotaExceeded']])('a full store (%i %s) is 507 insufficient_storage, as a full disk is', async (status, code) => {
    const s = await standIn(status, code);
    try {
      const error = await s.store.put('onboarding/cli_1/ctc_1/file_full', secret).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(S3RequestError);
      expect(error).toMatchObject({ status, s3Code: code, code: 'EDQUOT' });
      expect(toAppError(error)).toMatchObject({ code: 'insufficient_storage', status: 507 });
    } finally {
      await s.close();
    }
  });

  it('a store still failing with 503 after the retries is 503 unavailable; a refusal for any other reason stays a fault', async () => {
    const failing = await standIn(503, 'SlowDown');
    try {
      const error = await failing.store.put('onboarding/cli_1/ctc_1/file_slow', secret).catch((e: unknown) => e);
      expect(failing.requests()).toBeGreaterThan(1); // aws4fetch retried before giving up
      expect(toAppError(error)).toMatchObject({ code: 'unavailable', status: 503 });
    } finally {
      await failing.close();
    }
    const denied = await standIn(403, 'AccessDenied');
    try {
      expect(toAppError(await denied.store.put('onboarding/cli_1/ctc_1/file_denied', secret).catch((e: unknown) => e))).toMatchObject({ code: 'internal_error', status: 500 });
    } finally {
      await denied.close();
    }
  });
});
