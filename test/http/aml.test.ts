import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startWorkers } from '../../src/workers.ts';

/**
 * Spec steps 7 to 9 over HTTP: trigger the AML report, receive REPORT_READY by webhook, read the decision and
 * the PEP and sanctions results, computed from identity registers and a sanctions list this test writes.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-aml-'));
const SECRET = 'aml-webhook-signing-secret';
const listFile = path.join(dir, 'sanctions.ftm.json');
const person = (id: string, name: string, birthDate: string, topics: string[]) =>
  JSON.stringify({ id, schema: 'Person', properties: { name: [name], birthDate: [birthDate], topics, country: ['ru'] } });
writeFileSync(listFile, [
  person('test-sanctioned-1', 'Viktor Ivanovich Sanctionov', '1961-03-04', ['sanction']),
  person('test-pep-1', 'Margaret Politica Hale', '1970-05-06', ['role.pep']),
].join('\n') + '\n');
const header = 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased\n';
writeFileSync(path.join(dir, 'roll.csv'), header + [
  'Clara,,Clearwater,1984-02-10,12 River Road,LS1 4AB,Leeds,GB,false',
  'Olive,,Onesource,1979-07-01,3 Hill Street,M1 1AA,Manchester,GB,false',
  'Yusuf,,Young,2012-06-01,8 School Lane,B1 1AA,Birmingham,GB,false',
  'Viktor,Ivanovich,Sanctionov,1961-03-04,1 Red Square,101000,Moscow,RU,false',
  'Dora,,Departed,1940-01-01,5 Old Road,EX1 1AA,Exeter,GB,true',
  'Maggie,,Later,1970-05-06,9 Park Row,NE1 1AA,Newcastle,GB,false',
].join('\n'));
writeFileSync(path.join(dir, 'credit.csv'), header + [
  'Clara,,Clearwater,1984-02-10,12 River Road,LS1 4AB,Leeds,GB,',
  'Yusuf,,Young,2012-06-01,8 School Lane,B1 1AA,Birmingham,GB,',
  'Viktor,Ivanovich,Sanctionov,1961-03-04,1 Red Square,101000,Moscow,RU,',
  'Dora,,Departed,1940-01-01,5 Old Road,EX1 1AA,Exeter,GB,',
  'Maggie,,Later,1970-05-06,9 Park Row,NE1 1AA,Newcastle,GB,',
].join('\n'));

let t: TestService;
let c: TestClient;
let receiver: Receiver;
let workers: { stop(): Promise<void> };

beforeAll(async () => {
  t = await startTestService({
    SCREENING_LISTS: listFile,
    EIDV_REGISTERS: `electoral_roll=${path.join(dir, 'roll.csv')},credit_header=${path.join(dir, 'credit.csv')}`,
  });
  workers = await startWorkers(t.services);
  receiver = await startReceiver();
  c = await t.newClient('AML firm');
  await t.services.credits.add(c.clientId, 20, 'test credits');
  const sub = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: c.auth,
    payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_REVIEW_COMPLETED'] }] } },
  });
  expect(sub.statusCode, sub.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

async function contactFor(client: TestClient, first: string, last: string, dob: string, address: Record<string, string>, middle = '') {
  const response = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, middle_name: middle, last_name: last, email: 'p@example.com', date_of_birth: dob, primary_address: address } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const account = response.json();
  return { accountId: account.id as string, contactId: account.primary_contact.id as string, url: `/clients/${client.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml` };
}

const eventsFor = (contactId: string) =>
  receiver.events().filter((e) => e.json.contact_id === contactId).map((e) => e.json.event as string);

async function triggerAndWait(client: TestClient, url: string, contactId: string, final = 'REPORT_READY') {
  const triggered = await t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  expect(triggered.json().status).toBe('INITIAL');
  await receiver.waitFor(() => eventsFor(contactId).includes(final), 30_000);
  const report = await t.app.inject({ url, headers: client.auth });
  expect(report.statusCode).toBe(200);
  return report.json();
}

describe('AML report (endpoints 7 and 8) with a real webhook receiver', () => {
  it('a person confirmed by two registers and on no list: PASS, No Match, REPORT_READY signed', async () => {
    const p = await contactFor(c, 'Clara', 'Clearwater', '1984-02-10', { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' });
    const report = await triggerAndWait(c, p.url, p.contactId);
    expect(report).toMatchObject({
      id: `${p.accountId}--${p.contactId}`, type: 'AML', status: 'READY', config: { ttl_in_days: 365, is_automatic_refresh_enabled: false },
      data: { decision: 'PASS', pep_matches: 'No Match', sanctions_matches: 'No Match', last_decision_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), matches: [] },
      review: { empty: true },
    });
    expect(report.data.identity.confirmed_name_dob).toEqual(['electoral_roll', 'credit_header']);
    expect(report.data.report_link).toMatch(/^http:\/\/kyc\.test\/console\//);
    expect(eventsFor(p.contactId)).toEqual(['REPORT_INITIATED', 'REPORT_READY']);
    const ready = receiver.events().find((e) => e.json.contact_id === p.contactId && e.json.event === 'REPORT_READY')!;
    expect(() => new Webhook(SECRET, { format: 'raw' }).verify(ready.body, ready.headers as Record<string, string>)).not.toThrow();
    expect(ready.json).toMatchObject({ entity: 'CONTACT', report_type: 'AML', report_id: `${p.accountId}--${p.contactId}` });
  });

  it('a person found in one register only: REFER with SOURCES_LT_2, and REPORT_IN_REVIEW', async () => {
    const p = await contactFor(c, 'Olive', 'Onesource', '1979-07-01', { street: '3 Hill Street', postcode: 'M1 1AA', city: 'Manchester', country_code: 'GB' });
    const report = await triggerAndWait(c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'REFER', pep_matches: 'No Match', sanctions_matches: 'No Match' });
    expect(report.data.reasons).toContain('SOURCES_LT_2');
  });

  it('a person under 18: ALERT UNDERAGE', async () => {
    const p = await contactFor(c, 'Yusuf', 'Young', '2012-06-01', { street: '8 School Lane', postcode: 'B1 1AA', city: 'Birmingham', country_code: 'GB' });
    const report = await triggerAndWait(c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'ALERT', reasons: expect.arrayContaining(['UNDERAGE']) });
  });

  it('a person a register reports deceased: ALERT DECEASED', async () => {
    const p = await contactFor(c, 'Dora', 'Departed', '1940-01-01', { street: '5 Old Road', postcode: 'EX1 1AA', city: 'Exeter', country_code: 'GB' });
    const report = await triggerAndWait(c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'ALERT', reasons: ['DECEASED'] });
  });

  it('a listed person: sanctions Potential Match, explained, in review; then a review is recorded', async () => {
    const p = await contactFor(c, 'Viktor', 'Sanctionov', '1961-03-04', { street: '1 Red Square', postcode: '101000', city: 'Moscow', country_code: 'RU' }, 'Ivanovich');
    const report = await triggerAndWait(c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'PASS', sanctions_matches: 'Potential Match', pep_matches: 'No Match' });
    expect(report.data.reasons).toContain('SANCTIONS_POTENTIAL_MATCH');
    const [match] = report.data.matches;
    expect(match).toMatchObject({ kind: 'SANCTIONS', entity_id: expect.stringContaining('test-sanctioned-1'), topics: ['sanction'], review_status: 'PENDING' });
    expect(match.score).toBeGreaterThan(0.88);
    expect(match.reasons.length).toBeGreaterThan(0);

    // A review that leaves the sanctions match unaddressed is refused.
    const incomplete = await t.app.inject({ method: 'POST', url: `${p.url}/review`, headers: c.auth, payload: { decision: 'PASS' } });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toContainEqual({ pointer: '/sanctions_matches', message: expect.any(String) });

    const reviewed = await t.app.inject({
      method: 'POST', url: `${p.url}/review`, headers: c.auth,
      payload: { decision: 'FAIL', sanctions_matches: 'MATCH_CONFIRMED', matches: [{ entity_id: match.entity_id, status: 'MATCH_CONFIRMED' }], notes: 'Same person as the listed entity: date of birth and patronymic agree.' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().review).toMatchObject({
      empty: false, status: 'COMPLETE', decision: 'FAIL', sanctions_matches: 'MATCH_CONFIRMED', pep_matches: 'NO_MATCH',
      notes: expect.stringContaining('patronymic'), reviewed_by: `api:${c.client_id}`, reviewed_at: expect.any(String),
    });
    expect(reviewed.json().data.matches[0].review_status).toBe('MATCH_CONFIRMED');
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_REVIEW_COMPLETED'));
  });

  it('a contact without date of birth or address is a 422 that lists what is missing', async () => {
    const response = await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Thin', type: 'INDIVIDUAL', primary_contact: { first_name: 'Thin', last_name: 'Record', email: 't@example.com' } },
    });
    const account = response.json();
    const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
    const refused = await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { ttl_in_days: 365 } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().missing_fields).toEqual(['date_of_birth', 'primary_address.street', 'primary_address.postcode', 'primary_address.city', 'primary_address.country_code']);
    expect((await t.app.inject({ url, headers: c.auth })).statusCode).toBe(404);
  });

  it('ttl_in_days outside 1-3650 is a 422', async () => {
    const p = await contactFor(c, 'Clara', 'Clearwater', '1984-02-10', { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' });
    const response = await t.app.inject({ method: 'PUT', url: p.url, headers: c.auth, payload: { config: { ttl_in_days: 0 } } });
    expect(response.statusCode).toBe(422);
  });

  it('with no credit left the report is CREDIT_BALANCE_EXCEEDED and REPORT_CREDIT_LIMIT_EXCEEDED is sent; a retried trigger spends once', async () => {
    const poor = await t.newClient('Poor firm');
    await t.services.credits.add(poor.clientId, 1, 'one check');
    await t.app.inject({
      method: 'POST', url: `/clients/${poor.clientId}/subscriptions`, headers: poor.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_READY'] }] } },
    });
    const p = await contactFor(poor, 'Clara', 'Clearwater', '1984-02-10', { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' });
    const put = (key: string) => t.app.inject({ method: 'PUT', url: p.url, headers: { ...poor.auth, 'idempotency-key': key }, payload: { config: { ttl_in_days: 30 } } });
    expect((await put('first')).json().status).toBe('INITIAL');
    expect((await put('first')).headers['idempotent-replayed']).toBe('true'); // the retry spends nothing
    expect((await t.app.inject({ url: `/clients/${poor.clientId}/credits`, headers: poor.auth })).json()).toMatchObject({ balance: 0, data: [{ amount: 1 }, { amount: -1 }] });
    const second = await put('second');
    expect(second.json().status).toBe('CREDIT_BALANCE_EXCEEDED');
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_CREDIT_LIMIT_EXCEEDED'));
  });

  it('an identity source that keeps failing ends in ERROR with REPORT_ERROR (sandbox outage persona)', async () => {
    const created = await t.services.clients.createClient({ name: 'Sandbox', sandbox: true });
    const token = (await t.services.tokens.issue({ grantType: 'client_credentials', clientId: created.client_id, clientSecret: created.client_secret })).access_token;
    const sandbox = { ...created, token, auth: { authorization: `Bearer ${token}` } };
    await t.services.credits.add(sandbox.clientId, 5, 'test');
    await t.app.inject({
      method: 'POST', url: `/clients/${sandbox.clientId}/subscriptions`, headers: sandbox.auth,
      payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: SECRET, entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_ERROR', 'REPORT_READY'] }] } },
    });
    const p = await contactFor(sandbox, 'Otto', 'Outage', '1980-01-01', { street: '1 Test St', postcode: 'T1 1TT', city: 'Testtown', country_code: 'GB' });
    const report = await triggerAndWait(sandbox, p.url, p.contactId, 'REPORT_ERROR');
    expect(report).toMatchObject({ status: 'ERROR', data: { error: expect.stringContaining('IDENTITY_SOURCE_UNAVAILABLE') } });
    expect(receiver.events().find((e) => e.json.contact_id === p.contactId)!.json.environment).toBe('sandbox');
  }, 60_000);

  it('ongoing monitoring: after a list update adds the person, the report goes back to review with REPORT_IN_REVIEW', async () => {
    const p = await contactFor(c, 'Maggie', 'Later', '1970-05-06', { street: '9 Park Row', postcode: 'NE1 1AA', city: 'Newcastle', country_code: 'GB' });
    const before = await triggerAndWait(c, p.url, p.contactId);
    expect(before.data).toMatchObject({ decision: 'PASS', pep_matches: 'No Match' });
    // The publisher adds her as a PEP.
    writeFileSync(listFile, [
      person('test-sanctioned-1', 'Viktor Ivanovich Sanctionov', '1961-03-04', ['sanction']),
      person('test-pep-1', 'Margaret Politica Hale', '1970-05-06', ['role.pep']),
      person('test-pep-2', 'Maggie Later', '1970-05-06', ['role.pep']),
    ].join('\n') + '\n');
    const diffs = await t.services.screening.refresh();
    expect(diffs.flatMap((d) => d.added)).toEqual([expect.stringContaining('test-pep-2')]);
    // The targeted pass (a matcher over the added entries only) finds her, as the monitoring job runs it.
    const outcome = await t.services.aml.rescreenAll({ onlyEntities: diffs.flatMap((d) => [...d.added, ...d.changed]) });
    expect(outcome.changed).toBe(1);
    const after = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(after.data).toMatchObject({ pep_matches: 'Potential Match', reasons: expect.arrayContaining(['PEP_POTENTIAL_MATCH', 'NEW_MATCH_AFTER_LIST_UPDATE']) });
    expect(Number(after.revision)).toBeGreaterThan(Number(before.revision));
    await receiver.waitFor(() => eventsFor(p.contactId).filter((e) => e === 'REPORT_IN_REVIEW').length === 1);
    // A second pass over unchanged lists changes nothing.
    expect((await t.services.aml.rescreenAll()).changed).toBe(0);
  });

  it('automatic refresh re-runs a check before it expires, spending a credit and sending the events again', async () => {
    const p = await contactFor(c, 'Clara', 'Clearwater', '1984-02-10', { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' });
    const triggered = await t.app.inject({ method: 'PUT', url: p.url, headers: c.auth, payload: { config: { ttl_in_days: 30, is_automatic_refresh_enabled: true } } });
    expect(triggered.json().config).toEqual({ ttl_in_days: 30, is_automatic_refresh_enabled: true });
    await receiver.waitFor(() => eventsFor(p.contactId).includes('REPORT_READY'));
    const first = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(Date.parse(first.data.expires_at) - Date.parse(first.data.requested_at)).toBeGreaterThan(29 * 86_400_000);
    expect(await t.services.aml.refreshDue()).toBe(0); // not due yet
    // Time passes: the result is a day from expiry (within the last tenth of 30 days).
    await t.db.query("UPDATE aml_reports SET expires_at = now() + interval '1 day' WHERE contact_id = $1", [p.contactId]);
    const balance = await t.services.credits.balance(c.clientId);
    expect(await t.services.aml.refreshDue()).toBe(1);
    await receiver.waitFor(() => eventsFor(p.contactId).filter((e) => e === 'REPORT_READY').length === 2);
    const refreshed = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(refreshed.status).toBe('READY');
    expect(Date.parse(refreshed.data.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await t.services.credits.balance(c.clientId)).toBe(balance - 1);
  });

  it("another client's report is a 404", async () => {
    const other = await t.newClient('Other');
    const p = await contactFor(c, 'Clara', 'Clearwater', '1984-02-10', { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' });
    const foreign = p.url.replace(c.clientId, other.clientId);
    expect((await t.app.inject({ method: 'PUT', url: p.url, headers: other.auth, payload: { config: {} } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: foreign, headers: other.auth, payload: { config: {} } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: foreign, headers: other.auth })).statusCode).toBe(404);
  });
});
