import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hasShared, launchWithCameraFile, PHONE, SHARED, shot, startBrowserHarness, waitFor, type Harness } from './harness.ts';

/**
 * Issue 21 through the real page with Chromium's fake camera playing a Y4M file this test writes
 * (`--use-file-for-fake-video-capture`): a still of a face fed as the camera fails; the same recording fed again
 * in another contact's session is refused as a replay. Chromium reads the file when the page opens the camera,
 * so each test writes the file before the page starts the capture.
 *
 * Not here: a genuine pass through the fake camera. The shared faces are single stills (8 people, 5 poses each,
 * no blink, smile or look-up, no continuous motion between them), so a capture answering random prompts cannot
 * be made from them honestly: what would pass is an animated photo, which is the attack this check does not
 * resist (docs/biometrics.md). The passing path is tested on acted landmarks (domain tests) and through the
 * sandbox's acted engine (test/http/liveness-session.test.ts).
 */
const VIDEO = path.resolve('test-results/liveness/camera.y4m');
const face = (person: string, n: number) => path.join(SHARED, 'faces/faceapi-bbt', person, `${person}${n}.png`);

/** A Y4M (4:2:0) file of `frames`, each a 640x480 picture (the face centred on grey), shown at `fps`. */
async function writeY4m(file: string, pictures: string[], repeat: number, fps = 10) {
  const W = 640;
  const H = 480;
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const picture of pictures) {
    const face = await sharp(picture).resize({ height: 360 }).toBuffer();
    const { data } = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .composite([{ input: face, gravity: 'centre' }]).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const y = Buffer.alloc(W * H);
    const u = Buffer.alloc((W / 2) * (H / 2));
    const v = Buffer.alloc((W / 2) * (H / 2));
    for (let j = 0; j < H; j++) {
      for (let i = 0; i < W; i++) {
        const k = (j * W + i) * 3;
        const [r, g, b] = [data[k]!, data[k + 1]!, data[k + 2]!];
        y[j * W + i] = Math.max(0, Math.min(255, Math.round(0.299 * r + 0.587 * g + 0.114 * b)));
        if (j % 2 === 0 && i % 2 === 0) {
          const c = (j / 2) * (W / 2) + i / 2;
          u[c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
          v[c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
        }
      }
    }
    for (let n = 0; n < repeat; n++) chunks.push(Buffer.from('FRAME\n'), y, u, v);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat(chunks));
}

let h: Harness;
let browser: Browser;
beforeAll(async () => {
  if (!hasChromium || !hasShared) return;
  const t0 = Date.now();
  h = await startBrowserHarness();
  await writeY4m(VIDEO, [face('sheldon', 1)], 1);
  console.log(`harness and camera file ready in ${Date.now() - t0} ms`);
  browser = await launchWithCameraFile(VIDEO);
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe.skipIf(!hasChromium || !hasShared)('liveness through the fake camera (issue 21)', () => {
  it('a still of a face fed as the camera fails; the same recording fed in another contact\'s session is a replay', async () => {
    const first = await h.request({ face_match: 'true' }, { first: 'Sam', last: 'Still' });
    const token = first.link.split('/verify/')[1]!;
    // The document and selfie steps are not this test's subject: uploaded through the API, the page resumes at liveness.
    for (const [slot, file] of [['document_front', face('sheldon', 5)], ['selfie', face('sheldon', 1)]] as const) {
      const up = await h.t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/${slot}`, headers: { 'content-type': 'image/png' }, payload: await sharp(file).png().toBuffer() });
      expect(up.statusCode, up.body).toBe(201);
    }
    const runPage = async (link: string, shotName: string) => {
      const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB', permissions: ['camera'] });
      const page = await context.newPage();
      try {
        await page.goto(link);
        await page.getByRole('heading', { level: 1, name: 'Show us you are here' }).waitFor({ timeout: 30_000 });
        const finished = page.waitForResponse((res) => /\/liveness\/sessions\/[^/]+\/finish$/.test(res.url()), { timeout: 280_000 });
        await page.getByRole('button', { name: 'Start the camera check' }).click();
        await page.getByText('Look straight at the camera').waitFor({ timeout: 30_000 });
        await shot(page, `${shotName}-capturing`);
        const outcome = await (await finished).json();
        await page.getByRole('alert').filter({ hasText: 'We could not confirm that you are here in person' }).waitFor({ timeout: 30_000 });
        await shot(page, `${shotName}-refused`);
        return outcome as { decision: string; reasons: string[] };
      } finally {
        await context.close();
      }
    };
    const still = await runPage(first.link, 'liveness-still');
    expect(still.decision).toBe('FAILED');
    // The fake device is named as a virtual camera; beyond that, a still cannot move or follow the prompts.
    expect(still.reasons).toEqual(expect.arrayContaining(['LIVENESS_VIRTUAL_CAMERA', 'LIVENESS_STILL_IMAGE', 'LIVENESS_CHALLENGE_NOT_MET']));

    const second = await h.request({ face_match: 'true' }, { first: 'Sam', last: 'Replay' });
    const token2 = second.link.split('/verify/')[1]!;
    for (const [slot, file] of [['document_front', face('sheldon', 5)], ['selfie', face('sheldon', 1)]] as const) {
      await h.t.app.inject({ method: 'POST', url: `/verify/${token2}/uploads/${slot}`, headers: { 'content-type': 'image/png' }, payload: await sharp(file).png().toBuffer() });
    }
    const replay = await runPage(second.link, 'liveness-replay');
    expect(replay.decision).toBe('FAILED');
    expect(replay.reasons).toContain('LIVENESS_REPLAYED');

    // The report: face match FAILED with the liveness reasons, whatever the face comparison says.
    expect((await h.t.app.inject({ method: 'POST', url: `/verify/${token}/submit`, payload: { consent: true } })).statusCode).toBe(202);
    const report = await waitFor(first.report, (x) => x.status === 'READY');
    expect(report.data.idscan.face_match_decision).toBe('FAILED');
    expect(report.data.reasons).toEqual(expect.arrayContaining(['LIVENESS_FAILED', 'LIVENESS_STILL_IMAGE']));
  }, 900_000); // two sessions of ~25 frames through the real engine: minutes on a loaded 2-core machine
});

