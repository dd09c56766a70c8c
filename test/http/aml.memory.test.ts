import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from '../helpers/fixture.ts';
import type { Receiver } from '../helpers/receiver.ts';
import type { TestClient, TestService } from '../helpers/service.ts';
import { SCREENING_REFRESH_JOB } from '../../src/modules/aml/aml.jobs.ts';
import { matchReviewsRepo } from '../../src/modules/aml/match-reviews.repo.ts';

/**
 * Review memory (issue 18) over HTTP on the real service, with a sanctions list this test writes and rewrites as
 * a publisher would: a dismissed match stays dismissed through a re-trigger and an automatic refresh; a change to
 * the listed entity reopens it with a reason; a confirmed match that is delisted goes back to review; a previous
 * legal name from the onboarding flow and a name read from a document are screened and named in the match.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-aml-memory-'));
const listFile = path.join(dir, 'sanctions.ftm.json');
type Listed = { id: string; name: string; birthDate: string; alias?: string[]; program?: string; topics?: string[] };
const ftm = (e: Listed) => JSON.stringify({
  id: e.id, schema: 'Person',
  properties: { name: [e.name], birthDate: [e.birthDate], topics: e.topics ?? ['sanction'], country: ['ru'], ...(e.alias ? { alias: e.alias } : {}), ...(e.program ? { program: [e.program] } : {}) },
});
const entries = new Map<string, Listed>([
  ['dismissed', { id: 'mem-dismissed', name: 'Dmitri Dismissov', birthDate: '1970-01-01' }],
  ['confirmed', { id: 'mem-confirmed', name: 'Carla Confirmova', birthDate: '1966-06-06' }],
  ['previous', { id: 'mem-previous', name: 'Pavel Oldname', birthDate: '1975-07-07' }],
  ['document', { id: 'mem-document', name: 'Anna Maria Eriksson', birthDate: '1985-04-12' }],
  // A PEP list is loaded too, so that "No Match" for PEPs is an answer (a report without one always needs a person).
  ['pep', { id: 'mem-pep', name: 'Horatio Politico', birthDate: '1950-01-01', topics: ['role.pep'] }],
]);
const writeList = () => writeFileSync(listFile, [...entries.values()].map(ftm).join('\n') + '\n');
writeList();
const header = 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased\n';
const registered = [
  'Dmitri,,Dismissov,1970-01-01,1 Elm Street,LS1 1AA,Leeds,GB,false',
  'Carla,,Confirmova,1966-06-06,2 Oak Street,LS1 1AB,Leeds,GB,false',
  'Pavel,,Newman,1975-07-07,3 Ash Street,LS1 1AC,Leeds,GB,false',
];
writeFileSync(path.join(dir, 'roll.csv'), header + registered.join('\n'));
writeFileSync(path.join(dir, 'credit.csv'), header + registered.join('\n'));
const SECRET = 'aml-memory-webhook-secret';

let t: TestService;
let c: TestClient;
let receiver: Receiver;
let f: Fixture;

const subscribe = (client: TestClient, reportTypes: string[]) =>
  f.subscribe(client, { secret: SECRET, reportTypes, events: ['REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_REVIEW_COMPLETED'] });

beforeAll(async () => {
  f = await startFixture({
    env: { SCREENING_LISTS: listFile, EIDV_REGISTERS: `electoral_roll=${path.join(dir, 'roll.csv')},credit_header=${path.join(dir, 'credit.csv')}` },
    clientName: 'Memory firm', credits: 30,
  });
  ({ t, c, receiver } = f);
  await subscribe(c, ['AML', 'ONBOARDING']);
}, 120_000);
afterAll(async () => {
  await f?.close();
});

async function contactFor(client: TestClient, first: string, last: string, dob: string, street: string, postcode: string) {
  const response = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, last_name: last, email: 'p@example.com', date_of_birth: dob, primary_address: { street, postcode, city: 'Leeds', country_code: 'GB' } } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const account = response.json();
  const base = `/clients/${client.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}`;
  return { accountId: account.id as string, contactId: account.primary_contact.id as string, url: `${base}/reports/aml`, onboardingUrl: `${base}/reports/onboarding` };
}

const eventsFor = (contactId: string, type = 'AML') =>
  receiver.events().filter((e) => e.json.contact_id === contactId && e.json.report_type === type).map((e) => e.json.event as string);
const count = (contactId: string, event: string) => eventsFor(contactId).filter((e) => e === event).length;
/** Events as recorded (the outbox), in the transaction of the change: what webhooks have not delivered yet is here too. */
const recorded = async (contactId: string, event: string) =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE contact_id = $1 AND event = $2 AND report_type = 'AML'", [contactId, event]))[0]!.n;

async function trigger(client: TestClient, url: string, contactId: string, config: Record<string, unknown> = {}) {
  const ready = count(contactId, 'REPORT_READY');
  const triggered = await t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  await receiver.waitFor(() => count(contactId, 'REPORT_READY') > ready, 30_000);
  return (await t.app.inject({ url, headers: client.auth })).json();
}

/** What the scheduled list refresh does: reload the lists, then re-screen through the monitoring job. */
async function listUpdate(contactId: string) {
  const inReview = await recorded(contactId, 'REPORT_IN_REVIEW');
  await t.services.jobs.send(SCREENING_REFRESH_JOB, {});
  await receiver.waitFor(() => count(contactId, 'REPORT_IN_REVIEW') > inReview, 30_000);
}

describe('review memory', () => {
  let dmitri: Awaited<ReturnType<typeof contactFor>>;

  it('a dismissed match stays dismissed, with who, when and why, through a re-trigger and an automatic refresh', async () => {
    dmitri = await contactFor(c, 'Dmitri', 'Dismissov', '1970-01-01', '1 Elm Street', 'LS1 1AA');
    const first = await trigger(c, dmitri.url, dmitri.contactId);
    expect(first.data).toMatchObject({ decision: 'PASS', sanctions_matches: 'Potential Match' });
    const [match] = first.data.matches;
    expect(match).toMatchObject({ entity_id: expect.stringContaining('mem-dismissed'), review_status: 'PENDING', review: null, screened_name: { name: 'Dmitri Dismissov', source: 'CONTACT' } });
    await receiver.waitFor(() => count(dmitri.contactId, 'REPORT_IN_REVIEW') === 1);

    const reviewed = await t.app.inject({
      method: 'POST', url: `${dmitri.url}/review`, headers: c.auth,
      payload: { decision: 'PASS', sanctions_matches: 'MATCH_DISMISSED', matches: [{ entity_id: match.entity_id, status: 'MATCH_DISMISSED', notes: 'Listed man has a different passport and place of birth' }], notes: 'False positive' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data.matches[0]).toMatchObject({
      review_status: 'MATCH_DISMISSED', review: { status: 'MATCH_DISMISSED', reviewed_by: `api:${c.client_id}`, notes: 'Listed man has a different passport and place of birth' },
    });
    // Stored sealed: neither the reason nor the reviewer are in the row in the clear.
    const [row] = await t.db.query<{ entity_hash: string; status: string; review_enc: Uint8Array; client_id: string }>('SELECT * FROM aml_match_reviews WHERE contact_id = $1', [dmitri.contactId]);
    expect(row).toMatchObject({ status: 'MATCH_DISMISSED', client_id: c.clientId, entity_hash: match.entity_hash });
    expect(Buffer.from(row!.review_enc).toString('latin1')).not.toContain('passport');
    expect(JSON.stringify(row)).not.toContain(c.client_id);

    // A new trigger: the match is found again, the review carried over; nothing for a person to do.
    const again = await trigger(c, dmitri.url, dmitri.contactId, { ttl_in_days: 30, is_automatic_refresh_enabled: true });
    expect(again.data.matches).toHaveLength(1);
    expect(again.data.matches[0]).toMatchObject({
      entity_id: match.entity_id, review_status: 'MATCH_DISMISSED',
      review: { status: 'MATCH_DISMISSED', reviewed_by: `api:${c.client_id}`, reviewed_at: reviewed.json().data.matches[0].review.reviewed_at, notes: expect.stringContaining('different passport') },
      review_change: null,
    });
    expect(again.review).toMatchObject({ empty: false, decision: 'PASS', sanctions_matches: 'MATCH_DISMISSED' });
    expect(Number(again.revision)).toBeGreaterThan(Number(reviewed.json().revision));
    expect(await recorded(dmitri.contactId, 'REPORT_IN_REVIEW')).toBe(1);

    // The automatic refresh near expiry: the same.
    await t.db.query("UPDATE aml_reports SET expires_at = now() + interval '1 day' WHERE contact_id = $1", [dmitri.contactId]);
    const ready = count(dmitri.contactId, 'REPORT_READY');
    expect(await t.services.aml.refreshDue()).toBe(1);
    await receiver.waitFor(() => count(dmitri.contactId, 'REPORT_READY') > ready, 30_000);
    const refreshed = (await t.app.inject({ url: dmitri.url, headers: c.auth })).json();
    expect(refreshed.data.matches[0]).toMatchObject({ review_status: 'MATCH_DISMISSED', review: { reviewed_by: `api:${c.client_id}` } });
    expect(await recorded(dmitri.contactId, 'REPORT_IN_REVIEW')).toBe(1);
    // An unchanged list passes through monitoring without reopening anything.
    expect((await t.services.aml.rescreenAll()).changed).toBe(0);
  });

  it('the listed entity changes (a new alias and programme): the dismissal is reopened with DISMISSED_MATCH_CHANGED and REPORT_IN_REVIEW', async () => {
    const before = (await t.app.inject({ url: dmitri.url, headers: c.auth })).json();
    entries.set('dismissed', { ...entries.get('dismissed')!, alias: ['Dima Dismissov'], program: 'RUSSIA-EO14024' });
    writeList();
    await listUpdate(dmitri.contactId);
    const after = (await t.app.inject({ url: dmitri.url, headers: c.auth })).json();
    expect(after.data.reasons).toContain('DISMISSED_MATCH_CHANGED');
    expect(after.data.matches[0]).toMatchObject({
      review_status: 'PENDING', review_change: 'DISMISSED_MATCH_CHANGED',
      review: { status: 'MATCH_DISMISSED', reviewed_by: `api:${c.client_id}` }, // what was decided before, for the reviewer
    });
    expect(after.data.matches[0].entity_hash).not.toBe(before.data.matches[0].entity_hash);
    expect(after.review).toEqual({ empty: true });

    // Dismissed again against the entity as it is now: remembered with the new hash, and monitoring is quiet.
    const reviewed = await t.app.inject({
      method: 'POST', url: `${dmitri.url}/review`, headers: c.auth,
      payload: { decision: 'PASS', sanctions_matches: 'MATCH_DISMISSED', notes: 'The new alias changes nothing' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data.matches[0]).toMatchObject({ review_status: 'MATCH_DISMISSED', review: { notes: 'The new alias changes nothing' }, review_change: null });
    expect((await t.services.aml.rescreenAll()).changed).toBe(0);
    const again = await trigger(c, dmitri.url, dmitri.contactId);
    expect(again.data.matches[0]).toMatchObject({ review_status: 'MATCH_DISMISSED', review: { notes: 'The new alias changes nothing' } });
    expect(again.data.reasons).not.toContain('DISMISSED_MATCH_CHANGED');
  });

  it('review memory is tenant-scoped: another client neither reads nor writes a contact\'s remembered reviews', async () => {
    const other = await t.newClient('Memory intruder');
    expect(await matchReviewsRepo.forContacts(t.db, other.clientId, [dmitri.contactId])).toEqual([]);
    expect(await matchReviewsRepo.forContacts(t.db, c.clientId, [dmitri.contactId])).toHaveLength(1);
    await matchReviewsRepo.save(t.db, other.clientId, {
      contactId: dmitri.contactId, entityId: 'x:forged', entityHash: 'h', status: 'MATCH_DISMISSED', reviewEnc: Buffer.from('forged'), reviewedAt: new Date(),
    });
    const rows = await t.db.query<{ entity_id: string; client_id: string }>('SELECT entity_id, client_id FROM aml_match_reviews WHERE contact_id = $1', [dmitri.contactId]);
    expect(rows).toEqual([{ entity_id: expect.stringContaining('mem-dismissed'), client_id: c.clientId }]);
  });

  it('a confirmed match that is delisted puts the report into review with CONFIRMED_MATCH_DELISTED, until a person looks at it', async () => {
    const carla = await contactFor(c, 'Carla', 'Confirmova', '1966-06-06', '2 Oak Street', 'LS1 1AB');
    const first = await trigger(c, carla.url, carla.contactId);
    const [match] = first.data.matches;
    const confirmed = await t.app.inject({
      method: 'POST', url: `${carla.url}/review`, headers: c.auth,
      payload: { decision: 'FAIL', sanctions_matches: 'MATCH_CONFIRMED', matches: [{ entity_id: match.entity_id, status: 'MATCH_CONFIRMED' }], notes: 'Same person' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    entries.delete('confirmed');
    writeList();
    await listUpdate(carla.contactId);
    const after = (await t.app.inject({ url: carla.url, headers: c.auth })).json();
    expect(after.data.reasons).toContain('CONFIRMED_MATCH_DELISTED');
    expect(after.data.sanctions_matches).toBe('No Match');
    expect(after.data.matches).toEqual([expect.objectContaining({
      entity_id: match.entity_id, listed: false, review_status: 'PENDING', review_change: 'CONFIRMED_MATCH_DELISTED',
      review: expect.objectContaining({ status: 'MATCH_CONFIRMED', notes: 'Same person' }), listed_name: 'Carla Confirmova',
    })]);
    expect(after.review).toEqual({ empty: true });
    // Dmitri, untouched by this update, stays as he was.
    expect((await t.app.inject({ url: dmitri.url, headers: c.auth })).json().data.reasons).not.toContain('CONFIRMED_MATCH_DELISTED');

    // The delisting needs a word on that match itself.
    const vague = await t.app.inject({ method: 'POST', url: `${carla.url}/review`, headers: c.auth, payload: { decision: 'PASS', sanctions_matches: 'NO_MATCH' } });
    expect(vague.statusCode).toBe(422);
    expect(vague.json().detail).toContain('delisted');
    const acknowledged = await t.app.inject({
      method: 'POST', url: `${carla.url}/review`, headers: c.auth,
      payload: { decision: 'PASS', sanctions_matches: 'NO_MATCH', matches: [{ entity_id: match.entity_id, status: 'MATCH_CONFIRMED', notes: 'Delisted by the publisher; relationship may resume' }] },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const [row] = await t.db.query<{ entity_hash: string }>('SELECT entity_hash FROM aml_match_reviews WHERE contact_id = $1', [carla.contactId]);
    expect(row!.entity_hash).toBe('delisted');
    // Looked at: monitoring and a new check do not raise it again.
    expect((await t.services.aml.rescreenAll()).changed).toBe(0);
    const again = await trigger(c, carla.url, carla.contactId);
    expect(again.data.reasons).not.toContain('CONFIRMED_MATCH_DELISTED');
    expect(again.data.matches).toEqual([]);
  });

  it("a previous legal name given in the onboarding flow is screened, and the match says it matched on that name", async () => {
    const pavel = await contactFor(c, 'Pavel', 'Newman', '1975-07-07', '3 Ash Street', 'LS1 1AC');
    const onboarding = await t.app.inject({ method: 'PUT', url: pavel.onboardingUrl, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', legal_names_history: 'true' } } } });
    expect(onboarding.statusCode, onboarding.body).toBe(202);
    const token = onboarding.json().data.onboarding_url.split('/verify/')[1];
    const step = await t.app.inject({
      method: 'PUT', url: `/verify/${token}/steps/legal_names_history`,
      payload: { names: [{ first_name: 'Pavel', last_name: 'Newman', from: '2019-03-01' }, { first_name: 'Pavel', last_name: 'Oldname', to: '2019-02-28' }] },
    });
    expect(step.statusCode, step.body).toBe(200);
    const report = await trigger(c, pavel.url, pavel.contactId);
    expect(report.data.sanctions_matches).toBe('Potential Match');
    expect(report.data.matches).toEqual([expect.objectContaining({ entity_id: expect.stringContaining('mem-previous'), screened_name: { name: 'Pavel Oldname', source: 'PREVIOUS_NAME' } })]);
    // Another client's contact of the same name gave no previous name: nothing matches.
    const other = await t.newClient('Other memory firm');
    await t.services.credits.add(other.clientId, 2, 'test');
    await subscribe(other, ['AML']);
    const namesake = await contactFor(other, 'Pavel', 'Newman', '1975-07-07', '3 Ash Street', 'LS1 1AC');
    expect((await trigger(other, namesake.url, namesake.contactId)).data.matches).toEqual([]);
  });

  it('the name read from an identity document is screened (sandbox passport naming another person)', async () => {
    const created = await t.services.clients.createClient({ name: 'Sandbox memory', sandbox: true });
    const token = (await t.services.tokens.issue({ grantType: 'client_credentials', clientId: created.client_id, clientSecret: created.client_secret })).access_token;
    const sandbox: TestClient = { ...created, token, auth: { authorization: `Bearer ${token}` } };
    await t.services.credits.add(sandbox.clientId, 5, 'test');
    await subscribe(sandbox, ['AML', 'ONBOARDING']);
    const sven = await contactFor(sandbox, 'Sven', 'Stranger', '1985-04-12', '4 Birch Street', 'LS1 1AD');
    const onboarding = await t.app.inject({ method: 'PUT', url: sven.onboardingUrl, headers: sandbox.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } });
    expect(onboarding.statusCode, onboarding.body).toBe(202);
    const link = onboarding.json().data.onboarding_url.split('/verify/')[1];
    const photo = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#e8e4d8' } }).jpeg({ quality: 90 }).toBuffer();
    expect((await t.app.inject({ method: 'POST', url: `/verify/${link}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: photo })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/verify/${link}/submit`, payload: { consent: true, language: 'en' } })).statusCode).toBe(202);
    await receiver.waitFor(() => eventsFor(sven.contactId, 'ONBOARDING').includes('REPORT_READY'), 60_000);
    const report = await trigger(sandbox, sven.url, sven.contactId);
    expect(report.data.matches).toEqual([expect.objectContaining({ entity_id: expect.stringContaining('mem-document'), screened_name: { name: 'ANNA MARIA ERIKSSON', source: 'DOCUMENT' } })]);
  }, 90_000);
});
