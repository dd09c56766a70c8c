/**
 * Text of an uploaded document: a PDF's own text layer (unpdf: Mozilla PDF.js built for servers, pure JS),
 * or OCR of an image. A scanned PDF without a text layer is reported as having no text: rasterising PDFs
 * would need a canvas implementation this project does not ship.
 */
import sharp from 'sharp';
import type { TextRecogniser } from './ocr.ts';

export const isPdf = (file: Buffer) => file.subarray(0, 5).toString('latin1') === '%PDF-';

/** Grayscale, upright, at least ~1600 px wide so body text is ~20 px tall for Tesseract. */
export async function prepareForText(image: Buffer): Promise<Buffer> {
  const img = sharp(image).rotate();
  const meta = await img.metadata();
  const width = meta.width ?? 0;
  const resized = width > 0 && width < 1600 ? img.resize({ width: 1600, kernel: 'lanczos3' }) : img;
  return resized.grayscale().normalise().png().toBuffer();
}

export async function extractPdfText(file: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(file));
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).join('\n');
}

export async function extractDocumentText(file: Buffer, ocr: TextRecogniser): Promise<{ text: string; source: 'pdf-text' | 'ocr' }> {
  if (isPdf(file)) return { text: await extractPdfText(file), source: 'pdf-text' };
  return { text: await ocr.recognise(await prepareForText(file), 'text'), source: 'ocr' };
}
