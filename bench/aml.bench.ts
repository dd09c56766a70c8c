/**
 * npm run bench:aml — ongoing monitoring at scale: re-screen every contact with an active AML report against
 * all lists in ../shared/data/lists, on PostgreSQL. Contacts are synthetic people (plus a few names taken from
 * the lists, so some re-screens find matches); they are written straight into the tables, sealed as the
 * service seals them. Prints the time to re-screen them all and the rate.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import { newId } from '../src/platform/crypto/ids.ts';
import { buildServices } from '../src/service.ts';
import { printTable, tempPostgres, ROOT } from './lib.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const lists = path.resolve(ROOT, process.env.KYC_SHARED_DATA ?? '../shared/data', 'lists');

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'Ahmed', 'Fatima', 'Wei', 'Yuki', 'Olga', 'Ivan', 'Sofia', 'Lucas', 'Amara', 'Kofi'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Khan', 'Nguyen', 'Tanaka', 'Petrova', 'Okafor', 'Silva', 'Novak', 'Rossi', 'Dubois', 'Schmidt', 'Kowalski', 'Haddad'];

const database = await tempPostgres();
try {
  const config = loadConfig({ DATABASE_URL: database.url, SCREENING_LISTS: lists, ENCRYPTION_KEY: randomBytes(32).toString('base64'), DATA_DIR: path.join(os.tmpdir(), 'kyc-bench-aml'), LOG_LEVEL: 'silent' });
  const db = createPostgresDb(database.url);
  await migrate(db);
  const loadStart = performance.now();
  const services = await buildServices(config, db);
  await services.screeningReady;
  const loadMs = performance.now() - loadStart;
  const client = await services.clients.createClient({ name: 'bench' });
  const listed = services.screening.lists().flatMap((l) =>
    l.entities.filter((e) => e.schema === 'person' && /^\d{4}/.test(e.birthDates[0] ?? '')).slice(0, 20)
      .map((e) => ({ name: e.names[0]!.full, dob: /^\d{4}-\d{2}-\d{2}$/.test(e.birthDates[0]!) ? e.birthDates[0]! : `${e.birthDates[0]!.slice(0, 4)}-01-01` })));

  const insertStart = performance.now();
  const BATCH = 2000;
  for (let start = 0; start < CONTACTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CONTACTS - start) }, (_, k) => {
      const i = start + k;
      const person = i % 1000 === 0 ? listed[(i / 1000) % listed.length] : undefined;
      const [first, ...rest] = (person?.name ?? `${FIRST[i % 20]} ${LAST[Math.floor(i / 20) % 20]}${i}`).split(' ');
      const accountId = newId('acc');
      const contactId = newId('ctc');
      const contact = {
        first_name: first!, middle_name: '', last_name: rest.join(' ') || 'X', email: `p${i}@example.com`, phone: '', date_of_birth: person?.dob ?? '1980-01-01',
        driving_license_number: '', driving_license_expiry_date: '', passport_number: '', passport_expiry_date: '',
        primary_address: { street: '1 Main St', postcode: '12345', city: 'Town', country_code: 'GB', type: 'PRIMARY' }, metadata: { external_reference: '' },
      };
      const data = {
        decision: 'PASS', pep_matches: 'No Match', sanctions_matches: 'No Match', reasons: [], matches: [], screened_lists: [], threshold: 0.88,
        identity: { sources: [], confirmed_name_dob: [], confirmed_name_address: [] },
      };
      return {
        accountId, contactId, name: services.cipher.encrypt(Buffer.from('Bench'), `account:${accountId}`),
        pii: services.cipher.encryptJson(contact, `contact:${contactId}`), data: services.cipher.encryptJson(data, `aml:data:${contactId}`),
      };
    });
    await db.tx(async (tx) => {
      await tx.query(`INSERT INTO accounts (id, client_id, type, name_enc) SELECT a, $1, 'INDIVIDUAL', n FROM unnest($2::text[], $3::bytea[]) AS t(a, n)`, [client.clientId, rows.map((r) => r.accountId), rows.map((r) => r.name)]);
      await tx.query(`INSERT INTO contacts (id, client_id, account_id, role, pii) SELECT c, $1, a, 'PRIMARY', p FROM unnest($2::text[], $3::text[], $4::bytea[]) AS t(c, a, p)`, [client.clientId, rows.map((r) => r.contactId), rows.map((r) => r.accountId), rows.map((r) => r.pii)]);
      await tx.query(
        `INSERT INTO aml_reports (contact_id, client_id, account_id, status, run_id, ttl_in_days, auto_refresh, requested_at, decision, pep_matches, sanctions_matches, expires_at, data_enc)
         SELECT c, $1, a, 'READY', 'run_bench', 365, false, now(), 'PASS', 'No Match', 'No Match', now() + interval '365 days', d FROM unnest($2::text[], $3::text[], $4::bytea[]) AS t(c, a, d)`,
        [client.clientId, rows.map((r) => r.contactId), rows.map((r) => r.accountId), rows.map((r) => r.data)]);
    });
  }
  const insertMs = performance.now() - insertStart;

  // A list update that adds a few hundred entries: the monitoring job re-screens against just those.
  const someEntities = services.screening.lists().flatMap((l) => l.entities.slice(0, 50).map((e) => e.id));
  const targetedStart = performance.now();
  const targeted = await services.aml.rescreenAll({ pageSize: 2000, onlyEntities: someEntities });
  const targetedMs = performance.now() - targetedStart;

  const start = performance.now();
  const result = await services.aml.rescreenAll({ pageSize: 2000 });
  const ms = performance.now() - start;
  const entities = services.screening.versions().reduce((n, v) => n + v.entities, 0);
  console.log(`\nAML monitoring benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, PostgreSQL 15, ${entities} listed entities\n`);
  printTable([
    { step: 'load all shared lists', contacts: '-', 'seconds': (loadMs / 1000).toFixed(1), 'per second': '-' },
    { step: 'write synthetic contacts + reports', contacts: CONTACTS, 'seconds': (insertMs / 1000).toFixed(1), 'per second': Math.round(CONTACTS / (insertMs / 1000)) },
    { step: `re-screen after an update of ${someEntities.length} entries`, contacts: targeted.screened, 'seconds': (targetedMs / 1000).toFixed(1), 'per second': Math.round(targeted.screened / (targetedMs / 1000)) },
    { step: 're-screen every active report in full', contacts: result.screened, 'seconds': (ms / 1000).toFixed(1), 'per second': Math.round(result.screened / (ms / 1000)) },
  ]);
  console.log(`\n${targeted.changed} reports moved to review after the targeted pass, ${result.changed} more after the full pass (1 contact in 1,000 is named after a listed person).`);
  await services.jobs.stop();
  await db.close();
} finally {
  await database.drop();
}
