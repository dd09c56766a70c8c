/**
 * Synthetic identity documents for tests and evaluation: a random identity, its MRZ with correct check
 * digits (from the same layout table the parser uses), rendered in OCR-B (Debian `fonts-ocr-b`) on a card
 * with a visual zone, then optionally degraded (blur, noise, rotation, low resolution, exposure).
 * Deterministic for a given seed.
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { checkDigit } from '../../src/platform/domain/mrz-check-digit.ts';
import { LAYOUTS, type MrzFormat, read } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { parseMrz } from '../../src/modules/documents/domain/mrz-parse.ts';

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
}

const SURNAMES = ['SMITH', 'OKONKWO', 'MUELLER', 'GARCIA<LOPEZ', 'NGUYEN', 'OBRIEN', 'KOWALSKA', 'VAN<DER<BERG', 'ABDULLAH', 'JOHANSSON', 'LI', 'PAPADOPOULOS'];
const GIVEN = ['JOHN', 'ANNA<MARIA', 'OLUWASEUN', 'JEAN<PIERRE', 'MEI', 'SIOBHAN', 'KRZYSZTOF', 'AHMED', 'INGRID', 'WEI', 'ZOE', 'BARTHOLOMEW<JAMES'];
const STATES = ['GBR', 'FRA', 'DEU', 'D', 'ESP', 'ITA', 'NLD', 'POL', 'USA', 'CAN', 'NGA', 'IND', 'CHN', 'SWE', 'IRL', 'GRC'];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export interface SyntheticMrz {
  format: MrzFormat;
  lines: string[];
}

const pick = <T,>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
const date = (r: () => number, y0: number, y1: number) => {
  const y = y0 + Math.floor(r() * (y1 - y0));
  const m = 1 + Math.floor(r() * 12);
  const d = 1 + Math.floor(r() * 28);
  return `${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
};

function put(line: string[], start: number, text: string) {
  for (let i = 0; i < text.length; i++) line[start + i] = text[i]!;
}

export interface MrzValues {
  document_code: string;
  issuing_state: string;
  nationality: string;
  document_number: string;
  birth_date: string;
  sex: string;
  expiry_date: string;
  optional_data: string;
  /** SURNAME<<GIVEN<NAMES */
  names: string;
}

/**
 * The MRZ of these values in this layout, every check digit computed. A TD1 or TD2 `document_number` longer than
 * 9 characters is printed as ICAO 9303-5 note j says: its 9 first characters, `<` where its check digit would
 * stand, then the rest, its check digit and a `<` at the start of the optional data, before `optional_data`.
 */
export function buildMrz(format: MrzFormat, v: MrzValues): SyntheticMrz {
  const layout = LAYOUTS[format];
  const lines = Array.from({ length: layout.lines }, () => Array<string>(layout.length).fill('<'));
  const long = (format === 'TD1' || format === 'TD2') && v.document_number.length > 9;
  const optional = long ? `${v.document_number.slice(9)}${checkDigit(v.document_number)}<${v.optional_data}` : v.optional_data;
  const values: Record<string, string> = { ...v, optional_data: optional, issuing_state: v.issuing_state.padEnd(3, '<'), nationality: v.nationality.padEnd(3, '<'), optional_data_2: '' };
  for (const f of layout.fields) {
    const width = f.span.end - f.span.start;
    put(lines[f.span.line]!, f.span.start, (values[f.name] ?? '').slice(0, width));
  }
  const asText = () => lines.map((l) => l.join(''));
  for (const c of layout.checks) {
    const over = c.over.map((sp) => read(asText(), sp)).join('');
    const fieldAllFiller = /^<*$/.test(over) && c.name === 'personal_number';
    put(lines[c.digit.line]!, c.digit.start, fieldAllFiller || (long && c.name === 'document_number') ? '<' : String(checkDigit(over)));
  }
  return { format, lines: asText() };
}

/** A random MRZ of the given format with every check digit correct. */
export function randomMrz(r: () => number, format: MrzFormat): SyntheticMrz {
  return buildMrz(format, randomValues(r, format));
}

/** A random identity for an MRZ of the given format (a document number of 9 characters). */
export function randomValues(r: () => number, format: MrzFormat): MrzValues {
  return {
    document_code: format === 'TD3' ? 'P<' : format.startsWith('MRV') ? 'V<' : pick(r, ['I<', 'ID', 'IR', 'AC']),
    issuing_state: pick(r, STATES),
    nationality: pick(r, STATES),
    document_number: Array.from({ length: 9 }, () => pick(r, ALNUM.split(''))).join(''),
    birth_date: date(r, 1940, 2006),
    sex: pick(r, ['M', 'F', '<']),
    expiry_date: date(r, 2027, 2036),
    optional_data: r() < 0.5 ? digits(r, 6 + Math.floor(r() * 4)) : '',
    names: `${pick(r, SURNAMES)}<<${pick(r, GIVEN)}`,
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the visual zone prints; by default the MRZ's own data (a genuine document). */
export interface VizValues {
  surname: string;
  given_names: string;
  /** YYYY-MM-DD */
  birth_date: string;
  expiry_date: string;
  document_number: string;
}

const MONTH_ABBR = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The visual zone's values of a genuine document: the MRZ's data (names as printed, not truncated there). */
export function vizFromMrz(m: SyntheticMrz): VizValues {
  const p = parseMrz(m.lines, '2026-11-22');
  if (!p) throw new Error('synthetic MRZ does not parse');
  const f = p.fields;
  return { surname: f.last_name, given_names: f.given_names, birth_date: f.birth_date ?? '', expiry_date: f.expiry_date ?? '', document_number: f.document_number };
}

/** Dates as documents print them: 15 JAN 1990, 15.01.1990, 15/01/1990 or 15 JAN/JAN 90 (chosen per document). */
function printedDate(iso: string, style: number): string {
  const [y, mo, d] = iso.split('-');
  const mon = MONTH_ABBR[Number(mo) - 1] ?? '';
  return [`${d} ${mon} ${y}`, `${d}.${mo}.${y}`, `${d}/${mo}/${y}`, `${d} ${mon}/${mon} ${y?.slice(2)}`][style % 4]!;
}

/** The card as SVG: background guilloche, photo box, visual zone text, and the MRZ in OCR-B at ICAO pitch (`side`: RenderOptions'). */
function cardSvg(m: SyntheticMrz, r: () => number, pxPerMm: number, vizValues: VizValues, vizStyle: number, mrzFont = 'OCR B', side: DocumentSide = 'both'): { svg: string; width: number; height: number; photo: { left: number; top: number; width: number; height: number } } {
  const [wMm, hMm] = m.format === 'TD1' ? [85.6, 54] : m.format === 'TD2' || m.format === 'MRVB' ? [105, 74] : [125, 88];
  const width = Math.round(wMm * pxPerMm);
  const height = Math.round(hMm * pxPerMm);
  const pitch = 2.54 * pxPerMm;
  const lineGap = 4.2 * pxPerMm;
  const fontSize = 3.1 * pxPerMm;
  const left = (width - pitch * m.lines[0]!.length) / 2;
  const bottom = height - 3.5 * pxPerMm;
  const hue = Math.floor(r() * 360);
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = (i + 1) * (height / 15);
    return `<path d="M0 ${y} Q ${width / 4} ${y - 20 - r() * 30} ${width / 2} ${y} T ${width} ${y}" stroke="hsl(${hue},45%,75%)" fill="none" stroke-width="1.2"/>`;
  }).join('');
  const mrz = side === 'front' ? '' : m.lines.map((line, i) => {
    const y = bottom - (m.lines.length - 1 - i) * lineGap;
    return `<text x="${left}" y="${y}" font-family="${mrzFont}" font-size="${fontSize}" textLength="${pitch * line.length}" lengthAdjust="spacing" fill="#111">${esc(line)}</text>`;
  }).join('');
  const rows: [string, string][] = [
    ['SURNAME / NOM', vizValues.surname],
    ['GIVEN NAMES / PRENOMS', vizValues.given_names],
    ['DOCUMENT NO', vizValues.document_number],
    ['DATE OF BIRTH', printedDate(vizValues.birth_date, vizStyle)],
    ['DATE OF EXPIRY', printedDate(vizValues.expiry_date, vizStyle)],
  ];
  const viz = rows.map(([label, value], i) => {
    // The visual zone keeps to the upper 60% of the card, clear of the MRZ as ICAO requires.
    const y = 10 * pxPerMm + i * ((hMm * 0.58 - 10) / 5) * pxPerMm;
    return `<text x="${width * 0.36}" y="${y}" font-family="DejaVu Sans" font-size="${1.4 * pxPerMm}" fill="#445">${label}</text>` +
      `<text x="${width * 0.36}" y="${y + 2.4 * pxPerMm}" font-family="DejaVu Sans" font-weight="bold" font-size="${2.0 * pxPerMm}" fill="#222">${esc(value)}</text>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue},35%,93%)"/>${waves}` +
    (side === 'back' ? '' : `<rect x="${6 * pxPerMm}" y="${8 * pxPerMm}" width="${width * 0.25}" height="${height * 0.5}" fill="hsl(${hue},10%,70%)"/>`) +
    `${viz}${mrz}</svg>`;
  const photo = { left: Math.round(6 * pxPerMm), top: Math.round(8 * pxPerMm), width: Math.round(width * 0.25), height: Math.round(height * 0.5) };
  return { svg, width, height, photo };
}

export interface Degradation {
  blur?: number;
  noise?: number;
  rotate?: number;
  scale?: number;
  jpegQuality?: number;
  brightness?: number;
}

let fontChecked = false;
/** Without the font librsvg silently substitutes another one, and every figure would be meaningless. */
function assertOcrbFont(): void {
  if (fontChecked) return;
  const families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  if (!/^OCR B/m.test(families)) throw new Error('the OCR-B font is not installed: apt-get install fonts-ocr-b');
  fontChecked = true;
}

/**
 * The document as a PNG/JPEG. `viz` overrides what the visual zone prints (a document that contradicts
 * itself); by default it prints the MRZ's data.
 */
/**
 * Which side of the document is drawn: `both` (a passport's data page, or a card as if one side carried it all),
 * `front` (no MRZ: a TD1 card's photo side, or a page whose MRZ is out of the picture) or `back` (the MRZ without
 * the portrait box: a TD1 card's back, where ICAO 9303-5 prints the zone).
 */
export type DocumentSide = 'both' | 'front' | 'back';

export interface RenderOptions {
  /** A face photo placed in the portrait box (without one the box stays an empty grey rectangle; never on a `back`). */
  portrait?: Buffer;
  /** Default `both`. */
  side?: DocumentSide;
  /** The MRZ's font family (default OCR B): another font makes the "MRZ pasted in another font" attack. */
  mrzFont?: string;
}

export async function renderDocument(m: SyntheticMrz, seed: number, d: Degradation = {}, viz?: Partial<VizValues>, options: RenderOptions = {}): Promise<Buffer> {
  assertOcrbFont();
  const r = rng(seed);
  // The visual zone's date style has its own generator, so the card and its degradations stay as they were.
  const { svg, photo } = cardSvg(m, r, 8, { ...vizFromMrz(m), ...viz }, Math.floor(rng(seed ^ 0x5f3759df)() * 4), options.mrzFont, options.side);
  let img = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  if (options.portrait && options.side !== 'back') {
    const face = await sharp(options.portrait).resize(photo.width, photo.height, { fit: 'cover', position: 'north' }).png().toBuffer();
    img = sharp(await img.composite([{ input: face, left: photo.left, top: photo.top }]).png().toBuffer());
  }
  if (d.rotate) img = sharp(await img.png().toBuffer()).rotate(d.rotate, { background: { r: 90, g: 90, b: 95 } });
  if (d.blur) img = sharp(await img.png().toBuffer()).blur(d.blur);
  if (d.brightness) img = sharp(await img.png().toBuffer()).modulate({ brightness: d.brightness });
  let buf = await img.png().toBuffer();
  if (d.noise) {
    const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i++) {
      const g = (r() + r() + r() - 1.5) * 2 * d.noise;
      data[i] = Math.max(0, Math.min(255, data[i]! + g));
    }
    buf = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png().toBuffer();
  }
  if (d.scale) {
    const meta = await sharp(buf).metadata();
    buf = await sharp(buf).resize({ width: Math.round(meta.width! * d.scale) }).png().toBuffer();
  }
  if (d.jpegQuality) buf = await sharp(buf).jpeg({ quality: d.jpegQuality }).toBuffer();
  return buf;
}

/** A moderate random mix of two or three degradations, as a phone photo or cheap scan gives. */
export function randomDegradation(r: () => number): Degradation {
  const all: Degradation[] = [
    { blur: 0.6 + r() * 1.0 },
    { noise: 8 + r() * 14 },
    { rotate: (r() < 0.5 ? -1 : 1) * (1 + r() * 6) },
    { scale: 0.45 + r() * 0.25, jpegQuality: 45 + Math.floor(r() * 30) },
    { brightness: 0.55 + r() * 0.25 },
  ];
  const n = 2 + Math.floor(r() * 2);
  const chosen: Degradation = {};
  for (let i = 0; i < n; i++) Object.assign(chosen, all.splice(Math.floor(r() * all.length), 1)[0]);
  return chosen;
}
