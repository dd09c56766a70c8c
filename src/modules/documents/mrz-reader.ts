/**
 * Reading an MRZ from an image: decode and measure (sharp), locate the zone (domain/mrz-locate), straighten
 * it, recognise it (Tesseract, or any TextRecogniser), and parse with check-digit-confirmed correction.
 * Several crops of the zone are tried, cheapest first, until every check digit holds.
 */
import sharp, { type Sharp } from 'sharp';
import { isAlpha3CountryOrIcaoCode } from '../../platform/domain/countries.ts';
import { documentTypeFromCode } from './domain/extracted.ts';
import { type MrzRegion, locateMrz } from './domain/mrz-locate.ts';
import { type MrzResult, parseMrz } from './domain/mrz-parse.ts';
import { LAYOUTS } from './domain/mrz-layouts.ts';
import { mrzCandidates } from './domain/mrz-text.ts';
import { recogniseMrz } from './domain/ocrb.ts';
import { loadPrototypes } from './ocrb-model.ts';
import { assessQuality, type Gray, type QualityReport, type QualityThresholds } from './domain/quality.ts';
import type { TextRecogniser } from './ocr.ts';
import { type TypefaceStats, typefaceStats } from './domain/authenticity/typeface.ts';
import { alternativesFor } from './domain/mrz-confidence.ts';

const WORK_WIDTH = 800;
/** Character height the crop is scaled to before recognition: where Tesseract's legacy engine is at its best. */
const TARGET_LINE_HEIGHTS = [34, 26, 44];
/** Line height for the OCR-B recogniser's crop: its cells are resampled, so this only has to separate glyphs. */
export const OCRB_LINE_HEIGHT = 28;

export interface MrzReading {
  mrz: MrzResult | null;
  /** Raw OCR text of the best attempt (for operators; not used for decisions). */
  ocr_text: string;
  quality: QualityReport;
  region: { x: number; y: number; width: number; height: number; angle: number } | null;
  /** Tesseract attempts made (the OCR-B recogniser runs first on each candidate zone). */
  attempts: number;
  engine: 'ocrb' | 'tesseract' | null;
  /**
   * The document above the zone (the visual inspection zone), straightened, grayscale, scaled for text OCR;
   * only when the MRZ was read with every check digit valid (otherwise there is nothing to compare it with).
   */
  viz_image: Buffer | null;
  /**
   * For the authenticity signals, only with a valid MRZ: the straightened image the zone was read in, the
   * zone's box in its pixels, and the zone's typeface and per-character confidence (OCR-B model).
   */
  page: { image: Sharp; size: { width: number; height: number }; mrz_box: { x: number; y: number; width: number; height: number } } | null;
  typeface: TypefaceStats | null;
  /**
   * When Tesseract's reading won: the OCR-B model's lines for the same zone, a second reading made
   * independently of it. Where the characters cannot be scored it is what confirms (or not) the fields no
   * check digit covers (mrz-confidence.ts). Null for a reading the OCR-B model made itself.
   */
  second_reading: string[] | null;
}

export async function gray(img: Sharp, width?: number): Promise<Gray> {
  const { data, info } = await img.clone().grayscale().resize(width ? { width } : undefined).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * Check digits alone accept one garbled line in ten (one in a hundred with a composite); a read also has to
 * name a known document type and real country codes before the reader stops trying.
 */
function plausible(m: MrzResult): boolean {
  const isCode = (c: string) => c === 'UTO' || isAlpha3CountryOrIcaoCode(c);
  return documentTypeFromCode(m.fields.document_code) !== 'Unknown' && isCode(m.fields.issuing_state) && isCode(m.fields.nationality);
}

export function score(m: MrzResult): number {
  return m.check_digits.filter((c) => c.valid).length / m.check_digits.length + (m.valid ? 1 : 0) + (plausible(m) ? 0.5 : 0);
}

export const good = (m: MrzResult | null | undefined): boolean => Boolean(m?.valid && plausible(m));

/** Where the zone's crop is taken in the image, and the scale it is resized by. */
function cropGeometry(size: { width: number; height: number }, region: MrzRegion, lineHeight: number) {
  const k = size.width / WORK_WIDTH;
  const mx = region.width * 0.04;
  const my = region.lineHeight * 0.7;
  const left = Math.max(0, Math.floor((region.x - mx) * k));
  const top = Math.max(0, Math.floor((region.y - my) * k));
  const width = Math.min(size.width - left, Math.ceil((region.width + 2 * mx) * k));
  const height = Math.min(size.height - top, Math.ceil((region.height + 2 * my) * k));
  const outWidth = Math.max(8, Math.round(width * (lineHeight / (region.lineHeight * k))));
  return { left, top, width, height, outWidth, scale: outWidth / width };
}

async function cropRegion(original: Sharp, size: { width: number; height: number }, region: MrzRegion, lineHeight: number): Promise<Sharp> {
  const { left, top, width, height, outWidth } = cropGeometry(size, region, lineHeight);
  const buf = await original.clone().extract({ left, top, width, height }).grayscale()
    .resize({ width: outWidth, kernel: 'lanczos3' }).normalise().png().toBuffer();
  return sharp(buf);
}

function bestParse(candidates: string[][], today: string, shapes?: string[]): MrzResult | null {
  let best: MrzResult | null = null;
  for (const lines of candidates) {
    const parsed = parseMrz(lines, today, shapes);
    if (parsed && (!best || score(parsed) > score(best))) best = parsed;
  }
  return best;
}

/** Fields that by the ICAO layout hold only letters and fillers and that no check digit covers. */
function letterOnlyPosition(line: number, position: number, length: number): boolean {
  const layout = length === 30 ? LAYOUTS.TD1 : length === 36 ? LAYOUTS.TD2 : LAYOUTS.TD3;
  return layout.fields.some((f) => (f.chars === 'alpha' || f.chars === 'names') && f.span.line === line && position >= f.span.start && position < f.span.end);
}

/** The OCR-B glyph recogniser: fast, exact on clean print; tried first. */
async function recogniseOcrb(crop: Sharp, region: MrzRegion, today: string) {
  const protos = loadPrototypes();
  const img = await gray(crop);
  let best: MrzResult | null = null;
  let text = '';
  for (const lineCount of region.lineCount === 3 ? [3, 2] : [2, 3]) {
    const lines = recogniseMrz(img, lineCount, protos, letterOnlyPosition);
    if (!lines) continue;
    const parsed = bestParse([lines], today);
    if (parsed && (!best || score(parsed) > score(best))) [best, text] = [parsed, lines.join('\n')];
  }
  return { text, mrz: best, lines: best?.raw_lines };
}

/** `shapes`: the OCR-B model's lines for the same zone (they decide a name character Tesseract put a digit in). */
async function recogniseTesseract(crop: Sharp, ocr: TextRecogniser, today: string, shapes?: string[]) {
  const text = await ocr.recognise(await crop.png().toBuffer(), 'mrz');
  return { text, mrz: bestParse(mrzCandidates(text), today, shapes) };
}

/** The best zone's crop as the OCR-B recogniser sees it (training uses exactly this path). */
export async function cropForOcrb(input: Buffer): Promise<{ image: Sharp; region: MrzRegion } | undefined> {
  const located = await locate(input);
  const region = located.regions[0];
  return region ? { image: await cropRegion(located.image, located.size, region, OCRB_LINE_HEIGHT), region } : undefined;
}

/** Rotations tried when no zone of two or more lines is found upright: the closing that joins characters breaks past ~4 degrees; ±90 for sideways photos (readMrz turns a wrong one over). */
const SKEW_SEARCH = [5, -5, 9, -9, 14, -14, 90, -90];

async function rotated(input: Buffer, angle: number): Promise<Sharp> {
  if (Math.abs(angle) < 0.5) return sharp(input).rotate();
  return sharp(await sharp(input).rotate().rotate(angle, { background: { r: 255, g: 255, b: 255 } }).png().toBuffer());
}

/** Levels stretched so the 1st and 99th percentiles become 0 and 255 (as sharp's normalise). */
function stretch(img: Gray): Gray {
  const hist = new Array<number>(256).fill(0);
  for (const v of img.data) hist[v]!++;
  const cut = img.data.length * 0.01;
  let lo = 0;
  for (let acc = 0; lo < 255 && (acc += hist[lo]!) < cut; lo++);
  let hi = 255;
  for (let acc = 0; hi > 0 && (acc += hist[hi]!) < cut; hi--);
  if (hi <= lo) return img;
  const data = new Uint8Array(img.data.length);
  const k = 255 / (hi - lo);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round((img.data[i]! - lo) * k)));
  return { ...img, data };
}

async function rotateGray(img: Gray, angle: number): Promise<Gray> {
  const turned = sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } })
    .rotate(angle, { background: { r: 255, g: 255, b: 255 } });
  const { data, info } = await sharp(await turned.png().toBuffer()).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  // Keep the working width so the locator's kernel sizes stay calibrated.
  const g = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
  if (info.channels !== 1) throw new Error('expected one channel');
  return info.width === WORK_WIDTH ? g : gray(sharp(Buffer.from(g.data), { raw: { width: g.width, height: g.height, channels: 1 } }), WORK_WIDTH);
}

async function sizeOf(img: Sharp) {
  const m = await img.metadata();
  return { width: m.width ?? 0, height: m.height ?? 0 };
}

async function locate(input: Buffer) {
  const oriented = sharp(input).rotate();
  const meta = await sharp(input).metadata();
  // EXIF orientations 5-8 are quarter turns: the upright image has width and height swapped.
  const swap = (meta.orientation ?? 1) >= 5;
  const original = { width: (swap ? meta.height : meta.width) ?? 0, height: (swap ? meta.width : meta.height) ?? 0 };
  const working = await gray(oriented, WORK_WIDTH);
  // Location works on a contrast-stretched copy: a dark photo's print is otherwise too faint for the threshold.
  const findIn = async (img: Sharp) => locateMrz(stretch(await gray(img, WORK_WIDTH)));
  const stretched = stretch(working);
  let regions = locateMrz(stretched);
  let turn = 0;
  if (!(regions[0] && regions[0].lineCount >= 2)) {
    // Quarter turns only for portrait pictures: a sideways document photographed whole is taller than wide.
    for (const a of SKEW_SEARCH.filter((x) => Math.abs(x) !== 90 || original.height > original.width)) {
      // Searched on the small working copy; the full image is rotated once, below, when a zone is found.
      const found = locateMrz(await rotateGray(stretched, a));
      if (found[0] && found[0].lineCount >= 2) {
        [regions, turn] = [found, a];
        break;
      }
    }
  }
  // Straighten by the zone's own measured skew (sharp rotates clockwise for positive angles).
  if (regions[0] && Math.abs(regions[0].angle) >= 0.5) turn -= regions[0].angle;
  let image = oriented;
  let size = { width: original.width, height: original.height };
  if (turn !== 0) {
    image = await rotated(input, turn);
    size = await sizeOf(image);
    regions = await findIn(image);
  }
  return { original, working, regions, image, size };
}

export async function readMrz(input: Buffer, ocr: TextRecogniser, options: { today: string; thresholds?: QualityThresholds; maxAttempts?: number }): Promise<MrzReading> {
  const upright = await readOriented(input, ocr, options);
  // Nothing zone-like at all: turning the image over would find nothing either.
  if (good(upright.mrz) || upright.region === null) return upright;
  // An upside-down photo has horizontal lines too, so it is located but unreadable: try it turned over.
  const turned = await readOriented(await sharp(input).rotate().rotate(180).png().toBuffer(), ocr, { ...options, maxAttempts: 1 });
  const better = turned.mrz && (!upright.mrz || score(turned.mrz) > score(upright.mrz));
  return better ? { ...turned, quality: upright.quality, attempts: upright.attempts + turned.attempts, region: null } : { ...upright, attempts: upright.attempts + turned.attempts };
}

async function readOriented(input: Buffer, ocr: TextRecogniser, options: { today: string; thresholds?: QualityThresholds; maxAttempts?: number }): Promise<MrzReading> {
  const { original, working, regions, image, size } = await locate(input);
  const quality = assessQuality(original, working, options.thresholds);
  let best: { text: string; mrz: MrzResult | null; region: MrzRegion; engine: 'ocrb' | 'tesseract'; second?: string[] } | undefined;
  let attempts = 0;
  const maxAttempts = options.maxAttempts ?? 4;
  const consider = (r: { text: string; mrz: MrzResult | null }, region: MrzRegion, engine: 'ocrb' | 'tesseract', second?: string[]) => {
    if (r.mrz && (!best?.mrz || score(r.mrz) > score(best.mrz))) best = { ...r, region, engine, second };
    else best ??= { ...r, region, engine, second };
    return good(best.mrz);
  };
  outer: for (const region of regions.slice(0, 2)) {
    const crop = await cropRegion(image, size, region, OCRB_LINE_HEIGHT);
    const ocrb = await recogniseOcrb(crop, region, options.today);
    if (consider(ocrb, region, 'ocrb')) break;
    for (const lineHeight of TARGET_LINE_HEIGHTS) {
      if (attempts >= maxAttempts) break outer;
      attempts++;
      const tcrop = await cropRegion(image, size, region, lineHeight);
      const read = await recogniseTesseract(tcrop, ocr, options.today, ocrb.lines);
      if (consider(read, region, 'tesseract', ocrb.lines)) break outer;
      // No MRZ-shaped lines at all in this zone (a licence, a bill, other text): other scales will not help.
      if (!read.mrz) break;
    }
  }
  const k = size.width / WORK_WIDTH;
  const reg = best?.region;
  const valid = reg && good(best?.mrz);
  const vizImage = valid ? await cropAbove(image, size, reg).catch(() => null) : null;
  // The page is measured (typeface, authenticity signals) once every check digit holds, even when a country code
  // was misread (not plausible, REFER for it): the zone is found and its box is the page's scale. Gating this on
  // plausibility too left printed-and-photographed pages whose halftone made a code misread unmeasured
  // (eval:attacks calibration 1001-TD3-print: only MRZ_LOW_CONFIDENCE; ADR 0201).
  const measurable = reg && best?.mrz?.valid;
  const lines = best?.mrz?.lines;
  const typeface = measurable && lines ? typefaceStats(await gray(await cropRegion(image, size, reg, OCRB_LINE_HEIGHT)), lines, loadPrototypes(), alternativesFor(lines)) : null;
  let box = reg ? { x: Math.round(reg.x * k), y: Math.round(reg.y * k), width: Math.round(reg.width * k), height: Math.round(reg.height * k) } : null;
  // The located box can stop short of faint trailing fillers; the fitted character grid gives the zone's true
  // extent (line length x pitch), which is what the page's scale is derived from.
  if (reg && box && typeface && lines) {
    const g = cropGeometry(size, reg, OCRB_LINE_HEIGHT);
    const pitch = typeface.pitch / g.scale;
    box = { ...box, x: Math.round(g.left + typeface.start / g.scale - pitch / 2), width: Math.round(pitch * lines[0]!.length) };
  }
  return {
    mrz: best?.mrz ?? null,
    ocr_text: best?.text ?? '',
    quality,
    region: reg ? { x: Math.round(reg.x * k), y: Math.round(reg.y * k), width: Math.round(reg.width * k), height: Math.round(reg.height * k), angle: Math.round(reg.angle * 10) / 10 } : null,
    attempts,
    engine: best?.engine ?? null,
    viz_image: vizImage,
    page: measurable && box ? { image, size, mrz_box: box } : null,
    typeface,
    second_reading: best?.engine === 'tesseract' ? best.second ?? null : null,
  };
}

/** Printed text of the visual zone is ~0.6-0.8 of the MRZ's character height; this makes it ~25-30 px. */
const VIZ_MRZ_LINE_HEIGHT = 40;

/** The part of the straightened document above the MRZ, as wide as the zone, prepared for page OCR. */
async function cropAbove(image: Sharp, size: { width: number; height: number }, region: MrzRegion): Promise<Buffer | null> {
  const k = size.width / WORK_WIDTH;
  const mx = region.width * 0.03;
  const left = Math.max(0, Math.floor((region.x - mx) * k));
  const width = Math.min(size.width - left, Math.ceil((region.width + 2 * mx) * k));
  const bottom = Math.floor((region.y - region.lineHeight * 0.4) * k);
  // The visual zone of a card is at most ~1.6 zone heights of width above it; a page photo holds more.
  const top = Math.max(0, bottom - Math.ceil(region.width * 0.75 * k));
  const height = bottom - top;
  if (width < 16 || height < region.lineHeight * k * 3) return null;
  const scale = Math.min(4, VIZ_MRZ_LINE_HEIGHT / (region.lineHeight * k));
  // Gamma 2.2 before stretching keeps the print dark and pushes guilloche and security tints towards white;
  // a light blur and a low threshold then drop the fine background lines that break Tesseract's line finding.
  // (Two pipelines: sharp applies the operations of one pipeline in its own fixed order.)
  const stretched = await image.clone().extract({ left, top, width, height }).grayscale()
    .resize({ width: Math.max(16, Math.round(width * scale)), kernel: 'lanczos3' }).gamma(2.2).normalise().png().toBuffer();
  return sharp(stretched).blur(0.8).threshold(60).png().toBuffer();
}
