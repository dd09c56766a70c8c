import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestService, type TestService } from '../helpers/service.ts';

/**
 * The onboarding processing job, run a second time after it finished (what happens when its worker is killed
 * after the commit and before pg-boss records the job done; aml-worker-kill.test.ts shows it happening for AML
 * checks): the second run changes nothing, announces nothing. Runs once, in the postgres pass.
 */
describe.skipIf(databaseKind !== 'postgres')('an onboarding processing job that runs twice', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A contact with an onboarding request (personal details only) whose flow has one answer saved, not yet submitted. */
  async function openFlowWithAnswer(firstName: string, lastName: string) {
    const c = await t.newClient();
    await t.services.credits.add(c.clientId, 2, 'test');
    const account = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: `${firstName} ${lastName}`, type: 'INDIVIDUAL', primary_contact: { first_name: firstName, last_name: lastName, email: 'person@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
    })).json();
    const contactId = account.primary_contact.id as string;
    const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding`;
    const triggered = await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true' } } } });
    expect(triggered.statusCode, triggered.body).toBe(202);
    const token = triggered.json().data.onboarding_url.split('/verify/')[1] as string;
    expect((await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/personal_details`, payload: { address: { street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country: 'GB' } } })).statusCode).toBe(200);
    return { contactId, token };
  }

  it('finishes the report once: same revision, one REPORT_READY', async () => {
    const { contactId, token } = await openFlowWithAnswer('Ada', 'Hartley');
    expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } })).statusCode).toBe(202);

    const { run_id: runId, client_id: clientId } = (await t.db.query<{ run_id: string; client_id: string }>('SELECT run_id, client_id FROM onboarding_reports WHERE contact_id = $1', [contactId]))[0]!;
    const job = { clientId, contactId, runId };
    await t.services.onboarding.processor.process(job, { retryCount: 0 });
    const state = async () => ({
      report: (await t.db.query<{ status: string; revision: number }>('SELECT status, revision FROM onboarding_reports WHERE contact_id = $1', [contactId]))[0]!,
      finished: (await t.db.query("SELECT id FROM events WHERE contact_id = $1 AND report_type = 'ONBOARDING' AND event IN ('REPORT_READY', 'REPORT_ERROR')", [contactId])).length,
    });
    const first = await state();
    await t.services.onboarding.processor.process(job, { retryCount: 1 }); // the job again, as after a killed worker
    const second = await state();

    console.log(`fault: onboarding job run twice: after the first run ${JSON.stringify(first)}, after the second ${JSON.stringify(second)}`);
    expect(first.report.status).toBe('READY');
    expect(first.finished).toBe(1);
    expect(second).toEqual(first);
  });

  it('a submission whose job was abandoned ends in ERROR once; a finished one is left alone', async () => {
    // The wiring: pg-boss moves an expired or failed processing job to this queue.
    const queue = (await t.db.query<{ dead_letter: string | null }>("SELECT dead_letter FROM pgboss.queue WHERE name = 'onboarding-process'"))[0];
    expect(queue?.dead_letter).toBe('onboarding-process-abandoned');

    const { contactId } = await openFlowWithAnswer('Bo', 'Lind');
    // Submitted, but its processing never runs here: the state a worker that dies on every attempt leaves behind.
    await t.db.query("UPDATE onboarding_reports SET submitted_at = now(), status = 'IN_PROGRESS' WHERE contact_id = $1", [contactId]);
    const { run_id: runId, client_id: clientId } = (await t.db.query<{ run_id: string; client_id: string }>('SELECT run_id, client_id FROM onboarding_reports WHERE contact_id = $1', [contactId]))[0]!;
    const state = async () => ({
      report: (await t.db.query<{ status: string; error: string | null }>('SELECT status, error FROM onboarding_reports WHERE contact_id = $1', [contactId]))[0]!,
      errors: (await t.db.query("SELECT id FROM events WHERE contact_id = $1 AND report_type = 'ONBOARDING' AND event = 'REPORT_ERROR'", [contactId])).length,
    });

    await t.services.onboarding.processor.abandon({ clientId, contactId, runId });
    const first = await state();
    await t.services.onboarding.processor.abandon({ clientId, contactId, runId }); // the dead letter delivered twice
    const second = await state();

    console.log(`fault: onboarding job abandoned: ${JSON.stringify(first)}`);
    expect(first.report.status).toBe('ERROR');
    expect(first.report.error).toMatch(/^PROCESSING_NOT_COMPLETED/);
    expect(first.errors).toBe(1);
    expect(second).toEqual(first);
  });
});
