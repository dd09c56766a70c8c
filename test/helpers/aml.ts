import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startFixture, type Fixture } from './fixture.ts';
import type { TestClient, TestService } from './service.ts';

/** An individual account for the person, its AML report requested, and the report once it has left INITIAL. */
export async function amlCheckOf(t: TestService, c: TestClient, first: string, last: string, dob: string, address = { street: '1 Main St', postcode: '12345', city: 'Town', country_code: 'US' }) {
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, last_name: last, email: 'x@example.com', date_of_birth: dob, primary_address: address } },
  })).json();
  const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
  expect((await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: {} } })).statusCode).toBe(202);
  for (let i = 0; i < 200; i++) {
    const report = (await t.app.inject({ url, headers: c.auth })).json();
    if (report.status !== 'INITIAL') return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the check did not finish');
}

/**
 * The AML tests' world, written into a fresh folder: a sanctions and PEP list (FollowTheMoney lines) and two
 * identity registers (electoral roll, credit header) that confirm some people and not others.
 */
export const AML_SECRET = 'aml-webhook-signing-secret';
export const AML_EVENTS = ['REPORT_INITIATED', 'REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_REVIEW_COMPLETED'];
export const listedPerson = (id: string, name: string, birthDate: string, topics: string[]) =>
  JSON.stringify({ id, schema: 'Person', properties: { name: [name], birthDate: [birthDate], topics, country: ['ru'] } });
export const AML_LIST = [
  listedPerson('test-sanctioned-1', 'Viktor Ivanovich Sanctionov', '1961-03-04', ['sanction']),
  listedPerson('test-pep-1', 'Margaret Politica Hale', '1970-05-06', ['role.pep']),
];

export function amlWorld() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-aml-'));
  const listFile = path.join(dir, 'sanctions.ftm.json');
  const writeList = (lines: string[]) => writeFileSync(listFile, lines.join('\n') + '\n');
  writeList(AML_LIST);
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
  return {
    listFile, writeList,
    env: { SCREENING_LISTS: listFile, EIDV_REGISTERS: `electoral_roll=${path.join(dir, 'roll.csv')},credit_header=${path.join(dir, 'credit.csv')}` },
  };
}

/** The fixture for AML tests: the world above, 20 credits, a subscription to every AML event. */
export async function startAmlFixture(clientName = 'AML firm') {
  const world = amlWorld();
  const f = await startFixture({ env: world.env, clientName, credits: 20, subscription: { secret: AML_SECRET, reportTypes: ['AML'], events: AML_EVENTS } });
  return Object.assign(f, { world }); // not a spread: it would read the fixture's `other` getter
}
export type AmlFixture = Awaited<ReturnType<typeof startAmlFixture>>;

export const CLARA = ['Clara', 'Clearwater', '1984-02-10', { street: '12 River Road', postcode: 'LS1 4AB', city: 'Leeds', country_code: 'GB' }] as const;

/** An individual account whose primary contact is this person, and the contact's AML report path. */
export async function contactFor(f: Fixture, client: TestClient, first: string, last: string, dob: string, address: Record<string, string>, middle = '') {
  const response = await f.t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, middle_name: middle, last_name: last, email: 'p@example.com', date_of_birth: dob, primary_address: address } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const account = response.json();
  return { accountId: account.id as string, contactId: account.primary_contact.id as string, url: `/clients/${client.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml` };
}

/** Triggers the AML report, waits for the `final` event at the receiver, and reads the report. */
export async function triggerAndWait(f: Fixture, client: TestClient, url: string, contactId: string, final = 'REPORT_READY') {
  const triggered = await f.t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  expect(triggered.json().status).toBe('INITIAL');
  await f.receiver.waitFor(() => f.eventsFor(contactId).includes(final), 30_000);
  const report = await f.t.app.inject({ url, headers: client.auth });
  expect(report.statusCode).toBe(200);
  return report.json();
}
