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

/** Error codes of S3-compatible stores that mean "no room": MinIO's full drives, bucket quotas, Ceph's quotas. */
const FULL = new Set(['XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'QuotaExceeded', 'StorageFull']);

/**
 * A refused request. `code` says what the HTTP layer answers (problem.ts): EDQUOT, like a full disk, is 507; a
 * store still failing with 5xx after aws4fetch's retries is STORE_UNAVAILABLE, 503; anything else is a fault.
 */
export class S3RequestError extends Error {
  constructor(message: string, readonly status: number, readonly s3Code: string | undefined, readonly code: string | undefined) {
    super(message);
  }
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
    const s3Code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
    const code = response.status === 507 || (s3Code && FULL.has(s3Code)) ? 'EDQUOT' : response.status >= 500 ? 'STORE_UNAVAILABLE' : undefined;
    return new S3RequestError(`S3 ${what} failed: ${response.status} ${body}`, response.status, s3Code, code);
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
