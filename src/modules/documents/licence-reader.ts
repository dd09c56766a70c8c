/**
 * A driving licence photocard read by field position: find the card in the photo (domain/card-locate.ts),
 * straighten it, scale it to 12 px per millimetre, cut out each numbered field where the EU model puts it
 * (domain/uk-licence.ts LICENCE_ZONES) and read each cut as one line, restricted to the characters the field
 * can hold. What position reading misses (a card not found, a field empty) is filled from the text of the
 * whole image read the old way, field by field.
 */
import sharp from 'sharp';
import { cardBox, cardTilt } from './domain/card-locate.ts';
import type { Gray } from './domain/quality.ts';
import { LICENCE_ZONES, name, parseLicenceZones, type UkLicenceText, type ZoneName } from './domain/uk-licence.ts';
import { checkDvlaNumber } from './domain/dvla.ts';
import type { TextRecogniser } from './ocr.ts';

const PX_PER_MM = 12;
const CARD_W = Math.round(85.6 * PX_PER_MM);
const CARD_H = Math.round(54 * PX_PER_MM);
/** Width the card is searched at: enough for its edges, small enough that the tilt search is quick. */
const SEARCH_W = 360;

async function gray(image: ReturnType<typeof sharp>, width: number): Promise<{ g: Gray; scale: number; full: { width: number; height: number } }> {
  const buf = await image.png().toBuffer();
  const meta = await sharp(buf).metadata();
  const { data, info } = await sharp(buf).resize({ width }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { g: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }, scale: meta.width! / info.width, full: { width: meta.width!, height: meta.height! } };
}

export interface LocatedCard {
  /** The card upright at 12 px/mm (or the whole image at that size when no card was found). */
  card: Buffer;
  found: boolean;
  angle: number;
}

/** The card, upright and at the layout's scale. */
export async function locateCard(image: Buffer): Promise<LocatedCard> {
  const upright = sharp(image).rotate();
  const small = await gray(upright.clone(), SEARCH_W);
  const tilt = cardTilt(small.g);
  const straight = tilt.found && tilt.angle !== 0 ? sharp(await upright.clone().png().toBuffer()).rotate(tilt.angle, { background: '#000' }) : upright.clone();
  const straightPng = await straight.png().toBuffer();
  const s = await gray(sharp(straightPng), SEARCH_W);
  const box = cardBox(s.g);
  if (!box.found) {
    const card = await sharp(straightPng).resize(CARD_W, CARD_H, { fit: 'fill' }).png().toBuffer();
    return { card, found: false, angle: tilt.angle };
  }
  const left = Math.max(0, Math.round(box.left * s.scale));
  const top = Math.max(0, Math.round(box.top * s.scale));
  const width = Math.min(s.full.width - left, Math.round(box.width * s.scale));
  const height = Math.min(s.full.height - top, Math.round(box.height * s.scale));
  const card = await sharp(straightPng).extract({ left, top, width, height }).resize(CARD_W, CARD_H, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
  return { card, found: true, angle: tilt.angle };
}

/** One field's cut, prepared for the recogniser: grey, levels stretched, with a white margin. */
export async function cut(card: Buffer, name: ZoneName): Promise<Buffer> {
  const z = LICENCE_ZONES[name];
  const region = { left: Math.round(z.x0 * PX_PER_MM), top: Math.round(z.y0 * PX_PER_MM), width: Math.round((z.x1 - z.x0) * PX_PER_MM), height: Math.round((z.y1 - z.y0) * PX_PER_MM) };
  let img = sharp(card).extract(region);
  // The band's code is white on blue, among yellow stars: only white is bright in the blue channel.
  if (z.kind === 'band') img = sharp(await img.extractChannel('blue').png().toBuffer()).negate({ alpha: false });
  else img = img.grayscale();
  // The paper (or band) is most of a cut: its median level and above become white, so the guilloche and the
  // card's tint drop out and only the print is left, whatever the exposure.
  img = sharp(await img.png().toBuffer()).normalise({ lower: 1, upper: 50 });
  return img.extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#fff' }).flatten({ background: '#fff' }).withMetadata({ density: 300 }).png().toBuffer();
}

export interface LicenceReading {
  text: UkLicenceText;
  card_found: boolean;
  angle: number;
  /** Each field's text as read from its cut (for the reviewer and the evaluation). */
  zones: Partial<Record<ZoneName, string>>;
}

/**
 * What no check character protects: the names beyond the DVLA number's first five letters and initials, and
 * the number's own check characters (not computable). Each is read twice (the cut as it is, and slightly blurred); a
 * disagreement is reported (DL_FIELD_UNCERTAIN), not resolved.
 */
const DOUBLE_READ: Partial<Record<ZoneName, UkLicenceText['uncertain_fields'][number]>> = { f1: 'surname', f2: 'forenames', f5: 'licence_number' };

const ZONE_ORDER: ZoneName[] = ['title', 'subtitle', 'band', 'f1', 'f2', 'f3', 'f4a', 'f4c', 'f4b', 'f5', 'f8', 'f9'];

/** Each field by position; the whole-page text (`pageText`, read on demand) fills what position reading missed. */
export async function readLicenceByLayout(image: Buffer, ocr: TextRecogniser, pageText: () => Promise<UkLicenceText>): Promise<LicenceReading> {
  const located = await locateCard(image);
  const zones: Partial<Record<ZoneName, string>> = {};
  const uncertain: UkLicenceText['uncertain_fields'] = [];
  const line = async (buf: Buffer, z: ZoneName) => (await ocr.recognise(buf, 'line', { whitelist: LICENCE_ZONES[z].whitelist })).replace(/\s+/g, ' ').trim();
  for (const zone of ZONE_ORDER) {
    const buf = await cut(located.card, zone);
    zones[zone] = await line(buf, zone);
    const field = DOUBLE_READ[zone];
    if (field) {
      // Softened, same scale: the LSTM engine adds or drops doubled characters when the scale changes, which
      // would make every second read disagree; a slight blur changes the pixels without that.
      const again = await line(await sharp(buf).blur(0.8).png().toBuffer(), zone);
      const same = zone === 'f5' ? parseLicenceZones({ f5: again }).licence_number === parseLicenceZones({ f5: zones[zone] }).licence_number : name(again) === name(zones[zone]);
      if (!same) uncertain.push(field);
    }
  }
  const layout = { ...parseLicenceZones(zones), uncertain_fields: uncertain };
  let text = layout;
  if (score(layout) < (layout.issuer === 'DVLA' ? FULL_SCORE : 7)) {
    // Position reading did not confirm everything (a card not found, a page with the fields typed on it, a
    // field misread): the page text is read too, the read that confirms more leads, the other fills its gaps.
    const page = await pageText();
    text = score(page) > score(layout) ? merge(page, layout) : merge(layout, page);
  }
  return { text, card_found: located.found, angle: located.angle, zones };
}

/** Fields that read as what they should be, and 3 more when the DVLA number agrees with the surname and birth date. */
function score(t: UkLicenceText): number {
  if (!t.looks_like_licence) return 0;
  const numberForm = t.licence_number !== null && (/^\d{8}$/.test(t.licence_number) || checkDvlaNumber(t.licence_number, {}).structure_valid);
  const fields = [t.surname, t.forenames, t.birth_date, t.issue_date, t.expiry_date, t.issuer].filter((v) => v !== null).length + (numberForm ? 1 : 0);
  const dvla = t.licence_number && t.issuer === 'DVLA' ? checkDvlaNumber(t.licence_number, { lastName: t.surname ?? undefined, birthDate: t.birth_date }) : null;
  return fields + (dvla?.surname_matches && dvla.birth_date_matches ? 3 : 0);
}
/** A DVLA card read in full and confirmed by its number (a DVA or foreign card in full: 7, its number confirms nothing). */
const FULL_SCORE = 10;

/** `a` leads; each field it left empty taken from `b`. */
function merge(a: UkLicenceText, b: UkLicenceText): UkLicenceText {
  const out = { ...a };
  for (const key of Object.keys(a) as (keyof UkLicenceText)[]) {
    if (a[key] === null && b[key] !== null) (out as Record<string, unknown>)[key] = b[key];
  }
  if (!a.licence_number && b.licence_number) out.licence_number_corrected = b.licence_number_corrected;
  out.mentions_passport = a.mentions_passport || b.mentions_passport;
  out.uncertain_fields = [...a.uncertain_fields, ...b.uncertain_fields];
  out.looks_like_licence = (a.looks_like_licence || b.looks_like_licence) && !out.mentions_passport;
  if (!out.looks_like_licence) [out.issuer, out.country] = [null, null];
  // Issuer and country come from one read, never half from each.
  else if (a.issuer === null && b.issuer !== null) [out.issuer, out.country] = [b.issuer, b.country];
  else [out.issuer, out.country] = [a.issuer, a.country];
  return out;
}
