import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, DESKTOP, docShot, hasChromium, startBrowserHarness, waitFor, type Harness } from './harness.ts';

/**
 * The hosted flow with the keyboard alone (issue 25, WCAG 2.1.1): Tab, typing, Space and Enter, never a click,
 * from the first field to the thank-you page; axe-core on each page in Welsh too (the link's ?lang=cy).
 */
let h: Harness;
beforeAll(async () => {
  if (hasChromium) h = await startBrowserHarness();
}, 120_000);
afterAll(async () => h?.close());

/** Presses Tab until the focused element is the one described (by its label, name or text); fails after 40. */
async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const id = el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent;
      return `${el.getAttribute('aria-label') ?? ''} ${id ?? ''} ${el.tagName === 'BUTTON' ? el.textContent ?? '' : ''}`.trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`never reached ${name} with Tab`);
}

describe.skipIf(!hasChromium)('the hosted flow with the keyboard only', () => {
  it('fills the address, agrees and sends with Tab, typing, Space and Enter; the thank-you page says what happens next', async () => {
    const r = await h.request({ personal_details: 'true', unique_email: 'true' });
    const { context, page } = await h.page(DESKTOP);
    await page.goto(r.link);
    await page.getByRole('heading', { level: 1, name: 'Your home address' }).waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);

    await tabTo(page, /Street and house number/);
    await page.keyboard.type('7 Queen Street');
    await tabTo(page, /Town or city/);
    await page.keyboard.type('Leeds');
    await tabTo(page, /Postcode/);
    await page.keyboard.type('LS1 2AB');
    await tabTo(page, /^Country/);
    await page.keyboard.type('United Kingdom');
    await tabTo(page, /Save and continue/);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Your e-mail address' }).waitFor({ timeout: 30_000 });
    await tabTo(page, /Preferred e-mail address/);
    await page.keyboard.type('ada@example.com');
    await tabTo(page, /Save and continue/);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Check and send' }).waitFor({ timeout: 30_000 });
    // The answers are shown before sending, each with its Change link; no biometric wording in this flow.
    const summary = await page.locator('.summary').textContent();
    expect(summary).toContain('7 Queen Street, LS1 2AB, Leeds, GB');
    expect(summary).toContain('ada@example.com');
    const consent = await page.getByLabel(/^I agree that /).evaluate((el) => document.querySelector(`label[for="${el.id}"]`)!.textContent!);
    expect(consent).toContain('Browser firm');
    expect(consent).not.toMatch(/biometric|selfie/i);
    expect(await axe(page)).toEqual([]);
    await tabTo(page, /^I agree that/);
    await page.keyboard.press('Space');
    await tabTo(page, /Send for verification/);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('main').textContent()).toContain('What happens next: Browser firm checks what you sent');
    expect(await axe(page)).toEqual([]);
    await docShot(page, 'flow-thank-you');
    const report = await waitFor(r.report, (x) => x.status === 'READY', 60_000);
    expect(report.data.personal_details).toMatchObject({ street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country: 'GB' });
    await context.close();
  });

  it('opens in Welsh from the link (?lang=cy), with the firm\'s name in the header and no serious axe finding', async () => {
    const r = await h.request({ personal_details: 'true' });
    const { context, page } = await h.page(DESKTOP);
    await page.goto(`${r.link}?lang=cy`);
    await page.getByRole('heading', { level: 1, name: 'Eich cyfeiriad cartref' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['cy', 'ltr']);
    expect(await page.locator('header').textContent()).toContain('Browser firm');
    expect(await axe(page)).toEqual([]);
    await docShot(page, 'flow-welsh');
    await context.close();
  });
});
