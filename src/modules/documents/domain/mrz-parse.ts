/**
 * From MRZ text lines to fields and check-digit results. Pure: `today` (YYYY-MM-DD) decides the century of
 * two-digit years. Own code rather than the `mrz` package because correction needs the layout's spans and
 * check coverage as data (see docs/adr/0020-mrz-reading.md); the package serves as an independent oracle in
 * the tests.
 */
import { isRealDate } from '../../../platform/domain/dates.ts';
import { checkDigit } from '../../../platform/domain/mrz-check-digit.ts';
import { isAlpha3CountryOrIcaoCode } from '../../../platform/domain/countries.ts';
import { checkHolds, correctCountryCodes, correctMrz, lettersFromShapes, type Substitution } from './mrz-correct.ts';
import { type CheckSpec, detectLayout, type Layout, type MrzFieldName, type MrzFormat, read } from './mrz-layouts.ts';
import { checksInUse, longDocumentNumber } from './mrz-long-number.ts';

export interface MrzCheckDigit {
  field: CheckSpec['name'];
  /** The check digit as printed (after any confirmed correction). */
  digit: string;
  /** The check digit computed from the characters it covers. */
  expected: string;
  valid: boolean;
}

export interface MrzFields {
  document_code: string;
  issuing_state: string;
  document_number: string;
  nationality: string;
  /** YYYY-MM-DD, or null when the six digits are not a date that exists. */
  birth_date: string | null;
  birth_date_raw: string;
  sex: string;
  expiry_date: string | null;
  expiry_date_raw: string;
  optional_data: string;
  optional_data_2: string;
  last_name: string;
  given_names: string;
  /** The name field is full to its last character: ICAO truncation may have cut the name. */
  names_truncated: boolean;
}

export interface MrzResult {
  format: MrzFormat;
  /** Lines after check-digit-confirmed corrections. */
  lines: string[];
  raw_lines: string[];
  fields: MrzFields;
  check_digits: MrzCheckDigit[];
  corrections: Substitution[];
  /** Every check digit holds. */
  valid: boolean;
}

/** Upper-case, strip spaces, map the look-alikes OCR produces for the filler (`«`, `‹`) back to `<`. */
export function normaliseLine(line: string): string {
  return line.toUpperCase().replace(/\s+/g, '').replace(/«/g, '<<').replace(/‹/g, '<');
}

function yymmdd(raw: string, pick: (yy: number) => number): string | null {
  if (!/^\d{6}$/.test(raw)) return null;
  const iso = `${pick(Number(raw.slice(0, 2)))}-${raw.slice(2, 4)}-${raw.slice(4, 6)}`;
  return isRealDate(iso) ? iso : null;
}

/** A birth date is never in the future: the latest century that keeps it on or before today. */
export function birthDateFromMrz(raw: string, today: string): string | null {
  const thisYear = Number(today.slice(0, 4));
  return yymmdd(raw, (yy) => {
    const year = 2000 + yy;
    return year > thisYear || (year === thisYear && `${year}-${raw.slice(2, 4)}-${raw.slice(4, 6)}` > today) ? 1900 + yy : year;
  });
}

/** Documents are valid for at most a few decades: 20YY unless that lies more than 50 years ahead. */
export function expiryDateFromMrz(raw: string, today: string): string | null {
  const thisYear = Number(today.slice(0, 4));
  return yymmdd(raw, (yy) => (2000 + yy > thisYear + 50 ? 1900 + yy : 2000 + yy));
}

function splitNames(field: string): { last: string; given: string; truncated: boolean } {
  const truncated = !field.endsWith('<');
  const body = field.replace(/<+$/, '');
  const at = body.indexOf('<<');
  const clean = (s: string) => s.replace(/</g, ' ').replace(/\s+/g, ' ').trim();
  return at === -1 ? { last: clean(body), given: '', truncated } : { last: clean(body.slice(0, at)), given: clean(body.slice(at + 2)), truncated };
}

function fieldText(layout: Layout, lines: readonly string[], name: MrzFieldName): string {
  const spec = layout.fields.find((f) => f.name === name);
  return spec ? read(lines, spec.span) : '';
}

/**
 * `shapes`: the OCR-B model's reading of the same zone, when another engine made `rawLines`; it only decides
 * name characters that cannot stand as read (lettersFromShapes).
 */
export function parseMrz(rawLines: readonly string[], today: string, shapes?: readonly string[]): MrzResult | undefined {
  const raw = rawLines.map(normaliseLine).filter((l) => l.length > 0);
  const layout = detectLayout(raw);
  if (!layout) return undefined;
  // A correction never puts in or takes out a `<`, so the lines as read and as corrected hold the same long number.
  const checks = checksInUse(layout, raw);
  const corrected = correctMrz(raw, layout, checks);
  const codes = correctCountryCodes(corrected.lines, layout, (c) => c === 'UTO' || isAlpha3CountryOrIcaoCode(c));
  const letters = lettersFromShapes(codes.lines, layout, shapes);
  const lines = letters.lines;
  const substitutions = [...corrected.substitutions, ...codes.substitutions, ...letters.substitutions];
  const check_digits = checks.map((c): MrzCheckDigit => {
    const expected = checkDigit(c.over.map((sp) => read(lines, sp)).join(''));
    return { field: c.name, digit: read(lines, c.digit), expected: expected === undefined ? '?' : String(expected), valid: checkHolds(lines, c) };
  });
  const names = splitNames(fieldText(layout, lines, 'names'));
  const strip = (s: string) => s.replace(/<+$/, '').replace(/</g, ' ').trim();
  const longNumber = longDocumentNumber(layout, lines).number;
  const birthRaw = fieldText(layout, lines, 'birth_date');
  const expiryRaw = fieldText(layout, lines, 'expiry_date');
  const fields: MrzFields = {
    document_code: fieldText(layout, lines, 'document_code').replace(/<+$/, ''),
    issuing_state: fieldText(layout, lines, 'issuing_state').replace(/</g, ''),
    document_number: longNumber ?? fieldText(layout, lines, 'document_number').replace(/<+$/, ''),
    nationality: fieldText(layout, lines, 'nationality').replace(/</g, ''),
    birth_date: birthDateFromMrz(birthRaw, today),
    birth_date_raw: birthRaw,
    sex: fieldText(layout, lines, 'sex').replace('<', 'X'),
    expiry_date: expiryDateFromMrz(expiryRaw, today),
    expiry_date_raw: expiryRaw,
    optional_data: strip(fieldText(layout, lines, 'optional_data')),
    optional_data_2: strip(fieldText(layout, lines, 'optional_data_2')),
    last_name: names.last,
    given_names: names.given,
    names_truncated: names.truncated,
  };
  return { format: layout.format, lines, raw_lines: raw, fields, check_digits, corrections: substitutions, valid: check_digits.every((c) => c.valid) };
}
