/**
 * The visual inspection zone (VIZ, the printed data page above the MRZ) against the MRZ (pure).
 *
 * Input is page OCR of the zone above the MRZ, which on real photos is noisy (guilloche, holograms, two
 * languages per label). The comparison is therefore asymmetric:
 *  - a field **agrees** when the MRZ value is found anywhere in the text, tolerantly (a fifth of a name's
 *    letters may be misread, MRZ truncation, ICAO transliteration, spacing, look-alike characters);
 *  - a field **differs** only when a label for it was read, the value next to the label is clean (a name of
 *    letters, a date that exists, a number of the right shape), the MRZ value is nowhere in the text, and the
 *    two are far apart (names less than half alike; dates in at least two digits; numbers in at least half
 *    of their characters).
 *  - anything else is **not read**: an unreadable VIZ is never evidence of anything.
 * A single digit changed in a printed date is not flagged: OCR cannot tell it from a misread.
 */
import { distance } from 'fastest-levenshtein';
import { isRealDate } from '../../../platform/domain/dates.ts';
import { transliterate } from './names.ts';

export type VizFieldName = 'last_name' | 'given_names' | 'date_of_birth' | 'expiry_date' | 'document_number';

export interface VizFieldComparison {
  field: VizFieldName;
  /** The MRZ's value (names as in the MRZ with spaces, dates YYYY-MM-DD). */
  mrz: string;
  /** The value read next to the field's label, when one was read. */
  viz: string | null;
  status: 'agrees' | 'differs' | 'not_read';
}

export interface VizComparison {
  fields: VizFieldComparison[];
  /** At least one field could be compared (agrees or differs). */
  read: boolean;
  contradicts: boolean;
}

/** The visual zone prints the MRZ's names: surname and given names both agree (a name no check digit covers is confirmed). */
export function namesAgreeInViz(viz: VizComparison | null): boolean {
  const status = (field: VizFieldName) => viz?.fields.find((f) => f.field === field)?.status;
  return status('last_name') === 'agrees' && status('given_names') === 'agrees';
}

export interface MrzValuesForViz {
  last_name: string;
  given_names: string;
  date_of_birth: string | null;
  expiry_date: string | null;
  document_number: string;
}

/** Labels in the languages most documents print (upper case, accents removed, OCR spacing ignored). */
const LABELS: Record<VizFieldName, string[]> = {
  last_name: ['SURNAME', 'FAMILY NAME', 'LAST NAME', 'NOM', 'NACHNAME', 'FAMILIENNAME', 'APELLIDOS', 'APELLIDO', 'COGNOME', 'ACHTERNAAM', 'NAZWISKO', 'PRIJMENI', 'SUKUNIMI', 'EFTERNAMN', 'EFTERNAVN', 'ETTERNAVN', 'SOBRENOME', 'APELIDO'],
  given_names: ['GIVEN NAMES', 'GIVEN NAME', 'FORENAMES', 'FORENAME', 'FIRST NAMES', 'FIRST NAME', 'PRENOMS', 'PRENOM', 'VORNAMEN', 'VORNAME', 'NOMBRES', 'NOMBRE', 'NOMI', 'NOME', 'VOORNAMEN', 'IMIONA', 'JMENO', 'ETUNIMET', 'FORNAMN', 'FORNAVN'],
  date_of_birth: ['DATE OF BIRTH', 'BIRTH DATE', 'DATE DE NAISSANCE', 'GEBURTSDATUM', 'GEBURTSTAG', 'FECHA DE NACIMIENTO', 'FECHA DE NACIM', 'DATA DI NASCITA', 'DATA URODZENIA', 'DATUM NAROZENI', 'SYNTYMAAIKA', 'FODELSEDATUM', 'GEBOORTEDATUM', 'DATA DE NASCIMENTO'],
  expiry_date: ['DATE OF EXPIRY', 'EXPIRY DATE', 'DATE OF EXPIRATION', 'EXPIRATION DATE', 'EXPIRES ON', 'EXPIRES', 'VALID UNTIL', 'DATE D EXPIRATION', 'GULTIG BIS', 'FECHA DE CADUCIDAD', 'DATA DI SCADENZA', 'DATA WAZNOSCI', 'PLATNOST DO', 'VOIMASSA', 'GILTIG TILL', 'GELDIG TOT', 'VALIDO ATE'],
  document_number: ['PASSPORT NUMBER', 'PASSPORT NO', 'DOCUMENT NUMBER', 'DOCUMENT NO', 'CARD NUMBER', 'CARD NO', 'N DE PASSEPORT', 'NO DU PASSEPORT', 'PASS NR', 'PASSNUMMER', 'NUMERO DE PASAPORTE', 'NUM SOPORTE', 'NUMER PASZPORTU', 'CISLO PASU', 'PASSINUMERO'],
};

const MONTHS: string[][] = [
  ['JAN', 'JANUARY', 'JANVIER', 'JANV', 'JANUAR', 'ENE', 'ENERO', 'GEN', 'GENNAIO', 'STY', 'JANEIRO'],
  ['FEB', 'FEBRUARY', 'FEV', 'FEVRIER', 'FEBRUAR', 'FEBRERO', 'FEBBRAIO', 'LUT', 'FEVEREIRO'],
  ['MAR', 'MARCH', 'MARS', 'MARZ', 'MAERZ', 'MARZO', 'MARCO'],
  ['APR', 'APRIL', 'AVR', 'AVRIL', 'ABR', 'ABRIL', 'APRILE', 'KWI'],
  ['MAY', 'MAI', 'MAYO', 'MAG', 'MAGGIO', 'MAJ', 'MAIO'],
  ['JUN', 'JUNE', 'JUIN', 'JUNI', 'JUNIO', 'GIU', 'GIUGNO', 'CZE', 'JUNHO'],
  ['JUL', 'JULY', 'JUIL', 'JUILLET', 'JULI', 'JULIO', 'LUG', 'LUGLIO', 'LIP', 'JULHO'],
  ['AUG', 'AUGUST', 'AOUT', 'AGO', 'AGOSTO', 'SIE'],
  ['SEP', 'SEPT', 'SEPTEMBER', 'SEPTEMBRE', 'SEPTIEMBRE', 'SET', 'SETTEMBRE', 'WRZ', 'SETEMBRO'],
  ['OCT', 'OCTOBER', 'OCTOBRE', 'OKT', 'OKTOBER', 'OCTUBRE', 'OTT', 'OTTOBRE', 'PAZ', 'OUT', 'OUTUBRO'],
  ['NOV', 'NOVEMBER', 'NOVEMBRE', 'NOVIEMBRE', 'LIS', 'NOVEMBRO'],
  ['DEC', 'DECEMBER', 'DECEMBRE', 'DEZ', 'DEZEMBER', 'DIC', 'DICIEMBRE', 'DICEMBRE', 'GRU', 'DEZEMBRO'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));

/** Upper case, diacritics transliterated or stripped (`mode`), OCR's odd punctuation reduced to spaces. */
function normalise(text: string, mode: 'icao' | 'strip'): string {
  const t = mode === 'icao' ? transliterate(text) : text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  return t.replace(/[^A-Z0-9\n./-]+/g, ' ').replace(/ +/g, ' ');
}

/** Smallest edit distance between `pattern` and any substring of `text` (Sellers). */
export function substringDistance(pattern: string, text: string): number {
  if (!pattern) return 0;
  let prev = Array.from({ length: pattern.length + 1 }, (_, i) => i);
  let best = prev[pattern.length]!;
  for (const ch of text) {
    const cur = [0];
    for (let i = 1; i <= pattern.length; i++) {
      cur[i] = Math.min(prev[i]! + 1, cur[i - 1]! + 1, prev[i - 1]! + (pattern[i - 1] === ch ? 0 : 1));
    }
    best = Math.min(best, cur[pattern.length]!);
    prev = cur;
  }
  return best;
}

const letters = (s: string) => s.replace(/[^A-Z]/g, '');
/** Look-alikes folded to one class so OCR's 0/O, 1/I, 5/S, 8/B do not count as differences. */
const fold = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/[OQD]/g, '0').replace(/[IL]/g, '1').replace(/Z/g, '2').replace(/S/g, '5').replace(/G/g, '6').replace(/B/g, '8');

/** Names: a fifth of the letters may be misread (at least one once there are five). */
const nameTolerance = (n: number) => Math.floor(n / 5);

/** A date as a label's value or anywhere in the text: numeric day-first, ISO order, or with a month name. */
export function parseVizDates(text: string): string[] {
  const out: string[] = [];
  const t = text.toUpperCase();
  const push = (y: number, m: number, d: number, twoDigitYear: boolean) => {
    const years = twoDigitYear ? [1900 + y, 2000 + y] : [y];
    for (const yy of years) {
      const iso = `${yy}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      if (isRealDate(iso)) out.push(iso);
    }
  };
  for (const m of t.matchAll(/(?<![0-9])(\d{1,2}) ?[./ -] ?(\d{1,2}) ?[./ -] ?(\d{4}|\d{2})(?![0-9])/g)) push(Number(m[3]), Number(m[2]), Number(m[1]), m[3]!.length === 2);
  for (const m of t.matchAll(/(?<![0-9])(\d{4}) ?[./ -] ?(\d{1,2}) ?[./ -] ?(\d{1,2})(?![0-9])/g)) push(Number(m[1]), Number(m[2]), Number(m[3]), false);
  for (const m of t.matchAll(/(?<![0-9])(\d{1,2}) ?([A-Z]{3,9})(?: ?[/ .-] ?([A-Z]{3,9}))?[ .]*(\d{4}|\d{2})(?![0-9])/g)) {
    const month = MONTH_OF.get(m[2]!) ?? (m[3] ? MONTH_OF.get(m[3]) : undefined);
    if (month) push(Number(m[4]), month, Number(m[1]), m[4]!.length === 2);
  }
  return out;
}

/** Digits in which two dates differ, compared as DDMMYY (the century is what a 2-digit VIZ year drops). */
function dateDigitsApart(a: string, b: string): number {
  const key = (iso: string) => iso.slice(8, 10) + iso.slice(5, 7) + iso.slice(2, 4);
  const [x, y] = [key(a), key(b)];
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) n++;
  return n;
}

function labelPattern(label: string): RegExp {
  // OCR drops or adds spaces inside labels ("DATEOF BIRTH"); the label must start a word.
  return new RegExp(`(?<![A-Z])${label.split(' ').join(' ?')}(?![A-Z])`);
}

const LABEL_PATTERNS = Object.fromEntries(Object.entries(LABELS).map(([f, ls]) => [f, ls.map(labelPattern)])) as Record<VizFieldName, RegExp[]>;
const ALL_LABELS = Object.values(LABEL_PATTERNS).flat();

/**
 * A label on the line: exactly, or for labels of 6 letters or more with one misread letter in six
 * ("SURRAME", "GIVEH NAMES"); short labels (NOM, NOMI) must be exact.
 */
function hasLabel(line: string, field: VizFieldName): boolean {
  if (LABEL_PATTERNS[field].some((p) => p.test(line))) return true;
  const squeezed = letters(line);
  return LABELS[field].some((l) => {
    const label = letters(l);
    return label.length >= 6 && substringDistance(label, squeezed) <= Math.floor(label.length / 6);
  });
}
const FIELDS = Object.keys(LABELS) as VizFieldName[];
const hasAnyLabel = (line: string) => FIELDS.some((f) => hasLabel(line, f));

/** Words of every label, to drop misread label words ("RENOMS") from a value. */
const LABEL_WORDS = [...new Set(Object.values(LABELS).flat().flatMap((l) => l.split(' ')).filter((w) => w.length >= 4))];

function isLabelWord(token: string): boolean {
  if (token.length < 4) return false;
  const tolerance = token.length >= 7 ? 2 : 1;
  return LABEL_WORDS.some((w) => Math.abs(w.length - token.length) <= tolerance && distance(w, token) <= tolerance);
}

/** Removes every known label (any field) and words that look like label words, so what is left is the value. */
function withoutLabels(line: string): string {
  let out = line;
  for (const p of ALL_LABELS) out = out.replace(new RegExp(p.source, 'g'), ' ');
  return out.split(/\s+/).filter((t) => !isLabelWord(t.replace(/[^A-Z]/g, ''))).join(' ').trim();
}

/**
 * Values next to a field's labels. `below`: the line under the label (where ICAO's layout prints the value;
 * the only place trusted for a contradiction); otherwise also the rest of the label's own line.
 */
function labelledValues(lines: string[], field: VizFieldName, below = false): string[] {
  const values: string[] = [];
  lines.forEach((line, i) => {
    if (!hasLabel(line, field)) return;
    const rest = withoutLabels(line).replace(/^[\s./-]+/, '');
    if (!below && /[A-Z0-9]{2,}/.test(rest)) values.push(rest);
    const next = lines.slice(i + 1).find((l) => l.trim() !== '');
    // A next line that is itself a label line belongs to another field.
    if (next !== undefined && !hasAnyLabel(next)) {
      const value = withoutLabels(next);
      if (value) values.push(value);
    }
  });
  return values;
}

function nameAgrees(mrzJoined: string, vizJoined: string): boolean {
  if (mrzJoined.length < 2) return false;
  // The MRZ's name inside the text (the VIZ prints more given names, or the MRZ truncated it).
  if (substringDistance(mrzJoined, vizJoined) <= nameTolerance(mrzJoined.length)) return true;
  return false;
}

function compareName(field: 'last_name' | 'given_names', mrzName: string, streams: string[], lines: string[][]): VizFieldComparison {
  const mrzJoined = letters(mrzName);
  const base: VizFieldComparison = { field, mrz: mrzName, viz: null, status: 'not_read' };
  if (mrzJoined.length < 2) return base;
  const valueOf = (v: string) => v.replace(/[^A-Z -]/g, ' ').replace(/\s+/g, ' ').trim();
  // A clean name: at least 3 letters, and letters make up 80% of what is printed.
  const cleanValues = (below: boolean) => lines.flatMap((ls) => labelledValues(ls, field, below))
    .filter((v) => letters(v).length >= 3 && letters(v).length >= 0.8 * v.replace(/[\s./-]/g, '').length).map(valueOf);
  if (streams.some((s) => nameAgrees(mrzJoined, s))) return { ...base, viz: cleanValues(false).find((v) => nameAgrees(mrzJoined, letters(v))) ?? null, status: 'agrees' };
  const below = cleanValues(true);
  const verdicts = below.map((v) => {
    const vj = letters(v);
    // The MRZ truncates long names; a VIZ value that starts like the MRZ's is the same name.
    const prefixLen = Math.min(vj.length, mrzJoined.length);
    if (distance(vj.slice(0, prefixLen), mrzJoined.slice(0, prefixLen)) <= nameTolerance(prefixLen)) return 'agrees';
    const alike = 1 - distance(vj, mrzJoined) / Math.max(vj.length, mrzJoined.length);
    const tokenAlike = Math.max(...v.split(/[ -]/).filter((t) => t.length >= 2).map((t) => 1 - distance(t, mrzJoined) / Math.max(t.length, mrzJoined.length)), 0);
    return alike < 0.5 && tokenAlike < 0.5 ? 'differs' : 'unclear';
  });
  if (verdicts.includes('agrees')) return { ...base, viz: below[verdicts.indexOf('agrees')]!, status: 'agrees' };
  if (verdicts.includes('differs')) return { ...base, viz: below[verdicts.indexOf('differs')]!, status: 'differs' };
  return base;
}

function compareDate(field: 'date_of_birth' | 'expiry_date', mrzDate: string | null, texts: string[], lines: string[][]): VizFieldComparison {
  const base: VizFieldComparison = { field, mrz: mrzDate ?? '', viz: null, status: 'not_read' };
  if (!mrzDate) return base;
  const same = (d: string) => dateDigitsApart(d, mrzDate) === 0;
  const dates = (below: boolean) => lines.flatMap((ls) => labelledValues(ls, field, below)).flatMap((v) => parseVizDates(v));
  if (texts.some((t) => parseVizDates(t).some(same))) {
    const labelled = dates(false);
    return { ...base, viz: labelled.find((d) => d === mrzDate) ?? labelled.find(same) ?? null, status: 'agrees' };
  }
  // Dates printed under the label, every one at least two digits away from the MRZ's.
  const labelled = dates(true);
  const far = labelled.find((d) => dateDigitsApart(d, mrzDate) >= 2);
  if (far && labelled.every((d) => dateDigitsApart(d, mrzDate) >= 2)) return { ...base, viz: far, status: 'differs' };
  return base;
}

function compareNumber(mrzNumber: string, streams: string[], lines: string[][]): VizFieldComparison {
  const base: VizFieldComparison = { field: 'document_number', mrz: mrzNumber, viz: null, status: 'not_read' };
  const m = fold(mrzNumber);
  if (m.length < 5) return base;
  const tolerance = m.length >= 8 ? 1 : 0;
  if (streams.some((s) => substringDistance(m, fold(s)) <= tolerance)) return { ...base, status: 'agrees' };
  // Whole numbers only (a partly read number is not a different one): about as long as the MRZ's.
  const candidates = lines.flatMap((ls) => labelledValues(ls, 'document_number', true))
    .flatMap((v) => v.split(/\s+/))
    .filter((t) => /^[A-Z0-9]{6,12}$/.test(t) && /\d/.test(t) && t.length >= m.length - 1 && t.length <= m.length + 3);
  // A different number, not a misread one: at least half of its characters differ.
  const far = candidates.filter((t) => distance(fold(t), m) >= Math.max(2, Math.ceil(m.length / 2)));
  if (far.length > 0 && far.length === candidates.length) return { ...base, viz: far[0]!, status: 'differs' };
  return base;
}

/** Compares what the visual zone prints with the MRZ's values (see the file comment for the rules). */
export function compareVizWithMrz(vizText: string, mrz: MrzValuesForViz): VizComparison {
  const texts = [normalise(vizText, 'icao'), normalise(vizText, 'strip')];
  const lines = texts.map((t) => t.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean));
  // Names are searched in the letters alone (OCR splits and joins words), numbers in letters and digits.
  const nameStreams = texts.map(letters);
  const numberStreams = texts.map((t) => t.replace(/[^A-Z0-9]/g, ''));
  const fields = [
    compareName('last_name', mrz.last_name, nameStreams, lines),
    compareName('given_names', mrz.given_names, nameStreams, lines),
    compareDate('date_of_birth', mrz.date_of_birth, texts, lines),
    compareDate('expiry_date', mrz.expiry_date, texts, lines),
    compareNumber(mrz.document_number, numberStreams, lines),
  ];
  return { fields, read: fields.some((f) => f.status !== 'not_read'), contradicts: fields.some((f) => f.status === 'differs') };
}
