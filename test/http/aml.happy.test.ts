import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AML_LIST, AML_SECRET, CLARA, contactFor, listedPerson, startAmlFixture, triggerAndWait, type AmlFixture } from '../helpers/aml.ts';

/**
 * Spec steps 7 to 9 over HTTP, the paths that succeed: trigger the AML report, receive REPORT_READY by webhook,
 * read the decision and the PEP and sanctions results, computed from identity registers and a sanctions list this
 * test writes (test/helpers/aml.ts); review, monitoring after a list update, automatic refresh.
 */
let f: AmlFixture;
beforeAll(async () => {
  f = await startAmlFixture();
}, 120_000);
afterAll(async () => {
  await f?.close();
});

describe('AML report (endpoints 7 and 8) with a real webhook receiver', () => {
  it('a person confirmed by two registers and on no list: PASS, No Match, REPORT_READY signed', async () => {
    const { c, receiver } = f;
    const p = await contactFor(f, c, ...CLARA);
    const report = await triggerAndWait(f, c, p.url, p.contactId);
    expect(report).toMatchObject({
      id: `${p.accountId}--${p.contactId}`, type: 'AML', status: 'READY', config: { ttl_in_days: 365, is_automatic_refresh_enabled: false },
      data: { decision: 'PASS', pep_matches: 'No Match', sanctions_matches: 'No Match', last_decision_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), matches: [] },
      review: { empty: true },
    });
    expect(report.data.identity.confirmed_name_dob).toEqual(['electoral_roll', 'credit_header']);
    expect(report.data.report_link).toMatch(/^http:\/\/kyc\.test\/console\//);
    // Webhook order is not promised: on a loaded machine both may go out in one batch of the dispatcher.
    await receiver.waitFor(() => f.eventsFor(p.contactId).length >= 2);
    expect(f.eventsFor(p.contactId).sort()).toEqual(['REPORT_INITIATED', 'REPORT_READY']);
    const ready = receiver.events().find((e) => e.json.contact_id === p.contactId && e.json.event === 'REPORT_READY')!;
    expect(() => new Webhook(AML_SECRET, { format: 'raw' }).verify(ready.body, ready.headers as Record<string, string>)).not.toThrow();
    expect(ready.json).toMatchObject({ entity: 'CONTACT', report_type: 'AML', report_id: `${p.accountId}--${p.contactId}` });
  });

  it('a person found in one register only: REFER with SOURCES_LT_2, and REPORT_IN_REVIEW', async () => {
    const p = await contactFor(f, f.c, 'Olive', 'Onesource', '1979-07-01', { street: '3 Hill Street', postcode: 'M1 1AA', city: 'Manchester', country_code: 'GB' });
    const report = await triggerAndWait(f, f.c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'REFER', pep_matches: 'No Match', sanctions_matches: 'No Match' });
    expect(report.data.reasons).toContain('SOURCES_LT_2');
  });

  it('a person under 18: ALERT UNDERAGE', async () => {
    const p = await contactFor(f, f.c, 'Yusuf', 'Young', '2012-06-01', { street: '8 School Lane', postcode: 'B1 1AA', city: 'Birmingham', country_code: 'GB' });
    const report = await triggerAndWait(f, f.c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'ALERT', reasons: expect.arrayContaining(['UNDERAGE']) });
  });

  it('a person a register reports deceased: ALERT DECEASED', async () => {
    const p = await contactFor(f, f.c, 'Dora', 'Departed', '1940-01-01', { street: '5 Old Road', postcode: 'EX1 1AA', city: 'Exeter', country_code: 'GB' });
    const report = await triggerAndWait(f, f.c, p.url, p.contactId, 'REPORT_IN_REVIEW');
    expect(report.data).toMatchObject({ decision: 'ALERT', reasons: ['DECEASED'] });
  });

  it('a listed person: sanctions Potential Match, explained, in review; then a review is recorded', async () => {
    const { t, c, receiver } = f;
    const p = await contactFor(f, c, 'Viktor', 'Sanctionov', '1961-03-04', { street: '1 Red Square', postcode: '101000', city: 'Moscow', country_code: 'RU' }, 'Ivanovich');
    const report = await triggerAndWait(f, c, p.url, p.contactId, 'REPORT_IN_REVIEW');
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
    await receiver.waitFor(() => f.eventsFor(p.contactId).includes('REPORT_REVIEW_COMPLETED'));
  });

  it('ongoing monitoring: after a list update adds the person, the report goes back to review with REPORT_IN_REVIEW', async () => {
    const { t, c, receiver } = f;
    const p = await contactFor(f, c, 'Maggie', 'Later', '1970-05-06', { street: '9 Park Row', postcode: 'NE1 1AA', city: 'Newcastle', country_code: 'GB' });
    const before = await triggerAndWait(f, c, p.url, p.contactId);
    expect(before.data).toMatchObject({ decision: 'PASS', pep_matches: 'No Match' });
    // The publisher adds her as a PEP.
    f.world.writeList([...AML_LIST, listedPerson('test-pep-2', 'Maggie Later', '1970-05-06', ['role.pep'])]);
    const diffs = await t.services.screening.refresh();
    expect(diffs.flatMap((d) => d.added)).toEqual([expect.stringContaining('test-pep-2')]);
    // The targeted pass (a matcher over the added entries only) finds her, as the monitoring job runs it.
    const outcome = await t.services.aml.rescreenAll({ onlyEntities: diffs.flatMap((d) => [...d.added, ...d.changed]) });
    expect(outcome.changed).toBe(1);
    const after = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(after.data).toMatchObject({ pep_matches: 'Potential Match', reasons: expect.arrayContaining(['PEP_POTENTIAL_MATCH', 'NEW_MATCH_AFTER_LIST_UPDATE']) });
    expect(Number(after.revision)).toBeGreaterThan(Number(before.revision));
    await receiver.waitFor(() => f.eventsFor(p.contactId).filter((e) => e === 'REPORT_IN_REVIEW').length === 1);
    // A second pass over unchanged lists changes nothing.
    expect((await t.services.aml.rescreenAll()).changed).toBe(0);
  });

  it('automatic refresh re-runs a check before it expires, spending a credit and sending the events again', async () => {
    const { t, c, receiver } = f;
    const p = await contactFor(f, c, ...CLARA);
    const triggered = await t.app.inject({ method: 'PUT', url: p.url, headers: c.auth, payload: { config: { ttl_in_days: 30, is_automatic_refresh_enabled: true } } });
    expect(triggered.json().config).toEqual({ ttl_in_days: 30, is_automatic_refresh_enabled: true });
    await receiver.waitFor(() => f.eventsFor(p.contactId).includes('REPORT_READY'));
    const first = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(Date.parse(first.data.expires_at) - Date.parse(first.data.requested_at)).toBeGreaterThan(29 * 86_400_000);
    expect(await t.services.aml.refreshDue()).toBe(0); // not due yet
    // Time passes: the result is a day from expiry (within the last tenth of 30 days).
    await t.db.query("UPDATE aml_reports SET expires_at = now() + interval '1 day' WHERE contact_id = $1", [p.contactId]);
    const balance = await t.services.credits.balance(c.clientId);
    expect(await t.services.aml.refreshDue()).toBe(1);
    await receiver.waitFor(() => f.eventsFor(p.contactId).filter((e) => e === 'REPORT_READY').length === 2);
    const refreshed = (await t.app.inject({ url: p.url, headers: c.auth })).json();
    expect(refreshed.status).toBe('READY');
    expect(Date.parse(refreshed.data.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await t.services.credits.balance(c.clientId)).toBe(balance - 1);
  });
});
