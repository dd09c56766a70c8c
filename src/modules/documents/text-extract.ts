/**
 * Text of an uploaded document: a PDF's own text layer (unpdf: Mozilla PDF.js built for servers, pure JS),
 * or OCR of an image. A scanned PDF (no text layer) is read through the scans it carries: PDF.js decodes each
 * page's images in JavaScript (JPEG, Flate, CCITT, JBIG2, JPEG 2000), the largest image of a page is the scan,
 * and it goes through the same OCR as a photo (docs/adr/0023-scanned-pdfs.md). No canvas, nothing native.
 */
import sharp from 'sharp';
import type { TextRecogniser } from './ocr.ts';

export const isPdf = (file: Buffer) => file.subarray(0, 5).toString('latin1') === '%PDF-';

/** Pages of a scanned PDF that are read (an identity document or a bill is one or two pages). */
export const PDF_SCAN_PAGES = 2;
/** A text layer with fewer letters than this is an empty or token layer (scanners add a page number or a stamp). */
const MIN_TEXT_LAYER_LETTERS = 40;
/** Smaller images are logos, stamps and signatures, not scans. */
const MIN_SCAN_PIXELS = 300 * 300;

/**
 * Grayscale, upright, at least ~1600 px wide so body text is ~20 px tall for Tesseract, levels stretched.
 * `page`: a scanned page, mostly paper, whose levels are stretched from the darkest pixel.
 */
export async function prepareForText(image: Buffer, options: { page?: boolean } = {}): Promise<Buffer> {
  const img = sharp(image).rotate();
  const meta = await img.metadata();
  const width = meta.width ?? 0;
  const resized = width > 0 && width < 1600 ? img.resize({ width: 1600, kernel: 'lanczos3' }) : img;
  // On a scanned page (a bill: about 1% ink) the 1st percentile sharp stretches from by default can be the
  // paper itself, and the whole page turns black.
  return resized.grayscale().normalise({ lower: options.page ? 0 : 1, upper: 99 }).png().toBuffer();
}

/** An image beyond this many pixels is skipped by PDF.js before it is decoded (a 40 MP scan is already generous). */
export const PDF_MAX_IMAGE_PIXELS = 40_000_000;

async function openPdf(file: Buffer) {
  const { getDocumentProxy } = await import('unpdf');
  // Uploads are inspected before they are stored (onboarding/domain/pdf-inspect.ts); this also bounds a PDF
  // that reaches the engine another way: a page image declaring a billion pixels is never decoded.
  return getDocumentProxy(new Uint8Array(file), { maxImageSize: PDF_MAX_IMAGE_PIXELS });
}

export async function extractPdfText(file: Buffer): Promise<string> {
  const { extractText } = await import('unpdf');
  const { text } = await extractText(await openPdf(file), { mergePages: false });
  return (text as string[]).join('\n');
}

/**
 * The scanned image of each of the first `maxPages` pages, as PNG, turned as the page's /Rotate says.
 * Pages without an image of scan size are skipped.
 */
export async function pdfPageScans(file: Buffer, maxPages = PDF_SCAN_PAGES): Promise<Buffer[]> {
  const { extractImages } = await import('unpdf');
  const pdf = await openPdf(file);
  const scans: Buffer[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, maxPages); n++) {
    const images = await extractImages(pdf, n);
    const largest = images.reduce<(typeof images)[number] | undefined>((best, i) => (!best || i.width * i.height > best.width * best.height ? i : best), undefined);
    if (!largest || largest.width * largest.height < MIN_SCAN_PIXELS) continue;
    const rotate = (await pdf.getPage(n)).rotate % 360;
    const raw = Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength);
    scans.push(await sharp(raw, { raw: { width: largest.width, height: largest.height, channels: largest.channels } }).rotate(rotate).png().toBuffer());
  }
  return scans;
}

export type TextSource = 'pdf-text' | 'pdf-ocr' | 'ocr';

export async function extractDocumentText(file: Buffer, ocr: TextRecogniser): Promise<{ text: string; source: TextSource }> {
  if (!isPdf(file)) return { text: await ocr.recognise(await prepareForText(file), 'text'), source: 'ocr' };
  const layer = await extractPdfText(file);
  if (layer.replace(/[^\p{L}]/gu, '').length >= MIN_TEXT_LAYER_LETTERS) return { text: layer, source: 'pdf-text' };
  const scans = await pdfPageScans(file);
  if (scans.length === 0) return { text: layer, source: 'pdf-text' };
  const pages: string[] = [];
  for (const scan of scans) pages.push(await ocr.recognise(await prepareForText(scan, { page: true }), 'text'));
  return { text: [layer, ...pages].filter(Boolean).join('\n'), source: 'pdf-ocr' };
}
