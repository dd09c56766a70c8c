/**
 * Synthetic driving licences in the EU photocard layout (Directive 2006/126/EC, Annex I, which the UK card
 * keeps): the numbered fields 1 surname, 2 forenames, 3 date and place of birth, 4a issue, 4b expiry,
 * 4c authority, 5 number, 7 signature, 8 address (UK), 9 categories, to the right of the portrait; the
 * issuing country's code in the band at the top left. Three issuers:
 *  - GB (DVLA): 16-character number built from the holder as DVLA builds it, then a 2-digit issue number;
 *  - NI (DVA): 8-digit number, "DVA (NI)" as authority;
 *  - DE (a non-UK EU licence): "FÜHRERSCHEIN", country code D, an 11-character number, no field 8.
 * Positions are in millimetres on the 85.6 x 54 mm card, as measured on the published DVLA specimen; the
 * text is DejaVu Sans (on every machine of the project; the real card's typeface is not available). Every
 * identity is invented. Deterministic for a seed.
 */
import sharp from 'sharp';
import { rng, type Degradation } from './synthetic.ts';

export type LicenceIssuer = 'GB' | 'NI' | 'DE';

export interface LicenceTruth {
  issuer: LicenceIssuer;
  surname: string;
  forenames: string;
  /** YYYY-MM-DD */
  birth_date: string;
  place_of_birth: string;
  sex: 'M' | 'F';
  issue_date: string;
  expiry_date: string;
  authority: string;
  /** Without the issue number. */
  number: string;
  issue_number: string;
  address: string;
  categories: string;
}

const SURNAMES = ['MORGAN', 'LEE', 'MACDONALD', 'OKONKWO', 'SMITH', 'PATEL', 'WOJCIK', 'OBRIEN', 'NG', 'FITZGERALD', 'HUGHES', 'ABBOTT', 'KHAN', 'DAVIES', 'O\'NEILL', 'SMITH-JONES', 'WU', 'EVANS', 'THOMPSON', 'MCALLISTER'];
const FORENAMES = ['SARAH MEREDITH', 'JOHN', 'AMARA', 'PRIYA ANJALI', 'THOMAS JAMES', 'ZOE', 'KWAME', 'SIOBHAN MARY', 'DAVID', 'ELEANOR ROSE', 'MOHAMMED ALI', 'GRACE', 'HUW', 'OLIVIA', 'WEI', 'CIARAN PATRICK'];
const GERMAN_SURNAMES = ['MUSTERFRAU', 'SCHMIDT', 'WAGNER', 'BECKER', 'HOFFMANN', 'SCHULZ', 'KRUEGER', 'WEBER'];
const GERMAN_FORENAMES = ['ERIKA', 'JONAS', 'LENA MARIE', 'FELIX', 'SOPHIE', 'LUKAS', 'ANNA', 'MAXIMILIAN'];
const STREETS = ['BURNS CRESCENT', 'ACACIA AVENUE', 'STATION ROAD', 'MILL LANE', 'HIGH STREET', 'CHURCH CLOSE', 'VICTORIA DRIVE', 'PARK VIEW'];
const TOWNS: [string, string][] = [['EDINBURGH', 'EH1 9GP'], ['LEEDS', 'LS1 4AP'], ['CARDIFF', 'CF10 1EP'], ['LONDON', 'SW1A 1AA'], ['BRISTOL', 'BS1 5TR'], ['BELFAST', 'BT1 5GS'], ['DERRY', 'BT48 6DQ']];
const GERMAN_TOWNS = ['BERLIN', 'HAMBURG', 'KOELN', 'MUENCHEN', 'LEIPZIG'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const pick = <T,>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
export const dotted = (iso: string) => iso.split('-').reverse().join('.');

/** The 16 DVLA characters for this holder (docs in src/modules/documents/domain/dvla.ts). */
export function dvlaNumber(surname: string, forenames: string, birth: string, sex: 'M' | 'F', r: () => number): string {
  const letters = surname.replace(/[^A-Z]/g, '').replace(/^MAC/, 'MC');
  const [y, m, d] = birth.split('-');
  const month = Number(m) + (sex === 'F' ? 50 : 0);
  const initials = (forenames.split(' ').map((n) => n[0]).join('').slice(0, 2) + '99').slice(0, 2);
  const arbitrary = r() < 0.85 ? '9' : String(Math.floor(r() * 9));
  // Check characters: two letters mostly, sometimes a digit (they are not published; any form DVLA issues).
  const check = Array.from({ length: 2 }, () => (r() < 0.85 ? pick(r, LETTERS.split('')) : String(Math.floor(r() * 10)))).join('');
  return `${(letters.slice(0, 5) + '99999').slice(0, 5)}${y![2]}${pad(month)}${d}${y![3]}${initials}${arbitrary}${check === 'XX' ? 'XY' : check}`;
}

export function randomLicence(r: () => number, issuer: LicenceIssuer): LicenceTruth {
  const german = issuer === 'DE';
  const surname = pick(r, german ? GERMAN_SURNAMES : SURNAMES);
  const forenames = pick(r, german ? GERMAN_FORENAMES : FORENAMES);
  const sex: 'M' | 'F' = r() < 0.5 ? 'M' : 'F';
  const by = 1950 + Math.floor(r() * 55);
  const birth_date = isoDate(by, 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28));
  const iy = 2017 + Math.floor(r() * 8);
  const issue_date = isoDate(iy, 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28));
  const [, im, id] = issue_date.split('-');
  const expiry_date = `${iy + 10}-${im}-${pad(Math.max(1, Number(id) - 1))}`;
  const [town, postcode] = issuer === 'NI' ? pick(r, TOWNS.slice(5)) : pick(r, TOWNS.slice(0, 5));
  const address = `${1 + Math.floor(r() * 220)} ${pick(r, STREETS)}, ${town}, ${postcode}`;
  const number = issuer === 'GB' ? dvlaNumber(surname, forenames, birth_date, sex, r)
    : issuer === 'NI' ? Array.from({ length: 8 }, () => Math.floor(r() * 10)).join('')
      : `${pick(r, LETTERS.split(''))}${Array.from({ length: 9 }, () => pick(r, (LETTERS + '0123456789').split(''))).join('')}${Math.floor(r() * 10)}`;
  return {
    issuer, surname, forenames, birth_date, sex, issue_date, expiry_date, number,
    place_of_birth: german ? pick(r, GERMAN_TOWNS) : issuer === 'NI' ? 'NORTHERN IRELAND' : 'UNITED KINGDOM',
    authority: issuer === 'GB' ? 'DVLA' : issuer === 'NI' ? 'DVA (NI)' : `STADT ${pick(r, GERMAN_TOWNS)}`,
    issue_number: issuer === 'GB' ? pad(1 + Math.floor(r() * 40)) : '',
    address: german ? '' : address,
    categories: german ? 'AM/A1/B/L' : pick(r, ['AM/A/B1/B/f/k/l/n/p/q', 'AM/B/f/k/l/n/p/q', 'AM/A/B/BE/C1/D1/f/k/l/n/p/q']),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The card front as SVG at `px` pixels per millimetre. */
export function licenceSvg(t: LicenceTruth, px: number, r: () => number, font = 'DejaVu Sans'): string {
  const W = 85.6 * px;
  const H = 54 * px;
  const mm = (v: number) => (v * px).toFixed(1);
  const german = t.issuer === 'DE';
  const hue = german ? 340 : 330 + Math.floor(r() * 20);
  const waves = Array.from({ length: 18 }, (_, i) => {
    const y = (i + 1) * (H / 19);
    return `<path d="M0 ${y} Q ${W / 4} ${y - px * (2 + r() * 3)} ${W / 2} ${y} T ${W} ${y}" stroke="hsl(${hue + 20},40%,82%)" fill="none" stroke-width="${(px * 0.12).toFixed(2)}"/>`;
  }).join('');
  const label = (x: number, y: number, s: string) => `<text x="${mm(x)}" y="${mm(y)}" font-family="${font}" font-size="${mm(1.9)}" fill="#333">${esc(s)}</text>`;
  const value = (x: number, y: number, s: string, size = 2.5) => `<text x="${mm(x)}" y="${mm(y)}" font-family="${font}" font-weight="bold" font-size="${mm(size)}" fill="#111">${esc(s)}</text>`;
  // The band: blue rectangle with the country code (EU stars drawn as a ring of dots on the German card).
  const code = german ? 'D' : 'UK';
  const stars = german ? Array.from({ length: 12 }, (_, i) => `<circle cx="${mm(8 + 3.2 * Math.cos(i * Math.PI / 6))}" cy="${mm(5.5 + 3.2 * Math.sin(i * Math.PI / 6))}" r="${mm(0.35)}" fill="#fc0"/>`).join('') : '';
  const band = `<rect x="${mm(2.5)}" y="${mm(1.5)}" width="${mm(11)}" height="${mm(11)}" fill="#1f3d99"/>${stars}` +
    `<text x="${mm(8)}" y="${mm(german ? 7 : 10.5)}" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="${mm(german ? 3.6 : 3.2)}" fill="#fff">${code}</text>`;
  const title = german
    ? value(17, 6, 'FÜHRERSCHEIN', 4.2) + label(17, 10.5, 'BUNDESREPUBLIK DEUTSCHLAND')
    : value(17, 6, 'DRIVING LICENCE', 4.2) + label(17, 10.5, 'UNITED KINGDOM');
  const face = `<rect x="${mm(3)}" y="${mm(14)}" width="${mm(22)}" height="${mm(27)}" fill="hsl(${hue},15%,72%)"/>` +
    `<ellipse cx="${mm(14)}" cy="${mm(24)}" rx="${mm(6)}" ry="${mm(7.5)}" fill="hsl(25,35%,62%)"/>` +
    `<path d="M ${mm(4)} ${mm(41)} Q ${mm(14)} ${mm(29)} ${mm(24)} ${mm(41)}" fill="hsl(210,25%,35%)"/>`;
  const x0 = 27;
  const x1 = 30.5;
  const rows = [
    label(x0, 16, '1.') + value(x1, 16, t.surname),
    label(x0, 20.3, '2.') + value(x1, 20.3, t.forenames),
    label(x0, 24.6, '3.') + value(x1, 24.6, `${dotted(t.birth_date)} ${t.place_of_birth}`),
    label(x0, 28.9, '4a.') + value(x1 + 1.5, 28.9, dotted(t.issue_date)) + label(53, 28.9, '4c.') + value(58, 28.9, t.authority),
    label(x0, 33.2, '4b.') + value(x1 + 1.5, 33.2, dotted(t.expiry_date)),
    label(x0, 37.5, '5.') + value(x1, 37.5, t.issue_number ? `${t.number}  ${t.issue_number}` : t.number),
    german ? '' : label(x0, 42, '8.') + value(x1, 42, t.address, 2.0),
    label(3, 46, '7.') + `<path d="M ${mm(6)} ${mm(47)} q ${mm(3)} ${mm(-4)} ${mm(6)} 0 t ${mm(6)} 0" stroke="#222" fill="none" stroke-width="${(px * 0.25).toFixed(1)}"/>`,
    label(x0, 50.5, '9.') + value(x1, 50.5, t.categories, 2.2),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W.toFixed(0)}" height="${H.toFixed(0)}">` +
    `<rect width="100%" height="100%" rx="${mm(3)}" fill="hsl(${hue},45%,90%)"/>${waves}${band}${title}${face}${rows}</svg>`;
}

/**
 * The card photographed: on a darker table with a margin around it (the reader has to find the card), then
 * degraded. `margin` 0 gives a tight scan of the card alone.
 */
export async function renderLicence(t: LicenceTruth, seed: number, d: Degradation & { margin?: number; font?: string } = {}): Promise<Buffer> {
  const r = rng(seed);
  const px = 12;
  const card = await sharp(Buffer.from(licenceSvg(t, px, r, d.font))).png().toBuffer();
  const margin = Math.round((d.margin ?? 0.12) * 85.6 * px);
  const table = { r: 70 + Math.floor(r() * 60), g: 60 + Math.floor(r() * 50), b: 55 + Math.floor(r() * 40), alpha: 1 };
  let img = sharp(card).extend({ top: margin, bottom: margin, left: margin, right: margin, background: table }).flatten({ background: table });
  if (d.rotate) img = sharp(await img.png().toBuffer()).rotate(d.rotate, { background: table });
  if (d.blur) img = sharp(await img.png().toBuffer()).blur(d.blur);
  if (d.brightness) img = sharp(await img.png().toBuffer()).modulate({ brightness: d.brightness });
  let buf = await img.png().toBuffer();
  if (d.noise) {
    const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + (r() + r() + r() - 1.5) * 2 * d.noise));
    buf = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png().toBuffer();
  }
  if (d.scale) {
    const meta = await sharp(buf).metadata();
    buf = await sharp(buf).resize({ width: Math.round(meta.width! * d.scale) }).png().toBuffer();
  }
  return d.jpegQuality ? sharp(buf).jpeg({ quality: d.jpegQuality }).toBuffer() : buf;
}

/** A moderate mix of two degradations, as a phone photo gives (rotation kept within what a person holds). */
export function randomLicenceDegradation(r: () => number): Degradation {
  const all: Degradation[] = [
    { blur: 0.5 + r() * 0.8 },
    { noise: 6 + r() * 12 },
    { rotate: (r() < 0.5 ? -1 : 1) * (1 + r() * 5) },
    { scale: 0.7 + r() * 0.2, jpegQuality: 55 + Math.floor(r() * 30) },
    { brightness: 0.7 + r() * 0.2 },
  ];
  const chosen: Degradation = {};
  for (let i = 0; i < 2; i++) Object.assign(chosen, all.splice(Math.floor(r() * all.length), 1)[0]);
  return chosen;
}
