import sharp from 'sharp';
import type { Dg2Portrait } from '../domain/lds.ts';

/**
 * The DG2 portrait as an image the face engine can read (JPEG or PNG bytes), or null when it cannot be
 * decoded. The prebuilt libvips inside sharp has no JPEG 2000 (OpenJPEG) support, so JPEG 2000
 * portraits are reported as not decodable rather than guessed at.
 */
export async function decodePortrait(p: Dg2Portrait): Promise<Buffer | null> {
  if (p.format === 'jpeg2000') return null;
  try {
    const buffer = Buffer.from(p.image);
    await sharp(buffer).metadata();
    return buffer;
  } catch {
    return null;
  }
}
