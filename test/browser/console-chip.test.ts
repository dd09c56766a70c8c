import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chipSignChallenge, makeSampleChip, pem, type SampleChip } from '../../src/modules/biometrics/chip/chip-sample.ts';
import { CONSOLE_DIST } from '../../src/modules/console/index.ts';
import { chipFlowSteps, chipPortrait, PRINTED_MRZ } from '../helpers/chip-flow.ts';
import { startFixture, type Fixture } from '../helpers/fixture.ts';
import { PASSWORD } from '../http/console-helpers.ts';
import { axe, CHROMIUM, DESKTOP, hasChromium } from './harness.ts';

/**
 * The chip check in the console, as a reviewer reads it: each binding (data signed, signer trusted, issuing
 * state, chip of the photographed document, chip genuine, portrait of the person) a row with its result and
 * detail. Chips and their CSCA are generated here (brainpoolP256r1 signer, RSA active authentication key).
 */
const ARTEFACTS = path.resolve('test-results/console');
let fixture: Fixture;
let browser: Browser;
let origin: string;
let chip: SampleChip;
let portrait: Buffer;
let trustDir: string;
const flow = chipFlowSteps(() => fixture);

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const chipUpload = (extra: Record<string, unknown> = {}) => Buffer.from(JSON.stringify({ sod: b64(chip.sod), dg1: b64(chip.dg1), dg2: b64(chip.dg2), dg15: b64(chip.dg15!), ...extra }));

beforeAll(async () => {
  if (!hasChromium) return;
  if (!fs.existsSync(path.join(CONSOLE_DIST, 'index.html'))) execFileSync('npx', ['vite', 'build', '--config', 'web/console/vite.config.ts'], { stdio: 'inherit' });
  fs.mkdirSync(ARTEFACTS, { recursive: true });
  portrait = await chipPortrait();
  chip = await makeSampleChip(new Uint8Array(portrait), PRINTED_MRZ, { country: 'GB', kind: 'brainpoolP256r1', activeAuthentication: 'rsa' });
  trustDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-console-chip-'));
  fs.writeFileSync(path.join(trustDir, 'gb-csca-test.pem'), pem(chip.csca.certificate));
  fixture = await startFixture({ env: { KYC_CSCA_TRUST_DIR: trustDir, PUBLIC_URL: 'http://127.0.0.1:1' }, client: 'Chip console firm', credits: 10 });
  await fixture.t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(fixture.t.app.server.address() as AddressInfo).port}`;
  await fixture.t.services.staff.createUser(fixture.c.clientId, { email: 'reviewer@chip.test', role: 'reviewer', password: PASSWORD });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await fixture?.close();
  if (trustDir) fs.rmSync(trustDir, { recursive: true, force: true });
});

/** A contact's mobile chip flow, processed, and its chip rows as the console shows them (check → result). */
async function chipRowsShown(answerChallenge: boolean, screenshot: string) {
  const started = await flow.mobileFlow(fixture.c);
  let extra = {};
  if (answerChallenge) {
    const r = await flow.post(`/verify/${started.token}/chip/challenge`);
    expect(r.statusCode, r.body).toBe(201);
    const challenge = r.json().challenge as string;
    extra = { active_authentication: { challenge, signature: b64(chipSignChallenge(chip.aaKey!, Buffer.from(challenge, 'hex'))) } };
  }
  const report = await flow.submitAndRead(fixture.c, started, chipUpload(extra), portrait);
  expect(report.status).toBe('READY');
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${new URL(report.data.report_link).pathname}`);
    await page.getByLabel('E-mail address').fill('reviewer@chip.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 2, name: 'Chip (NFC)' }).waitFor({ timeout: 30_000 });
    const rows = page.getByTestId('chip-check');
    await expect.poll(() => rows.count()).toBe(9);
    const shown = new Map<string, { result: string; detail: string }>();
    for (const row of await rows.all()) {
      const [result, detail] = await row.getByRole('cell').allTextContents();
      shown.set(await row.getByRole('rowheader').textContent() ?? '', { result: result!, detail: detail! });
    }
    expect(await axe(page)).toEqual([]);
    await page.getByRole('heading', { level: 2, name: 'Chip (NFC)' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTEFACTS, `${screenshot}.png`), fullPage: true });
    return { shown, reasons: report.data.reasons as string[] };
  } finally {
    await context.close();
  }
}

describe.skipIf(!hasChromium)('console: the chip check, binding by binding', () => {
  it('a genuine chip of the photographed passport, answered challenge: every binding passes and says why', async () => {
    const { shown, reasons } = await chipRowsShown(true, '30-onboarding-chip');
    for (const check of ['Data groups match the signed hashes', 'Security object signed by the document signer', 'Document signer issued by a trusted CSCA', 'CSCA and signer of the issuing state', 'Chip is the document photographed (DG1 against the printed MRZ)', 'Active authentication (chip signs the server\'s challenge)']) {
      expect(shown.get(check)?.result, check).toBe('pass');
    }
    expect(shown.get('Data groups match the signed hashes')!.detail).toMatch(/DG1, DG2/);
    expect(shown.get('Security object signed by the document signer')!.detail).toMatch(/brainpoolP256r1.*; ECDSA with SHA-256$/);
    expect(shown.get('CSCA and signer of the issuing state')!.detail).toBe('issuing state in DG1: GBR; CSCA country: GB');
    // No revocation list and no DG14 are held for this chip: said, not passed.
    expect(shown.get('Document signer not revoked')).toEqual({ result: 'not checked', detail: 'no revocation list held for this CSCA' });
    expect(shown.get('Chip authentication (DG14 key agreed with the server)')?.result).toBe('not checked');
    // The portrait is the selfie's person (one face, the same photo): the row passes, as the report's reasons say.
    expect(reasons.filter((r) => r.startsWith('CHIP_FACE_'))).toEqual([]);
    const portraitRow = shown.get('Chip portrait (DG2) is the person')!;
    expect(portraitRow.result).toBe('pass');
    expect(portraitRow.detail).toMatch(/^similarity \d\.\d{3} \(threshold \d\.\d{3}\)/);
  }, 300_000);

  it('the same chip read without answering the challenge: active authentication shows as not performed, a failure', async () => {
    const { shown, reasons } = await chipRowsShown(false, '31-onboarding-chip-no-aa');
    expect(reasons).toContain('CHIP_AA_NOT_PERFORMED');
    expect(shown.get('Active authentication (chip signs the server\'s challenge)')).toEqual({ result: 'fail', detail: 'supported but not performed' });
    expect(shown.get('Data groups match the signed hashes')?.result).toBe('pass');
  }, 300_000);
});
