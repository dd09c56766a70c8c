import { once } from 'node:events';
import zlib from 'node:zlib';
import { zlibSync } from 'fflate';
import sharp from 'sharp';

/**
 * Hostile files for the upload tests, made here in bounded memory (nothing is checked in): decompression
 * bombs that are small on the wire and huge once decoded, files that lie about their type, and polyglots.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Deflates `total` zero bytes, fed one shared block at a time: the bomb is made without holding what it becomes. */
async function zerosDeflated(total: number, block: Buffer = Buffer.alloc(1024 * 1024)): Promise<Buffer> {
  const out: Buffer[] = [];
  const z = zlib.createDeflate({ level: 9 });
  z.on('data', (data: Buffer) => out.push(data));
  for (let left = total; left > 0; left -= block.length) {
    if (!z.write(left > block.length ? block : block.subarray(0, left))) await once(z, 'drain');
  }
  z.end();
  await once(z, 'end');
  return Buffer.concat(out);
}

/** A complete, valid PNG of `width` x `height` black pixels (1 bit grey): ~110 KB for 30000 x 30000. */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const row = 1 + Math.ceil(width / 8); // filter byte + packed pixels; every row is zeros
  const idat = await zerosDeflated(row * height, Buffer.alloc(row * 256));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]);
}

/** A small real JPEG whose frame header claims `width` x `height`. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1]! >= 0xc0 && jpeg[i + 1]! <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}

/** A PDF assembled from object bodies, with a correct cross-reference table. */
export function pdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(at);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(part);
    at += part.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const stream = (dictionary: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
const page = (content: string) => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${content} >>`,
];

/** One page whose content stream inflates to `inflatedBytes` (zeros): a few hundred KB on the wire. */
export async function pdfFlateBomb(inflatedBytes: number): Promise<Buffer> {
  return pdf([...page(''), stream('/Filter /FlateDecode', await zerosDeflated(inflatedBytes))]);
}

/**
 * LZW codes (ISO 32000-1, 7.4.4, early change) for a run of zeros: a clear code, then 0, 258, 259, ..., each
 * naming a string one zero longer than the last, until the table is full at 4,095 (3,839 zeros); then 4,095
 * again and again. `codes` codes in all: about 1.5 bytes each on the wire, up to 3,839 bytes each decoded.
 */
export function lzwZerosBomb(codes: number): { data: Buffer; decodedBytes: number } {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  const write = (code: number, width: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  };
  let width = 9;
  write(256, width);
  let next = 258; // the decoder's next free entry
  let decodedBytes = 0;
  for (let k = 0; k < codes; k++) {
    const code = k === 0 ? 0 : Math.min(next, 4095);
    write(code, width);
    if (k > 0 && next < 4096) next++;
    decodedBytes += k === 0 ? 1 : Math.min(k + 1, 3839);
    // The width grows once the next entry's number, plus the early change, needs another bit.
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  write(257, width);
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  return { data: Buffer.from(out), decodedBytes };
}

/** A PDF whose one stream is an LZW bomb of `codes` codes, behind ASCIIHex when `hex` (a chain readers follow). */
export function pdfLzwBomb(codes: number, hex = false): Buffer {
  const { data } = lzwZerosBomb(codes);
  return hex
    ? pdf([...page(''), stream('/Filter [/ASCIIHexDecode /LZWDecode]', Buffer.from(`${data.toString('hex')}>`))])
    : pdf([...page(''), stream('/Filter /LZWDecode', data)]);
}

/** A PDF whose one stream is RunLength-encoded zeros, 64 times its size: `bytes` decoded bytes. */
export function pdfRunLengthBomb(bytes: number): Buffer {
  const runs = Math.ceil(bytes / 128);
  const data = Buffer.alloc(runs * 2 + 1);
  for (let i = 0; i < runs; i++) data[i * 2] = 129; // 257 - 129 = 128 copies of the next byte (0)
  data[runs * 2] = 128;
  return pdf([...page(''), stream('/Filter /RunLengthDecode', data)]);
}

/** One page drawing an image that declares `width` x `height` grey pixels, its data a small deflated start. */
export function pdfImageBomb(width: number, height: number): Buffer {
  return pdf([
    ...page('/Resources << /XObject << /Im1 5 0 R >> >>'),
    stream('', Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`)),
    stream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, Buffer.from(zlibSync(new Uint8Array(width * 4)))),
  ]);
}

/** A PDF that runs JavaScript when opened: plainly, behind a `#xx`-escaped name, or inside a compressed object stream. */
export function pdfWithJavaScript(how: 'plain' | 'escaped' | 'object-stream'): Buffer {
  const action = how === 'escaped' ? '<< /S /J#61vaScript /JS (app.alert\\(1\\)) >>' : '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
  if (how !== 'object-stream') {
    return pdf([`<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>`, ...page('').slice(1), stream('', Buffer.from('BT ET')), action]);
  }
  const inner = `5 0 ${action}`;
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>', ...page('').slice(1), stream('', Buffer.from('BT ET')),
    stream(`/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`, Buffer.from(zlibSync(Buffer.from(inner)))),
  ]);
}

/**
 * A PDF that calls out to an address by itself: a `/URI` action run when the file is opened (`/OpenAction`,
 * inline or through a reference, or in a compressed object stream), or when its page is shown (the page's `/AA`).
 */
export function pdfWithAutomaticUri(how: 'open-inline' | 'open-reference' | 'page-open' | 'object-stream' | 'next-chain'): Buffer {
  const uri = '<< /S /URI /URI (https://tracker.example/read?id=42) >>';
  const body = stream('', Buffer.from('BT ET'));
  switch (how) {
    case 'open-inline':
      return pdf([`<< /Type /Catalog /Pages 2 0 R /OpenAction ${uri} >>`, ...page('').slice(1), body]);
    case 'open-reference':
      return pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>', ...page('').slice(1), body, uri]);
    case 'page-open':
      return pdf([page('')[0]!, page('')[1]!, page('/AA << /O 5 0 R >>')[2]!, body, uri]);
    case 'next-chain':
      // A harmless GoTo first, the call-out in its /Next chain.
      return pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoTo /D [3 0 R /Fit] /Next [5 0 R] >> >>', ...page('').slice(1), body, uri]);
    case 'object-stream':
      return pdf([
        '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>', ...page('').slice(1), body,
        stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', Buffer.from(zlibSync(Buffer.from(`5 0 ${uri}`)))),
      ]);
  }
}

/** A real JPEG with HTML in a comment segment and a ZIP archive appended after its end: valid as all three. */
export async function jpegPolyglot(): Promise<{ bytes: Buffer; markers: string[] }> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([(html.length + 2) >> 8, (html.length + 2) & 0xff]), html]);
  const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26), Buffer.from('payload.js', 'latin1'), Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
  return { bytes: Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), zip]), markers: ['<script', 'PK\x03\x04', 'payload.js'] };
}

/** Files whose first bytes say something other than a photo or a PDF, sent as `image/jpeg`. */
export const WRONG_MAGIC: Record<string, Buffer> = {
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]),
  zip: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(120)]),
  gif: Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(120)]),
  text: Buffer.from('just some text pretending to be a photo of a passport'),
};
