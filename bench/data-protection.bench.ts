/**
 * Data protection figures (docs/data-protection.md): the leak check, key rotation, the retention sweep and
 * the cost of per-contact keys on reads. Prints figures; asserts nothing about time.
 *
 *   npm run bench:privacy                    everything on the PostgreSQL of TEST_POSTGRES_URL (127.0.0.1:5432)
 *   npm run bench:privacy -- --pglite        the embedded database instead
 *   npm run bench:privacy -- --keys 20000    how many data keys to rotate and records to sweep
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/platform/config.ts';
import { createDataKeys, kekRing } from '../src/platform/crypto/data-keys.ts';
import { newId } from '../src/platform/crypto/ids.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { buildServices } from '../src/service.ts';
import { runLeakCheck } from '../test/helpers/leak-check.ts';
import { freshDatabase } from '../test/helpers/service.ts';

const { values } = parseArgs({ options: { pglite: { type: 'boolean' }, keys: { type: 'string' }, 'skip-leaks': { type: 'boolean' } } });
const N = Number(values.keys ?? 20_000);

const database = () => freshDatabase(values.pglite ? 'pglite' : 'postgres');

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(44)} ${value}\n`);

process.stdout.write(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), shared; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; node ${process.version}\n`);
process.stdout.write(`database: ${values.pglite ? 'PGlite (embedded)' : 'PostgreSQL 127.0.0.1:5432'}\n\n`);

// 1. The leak check: the service as a process, a full flow, every raw source searched.
if (!values['skip-leaks']) {
  // On PostgreSQL the service process gets a database of its own (this process never connects to it).
  const leakDb = values.pglite ? undefined : await database();
  const leak = await runLeakCheck({ databaseUrl: leakDb?.url });
  await leakDb?.drop();
  process.stdout.write(`leak check (${leak.database}, ${leak.seconds.toFixed(1)} s, ${leak.requests} requests, ${leak.needles} needles: 15 values x text/lower/upper/base64/hex/url + 48 image slices)\n`);
  process.stdout.write(`  positive control: ${leak.control} of ${leak.needles} needles found in the plaintext inputs (request bodies, image)\n`);
  process.stdout.write(`  flow: onboarding ${leak.flow.onboarding}; AML ${leak.flow.aml}; erasure ${leak.flow.erasure}; ${leak.webhooks} webhooks received\n`);
  for (const [source, s] of Object.entries(leak.sources)) {
    line(`  ${source}`, `${(s.bytes / 1024).toFixed(0)} KiB in ${s.items} item(s), ${s.hits.length} hits${s.hits.length ? `: ${s.hits.slice(0, 5).join(', ')}` : ''}`);
  }
  line('  sealed copies from before the erasure', `${leak.afterErasure.sealedCopies}, opened by any of the ${leak.afterErasure.keysInDatabase} keys left: ${leak.afterErasure.opened}`);
  process.stdout.write('\n');
}

// 2-4 on one database with the real services.
const { db, drop } = await database();
const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-privacy-'));
try {
  await migrate(db);
  const oldKey = randomBytes(32);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: 'false', SCREENING_SOURCES: 'none', ENCRYPTION_KEY: oldKey.toString('base64') });
  const s = await buildServices(config, db);
  const client = await s.clients.createClient({ name: 'bench' });

  // 2. Rotation: N keys wrapped by the old KEK, re-wrapped under a new one.
  let t0 = process.hrtime.bigint();
  const owners = Array.from({ length: N }, () => newId('ctc'));
  for (let i = 0; i < owners.length; i += 1000) await s.dataKeys.ensure(client.clientId, owners.slice(i, i + 1000));
  line(`create ${N} data keys (batches of 1,000)`, `${ms(t0).toFixed(0)} ms`);
  const newKey = randomBytes(32);
  const rotating = createDataKeys({ db, ring: kekRing(newKey, [oldKey]) });
  await rotating.init(newKey);
  t0 = process.hrtime.bigint();
  let step = await rotating.rotateBatch(1000);
  let batches = 1;
  while (step.remaining > 0) {
    step = await rotating.rotateBatch(1000);
    batches++;
  }
  const rotateMs = ms(t0);
  line(`rotate: re-wrap ${N + 1} keys (${batches} batches)`, `${rotateMs.toFixed(0)} ms, ${Math.round((N + 1) / (rotateMs / 1000))} keys/s; data untouched`);

  // 3. Reads: an owner's Cipher from the cache, and from the table (a miss: one read and one unwrap).
  const reader = createDataKeys({ db, ring: kekRing(newKey) });
  await reader.init(newKey);
  // At most 2,000 owners (fewer with a small --keys): every hit below must be one of the keys read here.
  const sample = owners.slice(0, 2000);
  t0 = process.hrtime.bigint();
  for (const id of sample) await reader.cipherFor(db, id);
  const missMs = ms(t0);
  t0 = process.hrtime.bigint();
  for (let i = 0; i < 200_000; i++) await reader.cipherFor(db, sample[i % sample.length]!);
  const hitMs = ms(t0);
  line('key for a read, cache miss (SELECT + unwrap)', `${((missMs * 1000) / sample.length).toFixed(0)} µs each (${sample.length.toLocaleString('en-GB')})`);
  line('key for a read, cache hit', `${((hitMs * 1000) / 200_000).toFixed(2)} µs each (200,000)`);

  // 4. The sweep: N retained records ended six years ago (5-year policy): rows, keys, nothing left.
  const ended = new Date(Date.now() - 6 * 365.25 * 86_400_000);
  for (let i = 0; i < owners.length; i += 1000) {
    const slice = owners.slice(i, i + 1000);
    await db.query(
      `INSERT INTO retained_records (owner_id, client_id, account_id, kind, reason, ended_at, rows)
       SELECT o, $2, 'acc_bench', 'CONTACT', 'DELETED', $3, '{"contacts": []}'::jsonb FROM unnest($1::text[]) AS o`, [slice, client.clientId, ended]);
  }
  const sweeper = await buildServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: 'false', SCREENING_SOURCES: 'none', ENCRYPTION_KEY: newKey.toString('base64') }), db);
  t0 = process.hrtime.bigint();
  const swept = await sweeper.privacy.retention.sweep({ batch: 500 });
  const sweepMs = ms(t0);
  line(`sweep: ${swept.records} expired records`, `${sweepMs.toFixed(0)} ms, ${Math.round(swept.records / (sweepMs / 1000))} records/s; ${swept.keys} keys destroyed`);
  const left = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM data_keys WHERE owner_id <> 'system'");
  line('data keys left after the sweep', String(left[0]!.n));
  const verify = await sweeper.audit.verify();
  line('audit chain after the sweep', `${verify.ok ? 'verified' : 'BROKEN'}, ${verify.entries} entries`);
  await sweeper.audit.close();
  await s.audit.close();
} finally {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
