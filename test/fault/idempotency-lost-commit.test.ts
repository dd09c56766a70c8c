import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';

/**
 * The connection breaks as a write commits (ADR 65 addendum). Whether the COMMIT reached the server or not, the
 * caller gets 503 and retries with the same Idempotency-Key. If the change was committed, the retry must not
 * make it again: it is told 409 `idempotency_answer_lost`. If it was not, the retry runs it, once.
 * The break is made by the database wrapper below: after a real COMMIT, or before the transaction starts.
 */
let fault: 'after-commit' | 'before-commit' | undefined;
const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
const breaking = (db: Db): Db => ({
  ...db,
  tx: async (fn) => {
    const when = fault;
    fault = undefined;
    if (when === 'before-commit') throw connectionLost();
    const result = await db.tx(fn);
    if (when === 'after-commit') throw connectionLost();
    return result;
  },
});

let t: TestService;
let c: TestClient;
beforeAll(async () => {
  t = await startTestService({}, { wrapDb: breaking });
  c = await t.newClient();
});
afterAll(async () => t?.close());

const accounts = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM accounts WHERE client_id = $1', [c.clientId]))[0]!.n);
const create = (key: string) => t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: { ...c.auth, 'idempotency-key': key }, payload: sampleAccount() });

describe('a connection lost as a write commits', () => {
  it('after the COMMIT reached the database: 503, then the retry is 409 idempotency_answer_lost and nothing is made twice', async () => {
    const before = await accounts();
    fault = 'after-commit';
    const first = await create('lost-after-commit');
    expect(first.statusCode).toBe(503);
    expect(await accounts()).toBe(before + 1); // the change was made
    const retry = await create('lost-after-commit');
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(retry.json()).toMatchObject({ code: 'idempotency_answer_lost' });
    expect(await accounts()).toBe(before + 1);
  });

  it('before anything committed: 503, then the retry runs the request, once', async () => {
    const before = await accounts();
    fault = 'before-commit';
    expect((await create('lost-before-commit')).statusCode).toBe(503);
    expect(await accounts()).toBe(before);
    const retry = await create('lost-before-commit');
    expect(retry.statusCode).toBe(201);
    expect(await accounts()).toBe(before + 1);
    const replay = await create('lost-before-commit');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await accounts()).toBe(before + 1);
  });

  it('a webhook subscription, one INSERT, is made once too', async () => {
    const subscriptions = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM webhook_subscriptions WHERE client_id = $1', [c.clientId]))[0]!.n);
    const subscribe = () => t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: { ...c.auth, 'idempotency-key': 'lost-subscription' },
      payload: { callback_url: 'https://hooks.example.com/kyc', type: 'WEBHOOK', config: { entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
    });
    const before = await subscriptions();
    fault = 'after-commit';
    expect((await subscribe()).statusCode).toBe(503);
    const retry = await subscribe();
    expect([retry.statusCode, retry.json().code]).toEqual([409, 'idempotency_answer_lost']);
    expect(await subscriptions()).toBe(before + 1);
  });

  it('requests without a key, and transactions outside requests, are not marked', async () => {
    const before = await accounts();
    const plain = await t.app.inject({ method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth, payload: sampleAccount() });
    expect(plain.statusCode).toBe(201);
    expect(await accounts()).toBe(before + 1);
    expect(await t.db.query("SELECT key FROM idempotency_keys WHERE committed_at IS NOT NULL AND key NOT LIKE 'lost-%'")).toEqual([]);
  });
});
