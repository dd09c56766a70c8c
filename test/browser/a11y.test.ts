import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { consoleLogin } from '../http/console-helpers.ts';
import { ARTEFACTS, axe, CHROMIUM, DESKTOP, docShot, hasChromium, PHONE } from './harness.ts';

/**
 * Issue 25: axe-core (no serious or critical violation) on the pages and states the other browser tests do not
 * reach: every step of the flow (English and Welsh), "Check and send" with its pictures, the thank-you and
 * already-sent pages, an unknown link; the portal in Welsh and with an unknown link; the console's empty states
 * (dashboard, search, contact, account, an onboarding or AML page with no report, an unknown page) and the face
 * match's two face crops. A sandbox client: its engines are simulated, so no model is loaded.
 */
const PASSWORD = 'correct horse battery staple';
let t: TestService;
let browser: Browser;
let origin: string;
let sandbox: TestClient;
let empty: TestClient;

async function check(page: Page, name: string, doc?: string) {
  expect(await axe(page), `axe on ${name}`).toEqual([]);
  await page.screenshot({ path: path.join(ARTEFACTS, `a11y-${name}.png`), fullPage: true });
  if (doc) await docShot(page, doc, { fullPage: true });
}
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });

/**
 * A drawn face (no real person: the pictures go into the docs), 400x480, with a `shade` so frames differ.
 */
const drawnFace = (shade: number) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="480">
  <rect width="400" height="480" fill="#c9d6df"/>
  <path d="M40 480 Q200 330 360 480 Z" fill="#2f5d7c"/>
  <ellipse cx="200" cy="215" rx="120" ry="150" fill="#e2b48f"/>
  <path d="M80 190 Q90 60 200 60 Q310 60 320 190 Q290 110 200 110 Q110 110 80 190 Z" fill="#4a3322"/>
  <ellipse cx="155" cy="205" rx="16" ry="10" fill="#fff"/><circle cx="155" cy="205" r="7" fill="#3b2a1a"/>
  <ellipse cx="245" cy="205" rx="16" ry="10" fill="#fff"/><circle cx="245" cy="205" r="7" fill="#3b2a1a"/>
  <path d="M135 180 Q155 168 175 180 M225 180 Q245 168 265 180" stroke="#4a3322" stroke-width="6" fill="none"/>
  <path d="M200 215 L188 270 Q200 278 212 270" stroke="#b5855f" stroke-width="5" fill="none"/>
  <path d="M160 305 Q200 ${325 + (shade % 5)} 240 305" stroke="#9c4a3a" stroke-width="8" fill="none" stroke-linecap="round"/></svg>`);

/**
 * A square picture with a face where the sandbox's face engine says it is ((300, 250), 400x480 of 1000x1000), so
 * the face crops show a face: on a document-like card, or (`seed`) as a camera frame, each one different.
 */
async function facePicture(kind: 'card' | 'frame', seed = 0): Promise<Buffer> {
  const face = await sharp(drawnFace(seed)).png().toBuffer();
  const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><rect width="1000" height="1000" fill="${kind === 'card' ? '#dfe8e4' : '#3b4450'}"/>
    ${kind === 'card' ? '<text x="60" y="140" font-size="56" font-family="sans-serif" fill="#234">SANDBOX SPECIMEN</text><text x="60" y="860" font-size="40" font-family="monospace" fill="#234">P&lt;UTOSPECIMEN&lt;&lt;ADA&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>' : ''}
    <rect x="${seed % 7}" y="0" width="3" height="3" fill="#fff"/></svg>`;
  return sharp(Buffer.from(card)).composite([{ input: face, left: 300, top: 250 }]).jpeg({ quality: 85 }).toBuffer();
}

async function account(client: TestClient, parameters: Record<string, string> | null, name = { first: 'Ada', last: 'Passmore' }) {
  const r = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: `${name.first} ${name.last}`, type: 'INDIVIDUAL', primary_contact: { first_name: name.first, last_name: name.last, email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  expect(r.statusCode, r.body).toBe(201);
  const a = r.json();
  const contactId = a.primary_contact.id as string;
  let token = '';
  if (parameters) {
    const report = await t.app.inject({ method: 'PUT', url: `/clients/${client.clientId}/accounts/${a.id}/contacts/${contactId}/reports/onboarding`, headers: client.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', ...parameters } } } });
    expect(report.statusCode, report.body).toBe(202);
    token = (report.json().data.onboarding_url as string).split('/verify/')[1]!;
  }
  return { accountId: a.id as string, contactId, token, link: `${origin}/verify/${token}` };
}

async function upload(token: string, slot: string, bytes: Buffer, type = 'image/jpeg') {
  const r = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/${slot}`, headers: { 'content-type': type }, payload: bytes });
  expect(r.statusCode, r.body).toBe(201);
}
async function save(token: string, step: string, body: unknown) {
  const r = await t.app.inject({ method: 'PUT', url: `/verify/${token}/steps/${step}`, payload: body as object });
  expect(r.statusCode, r.body).toBe(200);
}
/** A capture session as the page runs it, a frame every 350 ms (the sandbox acts the prompts). */
async function capture(token: string) {
  const s = (await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions`, payload: { camera: { label: 'Sandbox camera', virtual: false } } })).json();
  let seed = 0;
  for (let step = 0; step <= s.challenges.length; step++) {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 350));
      const r = await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions/${s.session_id}/frames`, headers: { 'content-type': 'image/jpeg', 'x-liveness-nonce': s.nonce, 'x-liveness-step': String(step) }, payload: await facePicture('frame', ++seed) });
      expect(r.statusCode, r.body).toBe(201);
    }
  }
  expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions/${s.session_id}/finish`, payload: { nonce: s.nonce } })).statusCode).toBe(200);
}

async function signIn(email: string, target: string) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${origin}${target}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { context, page };
}

beforeAll(async () => {
  if (!hasChromium) return;
  t = await startTestService({ PUBLIC_URL: 'http://127.0.0.1:1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const created = await t.services.clients.createClient({ name: 'Sandbox a11y firm', sandbox: true });
  const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } });
  sandbox = { ...created, token: token.json().access_token, auth: { authorization: `Bearer ${token.json().access_token}` } } as TestClient;
  await t.services.credits.add(sandbox.clientId, 30, 'a11y');
  await t.services.staff.createUser(sandbox.clientId, { email: 'admin@a11y.test', role: 'administrator', password: PASSWORD });
  empty = await t.newClient('Empty a11y firm');
  await t.services.staff.createUser(empty.clientId, { email: 'admin@empty-a11y.test', role: 'administrator', password: PASSWORD });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe.skipIf(!hasChromium)('accessibility of every page and empty state (axe-core)', () => {
  let full: Awaited<ReturnType<typeof account>>;

  it('the flow: every step in turn, "Check and send" with its pictures, thank-you, already sent, an unknown link', async () => {
    full = await account(sandbox, { personal_details: 'true', unique_email: 'true', legal_names_history: 'true', home_address_history: 'true', idscan: 'true', face_match: 'true', proof_of_identity: 'true', proof_of_address: 'true' });
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    const address = { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' };
    // The page resumes at the first step not done: each step is shown, checked, then done through the API.
    const steps: [string, string, () => Promise<void>][] = [
      ['Your home address', 'address', () => save(full.token, 'personal_details', { address })],
      ['Your e-mail address', 'email', () => save(full.token, 'unique_email', { email: 'ada@example.com' })],
      ['Your names', 'names', () => save(full.token, 'legal_names_history', { names: [{ first_name: 'Ada', last_name: 'Passmore' }] })],
      ['Your addresses in the last 12 months', 'addresses', () => save(full.token, 'home_address_history', { addresses: [{ ...address, from: '2019-01-01' }] })],
      ['Your ID document', 'document', async () => upload(full.token, 'document_front', await facePicture('card'))],
      ['A photo of your face', 'selfie', async () => upload(full.token, 'selfie', await facePicture('frame', 99))],
      ['Show us you are here', 'liveness', () => capture(full.token)],
      ['Another proof of identity', 'proof-of-identity', async () => upload(full.token, 'proof_of_identity', await facePicture('card'))],
      ['Proof of address', 'proof-of-address', () => upload(full.token, 'proof_of_address', textPdf(['EDF Energy', 'Statement date: 2026-11-01', 'Ada Passmore', '1 Mill Lane', 'York', 'AB1 2CD']), 'application/pdf')],
    ];
    for (const [heading, name, done] of steps) {
      await page.goto(full.link);
      await h1(page, heading);
      await check(page, `flow-${name}`);
      await done();
    }
    await page.goto(full.link);
    await h1(page, 'Check and send');
    // Each picture is loaded through the link (an object URL in the page's memory), with a "Change" link beside it.
    for (const name of ['Front of your ID document', 'Selfie', 'Picture from the camera check', 'Proof of identity']) {
      await expect.poll(() => page.getByRole('img', { name, exact: true }).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await page.getByRole('img', { name, exact: true }).getAttribute('src')).toMatch(/^blob:/);
    }
    expect(await page.getByTestId('thumb-proof_of_address').textContent()).toContain('PDF document');
    expect(await page.getByRole('button', { name: /^Change\W+Your ID document$/ }).count(), await page.locator('.summary button').first().evaluate((el) => el.textContent)).toBe(1);
    await check(page, 'flow-review-pictures', 'flow-review-pictures');
    await page.setViewportSize(DESKTOP);
    // "Change" goes back to that step.
    await page.getByRole('button', { name: /^Change\W+A photo of your face$/ }).click();
    await h1(page, 'A photo of your face');
    await page.goto(`${full.link}?lang=cy`);
    await h1(page, 'Gwirio ac anfon');
    await page.getByRole('img', { name: 'Blaen eich dogfen adnabod' }).waitFor();
    await check(page, 'flow-review-welsh', 'flow-review-welsh');
    await page.goto(full.link + '?lang=en');
    await h1(page, 'Check and send');
    await page.getByLabel(/^I agree that /).check();
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await h1(page, 'Thank you');
    await check(page, 'flow-thanks');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'already been sent' }).waitFor();
    await check(page, 'flow-already-sent');
    await page.goto(`${origin}/verify/${'0'.repeat(48)}`);
    await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await check(page, 'flow-unknown-link');
    await context.close();
  }, 120_000);

  it('the flow in Welsh: the hand-over and the camera check', async () => {
    const mobile = await account(sandbox, { face_match_mobile: 'true' }, { first: 'Gwen', last: 'Hughes' });
    const context = await browser.newContext({ viewport: PHONE, locale: 'cy-GB' });
    const page = await context.newPage();
    await page.goto(`${mobile.link}?lang=cy`);
    await h1(page, 'Parhewch ar eich ffôn');
    await check(page, 'flow-welsh-handover');
    await page.getByRole('button', { name: 'Parhau ar y ddyfais hon' }).click();
    await h1(page, 'Eich dogfen adnabod');
    await check(page, 'flow-welsh-document');
    await upload(mobile.token, 'document_front', await facePicture('card'));
    await upload(mobile.token, 'selfie', await facePicture('frame', 7));
    await page.reload();
    await h1(page, 'Dangoswch eich bod chi yma');
    await page.getByRole('button', { name: 'Dechrau’r gwiriad camera' }).waitFor();
    await check(page, 'flow-welsh-liveness');
    await context.close();
  }, 60_000);

  it('the portal in Welsh, and an unknown portal link', async () => {
    const a = await account(sandbox, { personal_details: 'true' }, { first: 'Rhys', last: 'Evans' });
    const patched = await t.app.inject({ method: 'PATCH', url: `/clients/${sandbox.clientId}/accounts/${a.accountId}`, headers: sandbox.auth, payload: { client_onboarding: { share_progress: true } } });
    expect(patched.statusCode, patched.body).toBe(200);
    const link = (patched.json().client_onboarding.link as string).replace('http://127.0.0.1:1', origin);
    const context = await browser.newContext({ viewport: PHONE, locale: 'cy-GB' });
    const page = await context.newPage();
    await page.goto(`${link}?lang=cy`);
    await h1(page, /^Gwiriadau hunaniaeth ar gyfer/);
    await check(page, 'portal-welsh');
    await page.goto(`${origin}/portal/${'0'.repeat(48)}`);
    await page.getByRole('alert').waitFor();
    await check(page, 'portal-unknown-link');
    await context.close();
  }, 60_000);

  it('the console: the face match shows the two faces cut out, side by side', async () => {
    const [row] = await t.db.query<{ run_id: string }>('SELECT run_id FROM onboarding_reports WHERE contact_id = $1', [full.contactId]);
    await t.services.onboarding.processor.process({ clientId: sandbox.clientId, contactId: full.contactId, runId: row!.run_id }, { retryCount: 0 });
    const { context, page } = await signIn('admin@a11y.test', `/console/accounts/${full.accountId}/contacts/${full.contactId}/onboarding`);
    await page.getByRole('heading', { name: 'Face match' }).waitFor();
    for (const name of ['Face used for the match: Identity document portrait', /^Face used for the match: Live capture frame \d+$/]) {
      const img = page.getByRole('img', { name });
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await img.getAttribute('src')).toMatch(/\/onboarding\/face-crops\/(document|probe)$/);
    }
    await check(page, 'console-face-crops');
    await page.getByRole('heading', { name: 'Face match' }).scrollIntoViewIfNeeded();
    await page.locator('section[aria-labelledby=onb-face]').screenshot({ path: path.join(ARTEFACTS, 'a11y-console-face-crops-section.png') });
    if (process.env.UPDATE_DOC_IMAGES === '1') {
      const png = await page.locator('section[aria-labelledby=onb-face]').screenshot();
      await sharp(png).resize({ width: 900, withoutEnlargement: true }).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(path.resolve('docs/images/console-face-crops.png'));
    }
    await context.close();
  }, 60_000);

  it('the console signed out: the sign-in page and an invitation\'s password page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${origin}/console`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await check(page, 'console-sign-in');
    await page.goto(`${origin}/console/invite/${'a'.repeat(40)}`);
    await h1(page, 'Your name and password');
    await check(page, 'console-invitation');
    await context.close();
  }, 60_000);

  it('the console\'s empty states: dashboard, search, account, contact, no onboarding or AML report, unknown page, every settings tab', async () => {
    const { context, page } = await signIn('admin@empty-a11y.test', '/console');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await check(page, 'console-empty-dashboard');
    await page.goto(`${origin}/console/accounts`);
    await page.getByLabel('Search').fill('nobody-like-this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('0 accounts').waitFor();
    await check(page, 'console-empty-search');
    const a = await account(empty, null, { first: 'Nia', last: 'Jones' });
    await page.goto(`${origin}/console/accounts/${a.accountId}`);
    await page.getByRole('heading', { name: 'Nia Jones' }).waitFor();
    await check(page, 'console-account');
    await page.goto(`${origin}/console/accounts/${a.accountId}/contacts/${a.contactId}`);
    await page.getByRole('heading', { name: 'Onboarding report' }).waitFor();
    await check(page, 'console-contact-no-reports');
    for (const kind of ['onboarding', 'aml']) {
      await page.goto(`${origin}/console/accounts/${a.accountId}/contacts/${a.contactId}/${kind}`);
      await page.locator('main h1, main [role=alert], main p').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `console-no-${kind}-report`);
    }
    await page.goto(`${origin}/console/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await check(page, 'console-not-found');
    await page.goto(`${origin}/console/audit`);
    await page.getByRole('heading', { name: /Audit/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, 'console-audit-new-client');
    // A new client's settings: no subscription, no credential made in the console, no credits, no lists, no e-mail set.
    for (const [tab, heading] of [['webhooks', 'Webhook subscriptions'], ['credentials', 'API credentials'], ['credits', 'Credits'], ['lists', 'Screening lists'], ['email', 'E-mail connection'], ['branding', 'Branding of the hosted pages'], ['users', 'Users'], ['security', 'Two-factor sign-in']]) {
      await page.goto(`${origin}/console/settings/${tab}`);
      await page.getByRole('heading', { name: heading!, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `console-empty-settings-${tab}`);
    }
    await context.close();
  }, 60_000);
});
