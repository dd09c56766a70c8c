/** Nationality codes as identity documents write them (ICAO 9303), for the screening query. */
import { describe, expect, it } from 'vitest';
import { mrzNationality } from '../../src/modules/screening/nationality.ts';

describe('mrzNationality', () => {
  it("reads ICAO 9303 nationality codes, with ICAO's own", () => {
    expect(mrzNationality('RUS')).toBe('RU');
    expect(mrzNationality('D<<')).toBe('DE');
    expect(mrzNationality('GBD')).toBe('GB');
    expect(mrzNationality('GBR')).toBe('GB');
    for (const none of ['XXA', 'XXX', 'UTO', '', undefined, 'R1S']) expect(mrzNationality(none)).toBeUndefined();
  });
});
