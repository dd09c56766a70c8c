import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, DESKTOP, hasChromium, PHONE, shot, startBrowserHarness, waitFor, type Harness } from './harness.ts';

/**
 * The address step's country is a list of names in the page's language whose answer is an assigned ISO 3166-1
 * alpha-2 code: "United Kingdom" arrives as GB (free text used to arrive as "UN"), and the report's address then
 * merges into the contact record (spec step 6) without a 422. Needs no shared data: no document is uploaded.
 */
let h: Harness;
beforeAll(async () => {
  if (hasChromium) h = await startBrowserHarness();
}, 120_000);
afterAll(async () => h?.close());

const countrySelect = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const optionsOf = (page: Page, label: string) =>
  countrySelect(page, label).evaluate((select: HTMLSelectElement) => [...select.options].filter((o) => o.value).map((o) => ({ code: o.value, name: o.text })));

describe.skipIf(!hasChromium)('the hosted flow\'s country picker in Chromium', () => {
  it('English: names to pick from, GB in the report, and the report\'s address merges into the contact', async () => {
    const r = await h.request({ personal_details: 'true' });
    const { context, page } = await h.page(PHONE);
    await page.goto(r.link);
    await page.getByRole('heading', { level: 1, name: 'Your home address' }).waitFor({ timeout: 30_000 });
    const options = await optionsOf(page, 'Country');
    expect(options).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(options.map((o) => o.code)).not.toContain('UN');
    expect(options.map((o) => o.code)).not.toContain('XX');
    expect(options.length).toBeGreaterThan(240);
    expect(options.every((o) => /^[A-Z]{2}$/.test(o.code))).toBe(true);
    expect(await countrySelect(page, 'Country').inputValue(), 'no country chosen for the contact').toBe('');

    await page.getByLabel('Street and house number').fill('7 Queen Street');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByLabel('Postcode').fill('LS1 2AB');
    await countrySelect(page, 'Country').selectOption({ label: 'United Kingdom' });
    expect(await axe(page)).toEqual([]);
    await shot(page, 'country-picker-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'country-picker-desktop');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { level: 1, name: 'Check and send' }).waitFor({ timeout: 30_000 });
    await page.getByLabel(/^I agree that /).check();
    await page.getByRole('button', { name: 'Send for verification' }).click();
    const report = await waitFor(r.report, (x) => x.status === 'READY');
    expect(report.data.personal_details).toEqual({ street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country: 'GB' });

    // Step 6: read the contact, merge the report's address, replace.
    const contactUrl = r.url.replace(/\/reports\/onboarding$/, '');
    const contact = (await h.t.app.inject({ url: contactUrl, headers: h.client.auth })).json();
    const a = report.data.personal_details;
    const merged = await h.t.app.inject({
      method: 'PUT', url: contactUrl, headers: h.client.auth,
      payload: { ...contact, primary_address: { street: a.street, postcode: a.postcode, city: a.city, country_code: a.country, type: 'PRIMARY' } },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().primary_address).toMatchObject({ city: 'Leeds', country_code: 'GB' });
    await context.close();
  });

  it('Spanish: the same codes under Spanish names, in Spanish order', async () => {
    const r = await h.request({ personal_details: 'true' });
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(r.link);
    await page.getByRole('heading', { level: 1, name: 'Su domicilio' }).waitFor({ timeout: 30_000 });
    const options = await optionsOf(page, 'País');
    expect(options).toContainEqual({ code: 'GB', name: 'Reino Unido' });
    expect(options).toContainEqual({ code: 'DE', name: 'Alemania' });
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
    await countrySelect(page, 'País').selectOption({ label: 'Reino Unido' });
    expect(await countrySelect(page, 'País').inputValue()).toBe('GB');
    await shot(page, 'country-picker-es-phone');
    await context.close();
  });
});
