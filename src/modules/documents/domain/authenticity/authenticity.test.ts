import { describe, expect, it } from 'vitest';
import { checkDigit } from '../../../../platform/domain/mrz-check-digit.ts';
import { decideDocument } from '../decision.ts';
import { documentFromMrz } from '../extracted.ts';
import { alternativesFor, uncertainFields } from '../mrz-confidence.ts';
import { parseMrz } from '../mrz-parse.ts';
import type { Gray } from '../quality.ts';
import { chromeEdges } from './chrome.ts';
import { colourfulness } from './colour.ts';
import { editingNoiseRatio } from './noise.ts';
import { faceFitsZone, pageFromMrz, portraitZone, type Rgb } from './page.ts';
import { screenScore } from './screen.ts';
import { type AuthenticitySignals, authenticityReasons, emptySignals } from './signals.ts';
import { AUTHENTICITY_THRESHOLDS as T } from './thresholds.ts';

const TODAY = '2026-11-22';
const cd = (s: string) => String(checkDigit(s));

function rand(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** A light page with some printed structure and camera noise; `paint` sets each pixel's colour. */
function page(w: number, h: number, paint: (x: number, y: number) => [number, number, number], noise = 3, seed = 1): Rgb {
  const r = rand(seed);
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const c = paint(x, y);
    for (let k = 0; k < 3; k++) data[(y * w + x) * 3 + k] = Math.max(0, Math.min(255, Math.round(c[k]! + (r() - 0.5) * 2 * noise)));
  }
  return { width: w, height: h, data };
}
const gray = (img: Rgb): Gray => ({ width: img.width, height: img.height, data: Uint8Array.from({ length: img.width * img.height }, (_, i) => Math.round((img.data[3 * i]! + img.data[3 * i + 1]! + img.data[3 * i + 2]!) / 3)) });
const tinted = (x: number, y: number): [number, number, number] => {
  const wave = Math.sin(y / 9 + Math.sin(x / 40) * 2) > 0.92 ? -60 : 0;
  return x < 120 && y > 40 && y < 200 ? [190, 140, 120] : [235 + wave, 215 + wave, 225 + wave];
};

describe('photocopy signal (colour)', () => {
  it('a tinted page with a colour portrait has colour; its greyscale copy has none, whatever the light\'s cast', () => {
    const colour = page(400, 280, tinted);
    const copy = page(400, 280, (x, y) => {
      const [r, g, b] = tinted(x, y);
      const l = (r + g + b) / 3;
      return [l + 8, l, l - 8];
    });
    const all = { x: 0, y: 0, width: 400, height: 280 };
    expect(colourfulness(colour, all)).toBeGreaterThan(T.minColourfulness);
    expect(colourfulness(copy, all)).toBeLessThan(T.minColourfulness);
  });
});

describe('screen recapture signal (lattice in the spectrum)', () => {
  const all = { x: 0, y: 0, width: 512, height: 384 };
  it('a page with ruled lines one way is not a screen; the same page through a pixel grid is', () => {
    const lined = page(512, 384, tinted);
    expect(screenScore(gray(lined), all)!).toBeLessThan(T.maxScreenPeak);
    const screen = page(512, 384, (x, y) => {
      const [r, g, b] = tinted(x, y);
      const k = (x % 3 === 2 ? 0.8 : 1) * (y % 3 === 2 ? 0.8 : 1);
      return [r * k, g * k, b * k];
    });
    expect(screenScore(gray(screen), all)!).toBeGreaterThan(T.maxScreenPeak);
  });
});

describe('screenshot signal (window chrome)', () => {
  it('counts long edges between flat areas outside the page, not the page\'s own content', () => {
    const w = 500;
    const h = 360;
    const pageRect = { x: 120, y: 80, width: 360, height: 250 };
    const inPage = (x: number, y: number) => x >= pageRect.x && x < pageRect.x + pageRect.width && y >= pageRect.y && y < pageRect.y + pageRect.height;
    const shot = page(w, h, (x, y) => (inPage(x, y) ? tinted(x, y) : y < 50 ? [236, 236, 236] : x < 100 ? [246, 246, 246] : [60, 63, 65]), 0);
    // Noise only on the photographed page: the window around it is drawn, exact.
    const noisyPage = page(w, h, (x, y) => (inPage(x, y) ? tinted(x, y) : [0, 0, 0]), 3);
    for (let i = 0; i < w * h; i++) if (inPage(i % w, Math.floor(i / w))) for (let k = 0; k < 3; k++) shot.data[3 * i + k] = noisyPage.data[3 * i + k]!;
    expect(chromeEdges(gray(shot), pageRect)).toBeGreaterThanOrEqual(T.maxChromeEdges);
    const photo = page(w, h, (x, y) => (inPage(x, y) ? tinted(x, y) : [90, 85, 80]), 4);
    expect(chromeEdges(gray(photo), pageRect)).toBe(0);
  });
});

describe('editing signal (noise on the MRZ zone\'s blank paper)', () => {
  const [w, h] = [480, 320];
  const mrz = { x: 20, y: 250, width: 440, height: 44 };
  const pageRect = { x: 0, y: 0, width: w, height: h };
  /** Print: bars of text lines above, and two MRZ lines of 3-px strokes at a 10-px pitch. */
  const ink = (x: number, y: number) => {
    const inMrzLine = (y >= 252 && y < 266) || (y >= 278 && y < 292);
    const inTextLine = y >= 60 && y < 200 && y % 30 < 12 && x > 200 && x < 440;
    return (inMrzLine && x >= 24 && x < 456 && x % 10 < 3) || (inTextLine && x % 7 < 4);
  };
  /** JPEG-like ringing: a checkerboard of fading amplitude on the paper within 3 px of print, as an 8x8 DCT leaves it. */
  const ringing = (x: number, y: number) => {
    if (ink(x, y)) return 0;
    for (let d = 1; d <= 3; d++) {
      if (ink(x - d, y) || ink(x + d, y) || ink(x, y - d) || ink(x, y + d)) return ((x + y) % 2 ? 1 : -1) * (12 - 3 * d);
    }
    return 0;
  };
  const paint = (x: number, y: number): [number, number, number] => {
    const v = ink(x, y) ? 40 : 215 + ringing(x, y);
    return [v, v, v];
  };

  it('a photographed page (noise on all its paper, ringing around its print) is not flagged', () => {
    const photo = gray(page(w, h, paint, 6));
    const ratio = editingNoiseRatio(photo, mrz, pageRect)!;
    expect(ratio).toBeGreaterThan(T.minNoiseRatio);
    expect(Math.abs(ratio)).toBeLessThan(0.5);
  });

  it('the same page with its MRZ band rendered cleanly and pasted in is flagged, though its print rings as much', () => {
    const photo = gray(page(w, h, paint, 6));
    const clean = gray(page(w, h, paint, 0));
    // The band the forger replaced: the zone and some paper above it, across the page.
    for (let y = 225; y < h; y++) for (let x = 0; x < w; x++) photo.data[y * w + x] = clean.data[y * w + x]!;
    expect(editingNoiseRatio(photo, mrz, pageRect)!).toBeLessThan(T.minNoiseRatio);
  });

  it('a zone with no blank paper left between its print is not measured', () => {
    const dense = gray(page(w, h, (x, y) => (y >= 230 && (x + y) % 4 < 2 ? [40, 40, 40] : [215, 215, 215]), 6));
    expect(editingNoiseRatio(dense, mrz, pageRect)).toBeNull();
  });
});

describe('portrait zone from the MRZ', () => {
  it('a TD3 page is found from its zone; a face on the left above it is the portrait, a small ghost image is not', () => {
    const mrz = { x: 60, y: 700, width: 44 * 25.4, height: 70 };
    const p = pageFromMrz('TD3', mrz);
    expect(p.width).toBeCloseTo(1250, 0);
    expect(p.height).toBeCloseTo(880, 0);
    const zone = portraitZone('TD3', p, mrz)!;
    expect(faceFitsZone({ x: p.x + 100, y: p.y + 250, width: 200, height: 240 }, zone, p, T.portraitMinHeight)).toBe(true);
    expect(faceFitsZone({ x: p.x + 100, y: p.y + 250, width: 50, height: 60 }, zone, p, T.portraitMinHeight)).toBe(false);
    expect(faceFitsZone({ x: p.x + 900, y: p.y + 250, width: 200, height: 240 }, zone, p, T.portraitMinHeight)).toBe(false);
    // A "face" taller than the page (seen on a painted-over portrait box) is no printed portrait.
    expect(faceFitsZone({ x: p.x + 100, y: p.y - 300, width: 420, height: p.height * 1.13 }, zone, p, T.portraitMinHeight)).toBe(false);
    expect(portraitZone('TD1', pageFromMrz('TD1', mrz), mrz)).toBeNull();
  });
});

const signals = (s: Partial<AuthenticitySignals>): AuthenticitySignals => ({
  ...emptySignals(), portrait: { checked: true, found: true, where: 'portrait_zone', face_height: 0.3 }, colourfulness: 40, screen_peak: 1.5,
  typeface: { shape: 0.01, pitch_spread: 0, start_spread: 0, height_spread: 0.05 }, noise_ratio: 1, chrome_edges: 0, ...s,
});

function td2(number: string): string[] {
  const l1 = 'I<GBRSTEVENSON<<PETER<JOHN'.padEnd(36, '<');
  const body = `${number}${cd(number)}GBR470610${cd('470610')}M300101${cd('300101')}<<<<<<<`;
  return [l1, body + cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 35))];
}

function decide(lines: string[], extra: Parameters<typeof decideDocument>[0] extends infer I ? Partial<I> : never = {}) {
  const mrz = parseMrz(lines, TODAY)!;
  return decideDocument({ document: documentFromMrz(mrz), mrz, dvla: null, quality: [], today: TODAY, minimumAge: 18, ...extra });
}
const codes = (r: { reasons: { code: string; severity: string }[] }) => r.reasons.filter((x) => x.severity !== 'INFO').map((x) => x.code);

describe('authenticity in the decision: PASSED needs every signal on the right side of its threshold', () => {
  it('each signal over its threshold is REFER with its own reason', () => {
    const lines = td2('2S5VHSF06');
    expect(decide(lines, { authenticity: signals({}) }).decision).toBe('PASSED');
    const cases: [Partial<AuthenticitySignals>, string][] = [
      [{ portrait: { checked: true, found: false, where: 'portrait_zone', face_height: 0 } }, 'PORTRAIT_NOT_FOUND'],
      [{ portrait: { checked: false, found: false, where: 'portrait_zone', face_height: 0 } }, 'PORTRAIT_NOT_CHECKED'],
      [{ portrait: { checked: true, found: false, where: 'other_side', face_height: 0 } }, 'PORTRAIT_NOT_FOUND'],
      // A TD1 card's back alone: the portrait side is missing, with or without a face engine (ADR 0205).
      [{ portrait: { checked: true, found: false, where: 'none', face_height: 0 } }, 'PORTRAIT_SIDE_MISSING'],
      [{ portrait: { checked: false, found: false, where: 'none', face_height: 0 } }, 'PORTRAIT_SIDE_MISSING'],
      [{ colourfulness: T.minColourfulness - 1 }, 'PHOTOCOPY_SUSPECTED'],
      [{ screen_peak: T.maxScreenPeak + 0.5 }, 'SCREEN_RECAPTURE_SUSPECTED'],
      [{ typeface: { shape: T.maxShapeDistance * 2, pitch_spread: 0, start_spread: 0, height_spread: 0 } }, 'MRZ_TYPEFACE_INCONSISTENT'],
      [{ typeface: { shape: 0.01, pitch_spread: T.maxPitchSpread * 2, start_spread: 0, height_spread: 0 } }, 'MRZ_TYPEFACE_INCONSISTENT'],
      [{ noise_ratio: T.minNoiseRatio - 1 }, 'EDITING_SUSPECTED'],
      [{ chrome_edges: T.maxChromeEdges }, 'SCREENSHOT_SUSPECTED'],
      [{ specimen_text: 'SPECIMEN' }, 'SPECIMEN_STAMP'],
    ];
    for (const [s, code] of cases) {
      const r = decide(lines, { authenticity: signals(s) });
      expect([r.decision, codes(r)], code).toEqual(['REFER', [code]]);
    }
    expect(authenticityReasons(signals({}))).toEqual([]);
  });

  it('signals that could not be measured (null) are REFER, never PASSED', () => {
    expect(codes(decide(td2('2S5VHSF06'), { authenticity: null }))).toEqual(['AUTHENTICITY_NOT_MEASURED']);
  });
});

describe('no silent misreads', () => {
  /** Margins for every position of the zone, `low` where the reading is in doubt. */
  const margins = (lines: string[], low: [number, number][]) => lines.map((l, li) => [...l].map((_, ci) => (low.some(([a, b]) => a === li && b === ci) ? -0.05 : 0.4)));

  it('the TD2 number 2S5VHSF06 read as ZQSVHSFO6: check digits hold, four look-alikes in doubt: REFER, not PASSED', () => {
    const lines = td2('ZQSVHSFO6');
    const mrz = parseMrz(lines, TODAY)!;
    expect(mrz.valid).toBe(true);
    const uncertain = uncertainFields(mrz, margins(lines, [[1, 0], [1, 1], [1, 2], [1, 7]]), T);
    expect(uncertain).toEqual([{ field: 'document_number', positions: ['2:1', '2:2', '2:3', '2:8'], why: 'look_alike' }]);
    const r = decide(lines, { uncertain, authenticity: signals({}) });
    expect([r.decision, codes(r)]).toEqual(['REFER', ['MRZ_LOW_CONFIDENCE']]);
  });

  it('one doubtful character in a field a check digit covers is decided by it; one in the name is not', () => {
    const lines = td2('2S5VHSF06');
    const mrz = parseMrz(lines, TODAY)!;
    expect(uncertainFields(mrz, margins(lines, [[1, 3]]), T)).toEqual([]);
    expect(uncertainFields(mrz, margins(lines, [[0, 8]]), T)).toEqual([{ field: 'names', positions: ['1:9'], why: 'look_alike' }]);
  });

  it('without character scores, two look-alike corrections in one field stand in for them', () => {
    const lines = td2('2S5VHSF06');
    const mrz = parseMrz(lines, TODAY)!;
    const corrected = { ...mrz, corrections: [{ line: 1, position: 0, from: 'Z', to: '2', by: 'check_digit' as const }, { line: 1, position: 7, from: 'O', to: '0', by: 'check_digit' as const }] };
    // A second reading that agrees confirms the name and sex, so only the corrections count.
    expect(uncertainFields(corrected, null, T, { second: lines, namesInViz: false })).toEqual([{ field: 'document_number', positions: ['2:1', '2:8'], why: 'look_alike' }]);
  });

  it('a name letter the OCR-B model supplied for a digit: trusted with a score for its cell, in doubt without one', () => {
    const lines = td2('2S5VHSF06');
    const mrz = parseMrz(lines, TODAY)!;
    const supplied = { ...mrz, corrections: [{ line: 0, position: 8, from: '0', to: 'O', by: 'letter_shape' as const }] };
    expect(uncertainFields(supplied, null, T, { second: lines, namesInViz: true })).toEqual([{ field: 'names', positions: ['1:9'], why: 'look_alike' }]);
    expect(uncertainFields(supplied, margins(lines, []), T)).toEqual([]);
  });

  /**
   * A TD1 card's third line is all name and no check digit covers it: a garbled name line leaves every check
   * digit holding (eval:documents, degraded page 80 of seed 21261122: Tesseract read `ABDULLAH<<0LUU1SEUN`,
   * on a zone whose lines' grids disagreed, so no character could be scored).
   */
  function td1(names: string): string[] {
    const l1 = `IDGRCS0UL4OHPH${cd('S0UL4OHPH')}`.padEnd(30, '<');
    const l2 = `900126${cd('900126')}F341224${cd('341224')}GRC`.padEnd(29, '<');
    return [l1, l2 + cd(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)), names.padEnd(30, '<')];
  }

  it('a TD1 whose name line is garbage, with no score and no second reading, is REFER, not PASSED', () => {
    const lines = td1('ABDULLAH<<OLUUISEUN');
    const mrz = parseMrz(lines, TODAY)!;
    expect(mrz.valid).toBe(true);
    const uncertain = uncertainFields(mrz, null, T, { second: null, namesInViz: false });
    expect(uncertain.map((u) => [u.field, u.why])).toEqual([['sex', 'unconfirmed'], ['names', 'unconfirmed']]);
    expect(uncertain.find((u) => u.field === 'names')!.positions).toHaveLength('ABDULLAH<<OLUUISEUN'.replace(/</g, '').length);
    const r = decide(lines, { uncertain, authenticity: signals({}) });
    expect([r.decision, [...new Set(codes(r))]]).toEqual(['REFER', ['MRZ_LOW_CONFIDENCE']]);
    expect(decide(lines, { authenticity: signals({}) }).decision).toBe('PASSED');
  });

  it('a TD1 name line the second reading of the zone reads otherwise is REFER at the characters that differ', () => {
    const read = td1('ABDULLAH<<OLUUISEUN');
    const second = td1('ABDULLAH<<OLUWASEUN');
    const mrz = parseMrz(read, TODAY)!;
    const uncertain = uncertainFields(mrz, null, T, { second, namesInViz: false });
    expect(uncertain).toEqual([{ field: 'names', positions: ['3:14', '3:15'], why: 'readings_differ' }]);
    expect(decide(read, { uncertain, authenticity: signals({}) }).decision).toBe('REFER');
  });

  it('a TD1 name the OCR-B model read as the nearest letter, but barely (a blurred name line), is REFER, not PASSED', () => {
    const lines = td1('ABDULLAH<<OLUUISEUN');
    const mrz = parseMrz(lines, TODAY)!;
    // The model's own reading is the nearest letter, so its margin is never below 0: a small positive margin is the doubt.
    const barely = margins(lines, []).map((row, li) => row.map((m, ci) => (li === 2 && ci === 13 ? T.minUnprotectedMargin / 2 : m)));
    const uncertain = uncertainFields(mrz, barely, T);
    expect(uncertain).toEqual([{ field: 'names', positions: ['3:14'], why: 'look_alike' }]);
    expect(decide(lines, { uncertain, authenticity: signals({}) }).decision).toBe('REFER');
    // The same margin where a check digit covers the character is decided by it.
    const inNumber = margins(lines, []).map((row, li) => row.map((m, ci) => (li === 0 && ci === 6 ? T.minUnprotectedMargin / 2 : m)));
    expect(uncertainFields(mrz, inNumber, T)).toEqual([]);
  });

  it('without scores, a name both readings agree on, or that the visual zone prints, is confirmed', () => {
    const lines = td1('ABDULLAH<<OLUWASEUN');
    const mrz = parseMrz(lines, TODAY)!;
    expect(uncertainFields(mrz, null, T, { second: lines, namesInViz: false })).toEqual([]);
    expect(uncertainFields(mrz, null, T, { second: td1('ABDULLAH<<QLUWASEUN'), namesInViz: true })).toEqual([]);
    // With scores the second reading is not consulted: the scores judge every cell.
    expect(uncertainFields(mrz, margins(lines, []), T, { second: td1('XXXXXXXX<<XXXXXXXXX'), namesInViz: false })).toEqual([]);
  });

  it('a state code the code list corrected (QBR to GBR) is in doubt unless the cell\'s shape or a second reading confirms the letter', () => {
    const printed = td2('2S5VHSF06');
    const read = [printed[0]!, printed[1]!.replace('GBR', 'QBR')];
    const mrz = parseMrz(read, TODAY)!;
    expect([mrz.fields.nationality, mrz.valid]).toEqual(['GBR', true]);
    const doubt = [{ field: 'nationality', positions: ['2:11'], why: 'look_alike' }];
    // With scores: the cell looks as much like Q as like G (pass-gbr: Q 8.4, G 8.7 from the OCR-B prototypes).
    expect(uncertainFields(mrz, margins(read, [[1, 10]]), T)).toEqual(doubt);
    expect(uncertainFields(mrz, margins(read, []), T)).toEqual([]);
    // Without scores: the second reading must have the G there; one that read Q too confirms nothing.
    expect(uncertainFields(mrz, null, T, { second: printed, namesInViz: false })).toEqual([]);
    expect(uncertainFields(mrz, null, T, { second: read, namesInViz: false })).toEqual(doubt);
    const uncertain = uncertainFields(mrz, margins(read, [[1, 10]]), T);
    expect([decide(read, { uncertain, authenticity: signals({}) }).decision, codes(decide(read, { uncertain, authenticity: signals({}) }))]).toEqual(['REFER', ['MRZ_LOW_CONFIDENCE']]);
  });

  /**
   * ADR 0218: a check digit vouches for the field as read or for the one change the search chose, not both. The
   * TD2 number 2S5VHSF06 read 2S5VHSFO6 is repaired O→0; had the real misread been elsewhere (a character the
   * look-alike tables do not offer), that repair would be a wrong one the check digit accepts.
   */
  describe('a field whose check digit chose a repair', () => {
    const printed = td2('2S5VHSF06');
    const read = [printed[0]!, printed[1]!.replace('2S5VHSF06', '2S5VHSFO6')];
    const mrz = parseMrz(read, TODAY)!;
    const rest = ['2:1', '2:2', '2:3', '2:4', '2:5', '2:6', '2:7', '2:9', '2:10'];

    it('is repaired O→0 and valid', () => {
      expect([mrz.valid, mrz.corrections]).toEqual([true, [{ line: 1, position: 7, from: 'O', to: '0', by: 'check_digit' }]]);
    });

    it('without scores or a second reading, has its other characters unconfirmed: REFER, not PASSED', () => {
      const uncertain = uncertainFields(mrz, null, T, { second: null, namesInViz: true });
      expect(uncertain.filter((u) => u.field === 'document_number')).toEqual([{ field: 'document_number', positions: rest, why: 'unconfirmed' }]);
      expect(decide(read, { uncertain: uncertain.filter((u) => u.field === 'document_number'), authenticity: signals({}) }).decision).toBe('REFER');
    });

    it('without scores, is confirmed where the second reading has the same characters, and in doubt where it differs', () => {
      expect(uncertainFields(mrz, null, T, { second: read, namesInViz: true })).toEqual([]);
      const other = [read[0]!, read[1]!.replace('2S5VHSFO6', '2S5VH5FO6')];
      expect(uncertainFields(mrz, null, T, { second: other, namesInViz: true })).toEqual([{ field: 'document_number', positions: ['2:6'], why: 'readings_differ' }]);
    });

    it('with scores, needs the margin of the fields no check digit covers at its other characters', () => {
      // The repaired cell itself looked like O (the model read it so): the check digit decided it.
      expect(uncertainFields(mrz, margins(read, [[1, 7]]), T)).toEqual([]);
      const barely = margins(read, [[1, 7]]).map((row, li) => row.map((m, ci) => (li === 1 && ci === 2 ? T.minUnprotectedMargin / 2 : m)));
      expect(uncertainFields(mrz, barely, T)).toEqual([{ field: 'document_number', positions: ['2:3'], why: 'look_alike' }]);
      // The same margin in a field read as printed, with no repair, is decided by its check digit (ADR 0120).
      const asPrinted = parseMrz(printed, TODAY)!;
      expect(uncertainFields(asPrinted, barely, T)).toEqual([]);
    });

    it('a forced change (a letter in a date) whose cell confirms the digit is no choice and spends nothing', () => {
      const inDate = [printed[0]!, printed[1]!.replace('470610', '47O610')];
      const r = parseMrz(inDate, TODAY)!;
      expect([r.valid, r.corrections.map((c) => `${c.from}→${c.to}`)]).toEqual([true, ['O→0']]);
      // The OCR-B model's second reading has the 0 there, or the cell scores 0 well clear of the other digits.
      expect(uncertainFields(r, null, T, { second: printed, namesInViz: true })).toEqual([]);
      expect(uncertainFields(r, margins(inDate, []), T)).toEqual([]);
    });
  });

  /**
   * ADR 0220: a forced change (a letter where only a digit may stand) takes the letter's look-alike digit. When
   * the cell does not confirm that digit, only the check digit does, and it then vouches for nothing else in the
   * field: the birth date 470610 read 4Z0110 (7 misread Z, 6 misread 1) is forced to 420110, which its check
   * digit accepts (correction-sim.ts prints such reads with `--show silent`).
   */
  describe('a field whose check digit confirmed a forced change its cell does not', () => {
    const printed = td2('2S5VHSF06');
    const read = [printed[0]!, printed[1]!.replace('470610', '4Z0110')];
    const mrz = parseMrz(read, TODAY)!;
    const date = (u: ReturnType<typeof uncertainFields>) => u.filter((x) => x.field === 'birth_date');

    it('is forced Z→2 and valid, and wrong', () => {
      expect([mrz.valid, mrz.fields.birth_date, mrz.corrections]).toEqual([true, '1942-01-10', [{ line: 1, position: 14, from: 'Z', to: '2', by: 'check_digit' }]]);
    });

    it('without scores or a second reading, has its other characters unconfirmed: REFER, not PASSED', () => {
      const uncertain = uncertainFields(mrz, null, T, { second: null, namesInViz: true });
      expect(date(uncertain)).toEqual([{ field: 'birth_date', positions: ['2:14', '2:16', '2:17', '2:18', '2:19', '2:20'], why: 'unconfirmed' }]);
      expect(decide(read, { uncertain: date(uncertain), authenticity: signals({}) }).decision).toBe('REFER');
    });

    it('a second reading that read the same letter confirms nothing; one that read the digit confirms it', () => {
      expect(date(uncertainFields(mrz, null, T, { second: read, namesInViz: true }))).toEqual([]);
      expect(uncertainFields(mrz, null, T, { second: read, namesInViz: true })).toEqual([]);
      const digitThere = [read[0]!, read[1]!.replace('4Z0110', '420110')];
      expect(uncertainFields(mrz, null, T, { second: digitThere, namesInViz: true })).toEqual([]);
    });

    it('with scores: a forced cell that barely looks like its digit needs the rest of the field clear of the other digits', () => {
      // The forced cell below the name threshold and the misread 1 (col 17) barely itself: in doubt.
      const both = margins(read, []).map((row, li) => row.map((m, ci) => (li === 1 && (ci === 14 || ci === 16) ? T.minUnprotectedMargin / 2 : m)));
      expect(uncertainFields(mrz, both, T)).toEqual([{ field: 'birth_date', positions: ['2:17'], why: 'look_alike' }]);
      // A forced cell that scores its digit clearly spends nothing: the check digit vouches for the rest as read.
      const forcedClear = margins(read, []).map((row, li) => row.map((m, ci) => (li === 1 && ci === 16 ? T.minUnprotectedMargin / 2 : m)));
      expect(uncertainFields(mrz, forcedClear, T)).toEqual([]);
    });
  });

  /**
   * ADR 0220: a TD1 or TD2 number longer than 9 characters runs into the optional data (ICAO 9303-5 note j): its
   * 9 first characters, `<` where its check digit would stand, then the rest and its own check digit. That check
   * digit covers the whole number, so a repair anywhere in it spends it for the whole number, continuation included.
   */
  describe('a long document number whose check digit chose a repair', () => {
    /** A TD1 whose `number` (over 9 characters) continues in the optional data; every check digit computed. */
    function td1Long(number: string): string[] {
      const l1 = `I<UTO${number.slice(0, 9)}<${number.slice(9)}${cd(number)}`.padEnd(30, '<');
      const l2 = '7408122F1204159UTO'.padEnd(29, '<');
      return [l1, l2 + cd(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)), 'ERIKSSON<<ANNA<MARIA'.padEnd(30, '<')];
    }
    /** 1-based positions of the printed characters of line 1 from `from` to `to` (0-based, inclusive), but `skip`. */
    const cols = (from: number, to: number, skip: number[] = []) => Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((c) => !skip.includes(c)).map((c) => `1:${c + 1}`);
    const numberField = (u: ReturnType<typeof uncertainFields>) => u.filter((x) => x.field === 'document_number');

    it('a repair in the part that runs into the optional data leaves the whole number unconfirmed without scores', () => {
      // XKWMNRTAHPV5Y with its 5 (line 1 col 18) read S: S→5 is the one repair, and the number's check digit holds.
      const printed = td1Long('XKWMNRTAHPV5Y');
      const read = [printed[0]!.replace('PV5Y', 'PVSY'), printed[1]!, printed[2]!];
      const mrz = parseMrz(read, TODAY)!;
      expect([mrz.valid, mrz.fields.document_number, mrz.corrections]).toEqual([true, 'XKWMNRTAHPV5Y', [{ line: 0, position: 17, from: 'S', to: '5', by: 'check_digit' }]]);
      // The 9 first characters, the continuation and its check digit (line 1 col 20), but not the repaired cell.
      const rest = [...cols(5, 13), ...cols(15, 19, [17])];
      expect(numberField(uncertainFields(mrz, null, T, { second: null, namesInViz: true }))).toEqual([{ field: 'document_number', positions: rest, why: 'unconfirmed' }]);
      expect(uncertainFields(mrz, null, T, { second: read, namesInViz: true })).toEqual([]);
    });

    it('a repair in the 9 first characters needs the continuation confirmed too (with scores)', () => {
      const printed = td1Long('XKW5NRTAHPV7Y');
      const read = [printed[0]!.replace('XKW5', 'XKWS'), printed[1]!, printed[2]!];
      const mrz = parseMrz(read, TODAY)!;
      expect([mrz.valid, mrz.corrections]).toEqual([true, [{ line: 0, position: 8, from: 'S', to: '5', by: 'check_digit' }]]);
      expect(uncertainFields(mrz, margins(read, []), T)).toEqual([]);
      // The continuation's V (line 1 col 17) barely looks like itself: after the repair, the check digit cannot vouch for it.
      const barely = margins(read, []).map((row, li) => row.map((m, ci) => (li === 0 && ci === 16 ? T.minUnprotectedMargin / 2 : m)));
      expect(uncertainFields(mrz, barely, T)).toEqual([{ field: 'document_number', positions: ['1:17'], why: 'look_alike' }]);
      // Read as printed, no repair: the same margin is decided by the check digit (ADR 0120).
      expect(uncertainFields(parseMrz(printed, TODAY)!, barely, T)).toEqual([]);
    });

    it('two doubtful characters, one in each part of the number, are two in one field', () => {
      const lines = td1Long('XKWMNRTAHPV5Y');
      const mrz = parseMrz(lines, TODAY)!;
      expect(uncertainFields(mrz, margins(lines, [[0, 6], [0, 18]]), T)).toEqual([{ field: 'document_number', positions: ['1:7', '1:19'], why: 'look_alike' }]);
    });

    it('a letter read for the continuation\'s check digit is a forced change: one its cell confirms spends nothing', () => {
      // The check digit of XKWMNRTAHPV5K is 6; read G, only 6 can stand there.
      const printed = td1Long('XKWMNRTAHPV5K');
      expect(printed[0]!.slice(15, 21)).toBe('PV5K6<');
      const read = [printed[0]!.replace('PV5K6', 'PV5KG'), printed[1]!, printed[2]!];
      const mrz = parseMrz(read, TODAY)!;
      expect([mrz.valid, mrz.corrections.map((c) => `${c.from}→${c.to}`)]).toEqual([true, ['G→6']]);
      // The cell scores 6 clearly: the check digit still vouches for the rest, so the V (col 17) at 0.05 is decided by it.
      // Taken for an unforced repair (not seen as a check digit), it would have spent the check digit and left the V in doubt.
      const vBarely = margins(read, []).map((row, li) => row.map((m, ci) => (li === 0 && ci === 16 ? T.minUnprotectedMargin / 2 : m)));
      expect(uncertainFields(mrz, vBarely, T)).toEqual([]);
    });

    it('the continuation\'s check digit is scored against digits only, as every check digit is', () => {
      const allowed = alternativesFor(td1Long('XKWMNRTAHPV5Y'));
      expect(['4', '<', 'A'].map(allowed(0, 19))).toEqual([true, true, false]);
      // The continuation's own characters may be letters or digits.
      expect(['5', 'S'].map(allowed(0, 17))).toEqual([true, true]);
    });

    it('a TD2 long number is held to the same rule', () => {
      // TD2: 9 characters, `<` at col 10, the rest and its check digit in the optional data (line 2 cols 29-35).
      const number = 'XKWMNRTAHPV5';
      const l2 = `${number.slice(0, 9)}<GBR470610${cd('470610')}M320314${cd('320314')}${number.slice(9)}${cd(number)}`.padEnd(35, '<');
      const printed = ['I<GBRSMITH<<JOHN'.padEnd(36, '<'), l2 + cd(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35))];
      expect(parseMrz(printed, TODAY)!.fields.document_number).toBe(number);
      const read = [printed[0]!, printed[1]!.replace('PV5', 'PVS')];
      const mrz = parseMrz(read, TODAY)!;
      expect([mrz.valid, mrz.corrections.map((c) => `${c.line}:${c.position} ${c.from}→${c.to}`)]).toEqual([true, ['1:30 S→5']]);
      const barely = margins(read, []).map((row, li) => row.map((m, ci) => (li === 1 && ci === 28 ? T.minUnprotectedMargin / 2 : m)));
      expect(uncertainFields(mrz, barely, T)).toEqual([{ field: 'document_number', positions: ['2:29'], why: 'look_alike' }]);
    });
  });

  it('a forced composite digit its cell does not confirm vouches for nothing only it covers (TD1 optional data)', () => {
    // Optional data 4733 (composite 3) read 4738 with the composite read B: forced to 8, the composite holds, wrong.
    const l2 = '7408122F1204159UTO'.padEnd(29, '<');
    const zone = (optional: string, composite: string) => [`I<UTOXKWMNRTAH${cd('XKWMNRTAH')}${optional}`.padEnd(30, '<'), l2 + composite, 'ERIKSSON<<ANNA<MARIA'.padEnd(30, '<')];
    const truth = zone('4733', '3');
    expect(parseMrz(truth, TODAY)!.valid).toBe(true);
    const read = zone('4738', 'B');
    const mrz = parseMrz(read, TODAY)!;
    expect([mrz.valid, mrz.fields.optional_data, mrz.corrections.map((c) => `${c.from}→${c.to}`)]).toEqual([true, '4738', ['B→8']]);
    const composite = (u: ReturnType<typeof uncertainFields>) => u.filter((x) => x.field === 'composite');
    expect(composite(uncertainFields(mrz, null, T, { second: null, namesInViz: true }))).toEqual([{ field: 'composite', positions: ['1:16', '1:17', '1:18', '1:19'], why: 'unconfirmed' }]);
    // With scores: the forced cell and the misread 8 both barely themselves.
    const barely = margins(read, []).map((row, li) => row.map((m, ci) => ((li === 1 && ci === 29) || (li === 0 && ci === 18) ? T.minUnprotectedMargin / 2 : m)));
    expect(uncertainFields(mrz, barely, T)).toEqual([{ field: 'composite', positions: ['1:19'], why: 'look_alike' }]);
    // A second reading with the 8 in the composite's cell confirms the forced digit: it spends nothing.
    expect(uncertainFields(mrz, null, T, { second: zone('4738', '8'), namesInViz: true })).toEqual([]);
  });

  it('a printed page that disagrees with the MRZ is never PASSED', () => {
    const viz = { read: true, contradicts: true, fields: [{ field: 'document_number' as const, mrz: '2S5VHSF06', viz: '2S5VHSFO8', status: 'differs' as const }] };
    expect(decide(td2('2S5VHSF06'), { viz, authenticity: signals({}) }).decision).not.toBe('PASSED');
  });
});
