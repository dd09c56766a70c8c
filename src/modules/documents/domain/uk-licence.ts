/**
 * Driving licence photocards (pure): where each numbered field sits, what it may contain, and what a read
 * of the fields says about the card. The EU model (Directive 2006/126/EC, Annex I), which the UK card keeps,
 * numbers its fields: 1 surname, 2 forenames, 3 date and place of birth, 4a issue date, 4b expiry date,
 * 4c authority, 5 licence number, 7 signature, 8 address (UK), 9 categories; the issuing country's
 * distinguishing code is in the blue band at the top left.
 *
 * Who issued it: DVLA (Great Britain: 16-character number built from the holder), DVA (Northern Ireland:
 * 8 digits, "DVA" as authority) or another country (its code in the band, its title in its language). A
 * licence that is not shown to be a UK one is never labelled GBR.
 *
 * Two ways in: parseLicenceZones, for the fields cut out by position (licence-reader.ts), and
 * parseUkLicenceText, for the text of a whole page (a licence typed or scanned onto a page, the fallback).
 * A field not found is null: never guessed.
 */
import { isRealDate } from '../../../platform/domain/dates.ts';

export type LicenceIssuer = 'DVLA' | 'DVA' | 'OTHER';

export interface UkLicenceText {
  surname: string | null;
  forenames: string | null;
  birth_date: string | null;
  place_of_birth: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  /** Field 4c as printed (DVLA, DVA (NI), or a foreign authority). */
  authority: string | null;
  licence_number: string | null;
  /** The two digits after a DVLA number (how many licences the holder has been issued). */
  issue_number: string | null;
  /** Field 8 (UK cards). */
  address: string | null;
  /** Field 9. */
  categories: string | null;
  /** Look-alike characters in the number were mapped to the class their position requires. */
  licence_number_corrected: boolean;
  /** The text looks like a driving licence at all: its title, or at least three of its numbered fields. */
  looks_like_licence: boolean;
  /** Who issued it, as far as the card shows (null: not a licence, or nothing says). */
  issuer: LicenceIssuer | null;
  /** ISO 3166 alpha-3 of the issuing country when known (GBR only for DVLA and DVA cards). */
  country: string | null;
  /** The country's distinguishing code as read from the band (UK, D, F, IRL...), or null. */
  band_code: string | null;
  /** Fields whose two reads (the cut as it is and slightly blurred) disagree: not confirmed, REFER (no silent misread). */
  uncertain_fields: ('surname' | 'forenames' | 'licence_number')[];
  /** The text names a passport (PASSPORT, PASSEPORT...): whatever else it holds, it is not a licence. */
  mentions_passport: boolean;
  /** `layout`: fields cut out by position on a located card; `text`: found by their labels in page text. */
  read_by: 'layout' | 'text';
}

// ---- Layout -------------------------------------------------------------------------------------------

/** Millimetres on the 85.6 x 54 mm card, measured from the published DVLA specimen (EU model positions). */
export interface Zone {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Characters the field can hold: the recogniser is restricted to them. Empty: any. */
  whitelist: string;
  /** `band`: white letters on blue, read from the blue channel. */
  kind?: 'band';
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
export type ZoneName = 'band' | 'title' | 'subtitle' | 'f1' | 'f2' | 'f3' | 'f4a' | 'f4c' | 'f4b' | 'f5' | 'f8' | 'f9';

/** Values start 3.5 mm right of their field number, so the number itself is left out of each cut. */
export const LICENCE_ZONES: Record<ZoneName, Zone> = {
  band: { x0: 3.3, y0: 2.3, x1: 12.7, y1: 11.7, whitelist: UPPER, kind: 'band' },
  title: { x0: 15.5, y0: 1, x1: 84, y1: 7.4, whitelist: '' },
  subtitle: { x0: 15.5, y0: 7.6, x1: 84, y1: 12, whitelist: '' },
  f1: { x0: 29.8, y0: 12.9, x1: 84.5, y1: 17.1, whitelist: `${UPPER} -'` },
  f2: { x0: 29.8, y0: 17.2, x1: 84.5, y1: 21.4, whitelist: `${UPPER} -'` },
  f3: { x0: 29.8, y0: 21.5, x1: 84.5, y1: 25.7, whitelist: `${UPPER}${DIGITS}. -` },
  f4a: { x0: 30.5, y0: 25.8, x1: 52.3, y1: 30.0, whitelist: `${DIGITS}.` },
  f4c: { x0: 57.3, y0: 25.8, x1: 84.5, y1: 30.0, whitelist: `${UPPER}() .-` },
  f4b: { x0: 30.5, y0: 30.1, x1: 60, y1: 34.3, whitelist: `${DIGITS}.` },
  f5: { x0: 29.8, y0: 34.4, x1: 84.5, y1: 38.6, whitelist: `${UPPER}${DIGITS} ` },
  f8: { x0: 29.8, y0: 38.9, x1: 85.2, y1: 43.2, whitelist: `${UPPER}${DIGITS} ,'-` },
  f9: { x0: 29.8, y0: 47.6, x1: 84.5, y1: 51.6, whitelist: `${UPPER}abcdefghijklmnopqrstuvwxyz${DIGITS}/ ` },
};

// ---- Numbers --------------------------------------------------------------------------------------------

const DVLA_NUMBER = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}$/;
const TO_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Per position: L letters (or the padding 9), D digits, A either. */
const SHAPE = 'LLLLLDDDDDDLLDAA';

/**
 * The first 16-character window that has the DVLA shape once look-alikes are mapped to the class their
 * position allows (a `5` among the initials is an `S`). The result is only believed after checkDvlaNumber
 * finds it agrees with the surname, birth date and initials printed on the same card.
 */
export function findDvlaNumber(text: string): { number: string; corrected: boolean } | null {
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  for (let i = 0; i + 16 <= compact.length; i++) {
    const raw = compact.slice(i, i + 16);
    const fixed = [...raw].map((ch, k) => (SHAPE[k] === 'D' ? TO_DIGIT[ch] ?? ch : SHAPE[k] === 'L' && ch !== '9' ? TO_LETTER[ch] ?? ch : ch)).join('');
    if (DVLA_NUMBER.test(fixed)) return { number: fixed, corrected: fixed !== raw };
  }
  return null;
}

/** An 8-digit DVA number standing alone (not part of a longer run of characters). */
export function findDvaNumber(text: string): string | null {
  const m = /(?:^|[^A-Z0-9])(\d{4} ?\d{4})(?![A-Z0-9])/.exec(text.toUpperCase());
  return m ? m[1]!.replace(' ', '') : null;
}

// ---- Issuer -----------------------------------------------------------------------------------------------

/** Distinguishing codes of EEA and neighbouring licences (Vienna Convention signs) to ISO alpha-3. */
const BAND_CODES: Record<string, string> = {
  A: 'AUT', B: 'BEL', BG: 'BGR', CY: 'CYP', CZ: 'CZE', D: 'DEU', DK: 'DNK', E: 'ESP', EST: 'EST', F: 'FRA', FIN: 'FIN',
  GR: 'GRC', H: 'HUN', HR: 'HRV', I: 'ITA', IRL: 'IRL', L: 'LUX', LT: 'LTU', LV: 'LVA', M: 'MLT', NL: 'NLD', P: 'PRT',
  PL: 'POL', RO: 'ROU', S: 'SWE', SK: 'SVK', SLO: 'SVN', N: 'NOR', IS: 'ISL', FL: 'LIE', CH: 'CHE', UK: 'GBR', GB: 'GBR',
};

/** Titles of licences in the languages of the EU model, and the country each implies when unambiguous. */
const FOREIGN_TITLES: [RegExp, string | null][] = [
  [/F[UÜ]H?RERSCHEIN/, null], [/PERMIS DE CONDUIRE/, null], [/PATENTE DI GUIDA/, 'ITA'], [/PERMISO DE CONDUCC/, 'ESP'],
  [/RIJBEWIJS/, null], [/PRAWO JAZDY/, 'POL'], [/K[OÖ]RKORT/, 'SWE'], [/AJOKORTTI/, 'FIN'], [/CARTA DE CONDU[CÇ][AÃ]O/, 'PRT'],
  [/CEAD[UÚ]NAS TIOM[AÁ]NA/, 'IRL'], [/FØRERKORT|FORERKORT/, null], [/VEZET[OŐ]I ENGED/, 'HUN'], [/[RŘ]IDI[CČ]SK[YÝ] PR[UŮ]KAZ/, 'CZE'],
  [/PERMIS DE CONDUCERE/, 'ROU'], [/VOZNI[CŠ]KO DOVOLJENJE/, 'SVN'], [/VOZA[CČ]KA DOZVOLA/, 'HRV'], [/DEUTSCHLAND|BUNDESREPUBLIK/, 'DEU'],
  [/REPUBLIQUE FRAN[CÇ]AISE/, 'FRA'], [/NEDERLAND/, 'NLD'], [/[OÖ]STERREICH/, 'AUT'], [/BELGI/, 'BEL'],
];

const PASSPORT_WORDS = /PASSPORT|PASSEPORT|PASAPORTE|REISEPASS|PASSAPORTO/;
const LICENCE_TITLE = /DRIVING\s*LICEN[CS]E|DRIVER.?S?\s*LICEN[CS]E/;

/** Who issued the card, from its title, band code, authority (4c) and number. */
export function licenceIssuer(input: { header: string; band: string | null; authority: string | null; dvla: boolean; dva: boolean }): { issuer: LicenceIssuer | null; country: string | null } {
  const header = input.header.toUpperCase();
  const band = input.band && BAND_CODES[input.band] ? input.band : null;
  const authority = (input.authority ?? '').toUpperCase().replace(/[^A-Z ]/g, ' ');
  // Of the foreign words seen, the one that names a country (FÜHRERSCHEIN alone could be D, A or CH).
  const foreignTitles = FOREIGN_TITLES.filter(([re]) => re.test(header));
  const foreignTitle = foreignTitles.find(([, c]) => c !== null) ?? foreignTitles[0];
  const bandCountry = band ? BAND_CODES[band]! : null;
  const foreign = (bandCountry !== null && bandCountry !== 'GBR') || (foreignTitle !== undefined && bandCountry !== 'GBR');
  if (foreign) return { issuer: 'OTHER', country: bandCountry && bandCountry !== 'GBR' ? bandCountry : foreignTitle?.[1] ?? null };
  if (/\bDVA\b/.test(authority) && input.dva) return { issuer: 'DVA', country: 'GBR' };
  if (/\bDVLA\b/.test(authority) && input.dvla) return { issuer: 'DVLA', country: 'GBR' };
  // The authority not read: the number's form and a UK title together still say which UK agency.
  const uk = bandCountry === 'GBR' || /UNITED KINGDOM/.test(header) || /DVLA|\bDVA\b/.test(authority);
  if (uk && input.dvla) return { issuer: 'DVLA', country: 'GBR' };
  if (uk && input.dva) return { issuer: 'DVA', country: 'GBR' };
  // A licence with nothing UK about it, or UK marks without a UK number: not shown to be UK.
  return { issuer: LICENCE_TITLE.test(header) || uk ? 'OTHER' : null, country: null };
}

// ---- Field values ------------------------------------------------------------------------------------------

function dmy(text: string | null | undefined): string | null {
  const m = text && /(\d{2})[.\-/ ]?(\d{2})[.\-/ ]?(\d{4})/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isRealDate(iso) ? iso : null;
}

/** A name field as the card prints it: upper-case letters, apostrophes and hyphens, single spaces. */
export const name = (s: string | null | undefined) => (s ? s.toUpperCase().replace(/[^A-Z' \-]/g, '').replace(/\s+/g, ' ').replace(/^[ '-]+|[ '-]+$/g, '').trim() || null : null);
const clean = (s: string | null | undefined) => (s && /[A-Za-z0-9]/.test(s) ? s.replace(/\s+/g, ' ').trim() : null);
/** Field 9: categories are A-Z with sub-categories in lower case; an `I` alone is the category `l`. */
const categories = (s: string | null | undefined) => clean(s)?.split('/').map((c) => (c.trim() === 'I' ? 'l' : c.trim())).join('/') ?? null;

/** The number in field 5: DVLA's 16 characters and its issue number, DVA's 8 digits, or what is there. */
function numberField(text: string): { number: string | null; corrected: boolean; issue: string | null; dvla: boolean; dva: boolean } {
  const dvla = findDvlaNumber(text);
  if (dvla) {
    // The issue number: two digits standing apart after the 16 characters.
    const compactLength = text.replace(/[^A-Za-z0-9]/g, '').length;
    const issue = compactLength >= 18 ? /(?:^|\s)(\d{2})\s*$/.exec(text.trim())?.[1] ?? null : null;
    return { number: dvla.number, corrected: dvla.corrected, issue, dvla: true, dva: false };
  }
  const dva = findDvaNumber(text);
  if (dva) return { number: dva, corrected: false, issue: null, dvla: false, dva: true };
  const other = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return { number: other.length >= 5 ? other : null, corrected: false, issue: null, dvla: false, dva: false };
}

/** Fields cut out by position (each zone's text as the recogniser returned it). */
export function parseLicenceZones(z: Partial<Record<ZoneName, string>>): UkLicenceText {
  const f3 = clean(z.f3) ?? '';
  const birth = dmy(f3);
  const place = clean(f3.replace(/^[\d.\-/ ]+/, '')) ;
  const num = numberField(z.f5 ?? '');
  const band = (z.band ?? '').toUpperCase().replace(/[^A-Z]/g, '') || null;
  const header = `${z.title ?? ''}\n${z.subtitle ?? ''}`;
  const authority = clean(z.f4c);
  const who = licenceIssuer({ header, band, authority, dvla: num.dvla, dva: num.dva });
  const upper = header.toUpperCase();
  const mentions_passport = PASSPORT_WORDS.test(upper);
  // A licence's title, or three fields that read as what the layout puts there: any printed card has text
  // in those places, so text alone, or a letter in the band, is not enough.
  const valid = [/[A-Z]{2}/.test(name(z.f1) ?? ''), birth !== null, dmy(z.f4a) !== null, dmy(z.f4b) !== null, num.dvla || num.dva].filter(Boolean).length;
  const looks = !mentions_passport && (LICENCE_TITLE.test(upper) || FOREIGN_TITLES.some(([re]) => re.test(upper)) || valid >= 3);
  return {
    surname: name(z.f1), forenames: name(z.f2), birth_date: birth, place_of_birth: place && /[A-Z]{3}/.test(place) ? place : null,
    issue_date: dmy(z.f4a), expiry_date: dmy(z.f4b), authority,
    licence_number: num.number, issue_number: num.dvla ? num.issue : null, licence_number_corrected: num.corrected,
    address: (clean(z.f8)?.replace(/[^A-Z0-9]/g, '').length ?? 0) >= 5 ? clean(z.f8) : null, categories: categories(z.f9),
    looks_like_licence: looks, issuer: looks ? who.issuer : null, country: looks ? who.country : null, band_code: band, mentions_passport, uncertain_fields: [], read_by: 'layout',
  };
}

/** The rest of the line after a field number such as `1.` or `4b.`. */
function field(lines: string[], label: string): string | undefined {
  const re = new RegExp(`^\\s*${label.replace('.', '\\.?')}\\s*[.,:]?\\s+(.+)$`, 'i');
  for (const line of lines) {
    const m = re.exec(line);
    if (m) return m[1]!.trim();
  }
  return undefined;
}

/** Fields found by their numbers in the text of a whole page. */
export function parseUkLicenceText(text: string): UkLicenceText {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const upper = text.toUpperCase();
  const five = field(lines, '5.');
  const f4a = field(lines, '4a.');
  // 4a and 4c share a line on the card.
  const [issuePart, authorityPart] = (f4a ?? '').split(/\s4c\.?\s*/i);
  const authority = clean(authorityPart ?? field(lines, '4c.'));
  const num = numberField(five ?? '');
  // Field 5 not labelled: a DVLA number standing on one line. Never across lines, where the characters of
  // other fields would assemble into one (a German licence once read as a GB number that way).
  const found = num.number && (num.dvla || num.dva) ? num : (() => {
    const d = lines.map((l) => findDvlaNumber(l)).find((x) => x !== null);
    return d ? { number: d.number, corrected: d.corrected, issue: null, dvla: true, dva: false } : num;
  })();
  const labels = ['1.', '2.', '3.', '4a.', '4b.', '5.'].filter((l) => field(lines, l) !== undefined).length;
  const who = licenceIssuer({ header: upper, band: null, authority, dvla: found.dvla, dva: found.dva });
  const mentions_passport = PASSPORT_WORDS.test(upper);
  const looks = !mentions_passport && (LICENCE_TITLE.test(upper) || FOREIGN_TITLES.some(([re]) => re.test(upper)) || labels >= 3);
  const f3 = field(lines, '3.') ?? '';
  return {
    surname: name(field(lines, '1.')),
    forenames: name(field(lines, '2.')),
    birth_date: dmy(f3),
    place_of_birth: clean(f3.replace(/^[\d.\-/ ]+/, '')),
    issue_date: dmy(issuePart),
    expiry_date: dmy(field(lines, '4b.')),
    authority,
    licence_number: found.number,
    issue_number: found.dvla ? found.issue : null,
    address: clean(field(lines, '8.')),
    categories: categories(field(lines, '9.')),
    licence_number_corrected: found.corrected,
    looks_like_licence: looks,
    issuer: looks ? who.issuer : null,
    country: looks ? who.country : null,
    band_code: null,
    mentions_passport,
    uncertain_fields: [],
    read_by: 'text',
  };
}
