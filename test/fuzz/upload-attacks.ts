import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * The hosted flow's real upload endpoint under attack, over real HTTP (bodies stream in as they would from a
 * phone): a service with a small UPLOAD_MAX_BYTES, a sandbox client (simulated engines, so only the upload
 * checks cost anything) and a contact asked for an ID document, a selfie and a proof of address.
 */
export const UPLOAD_LIMIT = 2 * 1024 * 1024;

export async function startUploadTarget() {
  const t = await startTestService({ UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT), RATE_LIMIT_PER_MINUTE: '10000000' });
  const created = await t.services.clients.createClient({ name: 'Upload attacks', sandbox: true });
  const token = (await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } })).json().access_token;
  const auth = { authorization: `Bearer ${token}` };
  await t.services.credits.add(created.clientId, 100, 'upload attacks');
  const base = await address(t);
  return {
    t, base,
    /** A fresh link (each has its own upload budget) for a new contact. */
    async link(): Promise<{ token: string; contactId: string }> {
      const account = (await t.app.inject({ method: 'POST', url: `/clients/${created.clientId}/accounts`, headers: auth, payload: { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com' } } })).json();
      const contactId = account.primary_contact.id as string;
      const r = await t.app.inject({ method: 'PUT', url: `/clients/${created.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding`, headers: auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true', selfie: 'true', proof_of_address: 'true' } } } });
      if (r.statusCode !== 202) throw new Error(r.body);
      return { token: String(r.json().data.onboarding_url).split('/verify/')[1]!, contactId };
    },
    upload: (linkToken: string, slot: string, body: Buffer, type = 'image/jpeg') =>
      t.app.inject({ method: 'POST', url: `/verify/${linkToken}/uploads/${slot}`, headers: { 'content-type': type }, payload: body }),
    /** The bytes kept for a slot, as the engines and reviewers would read them. */
    async stored(contactId: string, slot: string): Promise<Buffer> {
      const rows = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM onboarding_files WHERE contact_id = $1 AND slot = $2', [contactId, slot]);
      return Buffer.from(await t.services.onboarding.files.get(rows[0]!.storage_key));
    },
  };
}

async function address(t: TestService): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export interface MemoryFigures {
  requests: number;
  statuses: Record<number, number>;
  /** Bytes each client meant to send (the server stops reading at the limit). */
  bytesOffered: number;
  rssBeforeMb: number;
  rssPeakGrowthMb: number;
  heapPeakGrowthMb: number;
  /** Buffers live outside the JS heap: what a server holding bodies would show. */
  buffersPeakGrowthMb: number;
  ms: number;
}

/**
 * `count` uploads at once over HTTP, each body produced chunk by chunk from one shared block (the client holds
 * almost nothing), measured as `measured` does.
 * `chunked`: no Content-Length, so the server must count what arrives rather than refuse at the header.
 */
export async function parallelUploads(url: string, count: number, body: { bytes: number; first?: Buffer; chunked?: boolean }): Promise<MemoryFigures> {
  const block = Buffer.alloc(64 * 1024, 0x41);
  const { result: statuses, ...memory } = await measured(async () => {
    const statuses: Record<number, number> = {};
    await Promise.all(Array.from({ length: count }, () => new Promise<void>((resolve) => {
      const headers: Record<string, string | number> = { 'content-type': 'image/jpeg' };
      if (!body.chunked) headers['content-length'] = body.bytes;
      const req = http.request(url, { method: 'POST', headers });
      let done = false;
      const finish = (status: number) => {
        if (done) return;
        done = true;
        statuses[status] = (statuses[status] ?? 0) + 1;
        resolve();
      };
      // The status is the server's answer: count it when it arrives. Waiting for the body's end raced with
      // destroying the request (the socket could close first, and the answer was counted as a dropped connection).
      req.on('response', (res) => {
        finish(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on('error', () => finish(0)); // the server may close the connection on a refused body
      let sent = 0;
      const pump = () => {
        while (!done && sent < body.bytes) {
          const piece = sent === 0 && body.first ? body.first : block.subarray(0, Math.min(block.length, body.bytes - sent));
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        if (!done) req.end();
      };
      pump();
    })));
    return statuses;
  });
  return { requests: count, statuses, bytesOffered: count * body.bytes, ...memory };
}

/**
 * The process's RSS, heap and buffers sampled every 5 ms around any batch of requests (uploads over HTTP, or
 * bombs sent through inject, already in memory): what the server holds is what grows.
 */
export async function measured<T>(work: () => Promise<T>): Promise<{ result: T; rssBeforeMb: number; rssPeakGrowthMb: number; heapPeakGrowthMb: number; buffersPeakGrowthMb: number; ms: number }> {
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  let buffersPeak = before.arrayBuffers;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
    buffersPeak = Math.max(buffersPeak, m.arrayBuffers);
  }, 5);
  const started = performance.now();
  const result = await work();
  clearInterval(sampler);
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return { result, rssBeforeMb: mb(before.rss), rssPeakGrowthMb: mb(rssPeak - before.rss), heapPeakGrowthMb: mb(heapPeak - before.heapUsed), buffersPeakGrowthMb: mb(buffersPeak - before.arrayBuffers), ms: Math.round(performance.now() - started) };
}
