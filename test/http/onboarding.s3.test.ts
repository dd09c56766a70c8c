import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../helpers/s3-server.ts';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';

/**
 * Uploaded files in an S3-compatible bucket (S3_BUCKET and friends, docs/deployment.md): the hosted flow's
 * uploads go through the real service into a real S3 server, sealed, and the processing step reads them back.
 */
let s3: S3Server;
let t: TestService;
let sandbox: TestClient;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestService(s3.env('kyc-test'));
  const created = await t.services.clients.createClient({ name: 'S3 firm', sandbox: true });
  const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } });
  sandbox = { ...created, token: token.json().access_token, auth: { authorization: `Bearer ${token.json().access_token}` } };
  await t.services.credits.add(sandbox.clientId, 10, 'credits');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('uploads in an S3-compatible bucket', () => {
  it('the flow stores every upload in the bucket as ciphertext, and processing reads them back', async () => {
    const created = await t.app.inject({
      method: 'POST', url: `/clients/${sandbox.clientId}/accounts`, headers: sandbox.auth,
      payload: { name: 'Bucket account', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Passmore', email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json();
    const contactId = account.primary_contact.id as string;
    const url = `/clients/${sandbox.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding`;
    const requested = await t.app.inject({ method: 'PUT', url, headers: sandbox.auth, payload: { config: { parameters: { idscan: 'true', face_match: 'true', suppress_invitation_mail: 'true' } } } });
    expect(requested.statusCode, requested.body).toBe(202);
    const linkToken = (requested.json().data.onboarding_url as string).split('/verify/')[1]!;
    const done = await t.app.inject({ method: 'POST', url: `/sandbox/verify/${linkToken}/complete` });
    expect(done.statusCode, done.body).toBe(202);

    // Every file row names an object in the bucket, under the configured prefix; none holds the contact's name.
    const files = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM onboarding_files WHERE contact_id = $1', [contactId]);
    expect(files.length).toBeGreaterThan(0);
    const stored = new Map(s3.objects().map((o) => [o.key, o.bytes]));
    for (const f of files) {
      const bytes = stored.get(`kyc-test/${f.storage_key}`);
      expect(bytes, f.storage_key).toBeDefined();
      expect(bytes!.includes(Buffer.from('Passmore')) || bytes!.includes(Buffer.from('PASSMORE'))).toBe(false);
    }

    // The processing job (here run in place, as a worker process would) reads the photos from the bucket.
    const [row] = await t.db.query<{ run_id: string }>('SELECT run_id FROM onboarding_reports WHERE contact_id = $1', [contactId]);
    await t.services.onboarding.processor.process({ clientId: sandbox.clientId, contactId, runId: row!.run_id }, { retryCount: 0 });
    const report = (await t.app.inject({ url, headers: sandbox.auth })).json();
    expect(report.status).toBe('READY');
    expect(report.data.idscan).toMatchObject({ document_decision: 'PASSED', face_match_decision: 'PASSED' });
  });
});
