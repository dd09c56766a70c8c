import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amlWorld } from '../helpers/aml.ts';
import { startFixture, type Fixture } from '../helpers/fixture.ts';
import type { OnboardingData } from '../../src/modules/onboarding/domain/report.ts';

/**
 * GPG 45 validity from a document-only onboarding flow (issue 23, ADR 0165), end to end with the real document
 * engine and face finder: a photographed passport whose authenticity checks all ran and passed has its visible
 * security features checked (details.document.security_features_checked), and the AML check's GPG 45 evidence
 * scores it validity 2 (it was 1 before: the flag was never set). A greyscale copy of the same page is not.
 */
const passport = readFileSync(new URL('../documents/fixtures/passport-gbr.jpg', import.meta.url));
let f: Fixture;

beforeAll(async () => {
  // Screening needs its lists loaded before an AML check runs; the registers do not know John Smith.
  f = await startFixture({ env: amlWorld().env, clientName: 'Document firm', credits: 20, subscription: { secret: 'gpg45-document-secret', reportTypes: ['AML', 'ONBOARDING'], events: ['REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_ERROR'] } });
}, 120_000);
afterAll(async () => {
  await f?.close();
});

/** John Paul Smith, born 1990-01-15: the person passport-gbr.jpg names (test/documents/make-fixtures.ts). */
async function contact() {
  const r = await f.t.app.inject({
    method: 'POST', url: `/clients/${f.c.clientId}/accounts`, headers: f.c.auth,
    payload: { name: 'John Smith', type: 'INDIVIDUAL', primary_contact: { first_name: 'John', middle_name: 'Paul', last_name: 'Smith', email: 'john@example.com', date_of_birth: '1990-01-15', primary_address: { street: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London', country_code: 'GB' } } },
  });
  expect(r.statusCode, r.body).toBe(201);
  const account = r.json();
  const base = `/clients/${f.c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports`;
  return { contactId: account.primary_contact.id as string, onboarding: `${base}/onboarding`, aml: `${base}/aml` };
}

/** The hosted flow with the identity document only: upload, consent, and the processed result as the job wrote it. */
async function documentOnly(p: { contactId: string; onboarding: string }, photo: Buffer): Promise<OnboardingData> {
  const triggered = await f.t.app.inject({ method: 'PUT', url: p.onboarding, headers: f.c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  const token = (triggered.json().data.onboarding_url as string).split('/verify/')[1]!;
  const up = await f.t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: photo });
  expect(up.statusCode, up.body).toBe(201);
  const submitted = await f.t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } });
  expect(submitted.statusCode, submitted.body).toBe(202);
  await f.receiver.waitFor(() => f.eventsFor(p.contactId, 'ONBOARDING').some((e) => e === 'REPORT_READY' || e === 'REPORT_IN_REVIEW'), 90_000);
  const [row] = await f.t.db.query<{ data_enc: Buffer } & Record<string, unknown>>('SELECT * FROM onboarding_reports WHERE contact_id = $1', [p.contactId]);
  return (await f.t.services.onboarding.onboarding.open(f.t.db, row as never, 'data', row!.data_enc)) as OnboardingData;
}

async function amlCheck(p: { contactId: string; aml: string }) {
  const triggered = await f.t.app.inject({ method: 'PUT', url: p.aml, headers: f.c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
  expect(triggered.statusCode, triggered.body).toBe(202);
  await f.receiver.waitFor(() => f.eventsFor(p.contactId, 'AML').some((e) => e === 'REPORT_READY' || e === 'REPORT_IN_REVIEW'), 30_000);
  return (await f.t.app.inject({ url: p.aml, headers: f.c.auth })).json();
}

describe('GPG 45 validity from the document check', { timeout: 180_000 }, () => {
  it('a passport photo whose authenticity checks all passed: security features checked, evidence validity 2', async () => {
    const p = await contact();
    const data = await documentOnly(p, passport);
    const doc = data.details.document as Record<string, unknown>;
    expect(doc).toMatchObject({ decision: 'PASSED', security_features_checked: true });
    expect(doc.security_features).toEqual({ checked: true, passed: ['portrait', 'mrz_print', 'colour_print', 'not_recaptured', 'not_screenshot', 'not_edited'], missing: [] });

    const report = await amlCheck(p);
    const evidence = report.data.identity.gpg45.scores.evidence.find((e: { id: string }) => e.id === 'document');
    expect(evidence).toMatchObject({ label: 'passport', strength: 3, validity: 2 });
    expect(evidence.why).toEqual(expect.arrayContaining([expect.stringMatching(/^validity 1: /), expect.stringMatching(/^validity 2: its visible security features/)]));
    expect(evidence.raise.join(' ')).not.toMatch(/validity 2/);
    expect(evidence.raise.join(' ')).toMatch(/validity 3: read the chip/);
  });

  it('a greyscale copy of the same page: not checked (a photocopy), so no validity from it', async () => {
    const sharp = (await import('sharp')).default;
    const copy = await sharp(passport).greyscale().jpeg({ quality: 92 }).toBuffer();
    const p = await contact();
    const data = await documentOnly(p, copy);
    const doc = data.details.document as Record<string, unknown>;
    expect(doc.security_features_checked).toBe(false);
    expect((doc.security_features as { missing: string[] }).missing).toEqual([expect.stringContaining('PHOTOCOPY_SUSPECTED')]);
    const report = await amlCheck(p);
    expect(report.data.identity.gpg45.scores.evidence.find((e: { id: string }) => e.id === 'document')).toMatchObject({ strength: 3, validity: 0 });
  });
});
