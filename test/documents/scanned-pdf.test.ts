import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentService, type DocumentService } from '../../src/modules/documents/index.ts';
import { pdfPageScans } from '../../src/modules/documents/text-extract.ts';
import { imagePdf } from './image-pdf.ts';

const TODAY = '2026-11-22';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const contact = { first_name: 'John', last_name: 'Smith', primary_address: { street: '12 Acacia Avenue', postcode: 'SW1A 1AA', city: 'London' } };

/** A bill as a scanner sees it: A4 at ~150 dpi, DejaVu Sans. */
async function scannedBill(date: string): Promise<Buffer> {
  // What proof of address asks of an issued bill (ADR 0132): a listed issuer, its web address, a reference,
  // the kind's words and an amount.
  const lines = ['Thames Water', 'www.thameswater.co.uk', 'Mr John Smith', '12 Acacia Avenue', 'London SW1A 1AA', `Bill date: ${date}`, 'Customer reference 9012 3456 78', 'Water supply and sewerage', 'Amount due: 42.10 GBP'];
  const text = lines.map((l, i) => `<text x="120" y="${220 + i * 56}" font-family="DejaVu Sans" font-size="34" fill="#202020">${esc(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="#f6f4ef"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

let service: DocumentService;
beforeAll(() => {
  service = createDocumentService({ now: () => new Date('2026-11-22T10:00:00Z') });
});
afterAll(() => service.close());

describe('scanned PDFs (no text layer): the page scans are decoded by PDF.js and OCR-ed', { timeout: 90_000 }, () => {
  it('a scanned bill (JPEG page) is read: PASSED from OCR of the scan', async () => {
    const r = await service.checkProofOfAddress({ file: await imagePdf([{ image: await scannedBill('03/10/2026') }]), contact, today: TODAY });
    expect(r).toMatchObject({ source: 'pdf-ocr', decision: 'PASSED', name_found: true, issue_date: '2026-10-03', address: { postcode_found: true, street_found: true } });
  });

  it('a deflated gray scan stored sideways on a /Rotate 90 page is turned upright and read; an old one is REFER POA_TOO_OLD', async () => {
    const sideways = await sharp(await scannedBill('03/07/2026')).rotate(-90).jpeg().toBuffer();
    const file = await imagePdf([{ image: sideways, flate: true, rotate: 90 }]);
    const [scan] = await pdfPageScans(file);
    const meta = await sharp(scan!).metadata();
    expect([meta.width, meta.height]).toEqual([1240, 1754]);
    const r = await service.checkProofOfAddress({ file, contact, today: TODAY });
    expect(r.source).toBe('pdf-ocr');
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_TOO_OLD']);
  });

  it('a scanned passport page as proof of identity: the MRZ is read from the PDF, only the portrait unconfirmed', async () => {
    const passport = readFileSync(new URL('./fixtures/passport-gbr.jpg', import.meta.url));
    const r = await service.checkProofOfIdentity({ images: [await imagePdf([{ image: passport }])], today: TODAY, contact: { first_name: 'John', last_name: 'Smith', date_of_birth: '1990-01-15' } });
    expect(r.mrz?.valid).toBe(true);
    // This service has no face finder, so the portrait is not confirmed: REFER on that alone (service.test.ts has it PASSED).
    expect([r.decision, r.reasons.filter((x) => x.severity !== 'INFO').map((x) => x.code), r.extracted?.document_number]).toEqual(['REFER', ['PORTRAIT_NOT_CHECKED'], '533401372']);
  });

  it('only the first two pages are read, and pages without a scan-sized image are skipped', async () => {
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#334' } }).jpeg().toBuffer();
    const bill = await scannedBill('03/10/2026');
    const scans = await pdfPageScans(await imagePdf([{ image: logo }, { image: bill }, { image: bill }]));
    expect(scans).toHaveLength(1);
  });
});
