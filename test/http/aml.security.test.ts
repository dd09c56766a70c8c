import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLARA, contactFor, startAmlFixture, triggerAndWait, type AmlFixture } from '../helpers/aml.ts';

/** The AML report across tenants and in what leaves the service: another client sees and changes nothing; webhooks carry no personal data. */
let f: AmlFixture;
beforeAll(async () => {
  f = await startAmlFixture();
}, 120_000);
afterAll(async () => {
  await f?.close();
});

describe('AML report security', () => {
  it("another client's report is a 404", async () => {
    const { t, c } = f;
    const other = await t.newClient('Other');
    const p = await contactFor(f, c, ...CLARA);
    const foreign = p.url.replace(c.clientId, other.clientId);
    expect((await t.app.inject({ method: 'PUT', url: p.url, headers: other.auth, payload: { config: {} } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: foreign, headers: other.auth, payload: { config: {} } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: foreign, headers: other.auth })).statusCode).toBe(404);
  });

  it("another client cannot review a report: 404 on the owner's path and under its own, and the report is unchanged", async () => {
    const { t, c } = f;
    const other = await t.newClient('Other reviewer');
    const p = await contactFor(f, c, 'Olive', 'Onesource', '1979-07-01', { street: '3 Hill Street', postcode: 'M1 1AA', city: 'Manchester', country_code: 'GB' });
    const before = await triggerAndWait(f, c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    const review = { decision: 'PASS', notes: 'forged' };
    expect((await t.app.inject({ method: 'POST', url: `${p.url}/review`, headers: other.auth, payload: review })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${p.url.replace(c.clientId, other.clientId)}/review`, headers: other.auth, payload: review })).statusCode).toBe(404);
    const after = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(after.review).toEqual({ empty: true });
    expect(after.revision).toBe(before.revision);
  });

  it("the report's webhooks name the report, never the person: no name, date of birth or address in the body", async () => {
    const { c, receiver } = f;
    const p = await contactFor(f, c, 'Viktor', 'Sanctionov', '1961-03-04', { street: '1 Red Square', postcode: '101000', city: 'Moscow', country_code: 'RU' }, 'Ivanovich');
    await triggerAndWait(f, c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    const bodies = receiver.events().filter((e) => e.json.contact_id === p.contactId).map((e) => e.body);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) {
      for (const personal of ['Viktor', 'Sanctionov', 'Ivanovich', '1961-03-04', 'Red Square', '101000', 'Moscow']) expect(body).not.toContain(personal);
    }
  });
});
