import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestService, type TestClient, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SHARED = path.resolve(process.env.KYC_SHARED_DATA ?? '../shared/data');
export const hasShared = existsSync(path.join(SHARED, 'documents')) && existsSync(path.join(SHARED, 'faces'));
export const ARTEFACTS = path.resolve('test-results/onboarding');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** The real service listening on loopback (the browser needs a socket), its workers, and Chromium. */
export async function startBrowserHarness() {
  const t = await startTestService({ PUBLIC_URL: 'http://127.0.0.1:1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const workers = await startWorkers(t.services);
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  const client: TestClient = await t.newClient('Browser firm');
  await t.services.credits.add(client.clientId, 50, 'browser tests');
  mkdirSync(ARTEFACTS, { recursive: true });
  return {
    t, origin, browser, client,
    /** A contact and its onboarding request; the link is rewritten to the listening origin. */
    async request(parameters: Record<string, string>, names = { first: 'Ada', last: 'Hartley' }) {
      const created = await t.app.inject({
        method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
        payload: { name: `${names.first} ${names.last}`, type: 'INDIVIDUAL', primary_contact: { first_name: names.first, last_name: names.last, email: 'contact@example.com', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
      });
      const account = created.json();
      const url = `/clients/${client.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/onboarding`;
      const report = await t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', ...parameters } } } });
      if (report.statusCode !== 202) throw new Error(report.body);
      const link = (report.json().data.onboarding_url as string).replace('http://127.0.0.1:1', origin);
      return { url, link, report: () => t.app.inject({ url, headers: client.auth }).then((r) => r.json()) };
    },
    async page(size: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ viewport: size, locale: 'en-GB', permissions: ['camera'] });
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await workers.stop();
      await t.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startBrowserHarness>>;

/** Chromium whose camera plays `video` (a Y4M file), for the capture and liveness steps driven through the real page. */
export function launchWithCameraFile(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

/** axe-core injected into the page; returns the violations (serious and critical by default). */
export async function axe(page: Page, impacts = ['serious', 'critical']) {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // The page's CSP forbids inline script from the page, not script evaluated by the driver.
  await page.evaluate(source);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => impacts.includes(v.impact)).map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`), fullPage: true });
}

/** Where the pictures in docs/hosted-flow.md and docs/console.md come from (issue 25). */
export const DOC_IMAGES = path.resolve('docs/images');

/**
 * With `UPDATE_DOC_IMAGES=1`, the page as the docs show it: the visible part only, at most 900 px wide, as an
 * 8-bit palette PNG (a few tens of kB). Off by default so a test run leaves the work tree as it was.
 */
export async function docShot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.UPDATE_DOC_IMAGES !== '1') return;
  mkdirSync(DOC_IMAGES, { recursive: true });
  const png = await page.screenshot({ fullPage: options.fullPage ?? false });
  const { default: sharp } = await import('sharp');
  await sharp(png).resize({ width: 900, withoutEnlargement: true }).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(path.join(DOC_IMAGES, `${name}.png`));
}

/**
 * A Playwright call that has no timeout of its own (evaluate, keyboard, closing a context), bounded: a browser
 * that stops answering fails the test at once, naming the step, instead of holding it until the test's limit.
 */
export async function within<T>(ms: number, step: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${step}: no answer from the browser in ${ms} ms`)), ms); });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await within(Math.max(deadline - Date.now(), 0) + 5_000, 'waiting on the page', fn());
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
