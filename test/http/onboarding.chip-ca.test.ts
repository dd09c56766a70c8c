import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSampleChip, pem, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { answerChipAuthentication } from '../../src/modules/biometrics/chip/chip-simulator.ts';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { chipFlowSteps, chipPortrait, PRINTED_MRZ } from '../helpers/chip-flow.ts';
import type { OnboardingData } from '../../src/modules/onboarding/domain/report.ts';

/**
 * Chip authentication checked by the server, over HTTP (docs/chip.md, ADR 0198): the reader sends DG14 with the
 * challenge request, the server answers with its ephemeral key and protected commands and keeps the session keys
 * sealed in the challenge row; a simulated chip holding DG14's private key answers; the upload carries its raw
 * responses; processing verifies them. The chip has no DG15 (chip authentication instead of active
 * authentication, as many recent passports). Honest, tampered, replayed, foreign and unanswered cases.
 */

let fixture: Fixture;
let t: TestService;
let c: TestClient;
let other: TestClient;
let trustDir: string;
let chip: SampleChip;
let portrait: Buffer;
const chipFlow = chipFlowSteps(() => fixture);
const { post } = chipFlow;
const mobileFlow = (client = c) => chipFlow.mobileFlow(client);
const submitAndRead = (flow: { token: string; url: string }, chipUpload: Buffer) => chipFlow.submitAndRead(c, flow, chipUpload, portrait);

beforeAll(async () => {
  portrait = await chipPortrait();
  chip = await makeSampleChip(new Uint8Array(portrait), PRINTED_MRZ, { country: 'GB', kind: 'brainpoolP256r1', chipAuthentication: { curve: 'brainpoolP256r1', protocol: '2.2' } });
  trustDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-csca-'));
  fs.writeFileSync(path.join(trustDir, 'gb-csca-test.pem'), pem(chip.csca.certificate));
  fixture = await startFixture({ env: { KYC_CSCA_TRUST_DIR: trustDir }, client: 'Chip CA firm', other: 'Other firm', credits: 10 });
  ({ t, c, other } = fixture);
  await t.services.credits.add(other.clientId, 10, 'test credits');
}, 120_000);
afterAll(async () => {
  await fixture?.close();
  fs.rmSync(trustDir, { recursive: true, force: true });
});

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const json = (body: unknown) => Buffer.from(JSON.stringify(body));
const chipJson = (extra: Record<string, unknown> = {}, c: SampleChip = chip) => json({ sod: b64(c.sod), dg1: b64(c.dg1), dg2: b64(c.dg2), dg14: b64(c.dg14!), ...extra });


interface Session { challenge: string; chip_authentication: { protocol: string; name: string; version: number; key_id: number | null; ephemeral_public_key: string; commands: string[] } }

async function sessionFor(token: string, c: SampleChip = chip): Promise<Session> {
  const r = await post(`/verify/${token}/chip/challenge`, json({ chip_authentication: { dg14: b64(c.dg14!) } }));
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** The reader passes the server's commands to the chip (after MSE:Set AT and General Authenticate) and keeps the answers. */
function chipAnswers(s: Session, c: SampleChip = chip): string[] {
  const ca = s.chip_authentication;
  return answerChipAuthentication(c.caKey!, c.dg1, { protocol: ca.protocol, ephemeralPublicKey: Buffer.from(ca.ephemeral_public_key, 'hex'), commands: ca.commands.map((x) => Buffer.from(x, 'hex')) }).map(hex);
}

describe('the chip authentication session over the reader API', () => {
  it('DG14 with the challenge request: the server\'s ephemeral key and protected commands; the session keys kept sealed', async () => {
    const flow = await mobileFlow();
    const s = await sessionFor(flow.token);
    expect(s.chip_authentication).toMatchObject({ protocol: '0.4.0.127.0.7.2.2.3.2.2', name: 'CA-ECDH-AES-CBC-CMAC-128', version: 2, key_id: null });
    expect(s.chip_authentication.ephemeral_public_key).toMatch(/^04[0-9a-f]{128}$/);
    expect(s.chip_authentication.commands).toHaveLength(2);
    // SELECT and READ BINARY with the secure messaging class byte.
    expect(s.chip_authentication.commands.map((x) => x.slice(0, 4))).toEqual(['0ca4', '0cb0']);
    const [row] = await t.db.query<{ ca_session_enc: Uint8Array }>('SELECT ca_session_enc FROM onboarding_chip_challenges WHERE contact_id = $1 AND challenge = $2', [flow.contactId, s.challenge]);
    const sealed = Buffer.from(row!.ca_session_enc);
    expect(sealed[0]).toBe(2); // under the contact's own data key
    expect(sealed.toString('latin1')).not.toMatch(/kMac|kEnc|CA-ECDH/);
    // A challenge without DG14 has no session; a DG14 that cannot be read is refused on its field.
    const alone = await post(`/verify/${flow.token}/chip/challenge`);
    expect(alone.statusCode, alone.body).toBe(201);
    expect(alone.json().chip_authentication).toBeUndefined();
    const bad = await post(`/verify/${flow.token}/chip/challenge`, json({ chip_authentication: { dg14: b64(chip.dg1) } }));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toEqual([expect.objectContaining({ pointer: '/chip_authentication/dg14' })]);
    const unknown = await post(`/verify/${flow.token}/chip/challenge`, json({ dg14: b64(chip.dg14!) }));
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ pointer: '/dg14' })]);
  });

  it('the answers are used once, by the run the session was started for', async () => {
    const a = await mobileFlow();
    const b = await mobileFlow(other);
    const s = await sessionFor(a.token);
    const upload = chipJson({ chip_authentication: { challenge: s.challenge, responses: chipAnswers(s) } });
    const foreign = await post(`/verify/${b.token}/uploads/chip`, upload);
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json()).toMatchObject({ reason: 'CHIP_CHALLENGE_UNKNOWN', errors: [{ pointer: '/chip_authentication/challenge' }] });
    expect((await post(`/verify/${a.token}/uploads/chip`, upload)).statusCode).toBe(201);
    const replay = await post(`/verify/${a.token}/uploads/chip`, upload);
    expect(replay.json()).toMatchObject({ reason: 'CHIP_CHALLENGE_USED' });
    // Field by field: responses without the challenge, an APDU not in hex.
    const r = await post(`/verify/${a.token}/uploads/chip`, chipJson({ chip_authentication: { responses: ['9000', 'xyz'] } }));
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/chip_authentication/challenge', '/chip_authentication/responses/1']);
  });
});


/** The chip result processing sealed for the reviewer. */
async function chipDetails(contactId: string): Promise<{ reasons: string[]; warnings: string[]; chip_authentication: Record<string, unknown> }> {
  const [row] = await t.db.query<{ data_enc: Buffer } & Record<string, unknown>>('SELECT * FROM onboarding_reports WHERE contact_id = $1', [contactId]);
  const data = (await t.services.onboarding.onboarding.open(t.db, row as never, 'data', row!.data_enc)) as OnboardingData;
  return data.details.chip as never;
}

describe('processing verifies the chip\'s answers', () => {
  it('an honest chip: CHIP_CA_VERIFIED, no CA_NOT_VERIFIED warning, no chip failure', async () => {
    const flow = await mobileFlow();
    const s = await sessionFor(flow.token);
    const report = await submitAndRead(flow, chipJson({ chip_authentication: { challenge: s.challenge, responses: chipAnswers(s) } }));
    expect(report.status).toBe('READY');
    const reasons: string[] = report.data.reasons;
    expect(reasons).toContain('CHIP_CA_VERIFIED');
    for (const absent of ['CHIP_CA_FAILED', 'CHIP_CA_SESSION_INVALID', 'CHIP_CSCA_UNTRUSTED', 'CHIP_MRZ_MISMATCH', 'CHIP_DATA_INVALID']) expect(reasons, absent).not.toContain(absent);
    const details = await chipDetails(flow.contactId);
    expect(details.warnings).not.toContain('CA_NOT_VERIFIED');
    expect(details.chip_authentication).toMatchObject({ supported: true, performed: true, session_valid: true, verified: true, protocol: 'CA-ECDH-AES-CBC-CMAC-128' });
  }, 240_000);

  it('a chip someone made with their own CSCA answers the protocol with its own key: not verified, and no CHIP_CA_VERIFIED', async () => {
    // Everything is self-consistent (DG14's hash in the SOD, the key in DG14, the answers right); only the CSCA is
    // not one the server trusts. The protocol verifies, but it proves nothing about who issued the chip.
    const made = await makeSampleChip(new Uint8Array(portrait), PRINTED_MRZ, { country: 'GB', kind: 'brainpoolP256r1', chipAuthentication: { curve: 'brainpoolP256r1', protocol: '2.2' } });
    const flow = await mobileFlow();
    const s = await sessionFor(flow.token, made);
    const report = await submitAndRead(flow, chipJson({ chip_authentication: { challenge: s.challenge, responses: chipAnswers(s, made) } }, made));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_CSCA_UNTRUSTED']));
    expect(report.data.reasons).not.toContain('CHIP_CA_VERIFIED');
    expect((await chipDetails(flow.contactId)).chip_authentication).toMatchObject({ performed: true, verified: true });
  }, 240_000);

  it('a response altered on the way (one bit of the READ BINARY\'s MAC): CHIP_CA_FAILED, the chip not verified, in review', async () => {
    const flow = await mobileFlow();
    const s = await sessionFor(flow.token);
    const answers = chipAnswers(s);
    const last = Buffer.from(answers[1]!, 'hex');
    last[last.length - 3] = last[last.length - 3]! ^ 0x01;
    answers[1] = hex(last);
    const report = await submitAndRead(flow, chipJson({ chip_authentication: { challenge: s.challenge, responses: answers } }));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_CA_FAILED']));
    expect(report.data.reasons).not.toContain('CHIP_CA_VERIFIED');
    expect(report.data.idscan.document_decision).not.toBe('PASSED');
    const [row] = await t.db.query<{ needs_review: boolean }>('SELECT needs_review FROM onboarding_reports WHERE contact_id = $1', [flow.contactId]);
    expect(row!.needs_review).toBe(true);
  }, 240_000);

  it('a sealed session put back into a later challenge row of the same contact opens to nothing: CHIP_CA_SESSION_INVALID', async () => {
    const flow = await mobileFlow();
    const first = await sessionFor(flow.token);
    const select = 'SELECT ca_session_enc FROM onboarding_chip_challenges WHERE contact_id = $1 AND challenge = $2';
    const [kept] = await t.db.query<{ ca_session_enc: Uint8Array }>(select, [flow.contactId, first.challenge]);
    const second = await sessionFor(flow.token);
    // Someone with write access to the table puts the first session's sealed keys (kept aside) on the second challenge.
    await t.db.query('UPDATE onboarding_chip_challenges SET ca_session_enc = $3 WHERE contact_id = $1 AND challenge = $2', [flow.contactId, second.challenge, kept!.ca_session_enc]);
    const [moved] = await t.db.query<{ ca_session_enc: Uint8Array }>(select, [flow.contactId, second.challenge]);
    expect(Buffer.from(moved!.ca_session_enc).equals(Buffer.from(kept!.ca_session_enc))).toBe(true);
    const report = await submitAndRead(flow, chipJson({ chip_authentication: { challenge: second.challenge, responses: chipAnswers(first) } }));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_CA_SESSION_INVALID']));
    expect(report.data.reasons).not.toContain('CHIP_CA_VERIFIED');
  }, 240_000);

  it('answers recorded from an earlier session, sent with a new challenge: CHIP_CA_FAILED; a chip with CA and no answers keeps the warning', async () => {
    const flow = await mobileFlow();
    const recorded = chipAnswers(await sessionFor(flow.token));
    const fresh = await sessionFor(flow.token);
    const report = await submitAndRead(flow, chipJson({ chip_authentication: { challenge: fresh.challenge, responses: recorded } }));
    expect(report.data.reasons).toEqual(expect.arrayContaining(['CHIP_NOT_VERIFIED', 'CHIP_CA_FAILED']));

    const quiet = await mobileFlow();
    const plain = await submitAndRead(quiet, chipJson({ chip_authentication: { performed: true } }));
    expect(plain.data.reasons).not.toContain('CHIP_CA_FAILED');
    expect(plain.data.reasons).not.toContain('CHIP_CA_VERIFIED');
    const details = await chipDetails(quiet.contactId);
    expect(details.warnings).toContain('CA_NOT_VERIFIED');
    expect(details.chip_authentication).toMatchObject({ supported: true, performed: false, verified: null, reader_asserted: true });
  }, 480_000);
});
