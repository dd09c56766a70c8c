import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { BlobBackend } from './file-store.ts';

export interface S3Options {
  /** The service's address, for example https://s3.eu-west-2.amazonaws.com or a MinIO / R2 / Ceph endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket. */
  prefix?: string;
}

/**
 * An S3-compatible bucket (path-style addressing, which every S3-compatible store understands), requests
 * signed with AWS Signature V4 by aws4fetch. Objects arrive already sealed by the file store.
 */
export function s3Backend(options: S3Options): BlobBackend {
  const aws = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 's3', region: options.region, retries: 3 });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const url = (key: string) => `${base}/${[options.prefix, key].filter(Boolean).join('/').split('/').map(encodeURIComponent).join('/')}`;
  const fail = async (what: string, response: Response) => {
    const body = (await response.text()).slice(0, 300).replace(/\s+/g, ' ');
    return new Error(`S3 ${what} failed: ${response.status} ${body}`);
  };
  return {
    async write(key, bytes) {
      // The payload's hash is signed too (aws4fetch would send UNSIGNED-PAYLOAD): the store can detect a changed body.
      const sha = createHash('sha256').update(bytes).digest('hex');
      const response = await aws.fetch(url(key), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/octet-stream', 'x-amz-content-sha256': sha } });
      if (!response.ok) throw await fail('PUT', response);
    },
    async read(key) {
      const response = await aws.fetch(url(key), { method: 'GET' });
      if (!response.ok) throw await fail('GET', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await aws.fetch(url(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await fail('DELETE', response);
    },
  };
}
