import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { DataKeyMissingError } from '../../src/platform/crypto/data-keys.ts';
import { createService } from '../../src/service.ts';
import { sampleAccount, startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { staffUser } from './console-helpers.ts';

/**
 * Per-contact keys, erasure requests, retention and rotation (ADR 75, ADR 76) against the real service and
 * database. Time is a value the tests move: the retention sweep runs "five years later" at once.
 */
const OLD_KEY = randomBytes(32).toString('base64');
const YEAR = 365.25 * 86_400_000;
let clock = Date.parse('2026-11-22T10:00:00Z');
let t: TestService;
let c: TestClient;

beforeAll(async () => {
  t = await startTestService({ ENCRYPTION_KEY: OLD_KEY }, { now: () => new Date(clock) });
  c = await t.newClient('Privacy');
});
afterAll(async () => t?.close());

const base = () => `/clients/${c.clientId}`;

/** Moves the clock (tokens are checked against it too, so a fresh one follows). */
async function advance(ms: number) {
  clock += ms;
  const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret } });
  c = { ...c, token: token.json().access_token, auth: { authorization: `Bearer ${token.json().access_token}` } };
}
const hex = (value: unknown) => Buffer.from(String(value).slice(2), 'hex');

const ZEBEDEE = {
  first_name: 'Zebedee', last_name: 'Quargle', date_of_birth: '1977-03-04', email: 'zq@example.org',
  primary_address: { street: '9 Quince Row', postcode: 'ZZ9 9ZZ', city: 'Wyke', country_code: 'GB' },
};

async function accountWithAdditional(extra: Record<string, unknown> = ZEBEDEE) {
  const account = (await t.app.inject({ method: 'POST', url: `${base()}/accounts`, headers: c.auth, payload: sampleAccount() })).json();
  const added = (await t.app.inject({ method: 'POST', url: `${base()}/accounts/${account.id}/contacts`, headers: c.auth, payload: extra })).json();
  return { accountId: account.id as string, primaryId: account.primary_contact.id as string, contactId: added.id as string };
}

async function requestAml(accountId: string, contactId: string) {
  const r = await t.app.inject({ method: 'PUT', url: `${base()}/accounts/${accountId}/contacts/${contactId}/reports/aml`, headers: c.auth, payload: { config: {} } });
  expect(r.statusCode, r.body).toBe(202);
}

describe('per-contact data keys', () => {
  it('seals each contact and account under its own key (version 2), wrapped by the KEK', async () => {
    const { accountId, contactId } = await accountWithAdditional();
    const keys = await t.db.query<{ owner_id: string }>('SELECT owner_id FROM data_keys WHERE owner_id = ANY($1::text[])', [[accountId, contactId]]);
    expect(keys.map((k) => k.owner_id).sort()).toEqual([accountId, contactId].sort());
    const [contact] = await t.db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);
    const [account] = await t.db.query<{ name_enc: Uint8Array }>('SELECT name_enc FROM accounts WHERE id = $1', [accountId]);
    expect(contact!.pii[0]).toBe(2);
    expect(account!.name_enc[0]).toBe(2);
    // A key of one contact does not open another's record: the owner is part of the key, the row id of the AAD.
    const other = await t.services.dataKeys.cipherFor(t.db, accountId);
    expect(() => other.decrypt(Buffer.from(contact!.pii), `contact:${contactId}`)).toThrow();
  });
});

describe('erasure requests', () => {
  it('with no due diligence records, deletes at once: rows gone, key destroyed, COMPLETED', async () => {
    const { accountId, contactId } = await accountWithAdditional();
    const r = await t.app.inject({ method: 'POST', url: `${base()}/erasure-requests`, headers: c.auth, payload: { account_id: accountId, contact_id: contactId } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ status: 'COMPLETED', contact_id: contactId, delete_after: null, retention_years: 5 });
    expect(r.headers.location).toBe(`${base()}/erasure-requests/${r.json().id}`);
    expect(await t.db.query('SELECT 1 FROM contacts WHERE id = $1', [contactId])).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM data_keys WHERE owner_id = $1', [contactId])).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM retained_records WHERE owner_id = $1', [contactId])).toEqual([]);
    expect((await t.app.inject({ url: `${base()}/accounts/${accountId}/contacts/${contactId}`, headers: c.auth })).statusCode).toBe(404);
  });

  it('with an AML report, restricts at once (451 on reads), keeps the sealed record, and the sweep deletes it when retention ends', async () => {
    const { accountId, contactId } = await accountWithAdditional();
    await requestAml(accountId, contactId);
    const contactUrl = `${base()}/accounts/${accountId}/contacts/${contactId}`;
    const [live] = await t.db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);

    const r = await t.app.inject({ method: 'POST', url: `${base()}/erasure-requests`, headers: c.auth, payload: { account_id: accountId, contact_id: contactId } });
    expect(r.statusCode, r.body).toBe(201);
    const request = r.json();
    expect(request).toMatchObject({ status: 'RESTRICTED', retention_years: 5, completed_at: null });
    expect(request.delete_after).toBe('2031-11-22T10:00:00.000Z');

    // Restricted at once: nothing of it is in the live tables for a job, a link or a read to find.
    for (const url of [contactUrl, `${contactUrl}/reports/aml`]) {
      const read = await t.app.inject({ url, headers: c.auth });
      expect(read.statusCode, url).toBe(451);
      expect(read.headers['content-type']).toContain('application/problem+json');
      expect(read.json()).toMatchObject({ code: 'restricted', status: 451, erasure_request_id: request.id });
      expect(read.body).not.toContain('Quargle');
    }
    expect((await t.app.inject({ method: 'PUT', url: `${contactUrl}/reports/aml`, headers: c.auth, payload: { config: {} } })).statusCode).toBe(451);
    // A reviewer in the console is told the same, not that the record does not exist.
    const reviewer = await staffUser(t, c.clientId, `reviewer-${contactId}@privacy.test`, 'reviewer');
    for (const url of [`/console/api/accounts/${accountId}/contacts/${contactId}`, `/console/api/accounts/${accountId}/contacts/${contactId}/aml`]) {
      const seen = await t.app.inject({ url, headers: reviewer.headers });
      expect(seen.statusCode, url).toBe(451);
      expect(seen.json()).toMatchObject({ code: 'restricted', erasure_request_id: request.id });
    }
    // Another client's staff, or nobody signed in, learn nothing from it.
    const other = await t.newClient();
    const stranger = await staffUser(t, other.clientId, `stranger-${contactId}@privacy.test`, 'reviewer');
    expect((await t.app.inject({ url: `/console/api/accounts/${accountId}/contacts/${contactId}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/console/api/accounts/${accountId}/contacts/${contactId}` })).statusCode).toBe(401);
    expect(await t.db.query('SELECT 1 FROM aml_reports WHERE contact_id = $1', [contactId])).toEqual([]);
    // A second request for the same contact is a conflict naming the first.
    const again = await t.app.inject({ method: 'POST', url: `${base()}/erasure-requests`, headers: c.auth, payload: { account_id: accountId, contact_id: contactId } });
    expect(again.statusCode).toBe(409);

    // The retained record still opens with the contact's key (what an authority may ask for)...
    const [kept] = await t.db.query<{ rows: { contacts: Array<{ pii: string }> } }>('SELECT rows FROM retained_records WHERE owner_id = $1', [contactId]);
    const sealed = hex(kept!.rows.contacts[0]!.pii);
    expect(sealed.equals(Buffer.from(live!.pii))).toBe(true);
    const cipher = await t.services.dataKeys.cipherFor(t.db, contactId);
    expect(cipher.decryptJson<{ last_name: string }>(sealed, `contact:${contactId}`).last_name).toBe('Quargle');

    // ...until the period ends. One day short of five years nothing goes; five years and a day later it does.
    await advance(5 * YEAR - 2 * 86_400_000);
    expect((await t.services.privacy.retention.sweep()).records).toBe(0);
    await advance(3 * 86_400_000);
    const swept = await t.services.privacy.retention.sweep();
    expect(swept).toMatchObject({ contacts: 1, erasures_completed: 1 });
    expect(swept.keys).toBeGreaterThanOrEqual(1);
    expect(await t.db.query('SELECT 1 FROM data_keys WHERE owner_id = $1', [contactId])).toEqual([]);
    const done = (await t.app.inject({ url: `${base()}/erasure-requests/${request.id}`, headers: c.auth })).json();
    expect(done).toMatchObject({ status: 'COMPLETED', delete_after: null });
    expect((await t.app.inject({ url: contactUrl, headers: c.auth })).statusCode).toBe(404);

    // Crypto-shredding: the copy taken before (a backup, a bucket version) can no longer be opened.
    const after = await t.services.dataKeys.cipherFor(t.db, contactId);
    expect(() => after.decryptJson(sealed, `contact:${contactId}`)).toThrow(DataKeyMissingError);

    // The audit chain is intact and holds ids and actions, never the person.
    expect((await t.services.audit.verify()).ok).toBe(true);
    const entries = JSON.stringify(await t.services.audit.list(c.clientId, { limit: 10_000 }));
    expect(entries).toContain('privacy.retention_deleted');
    expect(entries).not.toMatch(/Quargle|Zebedee|1977-03-04|zq@example/);
  });

  it('refuses the primary contact alone (409) and answers 404 for another client\'s account', async () => {
    const { accountId, primaryId } = await accountWithAdditional();
    const primary = await t.app.inject({ method: 'POST', url: `${base()}/erasure-requests`, headers: c.auth, payload: { account_id: accountId, contact_id: primaryId } });
    expect(primary.statusCode).toBe(409);
    const other = await t.newClient('Other');
    const foreign = await t.app.inject({ method: 'POST', url: `/clients/${other.clientId}/erasure-requests`, headers: other.auth, payload: { account_id: accountId } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base()}/accounts/${accountId}`, headers: c.auth })).statusCode).toBe(200);
  });

  it('an account\'s erasure restricts the account and every contact; the account key goes with the last record', async () => {
    const { accountId, primaryId, contactId } = await accountWithAdditional();
    await requestAml(accountId, primaryId);
    const r = await t.app.inject({ method: 'POST', url: `${base()}/erasure-requests`, headers: c.auth, payload: { account_id: accountId } });
    expect(r.json()).toMatchObject({ status: 'RESTRICTED', contact_id: null });
    expect((await t.app.inject({ url: `${base()}/accounts/${accountId}`, headers: c.auth })).statusCode).toBe(451);
    expect((await t.app.inject({ url: `${base()}/accounts/${accountId}/contacts/${primaryId}`, headers: c.auth })).statusCode).toBe(451);
    // The contact without records was deleted at once; the primary (AML report) and the account are kept.
    const kept = await t.db.query<{ owner_id: string }>('SELECT owner_id FROM retained_records WHERE account_id = $1 ORDER BY owner_id', [accountId]);
    expect(kept.map((k) => k.owner_id).sort()).toEqual([accountId, primaryId].sort());
    expect(await t.db.query('SELECT 1 FROM data_keys WHERE owner_id = $1', [contactId])).toEqual([]);
    const list = (await t.app.inject({ url: `${base()}/erasure-requests?limit=200`, headers: c.auth })).json();
    expect(list.data.map((e: { id: string }) => e.id)).toContain(r.json().id);
  });
});

describe('stored idempotent responses', () => {
  it('go with the record they name (found by the ids stored beside them, or by opening rows stored before)', async () => {
    const create = (key: string) => t.app.inject({ method: 'POST', url: `${base()}/accounts`, headers: { ...c.auth, 'idempotency-key': key }, payload: sampleAccount() });
    const erased = (await create(`erase-${clock}-a`)).json();
    const added = (await t.app.inject({ method: 'POST', url: `${base()}/accounts/${erased.id}/contacts`, headers: { ...c.auth, 'idempotency-key': `erase-${clock}-b` }, payload: ZEBEDEE })).json();
    const untouched = (await create(`erase-${clock}-c`)).json();
    const row = async (key: string) => (await t.db.query<{ subject_ids: string[] | null }>('SELECT subject_ids FROM idempotency_keys WHERE client_id = $1 AND key = $2', [c.clientId, key]))[0];
    expect((await row(`erase-${clock}-a`))!.subject_ids).toEqual(expect.arrayContaining([erased.id, erased.primary_contact.id]));
    // One response stored the old way: no ids beside it, so the deletion has to open it. Another made unreadable:
    // it must go by its ids alone, never opened.
    await t.db.query('UPDATE idempotency_keys SET subject_ids = NULL WHERE client_id = $1 AND key = $2', [c.clientId, `erase-${clock}-b`]);
    await t.db.query("UPDATE idempotency_keys SET response_enc = '\\x00'::bytea WHERE client_id = $1 AND key = $2", [c.clientId, `erase-${clock}-a`]);

    const r = await t.app.inject({ method: 'POST', url: `${base()}/erasure-requests`, headers: c.auth, payload: { account_id: erased.id } });
    expect(r.json()).toMatchObject({ status: 'COMPLETED' });
    expect(await row(`erase-${clock}-a`)).toBeUndefined();
    expect(await row(`erase-${clock}-b`)).toBeUndefined();
    expect((await row(`erase-${clock}-c`))!.subject_ids).toEqual(expect.arrayContaining([untouched.id]));
    expect(added.id).toMatch(/^ctc_/);
  });
});

describe('retention policy', () => {
  it('defaults to 5 years, is set per client within 0..10, and a DELETE keeps records only while it says so', async () => {
    const read = await t.app.inject({ url: `${base()}/retention-policy`, headers: c.auth });
    expect(read.json()).toMatchObject({ aml_records_years: 5, is_default: true });
    expect((await t.app.inject({ method: 'PUT', url: `${base()}/retention-policy`, headers: c.auth, payload: { aml_records_years: 11 } })).statusCode).toBe(422);
    // A DELETE under the default keeps the sealed record of a contact with a report.
    const kept = await accountWithAdditional();
    await requestAml(kept.accountId, kept.contactId);
    expect((await t.app.inject({ method: 'DELETE', url: `${base()}/accounts/${kept.accountId}/contacts/${kept.contactId}`, headers: c.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `${base()}/accounts/${kept.accountId}/contacts/${kept.contactId}`, headers: c.auth })).statusCode).toBe(404);
    expect(await t.db.query("SELECT reason FROM retained_records WHERE owner_id = $1", [kept.contactId])).toEqual([{ reason: 'DELETED' }]);

    const set = await t.app.inject({ method: 'PUT', url: `${base()}/retention-policy`, headers: c.auth, payload: { aml_records_years: 0 } });
    expect(set.json()).toMatchObject({ aml_records_years: 0, is_default: false, revision: '1' });
    // With 0 the next sweep deletes what was kept, and a new DELETE keeps nothing.
    expect((await t.services.privacy.retention.sweep()).records).toBeGreaterThanOrEqual(1);
    expect(await t.db.query('SELECT 1 FROM retained_records WHERE owner_id = $1', [kept.contactId])).toEqual([]);
    const gone = await accountWithAdditional();
    await requestAml(gone.accountId, gone.contactId);
    await t.app.inject({ method: 'DELETE', url: `${base()}/accounts/${gone.accountId}`, headers: c.auth });
    expect(await t.db.query('SELECT 1 FROM retained_records WHERE account_id = $1', [gone.accountId])).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM data_keys WHERE owner_id = ANY($1::text[])', [[gone.accountId, gone.contactId, gone.primaryId]])).toEqual([]);
    await t.app.inject({ method: 'PUT', url: `${base()}/retention-policy`, headers: c.auth, payload: { aml_records_years: 5 } });
  });
});

describe('key rotation and the re-seal of old data', () => {
  it('a new ENCRYPTION_KEY re-wraps every data key without touching the data; the old key is then not needed', async () => {
    const { accountId, contactId } = await accountWithAdditional();
    const contactUrl = `${base()}/accounts/${accountId}/contacts/${contactId}`;
    const [before] = await t.db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);
    const newKey = randomBytes(32).toString('base64');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-rotate-'));
    const open = async (env: Record<string, string>) => createService(loadConfig({
      DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://kyc.test', WORKERS: 'false', SCREENING_SOURCES: 'none', ...env,
    }), { db: t.db, logger: false });
    try {
      const rotating = await open({ ENCRYPTION_KEY: newKey, ENCRYPTION_KEY_PREVIOUS: OLD_KEY });
      const status = await rotating.services.dataKeys.status();
      expect(status.keys_by_kek[status.current_kek] ?? 0).toBe(0);
      let step = await rotating.services.dataKeys.rotateBatch(3);
      expect(step.rewrapped).toBe(3);
      while (step.remaining > 0) step = await rotating.services.dataKeys.rotateBatch(1000);
      expect((await rotating.services.dataKeys.status()).keys_by_kek).toEqual({ [status.current_kek]: status.keys_total });
      await rotating.close();
      // The data itself did not change; a process with only the new key reads it, one with only the old cannot start.
      const [after] = await t.db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);
      expect(Buffer.from(after!.pii).equals(Buffer.from(before!.pii))).toBe(true);
      const rotated = await open({ ENCRYPTION_KEY: newKey });
      const token = await rotated.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret } });
      const read = await rotated.app.inject({ url: contactUrl, headers: { authorization: `Bearer ${token.json().access_token}` } });
      expect(read.json().last_name).toBe('Quargle');
      await rotated.close();
      await expect(open({ ENCRYPTION_KEY: OLD_KEY })).rejects.toThrow(/ENCRYPTION_KEY_PREVIOUS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Back to the key this file's service runs with (its system key is the same bytes either way).
    t.services.dataKeys.forget();
    const back = await open2(newKey);
    expect(back).toBe(0);
  });
});

/** Rotates back to OLD_KEY so the service of this file (which has only OLD_KEY) keeps working. */
async function open2(newKey: string): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-rotate-'));
  const s = await createService(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://kyc.test', WORKERS: 'false', SCREENING_SOURCES: 'none', ENCRYPTION_KEY: OLD_KEY, ENCRYPTION_KEY_PREVIOUS: newKey }), { db: t.db, logger: false });
  let step = await s.services.dataKeys.rotateBatch(1000);
  while (step.remaining > 0) step = await s.services.dataKeys.rotateBatch(1000);
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
  return step.remaining;
}

describe('the re-seal path', () => {
  it('data sealed the ADR 5 way (version 1, no contact key) still reads, and the re-seal moves it under a new contact key', async () => {
    const { accountId, contactId } = await accountWithAdditional();
    const system = t.services.cipher;
    // What a contact written before ADR 75 looks like: sealed by the system key, and no key of its own.
    const [current] = await t.db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);
    const data = (await t.services.dataKeys.cipherFor(t.db, contactId)).decryptJson(Buffer.from(current!.pii), `contact:${contactId}`);
    await t.db.query('UPDATE contacts SET pii = $2 WHERE id = $1', [contactId, system.encryptJson(data, `contact:${contactId}`)]);
    await t.db.query('DELETE FROM data_keys WHERE owner_id = $1', [contactId]);
    t.services.dataKeys.forget([contactId]);
    const url = `${base()}/accounts/${accountId}/contacts/${contactId}`;
    const legacy = await t.app.inject({ url, headers: c.auth });
    expect(legacy.json().last_name, legacy.body).toBe('Quargle');
    expect((await t.services.privacy.reseal.legacyCounts())['contacts.pii']).toBeGreaterThanOrEqual(1);
    let step = await t.services.privacy.reseal.batch({ limit: 500 });
    while (!step.done) step = await t.services.privacy.reseal.batch({ limit: 500, filesAfter: step.files_after ?? undefined });
    expect((await t.services.privacy.reseal.legacyCounts())['contacts.pii']).toBe(0);
    const [row] = await t.db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);
    expect(row!.pii[0]).toBe(2);
    expect((await t.app.inject({ url, headers: c.auth })).json().last_name).toBe('Quargle');
  });
});
