/**
 * Issue 18 points 4 and 5 in the console (Debian's Chromium): the lists page shows each list's last success and
 * age with a Stale badge and a warning for a list older than SCREENING_MAX_LIST_AGE_HOURS; an AML report's PEP
 * match shows the relation to the PEP. Project-made PEP fixture (test/screening/pep-fixture).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { CONSOLE_DIST } from '../../src/modules/console/index.ts';
import { axe, CHROMIUM, DESKTOP, hasChromium, waitFor } from './harness.ts';

const ARTEFACTS = path.resolve('test-results/console');
const PASSWORD = 'correct horse battery staple';
const dir = mkdtempSync(path.join(tmpdir(), 'kyc-lists-browser-'));
const peps = path.join(dir, 'peps.ftm.json');
copyFileSync(path.resolve(import.meta.dirname, '../screening/pep-fixture/entities.ftm.json'), peps);
const old = path.join(dir, 'old.ftm.json');
writeFileSync(old, `${JSON.stringify({ id: 'old-1', schema: 'Person', properties: { name: ['Anselm Outdatedov'], topics: ['sanction'] } })}\n`);
const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000);
utimesSync(old, threeDaysAgo, threeDaysAgo);

let t: TestService;
let browser: Browser;
let workers: { stop(): Promise<void> };
let origin: string;
let c: TestClient;
let reportPath: string;

beforeAll(async () => {
  if (!hasChromium) return;
  if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) execFileSync('npx', ['vite', 'build', '--config', 'web/console/vite.config.ts'], { stdio: 'inherit' });
  mkdirSync(ARTEFACTS, { recursive: true });
  t = await startTestService({ PUBLIC_URL: 'http://127.0.0.1:1', SCREENING_LISTS: `opensanctions_peps=${peps},old_list=${old}` });
  await t.services.screeningReady;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  workers = await startWorkers(t.services);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  c = await t.newClient('Lists firm');
  await t.services.credits.add(c.clientId, 5, 'browser tests');
  await t.services.staff.createUser(c.clientId, { email: 'admin@lists.test', role: 'administrator', password: PASSWORD });
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Hugo Marchbank-Testington', type: 'INDIVIDUAL', primary_contact: { first_name: 'Hugo', last_name: 'Marchbank-Testington', email: 'h@example.com', date_of_birth: '1966-11-19', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  })).json();
  const apiUrl = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
  await t.app.inject({ method: 'PUT', url: apiUrl, headers: c.auth, payload: { config: {} } });
  const ready = await waitFor(() => t.app.inject({ url: apiUrl, headers: c.auth }).then((r) => r.json()), (r) => r.status === 'READY', 60_000);
  reportPath = new URL(ready.data.report_link).pathname;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await workers?.stop();
  await t?.close();
});

async function signIn(target: string) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${origin}${target}`);
  await page.getByLabel('E-mail address').fill('admin@lists.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { context, page };
}

describe.skipIf(!hasChromium)('screening lists and PEP matches in the console', () => {
  it('the lists page: last success and age per list, a Stale badge and a warning for the old one', async () => {
    const { context, page } = await signIn('/console/settings/lists');
    try {
      await page.getByRole('heading', { name: 'Screening lists', exact: true }).waitFor();
      const oldRow = page.getByRole('row').filter({ hasText: 'old_list' });
      await expect.poll(() => oldRow.textContent()).toMatch(/72(\.\d)? h\s*Stale/);
      expect(await page.getByRole('row').filter({ hasText: 'opensanctions_peps' }).textContent()).toMatch(/Current/);
      expect(await page.getByRole('alert', { name: 'List warnings' }).textContent()).toMatch(/Stale old_list was last updated 72(\.\d)? hours ago, more than 48/);
      expect(await axe(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTEFACTS, '09-settings-lists-stale.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the AML report: the PEP match says whose relative the contact is', async () => {
    const { context, page } = await signIn(reportPath);
    try {
      const pep = page.getByTestId('pep');
      await pep.waitFor();
      expect(await pep.textContent()).toContain('Relative of a PEP, domestic');
      expect(await pep.textContent()).toContain('spouse of Eleanor Marchbank-Testington, Minister of State for Testing (GB), since 2022; in office');
      expect(await axe(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTEFACTS, '09-aml-report-rca.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
