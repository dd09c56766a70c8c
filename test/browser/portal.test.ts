import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { axe, DESKTOP, docShot, hasChromium, PHONE, shot, startBrowserHarness, waitFor, type Harness } from './harness.ts';

/**
 * The client portal in Debian's Chromium (issue 9's "done when"): one link for a company account with two
 * contacts; each contact goes from the portal into their own flow and back; the page updates by itself until
 * everything is done; `completed` turns true and ENTITY_UPDATED reaches the ACCOUNT subscriber; the firm's
 * branding shows; an expired link explains what to do. Screenshots in test-results/onboarding/portal-*.
 */
let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  if (!hasChromium) return;
  h = await startBrowserHarness();
  receiver = await startReceiver();
  const sub = await h.t.app.inject({
    method: 'POST', url: `/clients/${h.client.clientId}/subscriptions`, headers: h.client.auth,
    payload: { callback_url: `${receiver.url}/hook`, type: 'WEBHOOK', config: { api_secret: 'portal-browser-secret', entities: [{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }] } },
  });
  expect(sub.statusCode, sub.body).toBe(201);
  await h.t.db.query(`INSERT INTO console_settings (client_id, firm_name, brand_colour) VALUES ($1, 'Hartley Accountants', '#5b2a86')`, [h.client.clientId]);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

async function check(page: Page, name: string) {
  expect(await axe(page), `axe on ${name}`).toEqual([]);
  await shot(page, `portal-${name}-${(page.viewportSize()?.width ?? 0) < 600 ? 'phone' : 'desktop'}`);
  if ((page.viewportSize()?.width ?? 0) < 600) await docShot(page, `portal-${name}`, { fullPage: true });
}

/** A company account with two contacts, each asked for their address, and its portal link on the listening origin. */
async function sharedAccount() {
  const { t, client } = h;
  const created = await t.app.inject({
    method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
    payload: { name: 'Hartley & Reyes Ltd', type: 'COMPANY', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
  });
  const account = created.json();
  const base = `/clients/${client.clientId}/accounts/${account.id}`;
  const luis = (await t.app.inject({ method: 'POST', url: `${base}/contacts`, headers: client.auth, payload: { first_name: 'Luis', last_name: 'Reyes', email: 'luis@example.com' } })).json();
  for (const contactId of [account.primary_contact.id, luis.id]) {
    const r = await t.app.inject({ method: 'PUT', url: `${base}/contacts/${contactId}/reports/onboarding`, headers: client.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true' } } } });
    expect(r.statusCode, r.body).toBe(202);
  }
  const patched = await t.app.inject({ method: 'PATCH', url: base, headers: client.auth, payload: { client_onboarding: { share_progress: true } } });
  const link = (patched.json().client_onboarding.link as string).replace('http://127.0.0.1:1', h.origin);
  return { accountId: account.id as string, base, link, read: () => t.app.inject({ url: base, headers: client.auth }).then((r) => r.json()) };
}

/** From the portal into one contact's flow, through it, and back to the portal. */
async function completeFrom(page: Page, name: string, address: { street: string; city: string; postcode: string; country: string }, shots: string) {
  await page.getByRole('link', { name: `Start ${name}'s verification` }).click();
  await page.getByRole('heading', { level: 1, name: 'Your home address' }).waitFor({ timeout: 30_000 });
  await check(page, `${shots}-flow`);
  await page.getByLabel('Street and house number').fill(address.street);
  await page.getByLabel('Town or city').fill(address.city);
  await page.getByLabel('Postcode').fill(address.postcode);
  await page.getByLabel('Country', { exact: true }).selectOption(address.country);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check and send' }).waitFor({ timeout: 30_000 });
  await page.getByLabel(/^I agree that /).check();
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to the list of tasks' }).click();
  await page.getByRole('heading', { level: 1, name: 'Identity checks for Hartley & Reyes Ltd' }).waitFor({ timeout: 30_000 });
}

describe.skipIf(!hasChromium)('client portal in Chromium', () => {
  it('two contacts finish from one portal link: the page follows, completed turns true and ENTITY_UPDATED arrives', async () => {
    const account = await sharedAccount();
    expect((await account.read()).client_onboarding.completed).toBe(false);
    const context = await h.browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(account.link);
    await page.getByRole('heading', { level: 1, name: 'Identity checks for Hartley & Reyes Ltd' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('header .brand').textContent()).toMatch(/^Hartley Accountants/);
    // The firm's colour is dark enough for white text, so it becomes the accent.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe('#5b2a86');
    await page.getByText('2 people still have tasks to do.').waitFor();
    expect(await page.getByText('Not started').count()).toBe(2);
    await check(page, '1-start');

    await completeFrom(page, 'Ada Hartley', { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' }, '2-ada');
    await page.getByText('One person still has tasks to do.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: /Ada Hartley's verification/ }).count()).toBe(0);
    await check(page, '3-one-left');

    // Luis finishes on his phone from the same link, while the desktop page stays open and follows.
    const phone = await h.browser.newContext({ viewport: PHONE, locale: 'en-GB' });
    const luisPage = await phone.newPage();
    await luisPage.goto(account.link);
    await completeFrom(luisPage, 'Luis Reyes', { street: '9 Calle Mayor', city: 'Madrid', postcode: '28013', country: 'ES' }, '4-luis');
    await page.getByText('Everything is done. Thank you: there is nothing more to do here.').waitFor({ timeout: 60_000 });
    await check(page, '5-all-done');
    await check(luisPage, '5-all-done');

    const done = await waitFor(account.read, (a) => a.client_onboarding.completed === true, 60_000);
    const hooks = await waitFor(async () => receiver.events().filter((e) => e.json.account_id === account.accountId && e.json.event === 'ENTITY_UPDATED'),
      (list) => list.some((e) => e.json.revision === done.revision), 60_000);
    expect(hooks[0]!.json).toMatchObject({ entity: 'ACCOUNT', account_id: account.accountId });
    expect(JSON.stringify(hooks.map((e) => e.json))).not.toMatch(/Hartley|Reyes|Mill Lane/);

    const partner = await h.t.services.partners.create({ name: 'Browser partner' });
    const insights = (await h.t.app.inject({ url: `${account.base}/portal/insights`, headers: { ...h.client.auth, 'x-partner-api-key': partner.api_key } })).json();
    expect(insights.summary).toEqual({ contacts: 2, outstanding_requests: 0, completed_requests: 2 });
    expect(insights.contacts.every((c: { tasks: { status: string }[] }) => c.tasks.every((x) => x.status === 'COMPLETED'))).toBe(true);
    await phone.close();
    await context.close();
  });

  it('an expired portal link explains what to do, in the contact\'s language', async () => {
    const account = await sharedAccount();
    await h.t.db.query(`UPDATE accounts SET portal_expires_at = now() - interval '1 day' WHERE id = $1`, [account.accountId]);
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(account.link);
    await page.getByRole('alert').filter({ hasText: 'Esta página ha caducado. Pida a Hartley Accountants un enlace nuevo' }).waitFor({ timeout: 30_000 });
    await check(page, '6-expired');
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('alert').filter({ hasText: 'This page has expired. Please ask Hartley Accountants to send you a new link' }).waitFor();
    await context.close();
  });
});
