import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AML_EVENTS, AML_SECRET, CLARA, contactFor, startAmlFixture, triggerAndWait, type AmlFixture } from '../helpers/aml.ts';
import type { TestClient } from '../helpers/fixture.ts';

/**
 * GPG 45 over HTTP (issue 23): the AML report carries the confidence reached, the profile met and every score with
 * why (`data.identity.gpg45`); the client's required confidence decides PASS; the sandbox personas produce each level.
 */
let f: AmlFixture;
let sandbox: TestClient;
const LONDON = { street: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London', country_code: 'GB' };

beforeAll(async () => {
  f = await startAmlFixture();
  const created = await f.t.services.clients.createClient({ name: 'Sandbox firm', sandbox: true });
  const token = await f.t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } });
  sandbox = { ...created, auth: { authorization: `Bearer ${token.json().access_token}` } } as unknown as TestClient;
  await f.t.services.credits.add(created.clientId, 20, 'test credits');
  await f.subscribe(sandbox, { secret: AML_SECRET, reportTypes: ['AML'], events: AML_EVENTS });
}, 120_000);
afterAll(async () => {
  await f?.close();
});

const check = async (client: TestClient, last: string, address: Record<string, string> = LONDON) => {
  const p = await contactFor(f, client, 'Ada', last, '1985-04-12', address);
  return triggerAndWait(f, client, p.url, p.contactId);
};

describe('AML identity by GPG 45', () => {
  it('a chip-verified passport with a live face match (sandbox Medway): PASS at MEDIUM, profile M1C, each score explained', async () => {
    const report = await check(sandbox, 'Medway');
    expect(report.data).toMatchObject({ decision: 'PASS', reasons: expect.arrayContaining(['GPG45_MEDIUM', 'GPG45_PROFILE_M1C']) });
    const g = report.data.identity.gpg45;
    expect(g).toMatchObject({ confidence: 'MEDIUM', profile: 'M1C', required: 'MEDIUM', required_met: true, version: expect.stringContaining('GPG 45') });
    expect(g.scores.evidence[0]).toMatchObject({ id: 'document', strength: 4, validity: 3, why: expect.arrayContaining([expect.stringContaining('passive authentication')]) });
    expect(g.scores.verification).toMatchObject({ score: 3, why: [expect.stringContaining('live capture')] });
    expect(g.to_raise).toMatchObject({ confidence: 'HIGH' });
    expect(report.data.identity.postcode).toBe('LIVE');
  });

  it('low confidence only (sandbox Lowe): REFER naming what medium lacks', async () => {
    const report = await check(sandbox, 'Lowe');
    expect(report.data.decision).toBe('REFER');
    expect(report.data.identity.gpg45).toMatchObject({ confidence: 'LOW', profile: 'L1B', required_met: false, to_raise: { confidence: 'MEDIUM' } });
    expect(report.data.reasons).toEqual(expect.arrayContaining(['GPG45_MEDIUM_NOT_MET', ...report.data.identity.gpg45.missing_codes]));
  });

  it('a known fraudulent identity (sandbox Fraudster): ALERT IDENTITY_FRAUD, identity fraud score 0', async () => {
    const report = await check(sandbox, 'Fraudster');
    expect(report.data).toMatchObject({ decision: 'ALERT', reasons: ['IDENTITY_FRAUD'] });
    expect(report.data.identity.gpg45.scores.identity_fraud.score).toBe(0);
  });

  it('a client requiring HIGH: Medway is REFER, Higham is PASS at HIGH (H1A)', async () => {
    await f.t.services.clients.setIdentityConfidence(sandbox.clientId, 'high');
    try {
      const medium = await check(sandbox, 'Medway');
      expect(medium.data).toMatchObject({ decision: 'REFER', reasons: expect.arrayContaining(['GPG45_HIGH_NOT_MET']) });
      const high = await check(sandbox, 'Higham');
      expect(high.data).toMatchObject({ decision: 'PASS', reasons: expect.arrayContaining(['GPG45_HIGH', 'GPG45_PROFILE_H1A']) });
    } finally {
      await f.t.services.clients.setIdentityConfidence(sandbox.clientId, 'medium');
    }
  });

  it('a live client confirmed by two sources passes on them, and still shows its GPG 45 scores', async () => {
    const p = await contactFor(f, f.c, ...CLARA);
    const report = await triggerAndWait(f, f.c, p.url, p.contactId);
    expect(report.data).toMatchObject({ decision: 'PASS', reasons: ['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED'] });
    expect(report.data.identity.gpg45).toMatchObject({ confidence: null, required_met: false });
    expect(report.data.identity.gpg45.scores.evidence.map((e: { id: string }) => e.id)).toEqual(['source:electoral_roll', 'source:credit_header']);
    expect(report.data.identity.gpg45.scores.verification.raise[0]).toMatch(/face match with live capture/);
  });

  it('an unknown confidence level is refused (kyc clients confidence)', async () => {
    await expect(f.t.services.clients.setIdentityConfidence(f.c.clientId, 'very high')).rejects.toThrow(/low, medium or high/);
  });
});
