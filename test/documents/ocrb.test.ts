import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildMrz } from '../../eval/documents/synthetic.ts';
import { typefaceStats } from '../../src/modules/documents/domain/authenticity/typeface.ts';
import { alternativesFor } from '../../src/modules/documents/domain/mrz-confidence.ts';
import { fitGrid, recogniseMrz, segmentMrz } from '../../src/modules/documents/domain/ocrb.ts';
import { cropForOcrb, gray } from '../../src/modules/documents/mrz-reader.ts';
import { loadPrototypes } from '../../src/modules/documents/ocrb-model.ts';

describe('OCR-B recogniser', () => {
  it('fits the character grid through the centres of single-character runs, ignoring merged ones', () => {
    // 10 cells at pitch 12 from x=5; cells 3 and 4 touch and form one wide run.
    const runs = [0, 1, 2, 5, 6, 7, 8, 9].map((k) => ({ x0: 5 + 12 * k - 3, x1: 5 + 12 * k + 3 }));
    runs.splice(3, 0, { x0: 5 + 36 - 3, x1: 5 + 48 + 3 });
    const centres = fitGrid(runs, 10)!;
    centres.forEach((c, k) => expect(c).toBeCloseTo(5 + 12 * k, 5));
  });

  it('alone reads the committed clean passport fixture exactly', async () => {
    const crop = await cropForOcrb(readFileSync(new URL('./fixtures/passport-gbr.jpg', import.meta.url)));
    expect(crop?.region.lineCount).toBe(2);
    const lines = recogniseMrz(await gray(crop!.image), 2, loadPrototypes());
    // The values make-fixtures.ts rendered.
    const truth = buildMrz('TD3', { document_code: 'P<', issuing_state: 'GBR', nationality: 'GBR', document_number: '533401372', birth_date: '900115', sex: 'M', expiry_date: '310101', optional_data: '', names: 'SMITH<<JOHN<PAUL' });
    expect(lines).toEqual(truth.lines);
  });

  it('follows a line left slanted below the straightening threshold: read exactly, every cell close to OCR-B', async () => {
    // 0.45 degrees: under the half degree the reader straightens photos by, so the crop keeps the slant; across a
    // TD3 line that is a third of a character height (the shared specimen pass-cze's case).
    const truth = buildMrz('TD3', { document_code: 'P<', issuing_state: 'GBR', nationality: 'GBR', document_number: '533401372', birth_date: '900115', sex: 'M', expiry_date: '310101', optional_data: '', names: 'SMITH<<JOHN<PAUL' });
    const page = readFileSync(new URL('./fixtures/passport-gbr.jpg', import.meta.url));
    const slanted = await sharp(page).rotate(0.45, { background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
    const crop = await cropForOcrb(slanted);
    expect(Math.abs(crop!.region.angle)).toBeLessThan(0.5);
    const img = await gray(crop!.image);
    const lines = segmentMrz(img, 2)!;
    for (const line of lines) {
      expect(Math.abs(line.slant.slope)).toBeGreaterThan(0.004);
      // The glyphs' own height, less than the slanted band's.
      expect(line.slant.height).toBeLessThan(line.band.bottom - line.band.top + 1);
    }
    expect(recogniseMrz(img, 2, loadPrototypes())).toEqual(truth.lines);
    const tf = typefaceStats(img, truth.lines, loadPrototypes(), alternativesFor(truth.lines))!;
    expect(tf.margins.flat().filter((m) => m < 0)).toEqual([]);
  });

  it('a level line keeps its band exactly', async () => {
    const crop = await cropForOcrb(readFileSync(new URL('./fixtures/passport-gbr.jpg', import.meta.url)));
    for (const line of segmentMrz(await gray(crop!.image), 2)!) {
      expect(line.slant).toEqual({ slope: 0, middle: (line.band.top + line.band.bottom) / 2, height: line.band.bottom - line.band.top + 1 });
    }
  });
});
