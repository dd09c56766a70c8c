/**
 * Arabic-script names (Arabic, Persian, Urdu, Pashto letters) against their Latin listings. The script
 * writes consonants and long vowels; short vowels are left out, and every romanisation fills them in its
 * own way (محمد Muhammad, Mohammed, Mohamad, Mehmet). Instead of guessing one spelling, each Arabic word
 * becomes a pattern of the Latin spellings it can have: its consonants in order, each with the letters the
 * romanisations use for it (خ kh, h, x; ق q, k, g), its long vowels and ayn/alef as a vowel the Latin form
 * must show, and any vowels (or none) between them. `Ali` fits علي, `Khamenei` fits خامنئي, `Lee` does not
 * fit علي (the initial ayn is a vowel). The definite article (ال al-, el-, ad-, ar-...) may be written
 * apart, attached or left out, and عبد / أبو may take it along (Abdul, Abdel, Abu l-).
 *
 * Turkish spellings (Mehmet, Ahmet: د as t) are left out on purpose, as in the given-name data: a Mehmet is
 * not listed as محمد.
 *
 * Each word also gets a plain reading (consonants, long vowels, a common name's usual spelling) for the
 * index and the explanation.
 */
import type { ReadingWord } from './reading-word.ts';

const ARABIC_WORD = /^[\u0600-\u06ff\u0750-\u077f\u200c]+$/;

/**
 * One letter in the forms Persian, Urdu and Pashto write it: Farsi yeh ی, keheh ک, heh doachashmee ھ, heh goal ہ,
 * ae ە and heh with yeh ۀ are the Arabic ي ك ه. Folded before the word tables are looked up (الدین is الدين).
 */
export function arabicLetters(text: string): string {
  return text.replace(/\u06cc/g, 'ي').replace(/\u06a9/g, 'ك').replace(/[\u06be\u06c1\u06d5\u06c0]/g, 'ه');
}
const HARAKAT = /[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const V = '[aeiouy]';

/** Latin spellings of each consonant (lower-case Latin, doubled letters collapsed). */
const CONSONANTS: Record<string, string> = {
  'ب': 'b|p', 'پ': 'p|b', 'ت': 't', 'ث': 'th|s|t', 'ج': 'j|g|dj|zh|dzh', 'چ': 'ch|tch|c', 'ح': 'h|kh', 'خ': 'kh|h|x|ch|k',
  'د': 'd|dh', 'ذ': 'dh|z|d|th', 'ر': 'r', 'ز': 'z|s', 'ژ': 'zh|j|z|g', 'س': 's|c', 'ش': 'sh|ch|sch|s', 'ص': 's|ts',
  'ض': 'd|dh|z', 'ط': 't|d', 'ظ': 'z|dh|th|d', 'غ': 'gh|g|r|kh', 'ف': 'f|ph|v', 'ق': 'q|k|g|c|gh', 'ك': 'k|c|q|ch', 'ک': 'k|c|q|ch',
  'گ': 'g', 'ل': 'l', 'م': 'm', 'ن': 'n|m', 'ڤ': 'v|f', 'ٹ': 't', 'ڈ': 'd', 'ڑ': 'r',
};
/** Plain reading of each letter. */
const PLAIN: Record<string, string> = {
  'ب': 'b', 'پ': 'p', 'ت': 't', 'ث': 'th', 'ج': 'j', 'چ': 'ch', 'ح': 'h', 'خ': 'kh', 'د': 'd', 'ذ': 'dh', 'ر': 'r', 'ز': 'z',
  'ژ': 'zh', 'س': 's', 'ش': 'sh', 'ص': 's', 'ض': 'd', 'ط': 't', 'ظ': 'z', 'غ': 'gh', 'ف': 'f', 'ق': 'q', 'ك': 'k', 'ک': 'k',
  'گ': 'g', 'ل': 'l', 'م': 'm', 'ن': 'n', 'ه': 'h', 'ة': 'a', 'ا': 'a', 'آ': 'a', 'أ': 'a', 'إ': 'i', 'ى': 'a', 'و': 'u', 'ي': 'i',
  'ی': 'i', 'ې': 'e', 'ے': 'e', 'ڤ': 'v', 'ٹ': 't', 'ڈ': 'd', 'ڑ': 'r',
};
/**
 * Letters Persian, Urdu, Pashto and Turkish-influenced spellings read otherwise than Arabic (ذ ض ظ as z, ث as s:
 * فیض Faiz, ذاکر Zakir, فضل Fazal): the plain reading with those values too, so that the name index finds the
 * Latin spelling (the pattern already accepts it).
 */
const PERSIAN_VALUES: Record<string, string> = { 'ذ': 'z', 'ض': 'z', 'ظ': 'z', 'ث': 's' };
/** Long vowels and alef: a vowel the Latin form shows (و and ي may also be the consonants w/v and y). */
const VOWEL_LETTERS: Record<string, string> = {
  'ا': `${V}+`, 'آ': `${V}+`, 'ى': `${V}+`, 'ې': `${V}+`, 'ے': `${V}+`,
  // و is u/o/w (ou, oo, aw...), ي and ی are i/e/y (ee, ei, ai...): never a plain a.
  'و': `${V}*[ouwv][aeiouywv]*`, 'ي': `${V}*[iey]${V}*`, 'ی': `${V}*[iey]${V}*`,
};
/** Hamza and ayn: often a vowel, an apostrophe (dropped) or nothing. */
const GLOTTAL = new Set(['ع', 'ء', 'أ', 'إ', 'ئ', 'ؤ']);

/** Common name words and their usual spelling (the pattern still accepts the others). */
const USUAL: Record<string, string> = {
  'محمد': 'muhammad', 'أحمد': 'ahmad', 'احمد': 'ahmad', 'محمود': 'mahmud', 'علي': 'ali', 'على': 'ali', 'عمر': 'umar', 'حسن': 'hasan',
  'حسين': 'husayn', 'بن': 'bin', 'ابن': 'ibn', 'بنت': 'bint', 'عبد': 'abd', 'أبو': 'abu', 'ابو': 'abu', 'الله': 'allah',
  'يوسف': 'yusuf', 'ابراهيم': 'ibrahim', 'إبراهيم': 'ibrahim', 'خالد': 'khalid', 'مصطفى': 'mustafa', 'عثمان': 'uthman', 'أسامة': 'usama',
  'اسامة': 'usama', 'صالح': 'salih', 'سعيد': 'said', 'جعفر': 'jafar', 'حمزة': 'hamza', 'موسى': 'musa', 'عيسى': 'isa', 'يحيى': 'yahya',
  'لله': 'lah', 'رضا': 'reza', 'مهدي': 'mahdi', 'فاطمة': 'fatima', 'عائشة': 'aisha', 'زينب': 'zaynab', 'مريم': 'maryam',
};
const PARTICLE_WORDS = new Set(['بن', 'ابن', 'بنت', 'ولد', 'آل']);
/** Words that take the article of the next word along when written in Latin (Abdul Rahman, Abu l-Hasan). */
const TAKES_ARTICLE = new Set(['عبد', 'أبو', 'ابو', 'ذو']);
/** Words Latin writes joined to the next in the joined reading: those above and the nasab particles (Binladen, Binalshibh). */
const JOINS_NEXT = new Set([...TAKES_ARTICLE, 'بن', 'ابن', 'بنت']);
/**
 * Titles and honorifics written in the script (Hajji, Sheikh, Mullah, Mawlawi, Mufti, Imam), dropped as normalize.ts
 * drops their Latin forms: a listing that writes HAJJI keeps it out of the name, and the script name must too.
 */
const TITLE_WORDS = new Set(['حاجي', 'حاجى', 'حجي', 'الحاج', 'شيخ', 'الشيخ', 'ملا', 'مولوي', 'مولوى', 'مولانا', 'مفتي', 'امام', 'إمام']);

/**
 * Second words of compound names that Latin writes joined to the first as often as apart: the theophoric and
 * religious ones (Nasrallah, Salahuddin, Azizurrahman, Anwarulhaq, Saifulislam, Nooruzzaman, Ruhulamin).
 */
const COMPOUND_SECOND = new Set(['الله', 'الدين', 'الرحمن', 'الرحمان', 'الحق', 'الاسلام', 'الإسلام', 'الزمان', 'الامين', 'الأمين']);
/** Persian and Pashto name endings written apart and joined in Latin (Akhundzada, Shahidkhel, Ishaqzai). */
const SUFFIX_WORDS = new Set(['زاده', 'زاد', 'خيل', 'زي', 'جان']);
/** Legal forms written in Arabic script (the English word transcribed, لمتد limited, or the native شركة company), as company-forms.ts spells them. */
const FORM_WORDS: Record<string, string> = { 'لمتد': 'ltd', 'لميتد': 'ltd', 'ليمتد': 'ltd', 'ليميتد': 'ltd', 'شركة': 'co', 'كمپني': 'co', 'كمپنى': 'co', 'كمبني': 'co' };

/** The article as Latin writes it when attached or assimilated (al-, el-, ad-, ar-, ash-), or left out. */
const ARTICLE = `(?:${V}*[lnrstdz]h?)?${V}*`;

/** The pattern body of one word (without its article): each letter's spellings, free vowels between. */
function bodyOf(word: string): string {
  let re = '';
  const letters = [...word];
  letters.forEach((ch, i) => {
    const last = i === letters.length - 1;
    let unit = '';
    // An initial ayn or hamza is a vowel in Latin, one with the alef after it (عامر Amir, Aamir).
    if (GLOTTAL.has(ch)) unit = i === 0 && !(letters[1] === 'ا' || letters[1] === 'آ') ? `${V}+` : '';
    else if (VOWEL_LETTERS[ch]) unit = i === 0 && (ch === 'و' || ch === 'ي' || ch === 'ی') ? (ch === 'و' ? '(?:w|v|u|o)' : '(?:y|i|j|e)') : VOWEL_LETTERS[ch]!;
    else if (ch === 'ة') unit = '(?:h|t)?';
    else if (ch === 'ه') unit = last ? 'h?' : 'h';
    else if (CONSONANTS[ch]) unit = `(?:${CONSONANTS[ch]})`;
    // The same consonant twice (الله, ll) may be one letter in Latin once doubled letters are collapsed.
    if (unit && ch === letters[i - 1] && CONSONANTS[ch]) unit = `(?:${unit})?`;
    // Short vowels go between letters; a vowel after the last consonant is written (ا ي و ة ه ى), so a
    // Latin form may end in one only where the word does: حسن is Hasan, not Hosseini (حسینی).
    re += last && CONSONANTS[ch] ? unit : `${unit}${V}*`;
  });
  return re;
}

function plainOf(word: string, values: Record<string, string> = PLAIN): string {
  if (USUAL[word]) return USUAL[word]!;
  let out = '';
  [...word].forEach((ch, i) => {
    if (GLOTTAL.has(ch)) out += i === 0 ? (ch === 'إ' ? 'i' : 'a') : '';
    else if (i === 0 && ch === 'و') out += 'w';
    else if (i === 0 && (ch === 'ي' || ch === 'ی')) out += 'y';
    else out += values[ch] ?? PLAIN[ch] ?? '';
  });
  return out.replace(/(.)\1+/g, '$1');
}

/** Latin text as the patterns expect it: doubled letters collapsed. */
export function collapsed(text: string): string {
  return text.replace(/(.)\1+/g, '$1');
}

/** A word without its article (الرحمن → رحمن), and whether it had one; الله is a word of its own. */
function split(word: string): { bare: string; article: boolean } {
  if (word !== 'الله' && word.length > 3 && word.startsWith('ال')) return { bare: word.slice(2), article: true };
  return { bare: word, article: false };
}

/** One word, or two written as one in Latin (`second`: عبد الرحمن → Abdulrahman, Abdurrahman, Abd al-Rahman). */
function wordOf(word: string, takesArticle: boolean, second?: string): ReadingWord | undefined {
  const first = split(word);
  let re = (first.article ? ARTICLE : '') + bodyOf(first.bare);
  if (FORM_WORDS[word] && second === undefined) return { text: FORM_WORDS[word]! };
  let text = plainOf(first.bare);
  let persian = plainOf(first.bare, PERSIAN_VALUES);
  const alts: string[] = [];
  if (second !== undefined) {
    const next = split(second === 'الله' ? 'اللله' : second);
    re += (SUFFIX_WORDS.has(second) ? '' : ARTICLE) + bodyOf(next.bare);
    // Latin joins a compound with the article as u or assimilated (Salahuddin, Azizurrahman): that spelling too, for the index.
    if (next.article && !TAKES_ARTICLE.has(word)) alts.push(collapsed(`${text}u${plainOf(next.bare)}`));
    text += (next.article ? 'al' : '') + plainOf(next.bare);
    persian += (next.article ? 'al' : '') + plainOf(next.bare, PERSIAN_VALUES);
  } else if (takesArticle) re += `(?:${V}?l)?`;
  if (text.length === 0) return undefined;
  if (persian !== text) alts.push(persian);
  return {
    text: text.length === 1 ? `${text}${text}` : text,
    ...(alts.length > 0 ? { alts } : {}),
    pattern: new RegExp(`^${re}$`),
    ...(PARTICLE_WORDS.has(word) && second === undefined ? { particle: true } : {}),
  };
}

/**
 * The words with some joined to the next: `particles` joins عبد / أبو / ذو to the word after them (Abdurrahman),
 * and every reading joins a word to a compound's second word (الله, الدين ...: Nasrallah, Salahuddin) and to a
 * Persian or Pashto ending (زاده, خيل: Akhundzada, Shahidkhel).
 */
function joinedWords(words: string[], particles: boolean): ReadingWord[] {
  const out: ReadingWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const join = next !== undefined && !JOINS_NEXT.has(next) && ((particles && JOINS_NEXT.has(w)) || COMPOUND_SECOND.has(next) || SUFFIX_WORDS.has(next));
    const r = wordOf(w, !join && !particles && TAKES_ARTICLE.has(w) && next !== undefined && next.startsWith('ال'), join ? next : undefined);
    if (r) out.push(r);
    if (join) i++;
  }
  return out;
}

/**
 * Readings of a name written in Arabic script: the words as written; the same with عبد / أبو / ... joined to the
 * next word and compounds and endings joined (Abdurrahman, Nasrallah, Akhundzada); and, when it differs from
 * both, compounds and endings joined with عبد / أبو apart (Azizurrahman Abdul Ahad).
 */
export function arabicReadings(input: string): ReadingWord[][] | undefined {
  const written = arabicLetters(input.replace(HARAKAT, '')).split(/[\s,.\-·()،]+/).filter(Boolean);
  if (written.length === 0 || !written.every((w) => ARABIC_WORD.test(w))) return undefined;
  // عبد / أبو written joined to an article word (عبدالغنی) is also two words, as Latin writes it (Abdul Ghani).
  const pieces = written.flatMap((w) => {
    const m = /^(عبد|أبو|ابو)(ال.{2,})$/.exec(w);
    return m ? [m[1]!, m[2]!] : [w];
  });
  const untitled = pieces.filter((w) => !TITLE_WORDS.has(w));
  const words = untitled.length > 0 ? untitled : pieces;
  const apart: ReadingWord[] = [];
  words.forEach((w, i) => {
    const next = words[i + 1];
    const r = wordOf(w, TAKES_ARTICLE.has(w) && next !== undefined && next.startsWith('ال'));
    if (r) apart.push(r);
  });
  const readings = [apart];
  for (const particles of [true, false]) {
    const joined = joinedWords(words, particles);
    if (readings.every((r) => r.length !== joined.length)) readings.push(joined);
  }
  return readings;
}
