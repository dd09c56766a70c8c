import { createRequire } from 'node:module';
import sharp from 'sharp';
import { jpeg2000Codestream, type Dg2Portrait } from '../domain/lds.ts';

/**
 * The DG2 portrait as an image the face engine can read, or null when it cannot be decoded. JPEG goes
 * to sharp as is. JPEG 2000 (common on passport chips) is decoded with OpenJPEG compiled to WebAssembly
 * (@cornerstonejs/codec-openjpeg), because the prebuilt libvips inside sharp has no OpenJPEG, and the
 * pixels are re-encoded as PNG.
 */
const require = createRequire(import.meta.url);

interface J2KDecoder {
  getEncodedBuffer(length: number): Uint8Array;
  decode(): void;
  getFrameInfo(): { width: number; height: number; bitsPerSample: number; componentCount: number; isSigned: boolean };
  getDecodedBuffer(): Uint8Array;
  delete?(): void;
}
interface OpenJpeg {
  J2KDecoder: new () => J2KDecoder;
}

let openjpeg: Promise<OpenJpeg> | undefined;

async function decodeJpeg2000(bytes: Uint8Array): Promise<Buffer> {
  openjpeg ??= (require('@cornerstonejs/codec-openjpeg/decodewasmjs') as () => Promise<OpenJpeg>)();
  const decoder = new (await openjpeg).J2KDecoder();
  try {
    const codestream = jpeg2000Codestream(bytes);
    decoder.getEncodedBuffer(codestream.length).set(codestream);
    decoder.decode();
    const info = decoder.getFrameInfo();
    if (info.bitsPerSample !== 8 || ![1, 3, 4].includes(info.componentCount)) {
      throw new Error(`unsupported JPEG 2000 layout: ${info.componentCount} components of ${info.bitsPerSample} bits`);
    }
    const pixels = Buffer.from(decoder.getDecodedBuffer());
    return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.componentCount as 1 | 3 | 4 } }).png().toBuffer();
  } finally {
    decoder.delete?.();
  }
}

export async function decodePortrait(p: Dg2Portrait): Promise<Buffer | null> {
  try {
    if (p.format === 'jpeg2000') return await decodeJpeg2000(p.image);
    const buffer = Buffer.from(p.image);
    await sharp(buffer).metadata();
    return buffer;
  } catch {
    return null;
  }
}
