import sharp from 'sharp';
import { cropRegion, type FaceLocation } from './domain/face-crop.ts';
import { decodeImage, padAndRotate } from './image.ts';

/** Shown at most this size: enough to compare two faces by eye, small enough to send at once. */
const CROP_SIDE = 320;

/**
 * The face at `location` cut from the image it was found in, as a JPEG: the image decoded as the engine
 * decoded it (EXIF turned, at most 800 px), padded and turned the same way when the engine had to, then the
 * square around the box. Undefined when the location does not fall inside this image.
 */
export async function cropFace(image: Buffer, location: FaceLocation): Promise<Buffer | undefined> {
  const decoded = await decodeImage(image);
  // The engine measured this same decode; a simulated analysis (the sandbox) has its own frame size.
  const scale = location.width > 0 ? decoded.width / location.width : 1;
  const frame = location.rotation === 0 ? decoded : await padAndRotate(decoded, location.pad, location.rotation);
  const region = cropRegion(location, frame, location.rotation === 0 ? scale : 1);
  if (!region) return undefined;
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .extract(region)
    .resize({ width: CROP_SIDE, height: CROP_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 88 })
    .toBuffer();
}
