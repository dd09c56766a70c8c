import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createCipher } from '../../src/platform/crypto/encryption.ts';
import { kekRing } from '../../src/platform/crypto/data-keys.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { toBuffer } from '../../src/platform/db/db.ts';
import { freePort } from './net.ts';
import { startReceiver } from './receiver.ts';

/**
 * The leak check (ADR 75, docs/data-protection.md): the real service, as a process, is driven through a full
 * flow with distinctive personal values; its logs, the webhook bodies a real receiver got, a raw dump of the
 * database and the raw storage files are searched for those values in common encodings. After an erasure,
 * the sealed copies taken before it must not open with any key the service still holds.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

export const PERSON = {
  first_name: 'Xanthippe', middle_name: 'Quillon', last_name: 'Zyzzogeton', date_of_birth: '1931-07-19',
  email: 'xanthippe.zyzzogeton@leakcheck.example', phone: '+44 7700 900931',
  passport_number: 'LK9031XQ7', passport_expiry_date: '2033-03-13', driving_license_number: 'ZYZZO707191XQ9AB',
  primary_address: { street: '77 Quillfeather Close', postcode: 'QX7 7LK', city: 'Brackmoor', country_code: 'GB' },
};
const ACCOUNT_NAME = 'Xanthippe Zyzzogeton Holdings';

function values(): string[] {
  const p = PERSON;
  return [p.first_name, p.middle_name, p.last_name, p.date_of_birth, p.email, p.phone, p.passport_number, p.driving_license_number,
    p.primary_address.street, p.primary_address.postcode, p.primary_address.city, ACCOUNT_NAME, '19310719', '19.07.1931', '310719'];
}

/** Each value in the encodings a leak usually takes: as written, lower and upper case, base64, URL and hex (bytea dumps). */
export function needles(image: Buffer): Array<{ label: string; bytes: Buffer }> {
  const out: Array<{ label: string; bytes: Buffer }> = [];
  for (const v of values()) {
    const forms = new Set([v, v.toLowerCase(), v.toUpperCase()]);
    for (const f of forms) {
      out.push({ label: `${v} (text)`, bytes: Buffer.from(f) });
      out.push({ label: `${v} (base64)`, bytes: Buffer.from(Buffer.from(f).toString('base64').replace(/=+$/, '')) });
      out.push({ label: `${v} (hex)`, bytes: Buffer.from(Buffer.from(f).toString('hex')) });
      if (encodeURIComponent(f) !== f) out.push({ label: `${v} (url)`, bytes: Buffer.from(encodeURIComponent(f)) });
    }
  }
  // The document image: 16 slices of 48 bytes (raw, base64 of an aligned slice appears verbatim in any base64 of
  // the whole, and hex), and its JPEG marker text.
  for (let i = 0; i < 16; i++) {
    const at = Math.floor((image.length - 48) * (i / 16) / 3) * 3;
    const slice = image.subarray(at, at + 48);
    out.push({ label: `image bytes @${at}`, bytes: slice });
    out.push({ label: `image base64 @${at}`, bytes: Buffer.from(slice.toString('base64')) });
    out.push({ label: `image hex @${at}`, bytes: Buffer.from(slice.toString('hex')) });
  }
  out.push({ label: 'image marker', bytes: Buffer.from(IMAGE_MARKER) });
  return out;
}

const IMAGE_MARKER = 'LEAKCHECK-ZYZZOGETON-PASSPORT-IMAGE';

/** A photo-sized JPEG with a known pattern (stripes) and a comment segment carrying a marker. */
async function documentImage(): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i * 7) ^ (i >> 11)) & 0xff;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const comment = Buffer.from(IMAGE_MARKER);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

function scan(haystack: Buffer, list: Array<{ label: string; bytes: Buffer }>): string[] {
  return list.filter((n) => haystack.includes(n.bytes)).map((n) => n.label);
}

export interface LeakCheckResult {
  database: 'pglite' | 'postgres';
  needles: number;
  requests: number;
  sources: Record<string, { bytes: number; items: number; hits: string[] }>;
  webhooks: number;
  /** Positive control: needles found in the plaintext inputs (request bodies and the image), so a miss means absent. */
  control: number;
  flow: { onboarding: string; aml: string; erasure: string };
  afterErasure: { sealedCopies: number; opened: number; keysInDatabase: number; contactKeyLeft: boolean };
  seconds: number;
}

/** Runs the whole check; `databaseUrl` runs the service on that PostgreSQL database (pg_dump), otherwise embedded. */
export async function runLeakCheck(options: { databaseUrl?: string } = {}): Promise<LeakCheckResult> {
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-leak-'));
  const before = mkdtempSync(path.join(tmpdir(), 'kyc-leak-before-'));
  const receiver = await startReceiver();
  const port = await freePort();
  const key = randomBytes(32).toString('base64');
  const env = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ENCRYPTION_KEY: key,
    WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info', SCREENING_LISTS: '', SCREENING_SOURCES: 'none', SCREENING_LISTS_WAIT_SECONDS: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '' }),
  };
  const logs: Buffer[] = [];
  const service = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  service.stdout.on('data', (c: Buffer) => logs.push(c));
  service.stderr.on('data', (c: Buffer) => logs.push(c));
  const exited = new Promise<void>((resolve) => service.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  let requests = 0;
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    requests++;
    const r = await fetch(`${base}${url}`, {
      method, headers: { ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, json: () => JSON.parse(text), text };
  };
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error(`the service did not start: ${Buffer.concat(logs).toString('utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // A sandbox client (simulated engines: the flow runs in seconds) made with the CLI, through the admin socket.
    const created = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'bin/kyc.js', 'clients', 'create', '--name', 'Leak check', '--sandbox', '--credits', '20', '--json'],
      { cwd: ROOT, env, encoding: 'utf8' }));
    const token = await call('POST', '/oauth/token', { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret });
    const auth = { authorization: `Bearer ${token.json().access_token}` };
    const c = `/clients/${created.clientId}`;
    const sub = await call('POST', `${c}/subscriptions`, {
      callback_url: `${receiver.url}/hook`, type: 'WEBHOOK',
      config: { api_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', entities: [
        { entity: 'CONTACT', report_types: ['ONBOARDING', 'AML'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_ERROR', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED'] },
        { entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] },
      ] },
    }, auth);
    if (sub.status !== 201) throw new Error(`subscription: ${sub.text}`);
    const account = await call('POST', `${c}/accounts`, { name: ACCOUNT_NAME, type: 'INDIVIDUAL', primary_contact: { first_name: 'Primary', last_name: 'Holder', email: 'holder@example.org' } }, auth);
    const accountId = account.json().id as string;
    // Invalid input echoing personal data must not come back in problems or logs either.
    await call('POST', `${c}/accounts/${accountId}/contacts`, { ...PERSON, date_of_birth: '1931-02-30' }, auth);
    const contact = await call('POST', `${c}/accounts/${accountId}/contacts`, PERSON, { ...auth, 'idempotency-key': `leak-${randomBytes(4).toString('hex')}` });
    if (contact.status !== 201) throw new Error(`contact: ${contact.text}`);
    const contactId = contact.json().id as string;
    const contactUrl = `${c}/accounts/${accountId}/contacts/${contactId}`;
    await call('GET', contactUrl, undefined, auth);
    await call('GET', `${c}/accounts/${accountId}/contacts`, undefined, auth);
    await call('PUT', contactUrl, { ...PERSON, middle_name: PERSON.middle_name }, auth);

    const onboarding = await call('PUT', `${contactUrl}/reports/onboarding`, { config: { parameters: { personal_details: 'true', idscan: 'true', face_match: 'true', suppress_invitation_mail: 'true' } } }, auth);
    if (onboarding.status !== 202) throw new Error(`onboarding: ${onboarding.text}`);
    const link = (onboarding.json().data.onboarding_url as string).split('/verify/')[1]!;
    const image = await documentImage();
    await call('GET', `/verify/${link}/flow`);
    await call('PUT', `/verify/${link}/steps/personal_details`, { address: { street: PERSON.primary_address.street, city: PERSON.primary_address.city, postcode: PERSON.primary_address.postcode, country: 'GB' } });
    const flow = (await call('GET', `/verify/${link}/flow`)).json() as { steps: Array<{ id: string; complete: boolean; uploads: Array<{ slot: string; optional: boolean }> }> };
    for (const step of flow.steps) {
      for (const upload of step.uploads ?? []) {
        if (upload.optional) continue;
        const up = await call('POST', `/verify/${link}/uploads/${upload.slot}`, image, { 'content-type': 'image/jpeg' });
        if (up.status !== 201) throw new Error(`upload ${upload.slot}: ${up.text}`);
      }
    }
    if (flow.steps.some((step) => step.id === 'liveness')) {
      // The liveness step takes frames of a capture session only (issue 21): one session with one frame, finished.
      const session = (await call('POST', `/verify/${link}/liveness/sessions`, {})).json() as { session_id: string; nonce: string };
      const frames = `/verify/${link}/liveness/sessions/${session.session_id}`;
      const frame = await call('POST', `${frames}/frames`, image, { 'content-type': 'image/jpeg', 'x-liveness-nonce': session.nonce, 'x-liveness-step': '0' });
      if (frame.status !== 201) throw new Error(`liveness frame: ${frame.text}`);
      const finished = await call('POST', `${frames}/finish`, { nonce: session.nonce });
      if (finished.status !== 200) throw new Error(`liveness finish: ${finished.text}`);
    }
    const submitted = await call('POST', `/verify/${link}/submit`, { consent: true, language: 'en' });
    if (submitted.status !== 202) throw new Error(`submit: ${submitted.text}`);
    await receiver.waitFor(() => receiver.events().some((e) => e.json.event === 'REPORT_READY' && e.json.report_type === 'ONBOARDING'), 120_000);
    const aml = await call('PUT', `${contactUrl}/reports/aml`, { config: {} }, auth);
    await receiver.waitFor(() => receiver.events().some((e) => e.json.report_type === 'AML' && e.json.event !== 'REPORT_INITIATED'), 60_000);
    const onboardingReport = (await call('GET', `${contactUrl}/reports/onboarding`, undefined, auth)).json();
    const amlReport = (await call('GET', `${contactUrl}/reports/aml`, undefined, auth)).json();

    // The copies an attacker (or a backup) would hold: the storage files and the sealed contact row, before erasure.
    cpSync(path.join(dataDir, 'files'), before, { recursive: true });
    const copiedFiles = filesUnder(before);
    const copiedBytes = copiedFiles.map((f) => readFileSync(f));
    const sealedCopies = [await sealedContact(options.databaseUrl, dataDir, contactId), ...copiedBytes];

    const erasure = await call('POST', `${c}/erasure-requests`, { account_id: accountId, contact_id: contactId }, auth);
    const afterErasure = await call('GET', contactUrl, undefined, auth);
    await receiver.waitFor(() => receiver.events().filter((e) => e.json.event === 'ENTITY_UPDATED').length >= 4, 20_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    service.kill('SIGTERM');
    await exited;

    // Raw sources: every log line, every webhook request (headers and body), the database, the storage files.
    const sources: LeakCheckResult['sources'] = {};
    const list = needles(image);
    const inputs = Buffer.concat([Buffer.from(JSON.stringify(PERSON) + ACCOUNT_NAME), image]);
    const control = scan(inputs, list).length;
    const add = (name: string, items: Buffer[]) => {
      const all = Buffer.concat(items);
      sources[name] = { bytes: all.length, items: items.length, hits: [...new Set(items.flatMap((b) => scan(b, list)))] };
    };
    add('logs', [Buffer.concat(logs)]);
    add('webhooks', receiver.received.map((r) => Buffer.from(JSON.stringify(r.headers) + r.body)));
    if (options.databaseUrl) {
      add('database dump (pg_dump)', [execFileSync('pg_dump', ['--no-owner', options.databaseUrl], { maxBuffer: 1 << 30 })]);
    } else {
      add('database files (PGlite data directory, raw)', filesUnder(path.join(dataDir, 'pgdata')).map((f) => readFileSync(f)));
    }
    add('storage files before erasure', copiedBytes);
    add('storage files after erasure', filesUnder(path.join(dataDir, 'files')).map((f) => readFileSync(f)));
    // Stored documents are ciphertext: no image or PDF signature at the start of any file.
    const signatures = copiedBytes.filter((b) => (
      b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) || b.subarray(0, 4).toString('latin1') === '%PDF' || b.subarray(1, 4).toString('latin1') === 'PNG'
    ));
    if (signatures.length) sources['storage files before erasure']!.hits.push(`plain file signature in ${signatures.length} files`);

    // After the erasure: open the database again and try every key it still holds on each sealed copy.
    const after = options.databaseUrl ? createPostgresDb(options.databaseUrl) : await createPgliteDb(path.join(dataDir, 'pgdata'));
    const ring = kekRing(Buffer.from(key, 'base64'));
    const rows = await after.query<{ owner_id: string; kek_id: string; wrapped: Uint8Array }>('SELECT owner_id, kek_id, wrapped FROM data_keys');
    const ciphers = rows.map((r) => createCipher(ring.byId.get(r.kek_id)!.cipher.decrypt(toBuffer(r.wrapped), `dek:${r.owner_id}`), { version: 2 }));
    const systemRow = rows.find((r) => r.owner_id === 'system')!;
    ciphers.push(createCipher(ring.byId.get(systemRow.kek_id)!.cipher.decrypt(toBuffer(systemRow.wrapped), 'dek:system')));
    const aadOf = (i: number) => (i === 0 ? `contact:${contactId}` : `file:${path.relative(before, copiedFiles[i - 1]!).replace(/\.bin$/, '')}`);
    let opened = 0;
    sealedCopies.forEach((sealed, i) => {
      if (sealed.length === 0) return; // the embedded database could not be copied while running
      for (const cipher of ciphers) {
        try {
          cipher.decrypt(sealed, aadOf(i));
          opened++;
        } catch { /* expected: no key opens it */ }
      }
    });
    const contactKeyLeft = rows.some((r) => r.owner_id === contactId);
    await after.close();
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite', needles: list.length, requests, sources, webhooks: receiver.events().length, control,
      flow: { onboarding: `${onboardingReport.status} ${onboardingReport.data?.idscan?.document_decision ?? ''}`.trim(), aml: amlReport.status, erasure: `${erasure.json().status}, then GET ${afterErasure.status}` },
      afterErasure: { sealedCopies: sealedCopies.length, opened, keysInDatabase: rows.length, contactKeyLeft },
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    if (service.exitCode === null) {
      service.kill('SIGTERM');
      await exited;
    }
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(before, { recursive: true, force: true });
  }
}

/**
 * The contact's sealed row as a backup taken before the erasure would hold it. PostgreSQL is read directly;
 * the embedded database belongs to the running process, so a copy of its files is opened (empty if that fails).
 */
async function sealedContact(url: string | undefined, dataDir: string, contactId: string): Promise<Buffer> {
  const snapshot = url ? undefined : mkdtempSync(path.join(tmpdir(), 'kyc-leak-db-'));
  try {
    if (snapshot) cpSync(path.join(dataDir, 'pgdata'), snapshot, { recursive: true });
    const db: Db = url ? createPostgresDb(url) : await createPgliteDb(snapshot);
    try {
      const [row] = await db.query<{ pii: Uint8Array }>('SELECT pii FROM contacts WHERE id = $1', [contactId]);
      return row ? toBuffer(row.pii) : Buffer.alloc(0);
    } finally {
      await db.close();
    }
  } catch {
    return Buffer.alloc(0);
  } finally {
    if (snapshot) rmSync(snapshot, { recursive: true, force: true });
  }
}
