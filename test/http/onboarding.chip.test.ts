import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chipSignChallenge, makeSampleChip, pem, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { amlWorld } from '../helpers/aml.ts';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { onboardingSteps } from '../helpers/onboarding.ts';
import { chipFlowSteps, chipPortrait, PRINTED_MRZ } from '../helpers/chip-flow.ts';

/**
 * The mobile chip reader's API end to end (docs/chip.md): the active authentication challenge, the chip upload
 * (checked field by field, the challenge used once, for this contact's run, before it expires), and processing
 * with the CSCA trust store from KYC_CSCA_TRUST_DIR: DG1 compared with the MRZ read from the photographed
 * passport, active authentication checked, any failure in review. Chips and CSCA are generated here.
 */

let clock = Date.parse('2026-11-25T10:00:00Z');
let fixture: Fixture;
let t: TestService;
let c: TestClient;
let other: TestClient;
let trustDir: string;
let chip: SampleChip;
let portrait: Buffer;
const { contact, trigger, tokenOf } = onboardingSteps(() => fixture);
const chipFlow = chipFlowSteps(() => fixture);
const { post } = chipFlow;
const mobileFlow = (client = c) => chipFlow.mobileFlow(client);
const submitAndRead = (flow: { token: string; url: string }, chipUpload: Buffer) => chipFlow.submitAndRead(c, flow, chipUpload, portrait);

beforeAll(async () => {
  portrait = await chipPortrait();
  chip = await makeSampleChip(new Uint8Array(portrait), PRINTED_MRZ, { country: 'GB', kind: 'brainpoolP256r1', activeAuthentication: 'rsa' });
  trustDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-csca-'));
  fs.writeFileSync(path.join(trustDir, 'gb-csca-test.pem'), pem(chip.csca.certificate));
  // The AML world's lists and registers: an AML check needs a screening list loaded (the registers do not know Ada).
  fixture = await startFixture({ env: { KYC_CSCA_TRUST_DIR: trustDir, ...amlWorld().env }, now: () => new Date(clock), client: 'Chip firm', other: 'Other firm', credits: 10 });
  ({ t, c, other } = fixture);
  await t.services.credits.add(other.clientId, 10, 'test credits');
}, 120_000);
afterAll(async () => {
  await fixture?.close();
  fs.rmSync(trustDir, { recursive: true, force: true });
});

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const chipJson = (c: SampleChip, extra: Record<string, unknown> = {}) => Buffer.from(JSON.stringify({ sod: b64(c.sod), dg1: b64(c.dg1), dg2: b64(c.dg2), dg15: b64(c.dg15!), ...extra }));


async function challengeFor(token: string): Promise<string> {
  const r = await post(`/verify/${token}/chip/challenge`);
  expect(r.statusCode, r.body).toBe(201);
  expect(r.headers['cache-control']).toBe('no-store');
  const body = r.json();
  expect(body.challenge).toMatch(/^[0-9a-f]{16}$/);
  expect(Date.parse(body.expires_at) - clock).toBe(300_000);
  return body.challenge as string;
}

const answer = (challenge: string, c: SampleChip = chip) => ({ active_authentication: { challenge, signature: b64(chipSignChallenge(c.aaKey!, Buffer.from(challenge, 'hex'))) } });

describe('the mobile reader API', () => {
  it('a challenge only for flows with the chip step', async () => {
    const p = await contact(c);
    const token = tokenOf((await trigger(c, p.url, { suppress_invitation_mail: 'true', idscan: 'true' })).json());
    expect((await post(`/verify/${token}/chip/challenge`)).statusCode).toBe(404);
    expect((await post('/verify/not-a-token/chip/challenge')).statusCode).toBe(404);
  });

  it('chip data is checked field by field: one error per bad field', async () => {
    const { token } = await mobileFlow();
    const r = await post(`/verify/${token}/uploads/chip`, Buffer.from(JSON.stringify({ sod: 'no base64!', dg2: b64(chip.dg2), dg99: 'AA==', active_authentication: { challenge: 'xyz', signature: b64(new Uint8Array(8)) } })));
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/active_authentication/challenge', '/dg1', '/dg99', '/sod']);
  });

  it('a challenge is used once, only by the run it was issued for, and expires', async () => {
    const a = await mobileFlow();
    const b = await mobileFlow(other);
    const challenge = await challengeFor(a.token);
    // Another contact (another client's) cannot use it.
    const foreign = await post(`/verify/${b.token}/uploads/chip`, chipJson(chip, answer(challenge)));
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json().reason).toBe('CHIP_CHALLENGE_UNKNOWN');
    expect((await post(`/verify/${a.token}/uploads/chip`, chipJson(chip, answer(challenge)))).statusCode).toBe(201);
    // Replayed: the same challenge and answer again.
    const replay = await post(`/verify/${a.token}/uploads/chip`, chipJson(chip, answer(challenge)));
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ reason: 'CHIP_CHALLENGE_USED', errors: [{ pointer: '/active_authentication/challenge' }] });
    // Expired: answered after the five minutes.
    const late = await challengeFor(a.token);
    clock += 301_000;
    const expired = await post(`/verify/${a.token}/uploads/chip`, chipJson(chip, answer(late)));
    expect(expired.json().reason).toBe('CHIP_CHALLENGE_EXPIRED');
    // Asking again replaces an unused challenge: the earlier one is gone.
    const first = await challengeFor(a.token);
    await challengeFor(a.token);
    expect((await post(`/verify/${a.token}/uploads/chip`, chipJson(chip, answer(first)))).json().reason).toBe('CHIP_CHALLENGE_UNKNOWN');
  });
});


describe('processing with the configured trust store', () => {
  it('DG1 equal to the photographed MRZ, trusted CSCA, answered challenge: no chip failure but the ones the faces give', async () => {
    const flow = await mobileFlow();
    const report = await submitAndRead(flow, chipJson(chip, answer(await challengeFor(flow.token))));
    expect(report.status).toBe('READY');
    const reasons: string[] = report.data.reasons;
    // The trust store reached processing (no CSCA_UNTRUSTED), the MRZ read from the photo is DG1, the chip answered.
    for (const absent of ['CHIP_CSCA_UNTRUSTED', 'CHIP_MRZ_MISMATCH', 'CHIP_MRZ_NOT_COMPARED', 'CHIP_AA_FAILED', 'CHIP_AA_CHALLENGE_INVALID', 'CHIP_AA_NOT_PERFORMED', 'CHIP_DATA_INVALID']) {
      expect(reasons, absent).not.toContain(absent);
    }
    // The portrait is the selfie's person (the same one-face photo): compared and the same, so it binds the chip
    // to the person too (a portrait not compared, or someone else, would give one of these).
    expect(reasons).not.toContain('CHIP_FACE_MISMATCH');
    expect(reasons).not.toContain('CHIP_FACE_NOT_COMPARED');
  }, 240_000);

  /** The contact's AML check, triggered and read once processed. */
  async function amlOf(flow: { url: string }): Promise<{ data: { decision: string; reasons: string[]; identity: { gpg45: { scores: { evidence: Array<{ id: string; validity: number; why: string[] }>; identity_fraud: { score: number; why: string[] } } } } } }> {
    const aml = flow.url.replace(/\/onboarding$/, '/aml');
    const triggered = await t.app.inject({ method: 'PUT', url: aml, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
    expect(triggered.statusCode, triggered.body).toBe(202);
    let result = triggered.json();
    for (let i = 0; i < 200 && result.status === 'INITIAL'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = (await t.app.inject({ url: aml, headers: c.auth })).json();
    }
    return result;
  }

  it('a chip whose DG1 is another passport than the one photographed (its number, the printed check digit valid): CHIP_MRZ_MISMATCH, in review, the AML check ALERT', async () => {
    const otherPassport = await makeSampleChip(new Uint8Array(portrait), PRINTED_MRZ.replace('533401372', '533401380'), { country: 'GB', csca: chip.csca, activeAuthentication: 'rsa' });
    const flow = await mobileFlow();
    const report = await submitAndRead(flow, chipJson(otherPassport, answer(await challengeFor(flow.token), otherPassport)));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_MRZ_MISMATCH']));
    expect(report.data.reasons).not.toContain('CHIP_CSCA_UNTRUSTED');
    expect(report.data.idscan.document_decision).not.toBe('PASSED');
    const [row] = await t.db.query<{ needs_review: boolean }>('SELECT needs_review FROM onboarding_reports WHERE contact_id = $1', [flow.contactId]);
    expect(row!.needs_review).toBe(true);
    const result = await amlOf(flow);
    expect(result.data).toMatchObject({ decision: 'ALERT', reasons: expect.arrayContaining(['DOCUMENT_CHIP_TAMPERED']) });
    expect(result.data.identity.gpg45.scores.evidence.find((e) => e.id === 'document')?.why.join('\n')).toMatch(/CHIP_MRZ_MISMATCH/);
  }, 240_000);

  it('a chip whose DG1 differs from the photographed MRZ only in a name (what an OCR misread gives): CHIP_MRZ_UNPROTECTED_MISMATCH, in review, no tampering', async () => {
    const misread = await makeSampleChip(new Uint8Array(portrait), PRINTED_MRZ.replace('SMITH<<JOHN<PAUL', 'SMITH<<JOHN<PAUI'), { country: 'GB', csca: chip.csca, activeAuthentication: 'rsa' });
    const flow = await mobileFlow();
    const report = await submitAndRead(flow, chipJson(misread, answer(await challengeFor(flow.token), misread)));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_MRZ_UNPROTECTED_MISMATCH']));
    expect(report.data.reasons).not.toContain('CHIP_MRZ_MISMATCH');
    const [row] = await t.db.query<{ needs_review: boolean }>('SELECT needs_review FROM onboarding_reports WHERE contact_id = $1', [flow.contactId]);
    expect(row!.needs_review).toBe(true);
    const result = await amlOf(flow);
    expect(result.data.reasons).not.toContain('DOCUMENT_CHIP_TAMPERED');
    expect(result.data.identity.gpg45.scores.identity_fraud.why.join('\n')).not.toMatch(/altered or forged/);
    // Validity 0 only as a document in review (REFER), not as one found false.
    const why = result.data.identity.gpg45.scores.evidence.find((e) => e.id === 'document')?.why.join('\n');
    expect(why).toMatch(/^validity 0: the document did not pass its checks \(REFER/m);
    expect(why).not.toMatch(/altered or forged/);
  }, 240_000);

  it('a data group altered after signing (its hash not the SOD\'s): the AML check is ALERT DOCUMENT_CHIP_TAMPERED, the document validity 0', async () => {
    // One byte of the portrait's image data changed after the state signed the SOD.
    const dg2 = Uint8Array.from(chip.dg2);
    const at = dg2.length - 64;
    dg2[at] = dg2[at]! ^ 0x01;
    const flow = await mobileFlow();
    const report = await submitAndRead(flow, chipJson({ ...chip, dg2 }, answer(await challengeFor(flow.token))));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_DG_HASH_MISMATCH']));
    expect(report.data.reasons).not.toContain('CHIP_CSCA_UNTRUSTED');

    const result = await amlOf(flow);
    expect(result.data).toMatchObject({ decision: 'ALERT', reasons: expect.arrayContaining(['DOCUMENT_CHIP_TAMPERED']) });
    const g = result.data.identity.gpg45;
    const document = g.scores.evidence.find((e) => e.id === 'document');
    expect(document).toMatchObject({ validity: 0, why: expect.arrayContaining([expect.stringMatching(/^validity 0: the chip shows the document altered or forged.*CHIP_DG_HASH_MISMATCH/)]) });
    expect(g.scores.identity_fraud).toMatchObject({ score: 0, why: [expect.stringMatching(/altered or forged document \(its chip: CHIP_DG_HASH_MISMATCH\)/)] });
  }, 240_000);
});
