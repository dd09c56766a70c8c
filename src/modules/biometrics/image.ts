import sharp from 'sharp';

/** Decoded RGB pixels, 3 bytes per pixel, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

/** Larger images cost detector time and gain nothing: the detector works at 512 px. */
const MAX_SIDE = 800;
const GREY = { r: 128, g: 128, b: 128 };

/** Decode any format sharp reads (JPEG, PNG, WebP, TIFF, ...), honour EXIF orientation, bound the size. */
export async function decodeImage(input: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input, { failOn: 'error' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: channels3(data, info.channels) };
}

/**
 * Pad by `pad` times the longer side on every edge (grey), then rotate by `degrees`. Tight crops (a
 * face filling the frame, as on ID portraits) are not recognised by detectors trained on faces with
 * context; a border fixes most of them.
 */
export async function padAndRotate(img: RgbImage, pad: number, degrees: number): Promise<RgbImage> {
  const p = Math.round(Math.max(img.width, img.height) * pad);
  let pipeline = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).extend({
    top: p,
    bottom: p,
    left: p,
    right: p,
    background: GREY,
  });
  if (degrees !== 0) {
    // sharp applies rotate before extend within one pipeline, so materialise the padded image first.
    const padded = await pipeline.raw().toBuffer({ resolveWithObject: true });
    pipeline = sharp(padded.data, { raw: { width: padded.info.width, height: padded.info.height, channels: 3 } }).rotate(degrees, { background: GREY });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: channels3(data, info.channels) };
}

/** Grey crop of a region resized to size x size (for comparable sharpness measures). */
export async function greyCrop(img: RgbImage, box: { x: number; y: number; width: number; height: number }, size: number): Promise<Uint8Array> {
  const left = clamp(Math.round(box.x), 0, img.width - 1);
  const top = clamp(Math.round(box.y), 0, img.height - 1);
  const width = clamp(Math.round(box.width), 1, img.width - left);
  const height = clamp(Math.round(box.height), 1, img.height - top);
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(size, size, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  // greyscale() on a 3-channel raw input may still emit 3 channels: keep the first.
  if (data.length === size * size) return new Uint8Array(data);
  const out = new Uint8Array(size * size);
  const ch = data.length / (size * size);
  for (let i = 0; i < out.length; i++) out[i] = data[i * ch] as number;
  return out;
}

function channels3(data: Buffer, channels: number): Buffer {
  if (channels === 3) return data;
  const n = data.length / channels;
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const g = data[i * channels] as number;
    out[i * 3] = channels >= 3 ? g : g;
    out[i * 3 + 1] = channels >= 3 ? (data[i * channels + 1] as number) : g;
    out[i * 3 + 2] = channels >= 3 ? (data[i * channels + 2] as number) : g;
  }
  return out;
}

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
