/** What an upload is, judged by its first bytes (never by its name or the Content-Type the browser claims). Pure. */
export type MediaKind = 'jpeg' | 'png' | 'heic' | 'webp' | 'pdf' | 'json';

export function sniff(bytes: Uint8Array): MediaKind | undefined {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length < 12) return undefined;
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  // ISO BMFF: size(4) 'ftyp' brand(4); HEIC/HEIF photos from phones.
  if (at(4, 0x66, 0x74, 0x79, 0x70)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif'].includes(brand)) return 'heic';
  }
  const first = bytes.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
  if (first === 0x7b) return 'json'; // '{': chip data exported by the mobile reader
  return undefined;
}

export const isImage = (kind: MediaKind) => kind === 'jpeg' || kind === 'png' || kind === 'heic' || kind === 'webp';
