import sharp from 'sharp';
import { AppError } from '../../platform/http/errors.ts';
import { createPixelBudget, type PixelBudget } from '../../platform/pixel-budget.ts';
import { isImage, sniff, type MediaKind } from './domain/media.ts';
import { inspectPdf } from './domain/pdf-inspect.ts';

export interface NormalisedUpload {
  bytes: Buffer;
  mediaType: 'image/jpeg' | 'application/pdf' | 'application/json';
  width?: number;
  height?: number;
}

const MAX_PIXELS = 40_000_000; // a 40 MP photo; beyond it is a decompression bomb, not a phone picture
const MAX_SIDE = 3000; // enough for MRZ reading at phone distance; keeps files and OCR time bounded

/**
 * Pixels decoded at once across every upload of the process: two of the largest photos (or many phone photos
 * of 12 MP). Decoding is CPU-bound, so more at once would only queue inside libvips while holding memory.
 */
export const DECODE_PIXEL_BUDGET = 2 * MAX_PIXELS;
export const uploadDecodeBudget: PixelBudget = createPixelBudget(DECODE_PIXEL_BUDGET);
// libvips keeps recent operations (and their pixels) in a cache of up to 50 MB by default; an upload is
// decoded once, so the cache only holds memory.
sharp.cache(false);

/**
 * Checks an upload by its content and makes it safe to keep: images are decoded, turned upright from their
 * EXIF orientation, scaled to at most 3000 px and re-encoded as JPEG with no metadata (GPS, camera, time are
 * dropped), so what is stored is only pixels. PDFs are kept as sent (the proof-of-address engine reads their
 * text layer) after a size and header check.
 */
export async function normaliseUpload(bytes: Buffer, allowed: ('image' | 'pdf' | 'json')[], budget: PixelBudget = uploadDecodeBudget): Promise<NormalisedUpload> {
  const kind: MediaKind | undefined = sniff(bytes);
  const permitted = kind !== undefined && ((isImage(kind) && allowed.includes('image')) || (kind === 'pdf' && allowed.includes('pdf')) || (kind === 'json' && allowed.includes('json')));
  if (!permitted) {
    const wanted = allowed.map((a) => (a === 'image' ? 'a JPEG or PNG photo' : a === 'pdf' ? 'a PDF' : 'chip data (JSON)')).join(' or ');
    throw new AppError('unsupported_media_type', `This file is not ${wanted}`, { reason: 'UNSUPPORTED_TYPE' });
  }
  if (kind === 'pdf') {
    // Stored as sent (the engines read its text layer), so what opening it would cost is judged first (ADR 0071).
    const verdict = await inspectPdf(bytes);
    if (verdict.problem === 'PDF_TOO_LARGE_INFLATED') throw new AppError('unprocessable', 'This PDF expands to far more than a document needs; please upload the statement as saved by its issuer, or a photo of it', { reason: verdict.problem });
    if (verdict.problem === 'PDF_UNSUPPORTED_ENCODING') throw new AppError('unprocessable', 'This PDF compresses its content twice over, which documents never need; please upload the statement as saved by its issuer, or a photo of it', { reason: verdict.problem });
    if (verdict.problem) throw new AppError('unprocessable', 'This PDF contains scripts, attachments or forms; please upload a plain PDF, or a photo of the document', { reason: verdict.problem });
    return { bytes, mediaType: 'application/pdf' };
  }
  if (kind === 'json') {
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new AppError('unsupported_media_type', 'The chip data is not valid JSON', { reason: 'UNSUPPORTED_TYPE' });
    }
    return { bytes, mediaType: 'application/json' };
  }
  // The header's dimensions, read before any pixel is decoded: a small file can declare a billion pixels.
  const declared = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => undefined);
  if (declared?.width && declared.height && declared.width * declared.height > MAX_PIXELS) {
    throw new AppError('unprocessable', `This image is ${declared.width}x${declared.height} pixels, more than a photo of a document has; please take the photo again`, { reason: 'IMAGE_TOO_LARGE' });
  }
  // A header that could not be read costs the most an image may have: the decode below refuses more.
  const pixels = declared?.width && declared.height ? declared.width * declared.height : MAX_PIXELS;
  try {
    return await budget.run(pixels, async () => {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
      const { data, info } = await image
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 92, mozjpeg: false })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, mediaType: 'image/jpeg' as const, width: info.width, height: info.height };
    });
  } catch {
    const message = kind === 'heic'
      ? 'This HEIC photo cannot be read here; please take the photo again or set the camera to "Most Compatible" (JPEG)'
      : 'This image is damaged or cannot be read; please take the photo again';
    throw new AppError('unsupported_media_type', message, { reason: kind === 'heic' ? 'HEIC_UNSUPPORTED' : 'IMAGE_UNREADABLE' });
  }
}
