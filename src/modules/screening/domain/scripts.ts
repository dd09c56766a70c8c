/**
 * Whole-name readings for scripts that a single transliteration serves badly (NormalizedName.readings):
 * Korean (korean.ts), Arabic and Persian (arabic.ts), Japanese (japanese.ts), native Chinese names by
 * syllable. Each reading is a list of words with their own alternatives and patterns; normalize.ts makes
 * tokens of them.
 */
import { pinyin } from 'pinyin-pro';
import { arabicReadings } from './arabic.ts';
import { japaneseReadings } from './japanese.ts';
import { koreanReadings } from './korean.ts';
import { ARABIC, CHINESE_COMPOUND_SURNAMES, HAN_NAME, HANGUL, KANA_OR_HAN } from './script-ranges.ts';

export type { ReadingWord } from './reading-word.ts';
import type { ReadingWord } from './reading-word.ts';


/**
 * A native Chinese name with its given name by syllable: 习近平 is also Xi Jin Ping, as some records and
 * customers write it (normalize.ts gives the usual Xi Jinping).
 */
function chineseBySyllable(input: string): ReadingWord[][] {
  const name = input.trim();
  if (!HAN_NAME.test(name)) return [];
  const syllables = pinyin(name, { toneType: 'none', type: 'array', surname: 'head' });
  if (syllables.length !== name.length) return [];
  const k = name.length >= 3 && CHINESE_COMPOUND_SURNAMES.has(name.slice(0, 2)) ? 2 : 1;
  if (name.length - k < 2) return [];
  return [[{ text: syllables.slice(0, k).join(''), alphabetic: true }, ...syllables.slice(k).map((text) => ({ text, alphabetic: true, syllable: true }))]];
}

export function scriptReadings(input: string): ReadingWord[][] {
  const out: ReadingWord[][] = [];
  const alphabetic = (r: ReadingWord[]) => r.map((w) => ({ ...w, alphabetic: true }));
  if (HANGUL.test(input)) out.push(...(koreanReadings(input) ?? []).map(alphabetic));
  if (ARABIC.test(input)) out.push(...(arabicReadings(input) ?? []));
  if (KANA_OR_HAN.test(input)) out.push(...japaneseReadings(input).map(alphabetic), ...chineseBySyllable(input));
  return out;
}
