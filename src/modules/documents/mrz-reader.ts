/**
 * Reading an MRZ from an image: decode and measure (sharp), locate the zone (domain/mrz-locate), straighten
 * it, recognise it (Tesseract, or any TextRecogniser), and parse with check-digit-confirmed correction.
 * Several crops of the zone are tried, cheapest first, until every check digit holds.
 */
import sharp, { type Sharp } from 'sharp';
import { type MrzRegion, locateMrz } from './domain/mrz-locate.ts';
import { type MrzResult, parseMrz } from './domain/mrz-parse.ts';
import { mrzCandidates } from './domain/mrz-text.ts';
import { assessQuality, type Gray, type QualityReport, type QualityThresholds } from './domain/quality.ts';
import type { TextRecogniser } from './ocr.ts';

const WORK_WIDTH = 800;
/** Character height the crop is scaled to before recognition: where Tesseract's legacy engine is at its best. */
const TARGET_LINE_HEIGHTS = [34, 26, 44];

export interface MrzReading {
  mrz: MrzResult | null;
  /** Raw OCR text of the best attempt (for operators; not used for decisions). */
  ocr_text: string;
  quality: QualityReport;
  region: { x: number; y: number; width: number; height: number; angle: number } | null;
  attempts: number;
}

async function gray(img: Sharp, width?: number): Promise<Gray> {
  const { data, info } = await img.clone().grayscale().resize(width ? { width } : undefined).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function score(m: MrzResult): number {
  return m.check_digits.filter((c) => c.valid).length / m.check_digits.length + (m.valid ? 1 : 0);
}

async function recogniseRegion(original: Sharp, size: { width: number; height: number }, region: MrzRegion, lineHeight: number, ocr: TextRecogniser, today: string) {
  const k = size.width / WORK_WIDTH;
  const mx = region.width * 0.04;
  const my = region.lineHeight * 0.7;
  const left = Math.max(0, Math.floor((region.x - mx) * k));
  const top = Math.max(0, Math.floor((region.y - my) * k));
  const width = Math.min(size.width - left, Math.ceil((region.width + 2 * mx) * k));
  const height = Math.min(size.height - top, Math.ceil((region.height + 2 * my) * k));
  const scale = lineHeight / (region.lineHeight * k);
  const crop = await original.clone().extract({ left, top, width, height }).grayscale()
    .resize({ width: Math.max(8, Math.round(width * scale)), kernel: 'lanczos3' }).normalise().png().toBuffer();
  const text = await ocr.recognise(crop, 'mrz');
  let best: MrzResult | null = null;
  for (const lines of mrzCandidates(text)) {
    const parsed = parseMrz(lines, today);
    if (parsed && (!best || score(parsed) > score(best))) best = parsed;
  }
  return { text, mrz: best };
}

/** Straighten the image when the zone's lines are skewed by more than half a degree. */
async function straighten(input: Buffer, angle: number): Promise<Sharp> {
  const img = sharp(input).rotate();
  if (Math.abs(angle) < 0.5) return img;
  const buf = await img.rotate(-angle, { background: { r: 255, g: 255, b: 255 } }).png().toBuffer();
  return sharp(buf);
}

export async function readMrz(input: Buffer, ocr: TextRecogniser, options: { today: string; thresholds?: QualityThresholds; maxAttempts?: number }): Promise<MrzReading> {
  const oriented = sharp(input).rotate();
  const meta = await oriented.clone().png().toBuffer({ resolveWithObject: true }).then((r) => r.info);
  const working = await gray(oriented, WORK_WIDTH);
  const quality = assessQuality({ width: meta.width, height: meta.height }, working, options.thresholds);
  let regions = locateMrz(working);
  let image = oriented;
  let size = { width: meta.width, height: meta.height };
  if (regions[0] && Math.abs(regions[0].angle) >= 0.5) {
    image = await straighten(input, regions[0].angle);
    const info = (await image.clone().png().toBuffer({ resolveWithObject: true })).info;
    size = { width: info.width, height: info.height };
    regions = locateMrz(await gray(image, WORK_WIDTH));
  }
  let best: { text: string; mrz: MrzResult | null; region: MrzRegion } | undefined;
  let attempts = 0;
  const maxAttempts = options.maxAttempts ?? 4;
  outer: for (const region of regions.slice(0, 2)) {
    for (const lineHeight of TARGET_LINE_HEIGHTS) {
      if (attempts >= maxAttempts) break outer;
      attempts++;
      const r = await recogniseRegion(image, size, region, lineHeight, ocr, options.today);
      if (r.mrz && (!best?.mrz || score(r.mrz) > score(best.mrz))) best = { ...r, region };
      else best ??= { ...r, region };
      if (best.mrz?.valid) break outer;
    }
  }
  const k = size.width / WORK_WIDTH;
  const reg = best?.region;
  return {
    mrz: best?.mrz ?? null,
    ocr_text: best?.text ?? '',
    quality,
    region: reg ? { x: Math.round(reg.x * k), y: Math.round(reg.y * k), width: Math.round(reg.width * k), height: Math.round(reg.height * k), angle: Math.round(reg.angle * 10) / 10 } : null,
    attempts,
  };
}
