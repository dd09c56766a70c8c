import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCipher } from '../crypto/encryption.ts';
import { createFileStore, localDiskBackend } from './file-store.ts';
import { s3Backend } from './s3-backend.ts';

const cipher = createCipher(randomBytes(32));
const secret = Buffer.from('%PDF-1.4 bank statement of Ada Hartley, 1 Mill Lane');

describe('file store on local disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = createFileStore(localDiskBackend(dir), cipher);

  it('round-trips, and the file on disk is ciphertext', async () => {
    await store.put('onboarding/cli_1/ctc_1/file_a', secret);
    expect(await store.get('onboarding/cli_1/ctc_1/file_a')).toEqual(secret);
    const raw = readFileSync(path.join(dir, 'onboarding/cli_1/ctc_1/file_a.bin'));
    expect(raw.includes(Buffer.from('Ada Hartley'))).toBe(false);
    expect(readdirSync(path.join(dir, 'onboarding/cli_1/ctc_1')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a file moved under another key does not decrypt (the key is bound as associated data)', async () => {
    await store.put('onboarding/cli_1/ctc_1/file_b', secret);
    renameSync(path.join(dir, 'onboarding/cli_1/ctc_1/file_b.bin'), path.join(dir, 'onboarding/cli_1/ctc_1/file_c.bin'));
    await expect(store.get('onboarding/cli_1/ctc_1/file_c')).rejects.toThrow();
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', 'a/../../b', '/etc/passwd', 'A//b']) await expect(store.put(key, secret)).rejects.toThrow(/invalid storage key/);
  });
});

describe('file store on an S3-compatible endpoint', () => {
  // A minimal S3 stand-in on loopback: stores objects by path and records the signed headers it received.
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string; sha: string }[] = [];
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, authorization: String(req.headers.authorization ?? ''), sha: String(req.headers['x-amz-content-sha256'] ?? '') });
        if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=AKIDTEST/')) return res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        if (req.method === 'PUT') { objects.set(req.url!, Buffer.concat(chunks)); return res.writeHead(200).end(); }
        if (req.method === 'GET') { const o = objects.get(req.url!); return o ? res.writeHead(200).end(o) : res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>'); }
        if (req.method === 'DELETE') { objects.delete(req.url!); return res.writeHead(204).end(); }
        res.writeHead(405).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('PUT, GET and DELETE signed with SigV4; the bucket holds only ciphertext', async () => {
    const store = createFileStore(s3Backend({ endpoint, bucket: 'kyc-docs', region: 'eu-west-2', accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', prefix: 'prod' }), cipher);
    await store.put('onboarding/cli_1/ctc_1/file_a', secret);
    expect([...objects.keys()]).toEqual(['/kyc-docs/prod/onboarding/cli_1/ctc_1/file_a']);
    expect(objects.get('/kyc-docs/prod/onboarding/cli_1/ctc_1/file_a')!.includes(Buffer.from('Ada Hartley'))).toBe(false);
    expect(seen[0]).toMatchObject({ method: 'PUT', authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-2\/s3\/aws4_request, SignedHeaders=.*x-amz-content-sha256.*Signature=[0-9a-f]{64}$/) });
    expect(seen[0]!.sha).toBe(createHash('sha256').update(objects.get('/kyc-docs/prod/onboarding/cli_1/ctc_1/file_a')!).digest('hex'));
    expect(await store.get('onboarding/cli_1/ctc_1/file_a')).toEqual(secret);
    await store.delete('onboarding/cli_1/ctc_1/file_a');
    expect(objects.size).toBe(0);
    await expect(store.get('onboarding/cli_1/ctc_1/file_a')).rejects.toThrow(/S3 GET failed: 404/);
  });

  it('wrong credentials surface as an error naming the status', async () => {
    const store = createFileStore(s3Backend({ endpoint, bucket: 'kyc-docs', region: 'eu-west-2', accessKeyId: 'OTHER', secretAccessKey: 'x' }), cipher);
    await expect(store.put('k1', secret)).rejects.toThrow(/S3 PUT failed: 403/);
  });
});
