import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { CONSOLE_DIST } from '../../src/modules/console/index.ts';
import { CH_API_KEY, startCompaniesHouse, type CompaniesHouseStandIn } from '../helpers/companies-house.ts';
import { axe, CHROMIUM, DESKTOP, hasChromium, waitFor } from './harness.ts';

/**
 * The account page's company section (issue 24) in Chromium: the check against a loopback Companies House, its
 * officers and PSCs with their roles and control, the discrepancy, and the button that adds the people as
 * contacts. Screenshots under test-results/companies/.
 */
const ARTEFACTS = path.resolve('test-results/companies');
const PASSWORD = 'correct horse battery staple';
let t: TestService;
let ch: CompaniesHouseStandIn;
let browser: Browser;
let workers: { stop(): Promise<void> };
let origin: string;
let c: TestClient;
let accountId: string;

beforeAll(async () => {
  if (!hasChromium) return;
  if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) execFileSync('npx', ['vite', 'build', '--config', 'web/console/vite.config.ts'], { stdio: 'inherit' });
  mkdirSync(ARTEFACTS, { recursive: true });
  ch = await startCompaniesHouse();
  t = await startTestService({ PUBLIC_URL: 'http://127.0.0.1:1', COMPANIES_HOUSE_API_KEY: CH_API_KEY, COMPANIES_HOUSE_API_URL: ch.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  workers = await startWorkers(t.services);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  c = await t.newClient('Company console firm');
  await t.services.staff.createUser(c.clientId, { email: 'reviewer@company.test', role: 'reviewer', password: PASSWORD });
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: 'Kestrel Analytics Ltd', type: 'COMPANY', reg_number: '09876543', primary_contact: { first_name: 'Amelia', last_name: 'Hargreaves', email: 'amelia@example.com' } },
  })).json();
  accountId = account.id;
  await waitFor(() => t.app.inject({ url: `/clients/${c.clientId}/accounts/${accountId}/reports/company`, headers: c.auth }).then((r) => r.json()), (r) => r.status === 'READY', 60_000);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await workers?.stop();
  await t?.close();
  await ch?.close();
});

describe.skipIf(!hasChromium)('console: company section', () => {
  it('shows the company, its people and the discrepancy; one button adds the people as contacts', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${origin}/console/accounts/${accountId}`);
    await page.getByLabel('E-mail address').fill('reviewer@company.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const section = page.getByRole('region', { name: 'Company check (Companies House)' });
    await section.getByText('KESTREL ANALYTICS LIMITED').waitFor();
    await expect(section.getByText('matches the account')).toBeTruthy();
    await section.getByRole('table', { name: 'Officers' }).getByText('OKAFOR, Daniel Chukwuemeka').waitFor();
    const pscs = section.getByRole('table', { name: 'Persons with significant control' });
    await pscs.getByText('ownership of shares 50 to 75 percent; voting rights 50 to 75 percent; right to appoint and remove directors').waitFor();
    await pscs.getByText('(through 11223344)').waitFor();
    await section.getByText('PSC_NOT_GIVEN', { exact: false }).first().waitFor();
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTEFACTS, 'company-section.png'), fullPage: true });

    await section.getByRole('button', { name: 'Add officers and PSCs as contacts' }).click();
    await section.getByText('2 added as contacts').waitFor();
    await section.getByText('None: the contacts given agree with the register.').waitFor();
    await page.getByRole('table', { name: 'Contacts' }).getByText('Ravi Anand Patel').waitFor();
    await page.screenshot({ path: path.join(ARTEFACTS, 'company-contacts-added.png'), fullPage: true });
    await context.close();
  });
});
