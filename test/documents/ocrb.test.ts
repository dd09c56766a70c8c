import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMrz } from '../../eval/documents/synthetic.ts';
import { fitGrid, recogniseMrz } from '../../src/modules/documents/domain/ocrb.ts';
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
});
