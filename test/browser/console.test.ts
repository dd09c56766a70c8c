import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { generate } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { CONSOLE_DIST } from '../../src/modules/console/index.ts';
import { axe, CHROMIUM, DESKTOP, docShot, hasChromium, hasShared, SHARED, waitFor } from './harness.ts';
import { consoleLogin } from '../http/console-helpers.ts';

/**
 * The console in Debian's Chromium at desktop size: a reviewer opens a report_link, signs in, sees why the report
 * needs a person, records the decision; every page is visited, checked with axe and kept as a screenshot under
 * test-results/console/. Permission cases: a read-only user gets no review form, another client's staff a 404.
 */
const ARTEFACTS = path.resolve('test-results/console');
const PASSWORD = 'correct horse battery staple';
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-console-browser-'));
const listFile = path.join(dir, 'sanctions.ftm.json');
writeFileSync(listFile, [
  JSON.stringify({ id: 'browser-sanctioned-1', schema: 'Person', properties: { name: ['Viktor Ivanovich Sanctionov', 'Viktor Sanktsionov'], birthDate: ['1961-03-04'], topics: ['sanction'], nationality: ['ru'], program: ['RUSSIA-EO14024'], sourceUrl: ['https://example.org/list/1'] } }),
  JSON.stringify({ id: 'browser-pep-1', schema: 'Person', properties: { name: ['Viktor Sanctionov'], birthDate: ['1961'], topics: ['role.pep'], country: ['ru'] } }),
].join('\n') + '\n');
writeFileSync(path.join(dir, 'roll.csv'), 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased\nViktor,Ivanovich,Sanctionov,1961-03-04,1 Red Square,101000,Moscow,RU,false\nDora,,Departed,1940-01-01,5 Old Road,EX1 1AA,Exeter,GB,true\n');

let t: TestService;
let browser: Browser;
let workers: { stop(): Promise<void> };
let origin: string;
let c: TestClient;
let reportPath: string;
let apiUrl: string;
let receiver: Receiver;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`), fullPage: true });
  await docShot(page, `console-${name}`);
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

async function expectAccessible(page: Page) {
  expect(await axe(page)).toEqual([]);
}

beforeAll(async () => {
  if (!hasChromium) return;
  if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) execFileSync('npx', ['vite', 'build', '--config', 'web/console/vite.config.ts'], { stdio: 'inherit' });
  mkdirSync(ARTEFACTS, { recursive: true });
  t = await startTestService({ PUBLIC_URL: 'http://127.0.0.1:1', SCREENING_LISTS: listFile, EIDV_REGISTERS: `electoral_roll=${path.join(dir, 'roll.csv')}` });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  workers = await startWorkers(t.services);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  c = await t.newClient('Browser console firm');
  await t.services.credits.add(c.clientId, 5, 'browser tests');
  // The reviewer has a display name; the others were made without one (the pages show their e-mail alone).
  for (const [email, role, name] of [['admin@browser.test', 'administrator'], ['reviewer@browser.test', 'reviewer', 'Rita Reviewer'], ['reader@browser.test', 'read-only']]) {
    await t.services.staff.createUser(c.clientId, { email: email!, role: role!, name, password: PASSWORD });
  }
  receiver = await startReceiver();
  const sub = await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/subscriptions`, headers: c.auth,
    payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'browser-console-signing-secret', entities: [{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED'] }] } },
  });
  expect(sub.statusCode, sub.body).toBe(201);
  const other = await t.newClient('Other firm');
  await t.services.staff.createUser(other.clientId, { email: 'admin@other.test', role: 'administrator', password: PASSWORD });
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Viktor Sanctionov', type: 'INDIVIDUAL', primary_contact: { first_name: 'Viktor', middle_name: 'Ivanovich', last_name: 'Sanctionov', email: 'v@example.com', date_of_birth: '1961-03-04', primary_address: { street: '1 Red Square', postcode: '101000', city: 'Moscow', country_code: 'RU' } } },
  })).json();
  apiUrl = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
  await t.app.inject({ method: 'PUT', url: apiUrl, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
  const ready = await waitFor(() => t.app.inject({ url: apiUrl, headers: c.auth }).then((r) => r.json()), (r) => r.status === 'READY', 60_000);
  reportPath = new URL(ready.data.report_link).pathname;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

describe.skipIf(!hasChromium)('console in Chromium (desktop)', () => {
  it('a reviewer opens the report_link, signs in, sees why it needs a person, and records the decision', async () => {
    const { context, page } = await signIn('reviewer@browser.test', reportPath);
    try {
      await page.getByRole('heading', { name: 'AML report: Viktor Ivanovich Sanctionov' }).waitFor();
      await expect.poll(() => page.getByTestId('reasons').textContent()).toContain('SANCTIONS_POTENTIAL_MATCH');
      // GPG 45 (issue 23): the confidence reached and each score with why, on the same page.
      await page.getByRole('heading', { name: 'Identity confidence (GPG 45)' }).waitFor();
      expect(await page.getByTestId('gpg45-confidence').textContent()).toMatch(/none|low|medium|high/);
      expect(await page.getByTestId('gpg45-verification').textContent()).toBe('0');
      const cards = page.locator('article.match');
      expect(await cards.count()).toBeGreaterThanOrEqual(1);
      const entity = cards.first().getByRole('region', { name: 'The listed entity' });
      expect(await entity.textContent()).toContain('1961');
      await expectAccessible(page);
      await shot(page, '01-aml-report-before-review');
      const n = await cards.count();
      const confirms = page.getByRole('radio', { name: /Confirm: this is the person/ });
      expect(await confirms.count()).toBe(n);
      for (let i = 0; i < n; i++) await confirms.nth(i).check();
      await page.getByRole('radio', { name: 'FAIL' }).check();
      await page.getByLabel('Notes').fill('Name, date of birth and nationality agree with the listed person.');
      await page.getByRole('button', { name: 'Save review' }).click();
      await page.getByRole('status').filter({ hasText: 'Review saved' }).waitFor();
      await expect.poll(() => page.getByTestId('review-decision').textContent()).toBe('FAIL');
      // The form starts empty again after saving (issue 25): no choice or note carried into the next review.
      expect(await page.getByRole('radio', { name: 'FAIL' }).isChecked()).toBe(false);
      expect(await page.getByLabel('Notes').inputValue()).toBe('');
      // The reviewer by name and e-mail with the role (issue 25), reasons as sentences, lists by publisher and edition.
      await expect.poll(() => page.locator('section[aria-labelledby="rv-h"]').textContent()).toContain('Rita Reviewer <reviewer@browser.test> (reviewer)');
      expect(await page.getByRole('banner').textContent()).toContain('Rita Reviewer <reviewer@browser.test> (reviewer)');
      expect(await page.getByTestId('reasons').textContent()).toContain('The name may be on a sanctions list');
      await shot(page, '02-aml-report-reviewed');
      const api = (await t.app.inject({ url: apiUrl, headers: c.auth })).json();
      expect(api.review).toMatchObject({ decision: 'FAIL', status: 'COMPLETE', reviewed_by: expect.stringMatching(/^user:usr_/) });
      const events = (await t.app.inject({ url: `/clients/${c.clientId}/events?limit=100`, headers: c.auth })).json();
      expect(JSON.stringify(events)).toContain('REPORT_REVIEW_COMPLETED');
    } finally {
      await context.close();
    }
  });

  it('review memory: a new check carries each reviewed match over, and the page says who decided it, when and why', async () => {
    const ready = receiver.events().filter((e) => e.json.event === 'REPORT_READY' && apiUrl.includes(e.json.contact_id)).length;
    await t.services.credits.add(c.clientId, 1, 'the check this test repeats'); // the dashboard's balance below stays as it was
    expect((await t.app.inject({ method: 'PUT', url: apiUrl, headers: c.auth, payload: { config: {} } })).statusCode).toBe(202);
    await receiver.waitFor(() => receiver.events().filter((e) => e.json.event === 'REPORT_READY' && apiUrl.includes(e.json.contact_id)).length > ready, 30_000);
    const api = (await t.app.inject({ url: apiUrl, headers: c.auth })).json();
    expect(api.data.matches.length).toBeGreaterThanOrEqual(1);
    for (const m of api.data.matches) expect(m).toMatchObject({ review_status: 'MATCH_CONFIRMED', review: { reviewed_by: expect.stringMatching(/^user:usr_/) } });
    const { context, page } = await signIn('reviewer@browser.test', reportPath);
    try {
      await page.getByRole('heading', { name: 'AML report: Viktor Ivanovich Sanctionov' }).waitFor();
      const review = page.getByTestId('match-review').first();
      await expect.poll(() => review.textContent()).toContain('carried over from an earlier review');
      expect(await review.textContent()).toContain('Name, date of birth and nationality agree with the listed person.');
      await expect.poll(() => review.textContent()).toMatch(/match confirmed by Rita Reviewer <reviewer@browser\.test>/);
      expect(await page.locator('article.match').first().textContent()).toContain('Viktor Ivanovich Sanctionov (their name)');
      await expectAccessible(page);
      await shot(page, '02b-aml-report-review-carried-over');
    } finally {
      await context.close();
    }
  });

  it('an administrator visits every page: dashboard, accounts search, account, contact, settings tabs, audit trail with the chain check', async () => {
    const { context, page } = await signIn('admin@browser.test', '/console');
    try {
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('4');
      await expectAccessible(page);
      await shot(page, '03-dashboard');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
      await page.getByLabel('Search').fill('sanctionov moscow');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: 'Viktor Sanctionov' }).waitFor();
      await expectAccessible(page);
      await shot(page, '04-accounts-search');
      await page.getByLabel('Search').fill('nobody-like-this');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('0 accounts').waitFor();

      await page.getByLabel('Search').fill('');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: 'Viktor Sanctionov' }).click();
      await page.getByRole('heading', { name: 'Viktor Sanctionov' }).waitFor();
      await shot(page, '05-account');
      await page.getByRole('link', { name: 'Viktor Ivanovich Sanctionov' }).click();
      await page.getByRole('heading', { name: 'Onboarding report' }).waitFor();
      await expectAccessible(page);
      await shot(page, '06-contact');

      await page.goto(`${origin}/console/settings/webhooks`);
      await page.getByText('1 subscription', { exact: true }).waitFor();
      // A destructive action is red and asks once more; Cancel leaves the subscription alone.
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('group', { name: /Delete the subscription to/ }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Deliveries' }).click();
      await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
      await page.getByRole('button', { name: 'Redeliver' }).first().click();
      await page.getByRole('status').filter({ hasText: 'Queued again.' }).waitFor();
      await expectAccessible(page);
      await shot(page, '07-settings-webhook-deliveries');

      for (const [tab, heading] of [['webhooks', 'Webhook subscriptions'], ['credentials', 'API credentials'], ['credits', 'Credits'], ['lists', 'Screening lists'], ['email', 'E-mail connection'], ['branding', 'Branding of the hosted pages'], ['users', 'Users'], ['security', 'Two-factor sign-in']]) {
        await page.goto(`${origin}/console/settings/${tab}`);
        await page.getByRole('heading', { name: heading!, exact: true }).waitFor();
        await expectAccessible(page);
        await shot(page, `07-settings-${tab}`);
      }
      await page.goto(`${origin}/console/settings/branding`);
      await page.getByLabel('Firm name').fill('Browser Console Firm');
      await page.getByLabel('Colour (#rrggbb)').fill('#225588');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      // The sites that may embed the flow: a bad line is named with its own message, then a good list is kept.
      await page.getByLabel('Allowed origins').fill('https://shop.example\nhttp://insecure.example');
      await page.getByRole('button', { name: 'Save sites' }).click();
      await page.getByRole('list', { name: 'Origins to correct' }).getByText(/^http:\/\/insecure\.example: Use https/).waitFor();
      await page.getByLabel('Allowed origins').fill('https://shop.example');
      await page.getByRole('button', { name: 'Save sites' }).click();
      await page.getByRole('status').filter({ hasText: 'Those sites can now embed' }).waitFor();
      expect((await t.app.inject({ url: `/clients/${c.clientId}/embedding`, headers: c.auth })).json().allowed_origins).toEqual(['https://shop.example']);
      await expectAccessible(page);
      await shot(page, '07-settings-embedding');
      await page.goto(`${origin}/console/settings/credentials`);
      await page.getByLabel('New credential name').fill('from-the-browser');
      await page.getByRole('button', { name: 'Create credential' }).click();
      await page.getByRole('status').filter({ hasText: 'shown once' }).waitFor();
      await shot(page, '08-credential-created');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
      await page.getByRole('cell', { name: 'aml.review' }).waitFor();
      await page.getByRole('button', { name: 'Verify the chain' }).click();
      await expect.poll(() => page.getByTestId('verify-result').textContent()).toContain('intact');
      await expectAccessible(page);
      await shot(page, '09-audit-trail');
    } finally {
      await context.close();
    }
  });

  it('a read-only user reads the report without a review form; another client sees nothing', async () => {
    const reader = await signIn('reader@browser.test', reportPath);
    try {
      await reader.page.getByText('Your role can read this report but not review it.').waitFor();
      expect(await reader.page.getByRole('button', { name: 'Save review' }).count()).toBe(0);
      await shot(reader.page, '10-read-only-report');
    } finally {
      await reader.context.close();
    }
    const other = await signIn('admin@other.test', reportPath);
    try {
      await other.page.getByRole('alert').waitFor();
      expect(await other.page.getByRole('alert').textContent()).toMatch(/not found/i);
      expect(await other.page.content()).not.toContain('Sanctionov');
      await shot(other.page, '11-other-client-not-found');
    } finally {
      await other.context.close();
    }
  });

  it('a wrong password shows an error and no session', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${origin}/console`);
    await page.getByLabel('E-mail address').fill('admin@browser.test');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await expectAccessible(page);
    await shot(page, '00-login-error');
    expect((await context.cookies()).filter((k) => k.name === 'kyc_console')).toEqual([]);
    await context.close();
  });

  it('second reviewer: a reviewer proposes a decision on an ALERT, an administrator approves it', async () => {
    const created = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Dora Departed', type: 'INDIVIDUAL', primary_contact: { first_name: 'Dora', last_name: 'Departed', email: 'd@example.com', date_of_birth: '1940-01-01', primary_address: { street: '5 Old Road', postcode: 'EX1 1AA', city: 'Exeter', country_code: 'GB' } } },
    })).json();
    const url = `/clients/${c.clientId}/accounts/${created.id}/contacts/${created.primary_contact.id}/reports/aml`;
    await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { ttl_in_days: 365, is_automatic_refresh_enabled: false } } });
    const ready = await waitFor(() => t.app.inject({ url, headers: c.auth }).then((r) => r.json()), (r) => r.status === 'READY', 60_000);
    expect(ready.data.decision).toBe('ALERT');
    const path = new URL(ready.data.report_link).pathname;

    const adminSession = await signIn('admin@browser.test', '/console/settings/branding');
    await adminSession.page.getByLabel('Require a second reviewer for ALERT results').check();
    await adminSession.page.getByRole('button', { name: 'Save branding' }).click();
    await adminSession.page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    const rev = await signIn('reviewer@browser.test', path);
    try {
      await rev.page.getByRole('radio', { name: 'FAIL' }).check();
      await rev.page.getByLabel('Notes').fill('Registered as deceased: refuse.');
      await rev.page.getByRole('button', { name: 'Save review' }).click();
      await rev.page.getByRole('status').filter({ hasText: 'Review proposed' }).waitFor();
      await rev.page.getByText('Another reviewer must approve it.').waitFor();
      await shot(rev.page, '12-review-proposed');
    } finally {
      await rev.context.close();
    }
    expect((await t.app.inject({ url, headers: c.auth })).json().review.empty).toBe(true);
    try {
      await adminSession.page.goto(`${origin}${path}`);
      await adminSession.page.getByText('Notes: Registered as deceased: refuse.').waitFor();
      // The proposer changes the proposal while the administrator reads the first version: the page's approval
      // names the version it shows, so it is refused and nothing is recorded.
      const proposer = await consoleLogin(t, 'reviewer@browser.test', PASSWORD);
      const changed = await t.app.inject({ method: 'POST', url: `/console/api${path.replace(/^\/console/, '')}/review`, headers: proposer.headers, payload: { decision: 'FAIL', notes: 'Registered as deceased: refuse (checked twice).' } });
      expect(changed.statusCode, changed.body).toBe(202);
      await adminSession.page.getByRole('button', { name: 'Approve and record' }).click();
      await adminSession.page.getByRole('alert').filter({ hasText: 'changed since you read it' }).waitFor();
      expect((await t.app.inject({ url, headers: c.auth })).json().review.empty).toBe(true);
      await shot(adminSession.page, '13-review-changed-under-approver');
      await adminSession.page.reload();
      await adminSession.page.getByText('Notes: Registered as deceased: refuse (checked twice).').waitFor();
      await adminSession.page.getByRole('button', { name: 'Approve and record' }).click();
      await adminSession.page.getByRole('status').filter({ hasText: 'Review saved' }).waitFor();
      await expect.poll(() => adminSession.page.getByTestId('review-decision').textContent()).toBe('FAIL');
      await expectAccessible(adminSession.page);
      await shot(adminSession.page, '13-review-approved');
    } finally {
      await adminSession.context.close();
    }
    expect((await t.app.inject({ url, headers: c.auth })).json().review).toMatchObject({ decision: 'FAIL', notes: 'Registered as deceased: refuse (checked twice).' });
  });

  it('sign-in with the authenticator code step', async () => {
    const created = await t.services.staff.createUser(c.clientId, { email: 'totp@browser.test', role: 'reviewer', password: PASSWORD });
    const { secret } = await t.services.staff.beginTotp(created.user.id);
    await t.services.staff.confirmTotp(created.user.id, await generate({ secret }));
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/console`);
      await page.getByLabel('E-mail address').fill('totp@browser.test');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Authenticator code').waitFor();
      await expectAccessible(page);
      await shot(page, '14-login-totp-step');
      await page.getByLabel('Authenticator code').fill('000000');
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.getByRole('alert').waitFor();
      await page.getByLabel('Authenticator code').fill(await generate({ secret }));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the onboarding report page shows the uploaded document, decrypted for viewing', async () => {
    const created = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
    })).json();
    const url = `/clients/${c.clientId}/accounts/${created.id}/contacts/${created.primary_contact.id}/reports/onboarding`;
    const report = (await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', idscan: 'true' } } } })).json();
    const token = new URL(report.data.onboarding_url).pathname.split('/')[2];
    const photo = await sharp({ create: { width: 640, height: 420, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer();
    expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front`, headers: { 'content-type': 'image/jpeg' }, payload: photo })).statusCode).toBe(201);
    const { context, page } = await signIn('reader@browser.test', new URL(report.data.report_link).pathname);
    try {
      const img = page.getByRole('img', { name: 'Uploaded document front' });
      await img.waitFor();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(640);
      expect(await page.getByRole('button', { name: 'Save review' }).count()).toBe(0);
      await expectAccessible(page);
      await shot(page, '15-onboarding-report');
    } finally {
      await context.close();
    }
  });

  it.skipIf(!hasShared)('the onboarding report of an ALERT (specimen passport, face pair): MRZ check digits, quality, faces; a reviewer proposes, another approves', async () => {
    // A real report: the ICAO Utopia specimen passport and a selfie with liveness photos of another person, through
    // the hosted flow's API and the processing job (the engines run on the files as they would for a contact).
    const created = (await t.app.inject({
      method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
      payload: { name: 'Anna Eriksson', type: 'INDIVIDUAL', primary_contact: { first_name: 'Anna Maria', last_name: 'Eriksson', email: 'anna@example.com', primary_address: { street: '3 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
    })).json();
    const url = `/clients/${c.clientId}/accounts/${created.id}/contacts/${created.primary_contact.id}/reports/onboarding`;
    const requested = (await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', face_match: 'true' } } } })).json();
    const token = new URL(requested.data.onboarding_url).pathname.split('/')[2];
    const upload = async (slot: string, file: string) => {
      const r = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/${slot}`, headers: { 'content-type': file.endsWith('.png') ? 'image/png' : 'image/jpeg' }, payload: readFileSync(file) });
      expect(r.statusCode, r.body).toBe(201);
    };
    const face = (n: number) => path.join(SHARED, 'faces/faceapi-bbt/sheldon', `sheldon${n}.png`);
    await upload('document_front', path.join(SHARED, 'documents/passporteye__100_pass-uto.jpg'));
    await upload('selfie', face(1));
    // The liveness step through a capture session (issue 21), fed stills of the same person: it fails, and the
    // report carries the frames, the challenges asked and met, and the scores the console shows.
    const session = (await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions`, payload: {} })).json();
    for (let step = 0; step <= session.challenges.length; step++) {
      for (const n of step === 0 ? [1, 1] : [5, 2]) {
        const r = await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions/${session.session_id}/frames`, headers: { 'content-type': 'image/png', 'x-liveness-nonce': session.nonce, 'x-liveness-step': String(step) }, payload: readFileSync(face(n)) });
        expect(r.statusCode, r.body).toBe(201);
      }
    }
    expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/liveness/sessions/${session.session_id}/finish`, payload: { nonce: session.nonce } })).json().decision).toBe('FAILED');
    expect((await t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } })).statusCode).toBe(202);
    const ready = await waitFor(() => t.app.inject({ url, headers: c.auth }).then((r) => r.json()), (r) => r.status === 'READY' || r.status === 'ERROR', 120_000);
    expect(ready.data.idscan).toMatchObject({ document_decision: 'ALERT', face_match_decision: 'FAILED', passport_number: 'L898902C3' });
    const reportPath = new URL(ready.data.report_link).pathname;

    // The client's four-eyes rule on (set through the console API as its administrator, keeping the branding).
    const admin = await consoleLogin(t, 'admin@browser.test');
    const branding = (await t.app.inject({ url: '/console/api/settings/branding', headers: admin.headers })).json();
    const rule = await t.app.inject({ method: 'PUT', url: '/console/api/settings/branding', headers: admin.headers, payload: { firm_name: branding.firm_name, brand_colour: branding.brand_colour, logo_url: branding.logo_url, second_review_for_alert: true } });
    expect(rule.statusCode, rule.body).toBe(200);

    const rev = await signIn('reviewer@browser.test', reportPath);
    try {
      const { page } = rev;
      await page.getByRole('heading', { level: 1, name: 'Onboarding report: Anna Maria Eriksson' }).waitFor();
      await expect.poll(() => page.getByTestId('reasons').textContent()).toContain('SPECIMEN');
      expect(await page.getByTestId('reasons').textContent()).toContain('The document is a specimen');
      expect(await page.getByTestId('document-decision').textContent()).toBe('ALERT');
      // The MRZ as read, in a monospace block, and each check digit printed against computed.
      await expect.poll(() => page.getByTestId('mrz-lines').textContent()).toContain('P<UTOERIKSSON<<ANNA<MARIA');
      expect(await page.getByTestId('mrz-lines').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
      const checks = page.getByRole('table', { name: /Check digits/ });
      const rows = checks.getByRole('row');
      expect(await rows.count()).toBe(6); // header + document number, birth date, expiry date, personal number, composite
      expect(await rows.filter({ has: page.getByRole('rowheader', { name: 'Date of birth' }) }).getByRole('cell').allTextContents()).toEqual(['2', '2', 'valid']);
      expect(await page.getByTestId('extracted').textContent()).toContain('L898902C3');
      // Quality figures of the document image.
      const quality = page.getByRole('table', { name: /Image quality/ });
      expect(await quality.getByRole('rowheader', { name: 'document front' }).count()).toBe(1);
      expect(await quality.getByRole('columnheader').allTextContents()).toEqual(['Image', 'Size (px)', 'Sharpness', 'Glare', 'Brightness', 'Contrast', 'Problems']);
      // Both faces side by side, cut out where the engine found them (not the whole page), with the score against the threshold.
      for (const name of ['Face used for the match: Identity document portrait', /^Face used for the match: Live capture frame \d+$/]) {
        const img = page.getByRole('img', { name });
        await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
      expect(await page.getByTestId('face-decision').textContent()).toBe('FAILED');
      expect(await page.getByTestId('face-score').textContent()).toMatch(/^\d\.\d{3} \(threshold \d\.\d{3}/);
      // The live capture: each challenge asked with its measure against its threshold, each score, the frames.
      expect(await page.getByTestId('liveness-decision').textContent()).toBe('FAILED');
      expect(await page.getByTestId('liveness-challenge').count()).toBe(3);
      expect(await page.getByTestId('liveness-score').count()).toBeGreaterThanOrEqual(6);
      // The passive attack checks on the live frame: each species detector's signal against its own threshold.
      expect(await page.getByRole('heading', { name: 'Presentation-attack checks' }).count()).toBe(1);
      expect(await page.getByTestId('attack-detector').count()).toBe(3);
      // The frames load lazily: scroll the first one into view, as a reviewer would.
      await page.getByRole('img', { name: /^Liveness frame 1, step 0/ }).scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByRole('img', { name: /^Liveness frame 1, step 0/ }).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expectAccessible(page);
      await shot(page, '18-onboarding-report-alert');

      await page.getByRole('radio', { name: 'Reject (FAILED)' }).check();
      await page.getByLabel('Notes').fill('Specimen passport (Utopia): refuse.');
      await page.getByRole('button', { name: 'Save review' }).click();
      await page.getByRole('status').filter({ hasText: 'Review proposed' }).waitFor();
      await page.getByText('Another reviewer must approve it.').waitFor();
      expect(await page.getByRole('button', { name: 'Approve and record' }).count()).toBe(0);
      await expectAccessible(page);
      await shot(page, '19-onboarding-review-proposed');
    } finally {
      await rev.context.close();
    }
    expect((await t.app.inject({ url, headers: c.auth })).json().review).toEqual({ empty: true });

    const second = await signIn('admin@browser.test', reportPath);
    try {
      const { page } = second;
      await page.getByRole('heading', { name: 'Review waiting for a second approval' }).waitFor();
      expect(await page.getByTestId('pending-decision').textContent()).toBe('FAILED');
      await page.getByRole('button', { name: 'Approve and record' }).click();
      await page.getByRole('status').filter({ hasText: 'Review saved' }).waitFor();
      await expect.poll(() => page.getByTestId('review-decision').textContent()).toBe('FAILED');
      // The report and the pending proposal are two loads: wait for both to show the recorded review.
      await expect.poll(() => page.getByRole('heading', { name: 'Review waiting for a second approval' }).count()).toBe(0);
      await expectAccessible(page);
      await shot(page, '20-onboarding-review-approved');
    } finally {
      await second.context.close();
    }
    const reviewed = (await t.app.inject({ url, headers: c.auth })).json();
    expect(reviewed.review).toMatchObject({ status: 'COMPLETE', decision: 'FAILED', notes: 'Specimen passport (Utopia): refuse.', reviewed_by: expect.stringMatching(/^user:usr_/) });
    await t.services.audit.flush();
    const trail = (await t.services.audit.list(c.clientId, { limit: 5000 })).filter((e) => e.subject === `${created.id}/${created.primary_contact.id}`);
    expect(trail.find((e) => e.action === 'onboarding.review')?.actor).toBe(reviewed.review.reviewed_by);
    expect(trail.find((e) => e.action === 'console.review.approved')?.actor).toBe(`user:${admin.userId}`);
    expect(trail.filter((e) => e.action === 'console.document.view').length).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('a user sets up TOTP from the settings page (QR code shown); an administrator changes a role and disables a user', async () => {
    await t.services.staff.createUser(c.clientId, { email: 'enrol@browser.test', role: 'reviewer', password: PASSWORD });
    const me = await signIn('enrol@browser.test', '/console/settings/security');
    try {
      await me.page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await me.page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
      const secret = (await me.page.getByTestId('totp-secret').textContent())!;
      await me.page.getByLabel('Code from the app').fill(await generate({ secret }));
      await me.page.getByRole('button', { name: 'Turn on' }).click();
      await me.page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on' }).waitFor();
      await me.page.getByLabel('Current password').fill(PASSWORD);
      await me.page.getByLabel('New password (at least 12 characters)').fill('another long passphrase');
      await me.page.getByLabel('Repeat the new password').fill('another long passphrase');
      await me.page.getByRole('button', { name: 'Change password' }).click();
      // The message sits under the password form, not under "Two-factor sign-in".
      await me.page.locator('form[aria-labelledby="pw-h"] + p[role="status"]').filter({ hasText: 'Password changed' }).waitFor({ timeout: 10_000 });
      // Every role names itself on "My sign-in".
      await me.page.getByLabel('Name colleagues see beside enrol@browser.test').fill(' Eve Self ');
      await me.page.getByRole('button', { name: 'Save name' }).click();
      await me.page.getByRole('status').filter({ hasText: 'Colleagues now see you as Eve Self <enrol@browser.test>.' }).waitFor();
      // The header follows at once, without a reload.
      await me.page.locator('header .who').filter({ hasText: 'Eve Self' }).waitFor();
      await expectAccessible(me.page);
      await shot(me.page, '16-totp-enrolled');
    } finally {
      await me.context.close();
    }
    let invitePath = '';
    const admin = await signIn('admin@browser.test', '/console/settings/users');
    try {
      // The user's own name is in the table; the administrator changes it in place.
      await admin.page.getByRole('cell', { name: /^Eve Self/ }).waitFor();
      await admin.page.getByRole('button', { name: 'Change the name of enrol@browser.test' }).click();
      await admin.page.getByLabel('Name of enrol@browser.test').fill('  Eve Enrolled ');
      await admin.page.getByRole('button', { name: 'Save name' }).click();
      await admin.page.getByRole('status').filter({ hasText: 'enrol@browser.test is now named Eve Enrolled.' }).waitFor();
      await admin.page.getByRole('cell', { name: /^Eve Enrolled/ }).waitFor();
      // The invitation asks for the name too.
      await admin.page.getByLabel('Name', { exact: true }).fill('Ivy Invitee');
      await admin.page.getByLabel('Invite by e-mail').fill('ivy@browser.test');
      await admin.page.getByRole('button', { name: 'Invite' }).click();
      const link = await admin.page.getByRole('status').filter({ hasText: 'Invitation link' }).textContent();
      invitePath = new URL(/https?:\/\/\S+/.exec(link!)![0]).pathname;
      await admin.page.getByRole('row').filter({ hasText: 'ivy@browser.test' }).getByRole('cell', { name: /^Ivy Invitee/ }).waitFor();
      await admin.page.getByLabel('Role of enrol@browser.test').selectOption('read-only');
      await admin.page.getByRole('status').filter({ hasText: 'Eve Enrolled <enrol@browser.test> is now read-only.' }).waitFor();
      const row = admin.page.getByRole('row').filter({ hasText: 'enrol@browser.test' });
      await row.getByRole('button', { name: 'Disable' }).click();
      await admin.page.getByRole('status').filter({ hasText: 'disabled' }).waitFor();
      expect(await row.getByRole('cell', { name: 'TOTP' }).count()).toBe(1);
      await expectAccessible(admin.page);
      await shot(admin.page, '17-users');
    } finally {
      await admin.context.close();
    }
    // The invited person gives their own name with the password.
    const invitee = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    try {
      const page = await invitee.newPage();
      await page.goto(`${origin}${invitePath}`);
      await page.getByLabel('Your name, as colleagues will see it beside your e-mail address').fill('Ivy I. Invitee');
      await page.getByLabel('New password (at least 12 characters)').fill(PASSWORD);
      await page.getByLabel('Repeat the password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText('Sign in as ivy@browser.test.').waitFor();
    } finally {
      await invitee.close();
    }
    const users = await t.services.staff.listUsers(c.clientId);
    expect(users.find((u) => u.email === 'enrol@browser.test')).toMatchObject({ name: 'Eve Enrolled', role: 'read-only', status: 'disabled', totp_enabled: true });
    expect(users.find((u) => u.email === 'ivy@browser.test')).toMatchObject({ name: 'Ivy I. Invitee', status: 'active' });
  });
});
