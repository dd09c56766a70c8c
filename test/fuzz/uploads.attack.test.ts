import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageScans } from '../../src/modules/documents/text-extract.ts';
import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { jpegDeclaring, jpegPolyglot, pdfFlateBomb, pdfImageBomb, pdfLzwBomb, pdfWithAutomaticUri, pdfWithJavaScript, pngBomb, WRONG_MAGIC } from './attack-files.ts';
import { measured, parallelUploads, startUploadTarget, UPLOAD_LIMIT } from './upload-attacks.ts';
import { DECODE_PIXEL_BUDGET, uploadDecodeBudget } from '../../src/modules/onboarding/uploads.ts';
import sharp from 'sharp';

/**
 * Upload attacks against the hosted flow's real endpoint (ADR 0041, ADR 0071): oversized bodies, lying magic
 * numbers, decompression bombs, polyglots. Memory is measured around the attacks and held to generous
 * bounds (far below what a bomb would cost if decoded); the figures are printed, never timed.
 */
let target: Awaited<ReturnType<typeof startUploadTarget>>;

beforeAll(async () => {
  target = await startUploadTarget();
}, 180_000);
afterAll(async () => target?.t.close());

const problem = (r: { statusCode: number; headers: Record<string, unknown>; json: () => any }) => {
  expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
  return r.json();
};

describe('oversized bodies', () => {
  it('20 parallel uploads of 6x the limit are 413, and the server holds about the limit per upload, not the body', async () => {
    const { token } = await target.link();
    const url = `${target.base}/verify/${token}/uploads/selfie`;
    const declared = await parallelUploads(url, 10, { bytes: UPLOAD_LIMIT * 6 });
    const chunked = await parallelUploads(url, 10, { bytes: UPLOAD_LIMIT * 6, chunked: true });
    console.log(`oversized, Content-Length: ${JSON.stringify(declared)}\noversized, chunked: ${JSON.stringify(chunked)}`);
    expect(declared.statuses).toEqual({ 413: 10 });
    expect(chunked.statuses).toEqual({ 413: 10 });
    // 20 bodies of 12 MB offered (240 MB); what may be held is 20 x 2 MB plus buffers.
    expect(declared.rssPeakGrowthMb + chunked.rssPeakGrowthMb).toBeLessThan(160);
    expect(Math.max(declared.buffersPeakGrowthMb, chunked.buffersPeakGrowthMb)).toBeLessThan(80);
  });
});

describe('wrong magic bytes', () => {
  it('a file that is not a photo or a PDF is a 415 whatever its Content-Type says', async () => {
    const { token } = await target.link();
    for (const [name, bytes] of Object.entries(WRONG_MAGIC)) {
      const r = await target.upload(token, 'selfie', bytes);
      expect(r.statusCode, name).toBe(415);
      expect(problem(r).reason, name).toBe('UNSUPPORTED_TYPE');
    }
    // A PNG signature over junk gets past the sniffing and is refused by the decoder.
    const fake = await target.upload(token, 'selfie', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]));
    expect([fake.statusCode, problem(fake).reason]).toEqual([415, 'IMAGE_UNREADABLE']);
    // A PDF where a photo is asked for.
    const pdf = await target.upload(token, 'selfie', textPdf(['Not a selfie']), 'application/pdf');
    expect([pdf.statusCode, problem(pdf).reason]).toEqual([415, 'UNSUPPORTED_TYPE']);
  });
});

describe('decompression bombs', () => {
  it('images declaring more than 40 MP are 422 IMAGE_TOO_LARGE from their header, 20 at once in bounded memory', async () => {
    const { token } = await target.link();
    const png = await pngBomb(30_000, 30_000); // a real 900 MP PNG: ~110 KB sent, 2.7 GB as RGB pixels
    const jpeg = await jpegDeclaring(30_000, 30_000);
    expect(png.length).toBeLessThan(UPLOAD_LIMIT);
    const run = await measured(() => Promise.all(Array.from({ length: 20 }, (_, i) => target.upload(token, 'document_front', i % 2 ? jpeg : png, i % 2 ? 'image/jpeg' : 'image/png'))));
    console.log(`image bombs: 20 x 900 MP (${Math.round(png.length / 1024)} KB PNG, ${jpeg.length} B JPEG): rss +${run.rssPeakGrowthMb} MB, heap +${run.heapPeakGrowthMb} MB, ${run.ms} ms`);
    for (const r of run.result) expect([r.statusCode, problem(r).reason]).toEqual([422, 'IMAGE_TOO_LARGE']);
    expect(run.rssPeakGrowthMb).toBeLessThan(200);
    expect(run.heapPeakGrowthMb).toBeLessThan(64);
  });

  it('10 parallel uploads of 40 MP photos are all taken, decoded within the process-wide pixel budget', async () => {
    // Just under the 40 MP limit, so each is decoded whole: about 120 MB of RGB pixels apiece.
    const width = 6000;
    const height = 6600;
    const png = await sharp({ create: { width, height, channels: 3, background: '#5a7d9a' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(png.length).toBeLessThan(UPLOAD_LIMIT);
    const links = await Promise.all(Array.from({ length: 10 }, () => target.link()));
    const before = uploadDecodeBudget.stats();
    expect(before.inUse).toBe(0);
    const waitingSeen: number[] = [];
    const sampler = setInterval(() => waitingSeen.push(uploadDecodeBudget.stats().waiting), 10);
    const run = await measured(() => Promise.all(links.map((l) => target.upload(l.token, 'document_front', png, 'image/png'))));
    clearInterval(sampler);
    const after = uploadDecodeBudget.stats();
    console.log(`10 x ${width}x${height} PNG (${Math.round(png.length / 1024)} KB) at once: rss +${run.rssPeakGrowthMb} MB, peak ${after.peak / 1e6} MP decoding of a ${DECODE_PIXEL_BUDGET / 1e6} MP budget, ${run.ms} ms`);
    for (const r of run.result) expect(r.statusCode, r.body).toBe(201);
    expect(after.peak).toBeLessThanOrEqual(DECODE_PIXEL_BUDGET);
    expect(after.peak).toBeGreaterThanOrEqual(width * height); // decodes did run, and the later ones waited their turn
    expect(Math.max(...waitingSeen)).toBeGreaterThan(0);
    expect(after.inUse).toBe(0);
    // Ten decodes at once held about 2 GB; two at a time hold a fraction of it.
    expect(run.rssPeakGrowthMb).toBeLessThan(900);
  });

  it('a PDF that inflates like a bomb (past 32 MB at 250 times its size, or past 128 MB) is 422 PDF_TOO_LARGE_INFLATED, measured in small steps', async () => {
    const { token } = await target.link();
    const bomb = await pdfFlateBomb(256 * 1024 * 1024); // ~250 KB sent, 256 MB once inflated
    expect(bomb.length).toBeLessThan(UPLOAD_LIMIT);
    const run = await measured(() => Promise.all([1, 2, 3, 4].map(() => target.upload(token, 'proof_of_address', bomb, 'application/pdf'))));
    console.log(`PDF bombs: 4 x ${Math.round(bomb.length / 1024)} KB inflating to 256 MB: rss +${run.rssPeakGrowthMb} MB, heap +${run.heapPeakGrowthMb} MB, ${run.ms} ms`);
    for (const r of run.result) expect([r.statusCode, problem(r).reason]).toEqual([422, 'PDF_TOO_LARGE_INFLATED']);
    expect(run.rssPeakGrowthMb).toBeLessThan(200);
    expect(run.heapPeakGrowthMb).toBeLessThan(64);
    // A plain statement goes through.
    expect((await target.upload(token, 'proof_of_address', textPdf(['Mill Energy', 'Ada Hartley', '1 Mill Lane']), 'application/pdf')).statusCode).toBe(201);
  });

  // RunLength grows at most 64 times: an upload under the limit cannot pass 128 MB with it (the unit test covers it).
  it('LZW bombs, plain and behind ASCIIHex, are counted as Flate ones are: 422 PDF_TOO_LARGE_INFLATED in bounded memory', async () => {
    const { token } = await target.link();
    const bombs = [pdfLzwBomb(200_000), pdfLzwBomb(200_000, true)]; // 0.3 and 0.6 MB sent, 760 MB each decoded
    for (const bomb of bombs) expect(bomb.length).toBeLessThan(UPLOAD_LIMIT);
    const run = await measured(() => Promise.all(bombs.map((bomb) => target.upload(token, 'proof_of_address', bomb, 'application/pdf'))));
    console.log(`LZW and hex LZW PDF bombs (${bombs.map((b) => Math.round(b.length / 1024)).join(', ')} KB): rss +${run.rssPeakGrowthMb} MB, heap +${run.heapPeakGrowthMb} MB, ${run.ms} ms`);
    for (const r of run.result) expect([r.statusCode, problem(r).reason]).toEqual([422, 'PDF_TOO_LARGE_INFLATED']);
    expect(run.rssPeakGrowthMb).toBeLessThan(200);
    expect(run.heapPeakGrowthMb).toBeLessThan(64);
  });

  it('a PDF page image declaring 100000 x 100000 pixels is skipped by the engine before it is decoded', async () => {
    const bomb = pdfImageBomb(100_000, 100_000);
    const run = await measured(() => pdfPageScans(bomb));
    console.log(`PDF image bomb (10 gigapixels declared, ${bomb.length} B): rss +${run.rssPeakGrowthMb} MB, ${run.ms} ms`);
    expect(run.result).toEqual([]);
    expect(run.rssPeakGrowthMb).toBeLessThan(200);
  });
});

describe('polyglots', () => {
  it('a JPEG that is also HTML and a ZIP is kept as pixels only: re-encoded, the script and the archive gone', async () => {
    const { token, contactId } = await target.link();
    const { bytes, markers } = await jpegPolyglot();
    const r = await target.upload(token, 'selfie', bytes);
    expect(r.statusCode, r.body).toBe(201);
    const stored = await target.stored(contactId, 'selfie');
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const marker of markers) expect(stored.includes(Buffer.from(marker, 'latin1')), marker).toBe(false);
  });

  it('HTML sent as a photo is refused, never stored', async () => {
    const { token, contactId } = await target.link();
    const r = await target.upload(token, 'selfie', Buffer.from('<html><img src=x onerror=alert(1)></html>'), 'image/png');
    expect(r.statusCode).toBe(415);
    expect(await target.t.db.query('SELECT 1 FROM onboarding_files WHERE contact_id = $1', [contactId])).toHaveLength(0);
  });

  it('a PDF that runs JavaScript (plain, behind an escaped name, or in a compressed object stream) is 422 PDF_ACTIVE_CONTENT', async () => {
    const { token } = await target.link();
    for (const how of ['plain', 'escaped', 'object-stream'] as const) {
      const r = await target.upload(token, 'proof_of_address', pdfWithJavaScript(how), 'application/pdf');
      expect([r.statusCode, problem(r).reason], how).toEqual([422, 'PDF_ACTIVE_CONTENT']);
    }
  });

  it('a PDF that calls out to an address by itself (/OpenAction or /AA running /URI) is 422 PDF_ACTIVE_CONTENT and not stored', async () => {
    const { token, contactId } = await target.link();
    for (const how of ['open-inline', 'open-reference', 'page-open', 'object-stream', 'next-chain'] as const) {
      const r = await target.upload(token, 'proof_of_address', pdfWithAutomaticUri(how), 'application/pdf');
      expect([r.statusCode, problem(r).reason], how).toEqual([422, 'PDF_ACTIVE_CONTENT']);
    }
    expect(await target.t.db.query('SELECT 1 FROM onboarding_files WHERE contact_id = $1', [contactId])).toHaveLength(0);
  });
});
