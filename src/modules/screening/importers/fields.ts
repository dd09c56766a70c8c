/**
 * Field parsers shared by the importers: country names to ISO codes, the publishers' date spellings to
 * `YYYY[-MM[-DD]]`. Lists spell the same country many ways ("Korea, North", "Democratic People's Republic
 * of Korea", "DPRK"); i18n-iso-countries knows the official and common names, the table adds what it lacks.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

const EXTRA: Record<string, string> = {
  "democratic people's republic of korea": 'KP',
  'korea, north': 'KP',
  'north korea': 'KP',
  dprk: 'KP',
  'korea, south': 'KR',
  'republic of korea': 'KR',
  'iran (islamic republic of)': 'IR',
  'iran, islamic republic of': 'IR',
  burma: 'MM',
  'viet nam': 'VN',
  'congo, democratic republic of the': 'CD',
  'congo, republic of the': 'CG',
  palestinian: 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  'palestinian territories': 'PS',
  'state of palestine': 'PS',
  'libyan arab jamahiriya': 'LY',
  'the former yugoslav republic of macedonia': 'MK',
  'bolivia (plurinational state of)': 'BO',
  'venezuela (bolivarian republic of)': 'VE',
  'lao people\'s democratic republic': 'LA',
  'syrian arab republic': 'SY',
  'united states of america': 'US',
  'russian federation': 'RU',
  'region: crimea': 'UA',
  crimea: 'UA',
  'the bahamas': 'BS',
  'the gambia': 'GM',
  'kosovo': 'XK',
  'netherlands antilles': 'CW',
};

const cache = new Map<string, string | undefined>();

/** ISO alpha-2 (upper case) for a country name or code, or undefined when it is not a country. */
export function countryCode(raw: string | undefined | null): string | undefined {
  const text = (raw ?? '').trim();
  if (!text) return undefined;
  if (cache.has(text)) return cache.get(text);
  let code: string | undefined;
  if (/^[A-Za-z]{2}$/.test(text)) code = countries.isValid(text.toUpperCase()) || text.toUpperCase() === 'XK' ? text.toUpperCase() : undefined;
  else if (/^[A-Z]{3}$/.test(text)) code = countries.alpha3ToAlpha2(text) ?? undefined;
  else {
    const key = text.toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
    code = EXTRA[key] ?? countries.getAlpha2Code(text, 'en') ?? countries.getAlpha2Code(key.replace(/\s*\(.*\)$/, ''), 'en') ?? undefined;
  }
  cache.set(text, code);
  return code;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function valid(y: number, m?: number, d?: number): boolean {
  if (!(y >= 1850 && y <= 2100)) return false;
  if (m !== undefined && !(m >= 1 && m <= 12)) return false;
  if (d !== undefined && !(d >= 1 && d <= 31)) return false;
  return true;
}

/** Builds `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, dropping unknown parts (0 day or month). */
export function partialDate(y: number, m?: number, d?: number): string | undefined {
  const month = m ? m : undefined;
  const day = month && d ? d : undefined;
  if (!valid(y, month, day)) return undefined;
  return [String(y), month && pad(month), day && pad(day)].filter(Boolean).join('-');
}

/** Years from `from` to `to` inclusive, as `YYYY` strings; a range of more than 15 years keeps its ends. */
export function yearRange(from: number, to: number): string[] {
  if (!valid(from) || !valid(to) || to < from) return [];
  if (to - from > 15) return [String(from), String(to)];
  const years: string[] = [];
  for (let y = from; y <= to; y++) years.push(String(y));
  return years;
}

/**
 * Dates as OFAC writes them in remarks: `10 Dec 1948`, `Dec 1948`, `1948`, `circa 1948`, `1962 to 1964`,
 * `01 Jan 1960 to 31 Dec 1962`. Returns the dates it could read.
 */
export function parseLooseDate(text: string): string[] {
  const t = text.trim().replace(/^circa\s+/i, '').replace(/\.$/, '');
  const range = /^(.*?)\s+to\s+(.*)$/i.exec(t);
  if (range) {
    const a = parseLooseDate(range[1]!);
    const b = parseLooseDate(range[2]!);
    if (a.length && b.length) return yearRange(Number(a[0]!.slice(0, 4)), Number(b[b.length - 1]!.slice(0, 4)));
    return [...a, ...b];
  }
  let m = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})$/.exec(t);
  if (m) return opt(partialDate(Number(m[3]), MONTHS[m[2]!.toLowerCase()], Number(m[1])));
  m = /^([A-Za-z]{3})[a-z]*\s+(\d{4})$/.exec(t);
  if (m) return opt(partialDate(Number(m[2]), MONTHS[m[1]!.toLowerCase()]));
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return opt(partialDate(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{1,2}|00)\/(\d{1,2}|00)\/(\d{4})$/.exec(t); // dd/mm/yyyy (HMT)
  if (m) return opt(partialDate(Number(m[3]), Number(m[2]), Number(m[1])));
  m = /^(\d{4})$/.exec(t);
  if (m) return opt(partialDate(Number(m[1])));
  return [];
}

function opt(value: string | undefined): string[] {
  return value ? [value] : [];
}

export function normaliseGender(raw: string | undefined | null): 'male' | 'female' | undefined {
  const g = (raw ?? '').trim().toLowerCase();
  if (g === 'male' || g === 'm') return 'male';
  if (g === 'female' || g === 'f') return 'female';
  return undefined;
}

/** A value or list of values from a parsed XML/JSON node, as an array. */
export function arr<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Text of a parsed XML node (fast-xml-parser gives strings, numbers or `{ '#text': ... }`). */
export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && '#text' in (value as Record<string, unknown>)) return text((value as Record<string, unknown>)['#text']);
  return '';
}
