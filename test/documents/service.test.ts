import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDocumentService, type DocumentService } from '../../src/modules/documents/index.ts';
import { createFaceService, type FaceService } from '../../src/modules/biometrics/index.ts';
import { glareFraction } from '../../src/modules/documents/domain/quality.ts';

const TODAY = '2026-11-22';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const codes = (r: { reasons: { code: string; severity: string }[] }) => r.reasons.filter((x) => x.severity !== 'INFO').map((x) => x.code);

// A document without a face runs the face engine's whole detection cascade (several seconds on a busy machine).
vi.setConfig({ testTimeout: 240_000 });

let service: DocumentService;
let faces: FaceService;
// The portrait signal needs the face engine; the onboarding composition root wires it the same way.
const finder = () => ({ find: (image: Buffer) => faces.analyze(image) });
beforeAll(() => {
  faces = createFaceService({ passiveLiveness: false });
  service = createDocumentService({ now: () => new Date('2026-11-22T10:00:00Z'), faces: finder() });
});
afterAll(async () => {
  await service.close();
  await faces.close();
});

describe('identity documents from images', () => {
  it('a clean passport photo: read, every check digit valid, PASSED with the spec idscan fields', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('passport-gbr.jpg')], today: TODAY, contact: { first_name: 'John', last_name: 'Smith', date_of_birth: '1990-01-15' } });
    expect(r.mrz?.valid).toBe(true);
    expect(r.mrz?.check_digits.map((c) => [c.field, c.valid])).toEqual([['document_number', true], ['birth_date', true], ['expiry_date', true], ['personal_number', true], ['composite', true]]);
    expect(r.decision).toBe('PASSED');
    expect(r.idscan).toEqual({
      document_decision: 'PASSED', document_type: 'Passport', document_decision_date: '2026-11-22T10:00:00.000Z', date_of_birth: '1990-01-15',
      document_given_names: 'JOHN PAUL', document_last_name: 'SMITH', document_expiry_date: '2031-01-01', passport_number: '533401372',
    });
  });

  it('REFER when the contact record names someone else', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('passport-gbr.jpg')], today: TODAY, contact: { first_name: 'Joan', last_name: 'Smith' } });
    expect(r.decision).toBe('REFER');
    expect(codes(r)).toEqual(['CONTACT_MISMATCH_NAME']);
  });

  it('REFER with DOC_EXPIRED once the expiry date has passed', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('passport-gbr.jpg')], today: '2031-01-02' });
    expect(codes(r)).toEqual(['DOC_EXPIRED']);
  });

  it('ALERT for the ICAO Utopia specimen and for an underage holder', async () => {
    const uto = await service.checkIdentityDocument({ images: [fixture('passport-uto-specimen.jpg')], today: TODAY });
    expect([uto.decision, codes(uto)]).toEqual(['ALERT', ['SPECIMEN']]);
    const young = await service.checkIdentityDocument({ images: [fixture('passport-underage.jpg')], today: TODAY });
    expect([young.decision, codes(young)]).toEqual(['ALERT', ['UNDERAGE']]);
  });

  it('ALERT with VIZ_MRZ_MISMATCH when the printed page names someone else than a valid MRZ', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('passport-viz-contradiction.jpg')], today: TODAY });
    expect(r.mrz?.valid).toBe(true);
    // This card has no portrait (the photo breaks page OCR of the labels beside it): PORTRAIT_NOT_FOUND too.
    expect([r.decision, codes(r)]).toEqual(['ALERT', ['VIZ_MRZ_MISMATCH', 'PORTRAIT_NOT_FOUND']]);
    const differs = r.viz?.fields.filter((f) => f.status === 'differs').map((f) => f.field);
    expect(differs).toContain('last_name');
    // The genuine page of the same person agrees with its MRZ (the card without a photo: beside one, page OCR of
    // this synthetic layout loses the labels and the fields are not_read, never differs).
    const genuine = await service.checkIdentityDocument({ images: [fixture('passport-no-portrait.jpg')], today: TODAY });
    expect(genuine.viz?.contradicts).toBe(false);
    expect(genuine.viz?.fields.find((f) => f.field === 'last_name')?.status).toBe('agrees');
  });

  it('without the VIZ check (vizCheck: false) the same contradicting card is only REFER (its missing portrait)', async () => {
    const plain = createDocumentService({ vizCheck: false, faces: finder() });
    try {
      const r = await plain.checkIdentityDocument({ images: [fixture('passport-viz-contradiction.jpg')], today: TODAY });
      expect([r.decision, codes(r), r.viz]).toEqual(['REFER', ['PORTRAIT_NOT_FOUND'], null]);
    } finally {
      await plain.close();
    }
  });

  it('REFER with PORTRAIT_NOT_FOUND when the portrait is painted over, although every check digit holds', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('passport-no-portrait.jpg')], today: TODAY });
    expect(r.mrz?.valid).toBe(true);
    expect([r.decision, codes(r)]).toEqual(['REFER', ['PORTRAIT_NOT_FOUND']]);
    expect(r.authenticity?.portrait).toMatchObject({ checked: true, found: false, where: 'portrait_zone' });
  });

  it('REFER with PHOTOCOPY_SUSPECTED for a greyscale copy of the genuine passport', async () => {
    const copy = await sharp(fixture('passport-gbr.jpg')).grayscale().toColourspace('srgb').jpeg({ quality: 80 }).toBuffer();
    const r = await service.checkIdentityDocument({ images: [copy], today: TODAY });
    expect(r.mrz?.valid).toBe(true);
    expect(r.decision).toBe('REFER');
    expect(codes(r)).toContain('PHOTOCOPY_SUSPECTED');
  });

  it('REFER with SCREENSHOT_SUSPECTED for the passport inside an application window', async () => {
    const page = fixture('passport-gbr.jpg');
    const meta = await sharp(page).metadata();
    const [w, h] = [meta.width! + 300, meta.height! + 160];
    const ui = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#3c3f41"/><rect width="${w}" height="60" fill="#ececec"/><rect y="60" width="220" height="${h - 60}" fill="#f6f6f6"/></svg>`;
    const shot = await sharp(Buffer.from(ui)).composite([{ input: page, left: 260, top: 90 }]).png().toBuffer();
    const r = await service.checkIdentityDocument({ images: [shot], today: TODAY });
    expect(r.mrz?.valid).toBe(true);
    expect(codes(r)).toContain('SCREENSHOT_SUSPECTED');
  });

  it('REFER with PORTRAIT_NOT_CHECKED when no face finder is given: the portrait cannot be confirmed', async () => {
    const blind = createDocumentService({ vizCheck: false });
    try {
      const r = await blind.checkIdentityDocument({ images: [fixture('passport-gbr.jpg')], today: TODAY });
      expect([r.decision, codes(r)]).toEqual(['REFER', ['PORTRAIT_NOT_CHECKED']]);
    } finally {
      await blind.close();
    }
  });

  it('a rotated, blurred, noisy identity card (TD1) is straightened and read; no passport number is filled', async () => {
    const r = await service.checkIdentityDocument({ images: [fixture('id-card-td1-degraded.jpg')], today: TODAY });
    expect(r.mrz?.format).toBe('TD1');
    expect(r.mrz?.valid).toBe(true);
    expect(r.document_type).toBe('Identity Card');
    expect(r.extracted).toMatchObject({ document_number: 'T22000129', last_name: 'MUELLER', issuing_state: 'D' });
    expect(r.idscan).not.toHaveProperty('passport_number');
    // A card's portrait is on its front, which was not supplied: the side is missing, no portrait failed (ADR 0205).
    expect(codes(r)).toContain('PORTRAIT_SIDE_MISSING');
    expect(codes(r)).not.toContain('PORTRAIT_NOT_FOUND');
    expect(r.authenticity?.portrait).toMatchObject({ found: false, where: 'none' });
    expect(r.security_features?.missing).toContain('the portrait where the document\'s format prints it: not measured');
  });

  it('a TD1 card\'s back with a second image carrying a photographed portrait: the portrait is looked for there', async () => {
    // The generated passport page stands in for the card's front: an image with a real photo the face engine finds.
    const r = await service.checkIdentityDocument({ images: [fixture('id-card-td1-degraded.jpg'), fixture('passport-gbr.jpg')], today: TODAY });
    expect(r.mrz?.format).toBe('TD1');
    expect(r.authenticity?.portrait).toMatchObject({ checked: true, found: true, where: 'other_side' });
    expect(codes(r).filter((c) => c.startsWith('PORTRAIT_'))).toEqual([]);
  });

  it('the best of several images wins (a blank back, then the passport page)', async () => {
    const blank = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d8d4cc' } }).jpeg().toBuffer();
    const r = await service.checkIdentityDocument({ images: [blank, fixture('passport-gbr.jpg')], today: TODAY });
    expect(r.images.map((i) => i.mrz_valid)).toEqual([false, true]);
    expect(r.decision).toBe('PASSED');
  });

  it('REFER with MRZ_NOT_FOUND and image-quality reasons for a tiny, flat image', async () => {
    const tiny = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#202020' } }).png().toBuffer();
    const r = await service.checkIdentityDocument({ images: [tiny], today: TODAY });
    expect(r.decision).toBe('REFER');
    expect(codes(r)).toEqual(expect.arrayContaining(['MRZ_NOT_FOUND', 'IMAGE_TOO_SMALL', 'IMAGE_DARK']));
    expect(r.idscan.document_type).toBe('Unknown');
  });
});

describe('a card\'s front by its portrait (findCardPortrait: the hosted flow\'s feedback, ADR 0211)', () => {
  it('the generated TD1 front shows its portrait; the back, with the MRZ and no portrait, does not', async () => {
    expect(await service.findCardPortrait(fixture('id-card-td1-front.jpg'))).toEqual({ checked: true, found: true });
    expect(await service.findCardPortrait(fixture('id-card-td1-back.jpg'))).toEqual({ checked: true, found: false });
  });

  it('a face on the right half of the card is not in the portrait zone (the front mirrored)', async () => {
    const mirrored = await sharp(fixture('id-card-td1-front.jpg')).flop().jpeg({ quality: 90 }).toBuffer();
    expect(await service.findCardPortrait(mirrored)).toEqual({ checked: true, found: false });
  });

  it('without a face finder nothing is looked for', async () => {
    const blind = createDocumentService({ vizCheck: false });
    try {
      expect(await blind.findCardPortrait(fixture('id-card-td1-front.jpg'))).toEqual({ checked: false, found: false });
    } finally {
      await blind.close();
    }
  });
});

describe('inputs that are not images', () => {
  it('REFER with IMAGE_UNREADABLE instead of an exception', async () => {
    const r = await service.checkIdentityDocument({ images: [Buffer.from('this is not an image')], today: TODAY });
    expect(r.decision).toBe('REFER');
    expect(codes(r)).toEqual(['MRZ_NOT_FOUND', 'IMAGE_UNREADABLE']);
  });
});

describe('kyc document check (CLI)', () => {
  const kyc = path.resolve('bin/kyc.js');
  it('prints the result as JSON and exits 0', () => {
    const out = execFileSync('node', [kyc, 'document', 'check', path.resolve('test/documents/fixtures/passport-gbr.jpg'), '--today', TODAY], { encoding: 'utf8' });
    const json = JSON.parse(out);
    expect(json).toMatchObject({ document_type: 'Passport', decision: 'PASSED', mrz: { format: 'TD3', valid: true } });
    expect(json.mrz.lines).toHaveLength(2);
    expect(json.quality[0]).toHaveProperty('sharpness');
  }, 180_000); // a new process loads the OCR worker and the face engine (for the portrait signal)
  it('exits 2 with usage on bad arguments', () => {
    const r = spawnSync('node', [kyc, 'document', 'check', '--today', 'yesterday', 'x.jpg'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--today');
  });
});

const sharedDir = path.join(process.env.KYC_SHARED_DATA ?? path.resolve('../shared/data'), 'documents');
describe.skipIf(!existsSync(sharedDir))(`shared specimens (${sharedDir}; skipped when absent)`, () => {
  const promised = existsSync(sharedDir) ? readdirSync(sharedDir).filter((f) => f.startsWith('passporteye__100_')) : [];
  it.each(promised)('%s (PassportEye expects 100) reads with every check digit valid', async (file) => {
    const r = await service.checkIdentityDocument({ images: [readFileSync(path.join(sharedDir, file))], today: TODAY });
    expect(r.mrz?.valid).toBe(true);
  });

  // A white card in a dark outline was measured as 62% glare and told "There is a reflection" on every upload.
  it('the clean passport-td3 scan is not told IMAGE_GLARE, in its quality or its reasons', async () => {
    const r = await service.checkIdentityDocument({ images: [readFileSync(path.join(sharedDir, 'passporteye__passport-td3.jpg'))], today: TODAY });
    expect(r.quality[0]).toMatchObject({ glare_fraction: 0 });
    expect(r.quality[0]!.problems).not.toContain('IMAGE_GLARE');
    expect(r.reasons.map((x) => x.code)).not.toContain('IMAGE_GLARE');
  });

  it('no shared specimen is measured as glare (none has a reflection)', async () => {
    const files = readdirSync(sharedDir).filter((f) => /\.(jpe?g|png)$/i.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const { data, info } = await sharp(path.join(sharedDir, file)).rotate().grayscale().resize({ width: 800 }).raw().toBuffer({ resolveWithObject: true });
      expect(glareFraction({ width: info.width, height: info.height, data: new Uint8Array(data) }), file).toBe(0);
    }
  });
});
