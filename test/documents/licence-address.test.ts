import { execFileSync } from 'node:child_process';
import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('a licence typed onto a page is still read through its numbered fields; PASSED when everything agrees', async () => {
    const r = await service.checkIdentityDocument({ images: [await card('MORGA753116SM9IJ 35')], today: TODAY });
    expect(r.document_type).toBe('Driving License');
    expect(r.driving_licence).toMatchObject({ surname: 'MORGAN', forenames: 'SARAH MEREDITH', birth_date: '1976-03-11', expiry_date: '2030-01-01', licence_number: 'MORGA753116SM9IJ', issuer: 'DVLA', country: 'GBR' });
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

describe('driving licence photocards read by field position (generated in the real layout)', { timeout: 120_000 }, () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

  it.each(['licence-gb.jpg', 'licence-gb-tilted.jpg'])('GB (DVLA) %s: every field read from its position, PASSED', async (name) => {
    const r = await service.checkIdentityDocument({ images: [fixture(name)], today: TODAY });
    expect(r.driving_licence).toMatchObject({
      read_by: 'layout', issuer: 'DVLA', country: 'GBR', band_code: 'UK', surname: 'MORGAN', forenames: 'SARAH MEREDITH', birth_date: '1976-03-11',
      place_of_birth: 'UNITED KINGDOM', issue_date: '2021-01-19', expiry_date: '2031-01-18', authority: 'DVLA', licence_number: 'MORGA753116SM9QO',
      issue_number: '35', address: '122 BURNS CRESCENT, EDINBURGH, EH1 9GP', categories: 'AM/A/B1/B/f/k/l/n/p/q',
    });
    expect(r.extracted).toMatchObject({ document_type: 'Driving License', issuing_state: 'GBR', document_number: 'MORGA753116SM9QO' });
    expect([r.decision, r.reasons.filter((x) => x.severity !== 'INFO')]).toEqual(['PASSED', []]);
  });

  it('GB with the template check characters XX: REFER DL_NUMBER_MALFORMED naming them', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('licence-gb-xx.jpg')], today: TODAY });
    expect(r.driving_licence?.licence_number).toBe('MORGA753116SM9XX');
    expect(r.driving_licence?.dvla?.malformed).toEqual(['check_characters']);
    expect(r.decision).toBe('REFER');
    expect(r.reasons.find((x) => x.code === 'DL_NUMBER_MALFORMED')?.detail).toContain('check characters');
  });

  it('Northern Ireland (DVA): 8-digit number; REFER without a contact to confirm the name, PASSED with one that agrees', async () => {
    const alone = await service.checkIdentityDocument({ images: [fixture('licence-ni.jpg')], today: TODAY });
    expect(alone.driving_licence).toMatchObject({ issuer: 'DVA', country: 'GBR', licence_number: '46803175', surname: 'OBRIEN', birth_date: '1988-07-02', authority: 'DVA (NI)', dvla: null, dva: { structure_valid: true } });
    expect(alone.reasons.map((x) => x.code)).toContain('DL_FIELDS_UNCONFIRMED');
    expect(alone.decision).toBe('REFER');
    const contact = { first_name: 'Ciaran', last_name: "O'Brien", date_of_birth: '1988-07-02' };
    const matched = await service.checkIdentityDocument({ images: [fixture('licence-ni.jpg')], contact, today: TODAY });
    expect(matched.decision).toBe('PASSED');
    const other = await service.checkIdentityDocument({ images: [fixture('licence-ni.jpg')], contact: { ...contact, date_of_birth: '1988-07-03' }, today: TODAY });
    expect(other.reasons.map((x) => x.code)).toContain('CONTACT_MISMATCH_DOB');
  });

  it('a German licence (same field layout, D in the band): recognised as German, never GBR; REFER DL_NOT_UK', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('licence-de.jpg')], today: TODAY });
    expect(r.driving_licence).toMatchObject({ issuer: 'OTHER', country: 'DEU', band_code: 'D', surname: 'SCHMIDT', dvla: null });
    // A German number mixes letters and digits freely: 0 and O cannot be told apart by position.
    expect(r.driving_licence?.licence_number).toMatch(/^B[0O]72RRE2I55$/);
    expect(r.extracted?.issuing_state).toBe('DEU');
    expect(r.decision).toBe('REFER');
    expect(r.reasons.map((x) => x.code)).toContain('DL_NOT_UK');
  });

  it('a passport page whose MRZ cannot be read is never labelled a driving licence', async () => {
    const passport = await page(['PASSPORT  PASSEPORT', 'CANADA', 'Surname / Nom', 'MARTIN', 'Given names / Prénoms', 'SARAH JANE', 'Date of birth / Date de naissance', '11 MAR 1976', 'Passport No. AB123456', 'MARTI753116SJ9AB']);
    const r = await service.checkIdentityDocument({ images: [passport], today: TODAY });
    expect(r.document_type).not.toBe('Driving License');
    expect(r.driving_licence).toBeNull();
    expect(r.decision).toBe('REFER');
  });
});

describe('proof of address', () => {
  const contact = { first_name: 'John', last_name: 'Smith', primary_address: { street: '12 Acacia Avenue', postcode: 'SW1A 1AA', city: 'London' } };
  const bill = (date: string) => ['Thames Water', 'www.thameswater.co.uk', 'Mr John Smith', '12 Acacia Avenue', 'London SW1A 1AA', `Bill date: ${date}`, 'Customer reference 9012 3456 78', 'Water supply and sewerage', 'Amount due: 42.10 GBP'];

  it('a photographed bill with the name, address and a recent date: PASSED', async () => {
    const r = await service.checkProofOfAddress({ file: await page(bill('03/10/2026')), contact, today: TODAY });
    expect(r).toMatchObject({ source: 'ocr', decision: 'PASSED', name_found: true, issue_date: '2026-10-03', address: { postcode_found: true, street_found: true, city_found: true }, kind: 'utility_bill', issuer: 'THAMES WATER' });
  });

  it('a PDF statement older than three months: REFER with POA_TOO_OLD', async () => {
    const r = await service.checkProofOfAddress({ file: pdf(bill('03/07/2026')), contact, today: TODAY });
    expect(r.source).toBe('pdf-text');
    expect(r.decision).toBe('REFER');
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_TOO_OLD']);
  });

  it('a PDF for someone else at another address: REFER naming both', async () => {
    const r = await service.checkProofOfAddress({ file: pdf(['Mrs K Jones', '7 Elm Road', 'Leeds LS1 4AP', 'Statement date 1 November 2026']), contact, today: TODAY });
    // "Statement date" names a kind (a statement), but nothing on the page shows an issuer.
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_NAME_NOT_FOUND', 'POA_ADDRESS_NOT_FOUND', 'POA_NOT_SHOWN_ISSUED']);
  });

  it('a photographed page of typed text with the right words only: REFER, the missing signals named', async () => {
    const r = await service.checkProofOfAddress({ file: await page(['To whom it may concern', 'Mr John Smith', '12 Acacia Avenue', 'London SW1A 1AA', 'Date: 15/11/2026', 'I confirm that I live at this address.']), contact, today: TODAY });
    expect(r).toMatchObject({ decision: 'REFER', name_found: true, address: { postcode_found: true, street_found: true }, kind: null, issuer: null });
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_KIND_UNKNOWN']);
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
