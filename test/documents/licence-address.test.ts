import { execFileSync } from 'node:child_process';
import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentService, type DocumentService } from '../../src/modules/documents/index.ts';

const TODAY = '2026-11-22';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A plain text page rendered with DejaVu Sans (present on the project's machines) as a phone would photograph it. */
async function page(lines: string[], size = { width: 1100, height: 700 }, fontSize = 30): Promise<Buffer> {
  const text = lines.map((l, i) => `<text x="60" y="${80 + i * fontSize * 1.6}" font-family="DejaVu Sans" font-size="${fontSize}" fill="#1a1a1a">${esc(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="#f4f1ea"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const pdf = textPdf;

let service: DocumentService;
beforeAll(() => {
  // These cards are typed text pages: they test reading and the DVLA rules, so the authenticity signals are off
  // (on, a typed page has no portrait and no colour: REFER, as it should be; ADR 0120).
  service = createDocumentService({ authenticity: false });
});
afterAll(() => service.close());

describe('UK driving licence (no MRZ): number checked against the printed surname, birth date and initials', { timeout: 90_000 }, () => {
  const card = (number: string) => page(['DRIVING LICENCE', '1. MORGAN', '2. SARAH MEREDITH', '3. 11.03.1976 UNITED KINGDOM', '4a. 02.01.2020', '4b. 01.01.2030', '4c. DVLA', `5. ${number}`]);

  it('PASSED when everything agrees; the number goes into driving_license_number only', async () => {
    const r = await service.checkIdentityDocument({ images: [await card('MORGA753116SM9IJ 35')], today: TODAY });
    expect(r.document_type).toBe('Driving License');
    expect(r.driving_licence).toMatchObject({ surname: 'MORGAN', forenames: 'SARAH MEREDITH', birth_date: '1976-03-11', expiry_date: '2030-01-01', licence_number: 'MORGA753116SM9IJ' });
    expect(r.driving_licence?.dvla).toMatchObject({ structure_valid: true, surname_matches: true, birth_date_matches: true, initials_match: true, implied_sex: 'F' });
    expect(r.decision).toBe('PASSED');
    expect(r.idscan).toMatchObject({ document_type: 'Driving License', driving_license_number: 'MORGA753116SM9IJ', document_last_name: 'MORGAN' });
    expect(r.idscan).not.toHaveProperty('passport_number');
  });

  it('REFER when the number encodes another birth date', async () => {
    const r = await service.checkIdentityDocument({ images: [await card('MORGA753126SM9IJ 35')], today: TODAY });
    expect(r.decision).toBe('REFER');
    expect(r.reasons.map((x) => x.code)).toContain('DL_NUMBER_MISMATCH');
  });
});

describe('proof of address', () => {
  const contact = { first_name: 'John', last_name: 'Smith', primary_address: { street: '12 Acacia Avenue', postcode: 'SW1A 1AA', city: 'London' } };
  const bill = (date: string) => ['Northern Water plc', 'Mr John Smith', '12 Acacia Avenue', 'London SW1A 1AA', `Bill date: ${date}`, 'Amount due: 42.10 GBP'];

  it('a photographed bill with the name, address and a recent date: PASSED', async () => {
    const r = await service.checkProofOfAddress({ file: await page(bill('03/10/2026')), contact, today: TODAY });
    expect(r).toMatchObject({ source: 'ocr', decision: 'PASSED', name_found: true, issue_date: '2026-10-03', address: { postcode_found: true, street_found: true, city_found: true } });
  });

  it('a PDF statement older than three months: REFER with POA_TOO_OLD', async () => {
    const r = await service.checkProofOfAddress({ file: pdf(bill('03/07/2026')), contact, today: TODAY });
    expect(r.source).toBe('pdf-text');
    expect(r.decision).toBe('REFER');
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_TOO_OLD']);
  });

  it('a PDF for someone else at another address: REFER naming both', async () => {
    const r = await service.checkProofOfAddress({ file: pdf(['Mrs K Jones', '7 Elm Road', 'Leeds LS1 4AP', 'Statement date 1 November 2026']), contact, today: TODAY });
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_NAME_NOT_FOUND', 'POA_ADDRESS_NOT_FOUND']);
  });

  it('a file that is neither a PDF nor an image: REFER with POA_UNREADABLE', async () => {
    const r = await service.checkProofOfAddress({ file: Buffer.from('hello'), contact, today: TODAY });
    expect(r.decision).toBe('REFER');
    expect(r.reasons.map((x) => x.code)).toContain('POA_UNREADABLE');
  });

  it('kyc document address prints the same result as JSON', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kyc-poa-'));
    writeFileSync(path.join(dir, 'bill.pdf'), pdf(bill('15/11/2026')));
    writeFileSync(path.join(dir, 'contact.json'), JSON.stringify(contact));
    const out = execFileSync('node', [path.resolve('bin/kyc.js'), 'document', 'address', path.join(dir, 'bill.pdf'), '--contact', path.join(dir, 'contact.json'), '--today', TODAY], { encoding: 'utf8' });
    expect(JSON.parse(out)).toMatchObject({ source: 'pdf-text', decision: 'PASSED', issue_date: '2026-11-15' });
  });
});
