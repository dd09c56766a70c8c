/**
 * PDFs as a scanner or a phone's "scan to PDF" makes them: each page one image, no text layer. Hand-written
 * PDF 1.4 with an exact cross-reference table. JPEG pages are embedded as they are (DCTDecode), raw gray
 * pages deflated (FlateDecode).
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface ScanPage {
  image: Buffer;
  /** Embed as FlateDecode gray pixels instead of the JPEG itself. */
  flate?: boolean;
  /** The page's /Rotate (the scan is stored sideways and shown turned). */
  rotate?: 0 | 90 | 180 | 270;
}

export async function imagePdf(pages: ScanPage[]): Promise<Buffer> {
  const objects: Buffer[] = [];
  const add = (b: Buffer | string) => objects.push(Buffer.isBuffer(b) ? b : Buffer.from(b, 'latin1'));
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages' numbers are known
  const kids: number[] = [];
  for (const page of pages) {
    const meta = await sharp(page.image).metadata();
    const [width, height] = [meta.width!, meta.height!];
    let stream: Buffer;
    let dict: string;
    if (page.flate) {
      stream = deflateSync(await sharp(page.image).grayscale().raw().toBuffer());
      dict = `/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`;
    } else {
      stream = await sharp(page.image).jpeg({ quality: 90 }).toBuffer();
      dict = `/ColorSpace /Device${(await sharp(stream).metadata()).channels === 1 ? 'Gray' : 'RGB'} /BitsPerComponent 8 /Filter /DCTDecode`;
    }
    add(Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} ${dict} /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]));
    const imageRef = objects.length;
    // A4-ish page at 72 dpi, the scan scaled to fill it.
    const [pw, ph] = [595, Math.round((595 * height) / width)];
    const content = `q ${pw} 0 0 ${ph} 0 0 cm /Scan Do Q`;
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentRef = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pw} ${ph}] /Rotate ${page.rotate ?? 0} /Resources << /XObject << /Scan ${imageRef} 0 R >> >> /Contents ${contentRef} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');
  const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets = objects.map((o, i) => {
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), o, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(b);
    const at = offset;
    offset += b.length;
    return at;
  });
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
