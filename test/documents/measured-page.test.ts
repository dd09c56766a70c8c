import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildMrz, renderDocument } from '../../eval/documents/synthetic.ts';
import { createDocumentService } from '../../src/modules/documents/index.ts';

vi.setConfig({ testTimeout: 120_000 });

// A face engine that finds nothing (the portrait is not what this test is about).
const noFaces = {
  async find(image: Buffer) {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    return { width, height, faces: [] };
  },
};
const service = createDocumentService({ now: () => new Date('2026-11-22T10:00:00Z'), faces: noFaces, vizCheck: false });
afterAll(() => service.close());

describe('the page is measured once every check digit holds (ADR 0201)', () => {
  it('an MRZ whose issuing state is no country code (as a halftone makes a misread one) still has its authenticity signals measured', async () => {
    // Every check digit holds, but ZZQ is no ICAO code: not "plausible", REFER for the code.
    const mrz = buildMrz('TD3', { document_code: 'P<', issuing_state: 'ZZQ', nationality: 'ZZQ', document_number: '533401372', birth_date: '900115', sex: 'M', expiry_date: '310101', optional_data: '', names: 'SMITH<<JOHN<PAUL' });
    const image = await renderDocument(mrz, 11, { noise: 5, blur: 0.5, jpegQuality: 82 });
    const r = await service.checkIdentityDocument({ images: [image], today: '2026-11-22' });
    const codes = r.reasons.map((x) => x.code);
    expect(r.mrz?.valid).toBe(true);
    expect(codes).toContain('COUNTRY_CODE_INVALID');
    expect(codes).not.toContain('AUTHENTICITY_NOT_MEASURED');
    expect(r.authenticity?.colourfulness).toEqual(expect.any(Number));
    expect(r.authenticity?.screen_peak).toEqual(expect.any(Number));
  });
});
