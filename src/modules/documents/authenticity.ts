/**
 * Measuring the authenticity signals of a document image (domain/authenticity/ holds the pure measures and
 * thresholds): decode with sharp, find the page from the MRZ, look for the portrait through the face finder
 * given at construction (the biometrics module's engine, wired by the composition root: this module does not
 * import it), and measure colour, screen pattern, noise and window chrome.
 */
import sharp, { type Sharp } from 'sharp';
import { chromeEdges } from './domain/authenticity/chrome.ts';
import { colourfulness } from './domain/authenticity/colour.ts';
import { editingNoiseRatio } from './domain/authenticity/noise.ts';
import { cardFrontPortraitZone, clip, faceFitsZone, pageFromMrz, portraitZone, type Rect, type Rgb } from './domain/authenticity/page.ts';
import { locateCard } from './licence-reader.ts';
import { looksLikePhotograph, PORTRAIT_SAMPLE_SIZE, type PortraitTexture, portraitTexture } from './domain/authenticity/portrait.ts';
import { screenScore } from './domain/authenticity/screen.ts';
import { type AuthenticitySignals, emptySignals, type PortraitSignal } from './domain/authenticity/signals.ts';
import { AUTHENTICITY_THRESHOLDS } from './domain/authenticity/thresholds.ts';
import type { MrzFormat } from './domain/mrz-layouts.ts';
import type { Gray } from './domain/quality.ts';

/** What the documents module needs of a face engine: the faces in an image, boxes in the analysed frame's pixels. */
export interface FaceFinder {
  find(image: Buffer): Promise<FaceAnalysis>;
  /** The same, upright faces only (no rotation steps): cheaper where no face is found. `find` when not given. */
  findUpright?(image: Buffer): Promise<FaceAnalysis>;
}

type FaceAnalysis = { width: number; height: number; faces: { box: Rect; score: number; rotation?: number }[] };

/** Signals are measured at most this wide: screen patterns survive, and the cost stays bounded. */
const MAX_WIDTH = 1600;

async function decode(img: Sharp): Promise<{ rgb: Rgb; gray: Gray; scale: number }> {
  const meta = await img.clone().metadata();
  const scale = meta.width && meta.width > MAX_WIDTH ? MAX_WIDTH / meta.width : 1;
  const base = img.clone().resize(scale < 1 ? { width: MAX_WIDTH } : undefined).removeAlpha().toColourspace('srgb');
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const rgbData = new Uint8Array(info.width * info.height * 3);
  for (let i = 0, j = 0; i < rgbData.length; i += 3, j += info.channels) {
    rgbData[i] = data[j]!;
    rgbData[i + 1] = data[j + (info.channels > 1 ? 1 : 0)]!;
    rgbData[i + 2] = data[j + (info.channels > 2 ? 2 : 0)]!;
  }
  const grayData = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grayData.length; i++) grayData[i] = Math.round(0.299 * rgbData[3 * i]! + 0.587 * rgbData[3 * i + 1]! + 0.114 * rgbData[3 * i + 2]!);
  return { rgb: { width: info.width, height: info.height, data: rgbData }, gray: { width: info.width, height: info.height, data: grayData }, scale };
}

const scaleRect = (r: Rect, k: number): Rect => ({ x: r.x * k, y: r.y * k, width: r.width * k, height: r.height * k });

/** Where a face was looked for: the largest upright face's height, and whether one fitting `accept` looks like a photograph. */
interface FaceFound {
  found: boolean;
  height: number;
  /** The largest face's fine detail (portrait.ts), when there was one. */
  fineDetail?: number;
}

/** The texture inside a face box of `image` (coordinates of `image`), sampled as portrait.ts expects. */
async function boxTexture(image: Sharp, size: { width: number; height: number }, box: Rect): Promise<PortraitTexture> {
  const r = clip(box, size.width, size.height);
  if (r.width < 2 || r.height < 2) return { contrast: 0, fine_detail: Infinity };
  const n = PORTRAIT_SAMPLE_SIZE;
  const { data, info } = await image.clone().extract({ left: r.x, top: r.y, width: r.width, height: r.height }).resize(n, n, { fit: 'fill' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  // greyscale() on some inputs still emits several channels: keep the first.
  const grey = info.channels === 1 ? new Uint8Array(data) : Uint8Array.from({ length: n * n }, (_, i) => data[i * info.channels]!);
  return portraitTexture({ width: n, height: n, data: grey });
}

/** The largest upright face in `region` of `image` fitting `accept` and looking like a photograph (coordinates of `image`). */
async function findFace(finder: FaceFinder, image: Sharp, size: { width: number; height: number }, region: Rect, accept: (face: Rect) => boolean): Promise<FaceFound> {
  const crop = clip(region, size.width, size.height);
  if (crop.width < 16 || crop.height < 16) return { found: false, height: 0 };
  const buf = await image.clone().extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height }).jpeg({ quality: 92 }).toBuffer();
  const analysis = await finder.find(buf);
  const k = crop.width / Math.max(1, analysis.width);
  const best: FaceFound = { found: false, height: 0 };
  for (const f of analysis.faces) {
    if (f.rotation && Math.abs(f.rotation) > 30) continue;
    const box = { x: crop.x + f.box.x * k, y: crop.y + f.box.y * k, width: f.box.width * k, height: f.box.height * k };
    const largest = box.height > best.height;
    if (!largest && (best.found || !accept(box))) continue;
    const texture = await boxTexture(image, size, box);
    const isPortrait = accept(box) && looksLikePhotograph(texture, AUTHENTICITY_THRESHOLDS);
    if (largest) Object.assign(best, { height: box.height, fineDetail: texture.fine_detail });
    best.found ||= isPortrait;
  }
  return best;
}

export interface MrzPage {
  image: Sharp;
  size: { width: number; height: number };
  mrz_box: Rect;
  format: MrzFormat;
}

/** Signals of a document read through its MRZ; `others` are the other images supplied (a card's front). */
export async function mrzDocumentSignals(page: MrzPage, others: Buffer[], finder: FaceFinder | undefined): Promise<AuthenticitySignals> {
  const signals = emptySignals();
  const size = page.size;
  const pageRect = pageFromMrz(page.format, page.mrz_box);
  signals.portrait = await portraitSignal(page, pageRect, size, others, finder);
  const { rgb, gray, scale } = await decode(page.image);
  const pageIn = clip(scaleRect(pageRect, scale), rgb.width, rgb.height);
  const mrzIn = clip(scaleRect(page.mrz_box, scale), rgb.width, rgb.height);
  signals.colourfulness = colourfulness(rgb, pageIn);
  signals.screen_peak = screenScore(gray, pageIn);
  signals.noise_ratio = editingNoiseRatio(gray, mrzIn, pageIn);
  signals.chrome_edges = chromeEdges(gray, scaleRect(pageRect, scale));
  return signals;
}

async function portraitSignal(page: MrzPage, pageRect: Rect, size: { width: number; height: number }, others: Buffer[], finder: FaceFinder | undefined): Promise<PortraitSignal> {
  const zone = portraitZone(page.format, pageRect, page.mrz_box);
  if (!finder) return { checked: false, found: false, where: zone ? 'portrait_zone' : others.length ? 'other_side' : 'none', face_height: 0 };
  const min = AUTHENTICITY_THRESHOLDS.portraitMinHeight;
  if (zone) {
    const margin = { x: zone.x - zone.width * 0.15, y: zone.y - zone.height * 0.1, width: zone.width * 1.3, height: zone.height * 1.2 };
    const r = await findFace(finder, page.image, size, margin, (face) => faceFitsZone(face, zone, pageRect, min));
    return { checked: true, found: r.found, where: 'portrait_zone', face_height: r.height / pageRect.height, ...detail(r) };
  }
  // TD1: the portrait is on the card's other side, supplied as another image.
  let best: PortraitSignal = { checked: true, found: false, where: others.length ? 'other_side' : 'none', face_height: 0 };
  for (const other of others) {
    const r = await wholeImageFace(other, finder, min).catch(() => null);
    if (r && r.height > best.face_height) best = { ...best, found: best.found || r.found, face_height: r.height, ...detail(r) };
    else if (r?.found) best.found = true;
  }
  return best;
}

/** The fine detail of the largest face, for the result (rounded: it is a figure for a reviewer; null: no contrast at all). */
const detail = (r: FaceFound) => (r.fineDetail === undefined ? {} : { fine_detail: Number.isFinite(r.fineDetail) ? Math.round(r.fineDetail * 10) / 10 : null });

async function wholeImageFace(image: Buffer, finder: FaceFinder, min: number): Promise<FaceFound> {
  const img = sharp(image).rotate();
  const buf = await img.png().toBuffer();
  const meta = await sharp(buf).metadata();
  const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  const r = await findFace(finder, sharp(buf), size, { x: 0, y: 0, ...size }, (face) => face.height >= size.height * min);
  return { ...r, height: r.height / Math.max(1, size.height) };
}

/**
 * Whether a photo shows a card's front: a face that looks like a photograph in the portrait zone of the card found
 * in it (straightened, at the licence reader's scale), at least the portrait's smallest height of the card. When no
 * card is found (a close crop, a busy table) the whole image stands for the card and the face may be anywhere.
 */
export async function cardFrontPortrait(image: Buffer, faces: FaceFinder): Promise<{ found: boolean; face_height: number }> {
  const min = AUTHENTICITY_THRESHOLDS.portraitMinHeight;
  // findFace keeps upright faces only, so the rotation steps would be paid for nothing (most where there is no face).
  const finder: FaceFinder = { find: (b) => (faces.findUpright ?? faces.find)(b) };
  const located = await locateCard(image);
  if (!located.found) {
    const r = await wholeImageFace(image, finder, min);
    return { found: r.found, face_height: r.height };
  }
  const meta = await sharp(located.card).metadata();
  const card = { x: 0, y: 0, width: meta.width ?? 0, height: meta.height ?? 0 };
  const zone = cardFrontPortraitZone(card);
  // A little beyond the zone, so a face on its edge is found whole (as portraitSignal does for a page).
  const around = { x: zone.x, y: zone.y - zone.height * 0.05, width: zone.width * 1.15, height: zone.height * 1.05 };
  const r = await findFace(finder, sharp(located.card), card, around, (face) => faceFitsZone(face, zone, card, min));
  return { found: r.found, face_height: r.height / Math.max(1, card.height) };
}

/** Signals of a licence read from its printed text (no MRZ, no page geometry): the whole image is the card. */
export async function licenceSignals(image: Buffer, finder: FaceFinder | undefined): Promise<AuthenticitySignals> {
  const signals = emptySignals();
  const min = AUTHENTICITY_THRESHOLDS.portraitMinHeight;
  if (!finder) signals.portrait = { checked: false, found: false, where: 'licence', face_height: 0 };
  else {
    const r = await wholeImageFace(image, finder, min);
    signals.portrait = { checked: true, found: r.found, where: 'licence', face_height: r.height, ...detail(r) };
  }
  const { rgb, gray } = await decode(sharp(image).rotate());
  const all = { x: 0, y: 0, width: rgb.width, height: rgb.height };
  signals.colourfulness = colourfulness(rgb, all);
  signals.screen_peak = screenScore(gray, all);
  return signals;
}

const SPECIMEN_WORDS = /\b(SPECIMEN|SPECIMAN|SPECIMENAS|ESPECIMEN|MUSTER|CAMPIONE|SPECIMEN)\b/;

/** A specimen stamp read in the printed page's text. */
export function specimenWord(text: string | null): string | null {
  return text ? (SPECIMEN_WORDS.exec(text.toUpperCase())?.[1] ?? null) : null;
}
