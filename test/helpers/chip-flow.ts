import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildMrz } from '../../eval/documents/synthetic.ts';
import type { Fixture, TestClient } from './fixture.ts';
import { onboardingSteps } from './onboarding.ts';

/**
 * The chip tests' shared pieces (the mobile reader's API over HTTP: active authentication in
 * onboarding.chip.test.ts, chip authentication in onboarding.chip-ca.test.ts): the photographed passport, the MRZ
 * printed on it, a face for the selfie and the chip's DG2, and the flow from trigger to processed report.
 */
const require = createRequire(import.meta.url);

export const passportPhoto = fs.readFileSync(new URL('../documents/fixtures/passport-gbr.jpg', import.meta.url));

/** The MRZ printed on passport-gbr.jpg (test/documents/make-fixtures.ts): a chip's DG1 equal to it binds the chip to the photo. */
export const PRINTED_MRZ = buildMrz('TD3', { document_code: 'P<', issuing_state: 'GBR', nationality: 'GBR', document_number: '533401372', birth_date: '900115', sex: 'M', expiry_date: '310101', optional_data: '', names: 'SMITH<<JOHN<PAUL' }).lines.join('');

/**
 * A face photo from face-api's demo images, as the selfie, the live frame and the chip's portrait. sample5 holds
 * one face (sample2 holds three, so its portrait could never be compared: CHIP_FACE_NOT_COMPARED).
 */
export async function chipPortrait(): Promise<Buffer> {
  const face = fs.readFileSync(path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample5.jpg'));
  return sharp(face).resize({ width: 320 }).jpeg({ quality: 85 }).toBuffer();
}

export function chipFlowSteps(fixture: () => Fixture) {
  const { contact, trigger, tokenOf } = onboardingSteps(fixture);
  const post = (url: string, payload?: Buffer) => fixture().t.app.inject({ method: 'POST', url, ...(payload ? { headers: { 'content-type': 'application/json' }, payload } : {}) });

  /** A contact's onboarding with the mobile chip step, and its link's token. */
  async function mobileFlow(client: TestClient) {
    const p = await contact(client);
    const report = await trigger(client, p.url, { suppress_invitation_mail: 'true', face_match_mobile: 'true' });
    expect(report.statusCode, report.body).toBe(202);
    const token = tokenOf(report.json());
    expect((await fixture().t.app.inject({ url: `/verify/${token}/flow` })).statusCode).toBe(200);
    return { ...p, token };
  }

  /** Uploads the passport photo, the selfie, one live frame and the chip's data, submits, and reads the processed report. */
  async function submitAndRead(client: TestClient, flow: { token: string; url: string }, chipUpload: Buffer, portrait: Buffer) {
    const { t } = fixture();
    const upload = async (slot: string, bytes: Buffer, type = 'image/jpeg') => {
      const r = await t.app.inject({ method: 'POST', url: `/verify/${flow.token}/uploads/${slot}`, headers: { 'content-type': type }, payload: bytes });
      expect(r.statusCode, `${slot}: ${r.body}`).toBe(201);
    };
    await upload('document_front', passportPhoto);
    await upload('selfie', portrait);
    // A capture session of one still (the step is done once finished, passed or not): these tests are about the chip's checks.
    const session = (await t.app.inject({ method: 'POST', url: `/verify/${flow.token}/liveness/sessions`, payload: {} })).json() as { session_id: string; nonce: string };
    const frame = await t.app.inject({ method: 'POST', url: `/verify/${flow.token}/liveness/sessions/${session.session_id}/frames`, headers: { 'content-type': 'image/jpeg', 'x-liveness-nonce': session.nonce, 'x-liveness-step': '0' }, payload: portrait });
    expect(frame.statusCode, frame.body).toBe(201);
    const finished = await t.app.inject({ method: 'POST', url: `/verify/${flow.token}/liveness/sessions/${session.session_id}/finish`, payload: { nonce: session.nonce } });
    expect(finished.statusCode, finished.body).toBe(200);
    await upload('chip', chipUpload, 'application/json');
    const submitted = await post(`/verify/${flow.token}/submit`, Buffer.from(JSON.stringify({ consent: true })));
    expect(submitted.statusCode, submitted.body).toBe(202);
    for (let i = 0; i < 240; i++) {
      const report = (await t.app.inject({ url: flow.url, headers: client.auth })).json();
      if (report.status !== 'IN_PROGRESS') return report;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('processing did not finish');
  }

  return { post, mobileFlow, submitAndRead };
}
