/**
 * UK addresses as identity matching compares them: the postcode's format (the rule of the Royal Mail / GOV.UK
 * data standard, below), and street lines normalised before comparing: case, diacritics and punctuation folded,
 * the common abbreviations written out (Ln = Lane, Rd = Road, ...), the flat and house numbers read apart from the
 * street name ("Flat 2, 10 Mill Ln" = "2/10 Mill Lane" = "10 Mill Lane, Flat 2").
 */
import anyAscii from 'any-ascii';

/**
 * A UK postcode's format: outward code (area letters, district digit, optional digit or letter) and inward code
 * (a digit and two letters, never C I K M O V), plus the special GIR 0AA. Checks the shape only; whether the
 * postcode exists is the ONS Postcode Directory's answer (postcodes.ts).
 */
const POSTCODE = /^(GIR0AA|[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRV-Y]?)[0-9][ABD-HJLNP-UW-Z]{2})$/;

export function foldPostcode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The postcode in its normal written form ("sw1a2aa" → "SW1A 2AA"), or undefined when it is not a UK postcode's format. */
export function normalPostcode(value: string): string | undefined {
  const folded = foldPostcode(value);
  return POSTCODE.test(folded) ? `${folded.slice(0, -3)} ${folded.slice(-3)}` : undefined;
}

/** Abbreviations written out; a word not listed stays as it is. ST is Street at the end of a line, Saint before a name. */
const WORDS: Record<string, string> = {
  RD: 'ROAD', LN: 'LANE', AVE: 'AVENUE', AV: 'AVENUE', DR: 'DRIVE', CT: 'COURT', CRES: 'CRESCENT', CRS: 'CRESCENT', PL: 'PLACE',
  SQ: 'SQUARE', GDNS: 'GARDENS', GRN: 'GREEN', GRV: 'GROVE', GR: 'GROVE', TER: 'TERRACE', TERR: 'TERRACE', TCE: 'TERRACE', CL: 'CLOSE',
  PK: 'PARK', PDE: 'PARADE', HSE: 'HOUSE', HWY: 'HIGHWAY', BLVD: 'BOULEVARD', WY: 'WAY', MT: 'MOUNT', UPR: 'UPPER', LWR: 'LOWER',
  APT: 'FLAT', APARTMENT: 'FLAT', FLT: 'FLAT', NTH: 'NORTH', STH: 'SOUTH', ESTATE: 'ESTATE', EST: 'ESTATE', BLDG: 'BUILDING', BLDGS: 'BUILDINGS',
};

export interface StreetLine {
  /** Flat, apartment or unit number ("2", "2A"), if given. */
  flat?: string;
  /** House (building) number ("10", "10A"), if given. */
  house?: string;
  /** The street and building name words, abbreviations written out. */
  words: string[];
}

/** Reads a street line ("Flat 2, 10 Mill Ln", "2/10 Mill Lane", "10a Mill Lane Flat 2") into numbers and words. */
export function parseStreet(line: string): StreetLine {
  let text = anyAscii(line.normalize('NFC')).toUpperCase();
  let flat: string | undefined;
  let house: string | undefined;
  // "2/10" and "2-10"? Only the slash: a dash is often a range of house numbers.
  const slash = /\b(\d+[A-Z]?)\s*\/\s*(\d+[A-Z]?)\b/.exec(text);
  if (slash) { flat = slash[1]; house = slash[2]; text = text.replace(slash[0], ' '); }
  text = text.replace(/[^A-Z0-9 ]+/g, ' ');
  const raw = text.split(/\s+/).filter(Boolean);
  const words: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = WORDS[raw[i]!] ?? raw[i]!;
    if ((word === 'FLAT' || word === 'UNIT') && /^\d+[A-Z]?$/.test(raw[i + 1] ?? '')) { flat ??= raw[i + 1]; i++; continue; }
    if (word === 'NO' && /^\d/.test(raw[i + 1] ?? '')) continue;
    if (/^\d+[A-Z]?$/.test(word)) { if (house === undefined) house = word; else if (flat === undefined) { flat = house; house = word; } continue; }
    words.push(word === 'ST' ? (i + 1 < raw.length && !/^\d/.test(raw[i + 1]!) ? 'SAINT' : 'STREET') : word);
  }
  return { ...(flat !== undefined ? { flat } : {}), ...(house !== undefined ? { house } : {}), words };
}

/**
 * Two street lines name the same address: the same house number when both give one, the same flat when both
 * give one, and the street words of one contained in the other's (a line may add a district or building name).
 */
export function sameStreet(a: string, b: string): boolean {
  const pa = parseStreet(a);
  const pb = parseStreet(b);
  if (pa.words.length === 0 || pb.words.length === 0) return false;
  if (pa.house !== undefined && pb.house !== undefined && pa.house !== pb.house) return false;
  if ((pa.house === undefined) !== (pb.house === undefined)) return false;
  if (pa.flat !== undefined && pb.flat !== undefined && pa.flat !== pb.flat) return false;
  const [short, long] = pa.words.length <= pb.words.length ? [pa.words, pb.words] : [pb.words, pa.words];
  const set = new Set(long);
  return short.every((w) => set.has(w));
}

export interface AddressLike { street: string; postcode: string; country_code: string }

/** Same country, the same postcode (folded) and the same street line (normalised). */
export function sameAddress(a: AddressLike, b: AddressLike): boolean {
  return a.country_code.toUpperCase() === b.country_code.toUpperCase()
    && foldPostcode(a.postcode) !== '' && foldPostcode(a.postcode) === foldPostcode(b.postcode)
    && sameStreet(a.street, b.street);
}
