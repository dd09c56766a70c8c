import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { one, toBuffer } from '../db/db.ts';
import type { Cipher } from '../crypto/encryption.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { AppError } from './errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const KEY = /^[\x21-\x7e]{1,255}$/;
const OWNER = Symbol('idempotencyOwner');
const REPLAYED_HEADERS = ['etag', 'location', 'content-type'];

interface Stored {
  body: string;
  headers: Record<string, string>;
}

/**
 * The key a request claimed, for the transactions its handler runs (they carry on in the same async context).
 * `open` is cleared when the answer is sent: timers and promises made during the request keep its context, and a
 * transaction of theirs running later is not the request's.
 */
const claimContext = new AsyncLocalStorage<{ clientId: string; key: string; open: boolean }>();

/**
 * The database as the services see it: every transaction run on behalf of a request that claimed an
 * Idempotency-Key also records, before it commits, that the key's request has changed something. Whatever then
 * happens to the answer (the COMMIT's reply lost with the connection, a later step failing), the key is not
 * released for a retry to make the change twice. Work a request only sets off (the audit buffer's flush) runs
 * outside its context (platform/outside-requests.ts).
 */
export function markingIdempotentCommits(db: Db): Db {
  return {
    ...db,
    tx: (fn) => db.tx(async (tx) => {
      const result = await fn(tx);
      const claim = claimContext.getStore();
      if (claim?.open) await tx.query('UPDATE idempotency_keys SET committed_at = now() WHERE client_id = $1 AND key = $2 AND committed_at IS NULL', [claim.clientId, claim.key]);
      return result;
    }),
  };
}

/** The associated data a stored response is sealed with: its client and key (the privacy module opens them too). */
export const idempotencyAad = (clientId: string, key: string) => `idempotency:${clientId}:${key}`;

/**
 * `Idempotency-Key` on POST, PUT and PATCH (DESIGN.md): the first response is kept for 24 hours and replayed
 * for the same key and request; the same key with a different request is a 422; a second request while the
 * first still runs is a 409. Server errors are not kept, so the caller's retry runs again. Stored bodies may
 * hold personal data, so they are sealed like every other record.
 */
export function installIdempotency(app: FastifyInstance, deps: { db: Db; cipher: Cipher; retentionHours?: number }) {
  const { db, cipher } = deps;
  const hours = deps.retentionHours ?? 24;

  // A server error frees the key so that the caller's retry runs again, unless the request had already committed
  // a change: then the key keeps the error's status without a body, and a retry is told so (409) instead of
  // making the change twice. When the error is the database going away, this fails too: it is retried in the
  // background (for about 5 minutes), so the key is not left "in progress" (409) for its whole retention once the
  // database is back (docs/fault-tolerance.md).
  async function settleFailure(clientId: string, key: string, status: number, attempt = 0): Promise<void> {
    try {
      await db.query('DELETE FROM idempotency_keys WHERE client_id = $1 AND key = $2 AND committed_at IS NULL', [clientId, key]);
      await db.query('UPDATE idempotency_keys SET status_code = $3 WHERE client_id = $1 AND key = $2 AND status_code IS NULL', [clientId, key, status]);
    } catch {
      if (attempt < 300) setTimeout(() => void settleFailure(clientId, key, status, attempt + 1), 1_000).unref();
    }
  }

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !WRITE_METHODS.has(request.method) || !request.auth) return;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new AppError('bad_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
        errors: [{ pointer: '/header/idempotency-key', message: 'is invalid' }],
      });
    }
    const clientId = request.auth.clientId;
    const path = request.url.split('?')[0]!;
    const requestHash = sha256Hex(`${request.method} ${path}\n${request.rawBody ?? ''}`);
    const claimed = await one(
      db,
      `INSERT INTO idempotency_keys (client_id, key, method, path, request_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (client_id, key) DO UPDATE
         SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,
             status_code = NULL, response_enc = NULL, response_type = NULL, subject_ids = NULL, committed_at = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - make_interval(hours => $6)
       RETURNING key`,
      [clientId, key, request.method, path, requestHash, hours],
    );
    if (claimed) {
      (request as FastifyRequest & { [OWNER]?: string })[OWNER] = key;
      return;
    }
    const existing = await one<{ request_hash: string; status_code: number | null; response_enc: Uint8Array | null }>(
      db, 'SELECT request_hash, status_code, response_enc FROM idempotency_keys WHERE client_id = $1 AND key = $2', [clientId, key],
    );
    if (!existing) throw new AppError('idempotency_in_progress', 'Retry the request', { headers: { 'retry-after': '1' } });
    if (existing.request_hash !== requestHash) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key');
    }
    if (existing.status_code !== null && !existing.response_enc) {
      throw new AppError('idempotency_answer_lost', 'The first request with this key made its change, then failed before answering. Read the resource to see the result; retrying with this key will not repeat the change');
    }
    if (existing.status_code === null || !existing.response_enc) {
      throw new AppError('idempotency_in_progress', 'The first request with this key is still running; retry shortly', { headers: { 'retry-after': '1' } });
    }
    const stored = cipher.decryptJson<Stored>(toBuffer(existing.response_enc), idempotencyAad(clientId, key));
    for (const [name, value] of Object.entries(stored.headers)) reply.header(name, value);
    return reply.status(existing.status_code).header('idempotent-replayed', 'true').serializer((p: unknown) => p as string).send(stored.body);
  });

  // The handler of a request that claimed a key runs inside the claim's context, so that its transactions mark
  // the key (markingIdempotentCommits). A callback hook: Fastify runs the rest of the request from `done`, inside
  // `run`, where an async hook's context would end with its own promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const key = (request as FastifyRequest & { [OWNER]?: string })[OWNER];
    if (!key || !request.auth) return done();
    claimContext.run({ clientId: request.auth.clientId, key, open: true }, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = (request as FastifyRequest & { [OWNER]?: string })[OWNER];
    if (!key || !request.auth) return payload;
    const claim = claimContext.getStore();
    if (claim) claim.open = false;
    const clientId = request.auth.clientId;
    if (reply.statusCode >= 500) {
      await settleFailure(clientId, key, reply.statusCode);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const stored: Stored = { body: typeof payload === 'string' ? payload : payload ? String(payload) : '', headers };
    await db.query('UPDATE idempotency_keys SET status_code = $3, response_enc = $4, subject_ids = $5 WHERE client_id = $1 AND key = $2', [
      clientId, key, reply.statusCode, cipher.encryptJson(stored, idempotencyAad(clientId, key)), recordIdsIn(`${request.url} ${stored.body}`),
    ]).catch((error: unknown) => {
      // The answer is final (a change has committed); only its replay copy could not be kept (the database went away).
      // The caller still gets the truth; a retry with this key answers 409 "in progress" rather than run twice.
      request.log.warn({ err: error }, 'idempotent response not stored');
    });
    return payload;
  });
}

/** Record ids (`acc_...`, `ctc_...`: a prefix and 20 random characters, crypto/ids.ts) named in a text, at most 1,000. */
function recordIdsIn(text: string): string[] {
  return [...new Set(text.match(/\b[a-z]{2,8}_[0-9a-z]{20}\b/g) ?? [])].slice(0, 1_000);
}
