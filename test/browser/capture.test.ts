import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, docShot, hasChromium, launchWithCameraFile, PHONE, shot, startBrowserHarness, type Harness } from './harness.ts';
import { guideRect, ID1_ASPECT } from '../../web/verify/src/capture/framing.ts';

/**
 * The document step's guided capture (issue 25) through the real page, with Chromium's fake camera playing a
 * Y4M file this test writes (`--use-file-for-fake-video-capture`): a made-up card (no shared specimen, so the
 * pictures may go into the docs) on a dark table. The film: the empty table, the card far away, the card in the
 * frame but out of focus, then the card sharp in the frame. The page must say each, then take the photo itself.
 */
const VIDEO = path.resolve('test-results/capture/card.y4m');
const W = 640;
const H = 480;
const FPS = 10;

/** A driving-licence-like card, drawn as SVG: a photo box, a title, lines of print, a number. */
function cardSvg(width: number, height: number): Buffer {
  const line = (y: number, text: string, size = 0.055) => `<text x="${width * 0.36}" y="${height * y}" font-family="DejaVu Sans" font-size="${height * size}" fill="#1d2430">${text}</text>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${height * 0.06}" fill="#e9ecd9"/>
    <rect x="0" y="0" width="${width}" height="${height * 0.16}" fill="#3d6fb0"/>
    <text x="${width * 0.04}" y="${height * 0.115}" font-family="DejaVu Sans" font-weight="bold" font-size="${height * 0.08}" fill="#fff">DRIVING LICENCE</text>
    <rect x="${width * 0.05}" y="${height * 0.24}" width="${width * 0.26}" height="${height * 0.56}" fill="#8a96a8"/>
    <circle cx="${width * 0.18}" cy="${height * 0.42}" r="${height * 0.1}" fill="#c9b8a4"/>
    ${line(0.28, '1. SPECIMEN')}${line(0.38, '2. ALEX SAMPLE')}${line(0.48, '3. 01.02.1990 UNITED KINGDOM')}
    ${line(0.58, '4a. 01.01.2024  4b. 31.12.2033')}${line(0.68, '5. SAMPL901020AB9CD')}${line(0.78, '8. 1 MILL LANE, YORK AB1 2CD')}
    ${line(0.9, '9. AM/A/B1/B/F/K/P/Q', 0.05)}
  </svg>`);
}

/** One 640x480 picture: the table, with the card at `box` (omitted: the empty table), blurred by `sigma`. */
async function picture(box: { x: number; y: number; width: number; height: number } | null, sigma = 0): Promise<Buffer> {
  const table = sharp({ create: { width: W, height: H, channels: 3, background: { r: 52, g: 46, b: 44 } } });
  const layers = box ? [{ input: await sharp(cardSvg(box.width, box.height)).png().toBuffer(), left: box.x, top: box.y }] : [];
  let image = sharp(await table.composite(layers).png().toBuffer());
  if (sigma) image = image.blur(sigma);
  return image.removeAlpha().raw().toBuffer();
}

/** RGB pictures into a Y4M (4:2:0, BT.601) film, each shown for `seconds`. */
function y4m(scenes: { rgb: Buffer; seconds: number }[]): Buffer {
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n`)];
  for (const { rgb, seconds } of scenes) {
    const y = Buffer.alloc(W * H);
    const u = Buffer.alloc((W / 2) * (H / 2));
    const v = Buffer.alloc((W / 2) * (H / 2));
    for (let j = 0; j < H; j++) {
      for (let i = 0; i < W; i++) {
        const k = (j * W + i) * 3;
        const [r, g, b] = [rgb[k]!, rgb[k + 1]!, rgb[k + 2]!];
        // Studio range (Y 16-235), as Chromium reads the file: full-range values would play brighter, a white-out.
        y[j * W + i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
        if (j % 2 === 0 && i % 2 === 0) {
          const c = (j / 2) * (W / 2) + i / 2;
          u[c] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
          v[c] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
        }
      }
    }
    for (let n = 0; n < seconds * FPS; n++) chunks.push(Buffer.from('FRAME\n'), y, u, v);
  }
  return Buffer.concat(chunks);
}

let h: Harness;
let browser: Browser;
beforeAll(async () => {
  if (!hasChromium) return;
  h = await startBrowserHarness();
  // The card where the page's frame is (the same ID-1 rectangle the page draws), a few pixels off as a hand holds it.
  const frame = guideRect(W, H, ID1_ASPECT);
  const inFrame = { x: frame.x + 6, y: frame.y - 4, width: frame.width - 8, height: frame.height - 4 };
  const far = { x: Math.round((W - frame.width * 0.5) / 2), y: Math.round((H - frame.height * 0.5) / 2), width: Math.round(frame.width * 0.5), height: Math.round(frame.height * 0.5) };
  mkdirSync(path.dirname(VIDEO), { recursive: true });
  writeFileSync(VIDEO, y4m([
    { rgb: await picture(null), seconds: 2 },
    { rgb: await picture(far), seconds: 2 },
    { rgb: await picture(inFrame, 4), seconds: 2.5 },
    { rgb: await picture(inFrame), seconds: 6 },
  ]));
  browser = await launchWithCameraFile(VIDEO);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function open(link: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB', permissions: ['camera'] });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Your ID document' }).waitFor({ timeout: 30_000 });
  return { page, close: () => context.close() };
}

/** The hints the page showed, in order (recorded by a MutationObserver the test installs on the hint). */
const seen = (page: Page) => page.evaluate(() => (window as unknown as { hints?: string[] }).hints ?? []).catch(() => ['(page closed)']);

const kindsOffered = (page: Page) => page.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => (i.closest('label')?.textContent ?? '').trim()));

describe.skipIf(!hasChromium)('guided document capture with the fake camera (issue 25)', () => {
  it('offers only the documents the request accepts: face match adds the identity card', async () => {
    const r = await h.request({ face_match: 'true' });
    const { page, close } = await open(r.link);
    expect(await kindsOffered(page)).toEqual([expect.stringMatching(/^Passport/), expect.stringMatching(/^Driving licence/), expect.stringMatching(/^National identity card/)]);
    // With the keyboard alone: the arrow keys move between the kinds, Enter sends the form.
    await page.getByRole('radio', { name: /^Passport/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /^National identity card/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    await page.keyboard.press('Enter');
    await page.getByText('National identity card · United Kingdom').waitFor();
    // On a phone the heading may wrap, but never with the dot starting the second line: it stays after the kind.
    const lines = await page.locator('p.chosen').evaluate((p) => {
      const text = [...p.querySelectorAll('span')].flatMap((s) => [...s.childNodes]).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('·'))!;
      const dot = document.createRange();
      dot.setStart(text, text.textContent!.indexOf('·'));
      dot.setEnd(text, text.textContent!.indexOf('·') + 1);
      return { kind: p.querySelector('strong')!.getBoundingClientRect().top, dot: dot.getBoundingClientRect().top };
    });
    expect(Math.abs(lines.dot - lines.kind), 'the dot on the kind\'s line').toBeLessThan(4);
    await shot(page, 'capture-0-chosen-card');
    // The chosen kind goes with the photo (ADR 0211): a TD1 card's back (the generated one) sent as the front is
    // named as the back, in the page's words.
    const sent = page.waitForResponse((res) => /\/uploads\/document_front\?document=identity_card$/.test(res.url()) && res.request().method() === 'POST', { timeout: 120_000 });
    await page.getByLabel('Front of your ID document', { exact: true }).setInputFiles(path.resolve('test/documents/fixtures/id-card-td1-back.jpg'));
    expect((await sent).status()).toBe(201);
    await page.getByRole('alert').filter({ hasText: 'This looks like the back of the card. Photograph the side with your photo here.' }).waitFor({ timeout: 30_000 });
    await close();
  });

  it('country and kind first; the card frame over the video; hints for no card, a far card and a blurry one; the photo taken by itself once the card is sharp in the frame', async () => {
    const r = await h.request({ idscan: 'true' });
    const { page, close } = await open(r.link);

    // The first screen: the issuing country (the browser's region offered) and the kinds idscan accepts.
    expect(await kindsOffered(page)).toEqual([expect.stringMatching(/^Passport/), expect.stringMatching(/^Driving licence/)]);
    expect(await page.getByLabel('Country that issued it').inputValue()).toBe('GB');
    expect(await axe(page)).toEqual([]);
    await shot(page, 'capture-1-choice');
    await docShot(page, 'capture-1-choice', { fullPage: true });
    // No country: the page says so where the field is, and stays.
    await page.getByLabel('Country that issued it').selectOption('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose the country that issued your document.' }).waitFor();
    await page.getByLabel('Country that issued it').selectOption('GB');
    await page.getByRole('radio', { name: /^Driving licence/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The card's photos: the back is offered for a card; the choice is shown with a way to change it.
    await page.getByText('Driving licence · United Kingdom').waitFor();
    await page.getByLabel('Back of your ID card or driving licence', { exact: true }).waitFor({ state: 'attached' });
    const uploads: string[] = [];
    page.on('request', (req) => { if (req.method() === 'POST' && /\/uploads\//.test(req.url())) uploads.push(req.url().split('/uploads/')[1]!); });
    // Registered before the camera opens (a loaded machine may reach the sharp part of the film during the checks
    // below); the film loops every 12.5 s, so 60 s covers a missed pass.
    const sent = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/uploads/document_front') && res.request().method() === 'POST', { timeout: 60_000 })
      .catch(async (e) => { throw new Error(`${e}; hints seen: ${JSON.stringify(await seen(page))}`); });
    sent.catch(() => undefined); // awaited below; a failure before then must not become an unhandled rejection
    await page.getByRole('button', { name: 'Use the camera' }).first().click();
    await page.waitForFunction(() => ((document.querySelector('video') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);

    // The guide is an ID-1 card's shape (85.6 x 54 mm) drawn in the video's pixels.
    const guide = page.locator('svg.guide[data-guide="card"] rect.guide-line');
    await guide.waitFor();
    const [w, hgt] = await Promise.all([guide.getAttribute('width'), guide.getAttribute('height')]);
    expect(Number(w) / Number(hgt)).toBeCloseTo(85.6 / 54, 1);
    const hint = page.locator('.hint[aria-live="polite"]');
    expect(await hint.getAttribute('role')).toBe('status');
    // Every hint the page shows, in order (for the assertion's message when one is missed).
    await hint.evaluate((el) => {
      const seen: string[] = ((window as unknown as { hints: string[] }).hints = []);
      new MutationObserver(() => { if (seen.at(-1) !== el.textContent) seen.push(el.textContent ?? ''); }).observe(el, { childList: true, characterData: true, subtree: true });
    });

    // The film: nothing, then the card far away, then the card blurred in the frame (2-2.5 s each; the file loops).
    await page.getByText('Place your document inside the frame').waitFor({ timeout: 30_000 });
    await shot(page, 'capture-2-find');
    await page.getByText('Too far: move closer so the document fills the frame').waitFor({ timeout: 30_000 });
    await shot(page, 'capture-3-closer');
    await docShot(page, 'capture-3-closer', { fullPage: true });
    await page.getByText('Blurry: hold still and let the camera focus').waitFor({ timeout: 30_000 }).catch(async (e) => { throw new Error(`${e}; hints seen: ${JSON.stringify(await seen(page))}`); });
    await shot(page, 'capture-4-blurry');
    await docShot(page, 'capture-4-blurry', { fullPage: true });
    expect(await axe(page)).toEqual([]);
    expect(uploads).toEqual([]); // nothing was taken while the card was far or blurry

    // Then sharp in the frame: the page takes the photo without "Take photo" and sends it.
    await page.locator('svg.guide.ready').waitFor({ timeout: 20_000 }).then(() => shot(page, 'capture-5-ready')).catch(() => undefined);
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(uploads).toEqual(['document_front?document=driving_licence']); // with the kind chosen (ADR 0211)
    // The photo went up as the camera saw it, full size: the server judged it (a made-up card has no readable data).
    const body = await response.json();
    expect(body).toMatchObject({ slot: 'document_front', media_type: 'image/jpeg', width: 640, height: 480 });
    expect(body.feedback.problems).not.toContain('IMAGE_BLURRY');
    await page.locator('video').waitFor({ state: 'detached', timeout: 10_000 });
    await shot(page, 'capture-6-taken');
    await docShot(page, 'capture-6-taken', { fullPage: true });
    await close();
  });

  it('the selfie camera shows an oval guide and says what to do with it', async () => {
    const r = await h.request({ selfie: 'true' });
    // The harness's browser: Chromium's own fake camera picture (no film), as a selfie camera would show something.
    const { context, page } = await h.page(PHONE);
    await page.goto(r.link);
    await page.getByRole('heading', { level: 1, name: 'A photo of your face' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Use the camera' }).click();
    const oval = page.locator('svg.guide[data-guide="oval"] ellipse.guide-line');
    await oval.waitFor({ timeout: 30_000 });
    const [rx, ry] = await Promise.all([oval.getAttribute('rx'), oval.getAttribute('ry')]);
    expect(Number(ry)).toBeGreaterThan(Number(rx)); // upright, like a face
    await page.getByText('Fit your face inside the oval and look straight at the camera.').waitFor();
    // No document hint and no automatic shutter for a face: the person presses "Take photo".
    expect(await page.locator('.hint').count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'capture-7-selfie-oval');
    await docShot(page, 'capture-7-selfie-oval', { fullPage: true });
    await context.close();
  });
});
