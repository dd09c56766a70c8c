/**
 * From a name as written anywhere to comparable tokens: Unicode NFKC, a few script rules that generic
 * transliteration gets wrong for names, transliteration to ASCII (any-ascii), case and diacritics folding,
 * titles and company forms removed, and per token an orthographic fold, a consonant skeleton and a double
 * metaphone code. Pure: no I/O, same input, same output.
 */
import anyAscii from 'any-ascii';
import { pinyin } from 'pinyin-pro';
import doubleMetaphone from 'talisman/phonetics/double-metaphone.js';
import { companyFormKind, foldCjkCompanyForms, foldCompanyPhrases } from './company-forms.ts';
import { joinBrokenKana } from './japanese.ts';
import { givenNameGroups, type GivenName } from './given-names.ts';
import { scriptReadings, type ReadingWord } from './scripts.ts';
import { ARABIC, CHINESE_COMPOUND_SURNAMES, CJK_OR_HANGUL, HAN, HAN_RUN, HANGUL } from './script-ranges.ts';

export interface NameToken {
  /** ASCII, lower case, as written (after transliteration). */
  text: string;
  /** Spelling variants folded: `Wladimirowitsch` and `Vladimirovich` share `vladimirovich`. */
  fold: string;
  /** Consonant classes without vowels: survives transliteration from abjads (Arabic, Hebrew) and vowel typos. */
  skeleton: string;
  /** Double metaphone primary code. */
  phonetic: string;
  /** 1 for a name token; less for particles (al, bin, van), company forms and initials, which identify little. */
  weight: number;
  initial: boolean;
  /** A patronymic (Pavlovich, Petrovna): never the same name part as a surname that shares its stem. */
  patronymic: boolean;
  /** Written in a non-Latin script and transliterated: its vowels are guesses (abjads write few). */
  translit: boolean;
  /**
   * Other readings of the same written token, from regular correspondences between languages (a Baltic
   * case ending removed, East Slavic pleophony, Belarusian spellings of Russian sounds, a katakana
   * reading): similarity takes the best reading, but never as a typo.
   */
  alts?: NameToken[];
  /** Its alts are whole other readings (a kanji's), not small rewrites of the written form. */
  readings?: boolean;
  /** One syllable of a name written by syllable (scripts.ts): never a typo of another syllable. */
  syllable?: boolean;
  /** The memo key of a token that is not plain Latin (similarity.ts similarityKey), kept once computed. */
  similarityKey?: string;
  /**
   * A word with particles joined to it (particlesJoined), only in a name's joined reading: what those particles
   * would cost missing, so that the word missing costs what its written parts do.
   */
  particlesJoined?: number;
  /**
   * The word may be one written with its particle joined: it begins with a joining particle (`alqaeda`, but
   * also `alexander`) or was transliterated from a script that joins them.
   */
  particlePrefix?: boolean;
  /**
   * Which part of a person's name the word is, when the name is written `SURNAME, Given Middle...` (the form
   * of OFAC's and other lists; listedParts): the words before the comma the surname, the first name word
   * after it the given name, the rest middle names (patronymics, father's names and their particles).
   */
  part?: NamePart;
  /** A legal form (company-forms.ts): its kind. */
  form?: string;
  /** The given name it is in given-names.ts: Bill and William stand for each other (not typos of each other). */
  given?: GivenName;
  /**
   * For a word read from an abjad (arabic.ts): the Latin spellings it can have, vowels free where the
   * script writes none. Tested against the other name's collapsed Latin token.
   */
  pattern?: RegExp;
}

export type NamePart = 'surname' | 'given' | 'middle';

export interface NormalizedName {
  original: string;
  tokens: NameToken[];
  /** Words removed as titles, kept for the explanation. */
  removed: string[];
  /** The input had non-Latin letters that were transliterated. */
  transliterated: boolean;
  /**
   * Other readings of the whole name, for scripts that can be romanised in several ways or split
   * differently (Korean given names joined or by syllable, Arabic with vowels guessed, Japanese kanji):
   * a comparison takes the best reading on each side.
   */
  readings?: NameToken[][];
}

/** Titles and honorifics in the languages lists and customers write them (after transliteration). */
const TITLES = new Set(
  (
    'mr mrs ms miss mister madam madame mme mlle sir dame lord lady dr doctor prof professor rev reverend hon honorable honourable ' +
    'president presidente prasident praesident prezident predsjednik presedintele presiden elnok prezydent presidenten presidentti ' +
    'premier minister ministre senator senador congressman congresswoman representative rep gov governor mayor judge justice ' +
    'general gen colonel col major maj captain capt lieutenant lt sergeant sgt admiral commander cmdr marshal ' +
    'sheikh shaikh shaykh sheik haji hajji hadji mullah mawlawi maulana maulvi mufti imam ayatollah hojatoleslam ' +
    'his her excellency hrh herr frau senor senora sra dona signor gospodin'
  ).split(' '),
);

/** Particles: part of the name but weak evidence on their own. */
/**
 * Patronymics (Vladimirovich, Petrovna, Ahmad oglu): lists carry them, customers often leave them out,
 * so a missing patronymic costs less than a missing name.
 */
const PATRONYMIC = /(ovich|evich|ovic|evic|ovna|evna|ichna|ogl[iu]|kizi|vich|vichi|fich|bichi)$/;

const PARTICLES = new Set('al el ul ol bin ibn ben bint binti abd de da del della der den van von la le di du dos das do y e of the and'.split(' '));

/**
 * Particles that names write joined to the word after them as often as apart (ADR 0187): the Arabic article
 * and nasab (`Alqaeda`, `Abdelrahman`, `Binladen` for `Al Qaeda`, `Abd el Rahman`, `Bin Laden`) and the
 * European nobiliary and family particles (`Vandijk`, `Desouza`, `Dellarosa`). Not the conjunctions and
 * articles of organisation names (y, e, of, the, and), which are words of their own.
 */
const JOINING_PARTICLES = new Set([...PARTICLES].filter((p) => !['y', 'e', 'of', 'the', 'and'].includes(p)));

const JOINING_PREFIX = new RegExp(`^(${[...JOINING_PARTICLES].join('|')})[a-z]{2}`);

/**
 * The one place that reads a particle written apart as joined to the next word: the words with each run of
 * particles joined to the word after it (`abd el rahman` → `abdelrahman`), or undefined when nothing joins.
 * Given as another reading of the whole name (NormalizedName.readings), so a name written joined on one
 * side and apart on the other still lines up word for word.
 */
export function particlesJoined(words: readonly string[]): string[] | undefined {
  const out: string[] = [];
  let run = '';
  let joined = false;
  for (const w of words) {
    if (JOINING_PARTICLES.has(w)) run += w;
    else {
      if (run) joined = true;
      out.push(run + w);
      run = '';
    }
  }
  if (run) out.push(run);
  return joined ? out : undefined;
}

const GREEK_RULES: Array<[RegExp, string]> = [
  [/ου/g, 'u'],
  [/ντ/g, 'd'],
  [/μπ/g, 'b'],
  [/γκ/g, 'g'],
  [/αι/g, 'e'],
  [/ει|οι/g, 'i'],
];

const GREEK = /[\u0370-\u03ff]/;

/**
 * Korean writes foreign names with an epenthetic vowel ㅡ (eu) after consonant clusters: 블라디미르 is
 * beul-la-di-mi-reu for Vladimir. Dropping that vowel per syllable gets much closer to the source name.
 */
function romanizeHangul(text: string): string {
  let out = '';
  for (const ch of text) {
    if (HANGUL.test(ch)) {
      const syllable = anyAscii(ch).toLowerCase();
      out += syllable.length > 2 ? syllable.replace(/eu/, '') : syllable;
    } else out += ch;
  }
  return out;
}

const KATAKANA_RUN = /[\u30a0-\u30ff]+/g;
const KATAKANA = /[\u30a0-\u30ff]/;

/**
 * Katakana writes foreign names with a vowel after every consonant and without ti/di: ウラジーミル is
 * u-ra-ji-mi-ru for Vladimir, プーチン pu-chi-n for Putin. Reversing the loanword conventions (chi→ti,
 * ji→di, a final epenthetic u or o dropped) brings the romanisation back towards the source name.
 */
function romanizeKatakana(text: string, alternative = false): string {
  return text.replace(KATAKANA_RUN, (run) => {
    let out = anyAscii(run)
      .toLowerCase()
      .replace(/chi/g, 'ti')
      .replace(/ji/g, 'di')
      .replace(/([bcdfghjklmnpqrstvwxz])[uo]\b/g, '$1')
      .replace(/([bcdfghjklmnpqrstvwxz])[uo](?=[-\s]|$)/g, '$1');
    // Katakana has no v before a consonant: a source v- cluster is written u- (ウラジオストク
    // Vladivostok, u-ra-jio-...). The alternative reading takes a word-initial u before a consonant as v.
    if (alternative) out = out.replace(/(^|[^a-z])u(?=[bcdfghjklmnpqrstvwxz])/g, '$1v');
    return out;
  });
}

/** The name separator (间隔号) Chinese puts between the parts of a foreign name: 弗拉基米尔·普京. */
const NAME_DOT = /[\u00b7\u30fb\u2022\u2027\u2219\u22c5\uff65]/;

/**
 * Characters the transcription tables use for a lone consonant of the source name (夫/弗 f or v, 克 k,
 * 格 g, 德 d, 特 t, 斯 s, 兹 z, 茨 ts, 什 sh, 姆 m, 赫 kh, 奇 ch); others carry their vowel (科 ko,
 * 戈 go, 多 do). 布 b and 普 p stand alone only in a cluster before l or r (普里戈任 Pri-go-zhin, but
 * 普京 Pu-tin).
 */
const LONE_CONSONANT_CHARS = new Set([...'夫弗甫克格德特斯兹茨什姆赫奇']);
const CLUSTER_ONLY_CHARS = new Set([...'布普']);

/**
 * Chinese writes a foreign name as a phonetic transcription, one character per syllable, from fixed
 * tables (the Xinhua tables for Russian, English, Arabic ...): Vla-di-mir is 弗拉基米尔 fu-la-ji-mi-er,
 * Pu-tin 普京 pu-jing. Pinyin of that is far from the source; undoing the tables' conventions brings it
 * back: a lone consonant's vowel dropped before another consonant or at the end (fu-la → fla,
 * luo-fu → lof), er → r, the palatals j/q/x before i back to d/ch/s, initial r to zh, a final -ng to -n,
 * uo → o, yi → i, w → v. Generic, from the tables; the phonetic comparison does the rest.
 */
export function reverseChineseTranscription(chars: string[], syllables: string[]): string {
  let out = '';
  for (let i = 0; i < syllables.length; i++) {
    let s = syllables[i]!;
    const ch = chars[i]!;
    const next = syllables[i + 1];
    const beforeConsonant = next !== undefined && !/^[aeiouy]/.test(next);
    const beforeLR = next !== undefined && /^[lr]/.test(next) && next !== 'er';
    if (s === 'er' && i > 0) s = 'r';
    else if ((LONE_CONSONANT_CHARS.has(ch) && (beforeConsonant || next === undefined)) || (CLUSTER_ONLY_CHARS.has(ch) && beforeLR)) {
      s = s === 'qi' ? 'ch' : s.replace(/(u|e|i)$/, '');
    }
    s = s
      .replace(/^yi/, 'i')
      .replace(/^y(?=[aeou])/, 'i')
      .replace(/^wei$/, 'vi')
      .replace(/^w/, 'v')
      .replace(/^ji/, 'di')
      .replace(/^qi/, 'chi')
      .replace(/^xi/, 'si')
      .replace(/^r(?=[aeiou])/, 'zh')
      .replace(/uo$/, 'o')
      .replace(/ng$/, 'n');
    // Syllable joints repeat a consonant the source has once: 伊万诺夫 yi-wan-nuo-fu is Ivanov.
    if (out && s && out[out.length - 1] === s[0] && !/[aeiou]/.test(s[0]!)) s = s.slice(1);
    out += s;
  }
  return out;
}

/**
 * Han characters to pinyin (pinyin-pro, which reads characters in context and surnames as surnames: 单 is
 * Shan as a surname, Dan otherwise). A name with the separator dot is a transcribed foreign name
 * (reverseChineseTranscription); a native name of two to four characters is split into surname and
 * given name as it is romanised (习近平 → xi jinping); longer runs (companies) stay one word per run.
 */
function romanizeHan(text: string): string {
  const foreign = NAME_DOT.test(text);
  return text.replace(HAN_RUN, (run) => {
    if (foreign) {
      const syllables = pinyin(run, { toneType: 'none', type: 'array' });
      return syllables.length === [...run].length ? ` ${reverseChineseTranscription([...run], syllables)} ` : ` ${anyAscii(run)} `;
    }
    const syllables = pinyin(run, { toneType: 'none', type: 'array', surname: 'head' });
    if (syllables.length !== [...run].length) return ` ${anyAscii(run)} `;
    if (run.length >= 2 && run.length <= 4) {
      const k = run.length >= 3 && CHINESE_COMPOUND_SURNAMES.has(run.slice(0, 2)) ? 2 : 1;
      return ` ${syllables.slice(0, k).join('')} ${syllables.slice(k).join('')} `;
    }
    return ` ${syllables.join('')} `;
  });
}

/** Belarusian letters (і, ў) in a Cyrillic word that has no Russian-only letters (и, ы is shared, ъ, э is shared). */
const BELARUSIAN = /[\u0456\u045e\u0406\u040e]/;
const CYRILLIC_CONSONANT = '[бвгджзйклмнпрстфхцчшщ]';

/**
 * Belarusian writes the sounds of Russian t and d before soft vowels as ц and дз (цеканне, дзеканне:
 * Пуцін for Путин, Уладзімір for Владимир) and a v before a consonant as у/ў (Уладзімір, Уладзімір).
 * Undoing these gives the Russian spelling a list or customer is likely to use.
 */
function belarusianToRussian(text: string): string {
  return text
    .replace(/ц(?=[іеяюёь])/g, 'т')
    .replace(/Ц(?=[іеяюёьІЕЯЮЁЬ])/g, 'Т')
    .replace(/дз(?=[іеяюёь])/g, 'д')
    .replace(/Дз(?=[іеяюёь])/g, 'Д')
    .replace(new RegExp(`(^|[^\\p{L}])[уУўЎ](?=${CYRILLIC_CONSONANT})`, 'gu'), (_m, pre: string) => `${pre}В`);
}


/**
 * Arabic script writes long vowels with the consonant letters و and ي (matres lectionis: بوتين b-u-t-i-n,
 * not b-w-t-y-n) and has no p, so foreign names write p with ب. The alternative reading takes و and ي
 * inside a word as the vowels u and i, and ب as p.
 */
function arabicReading(text: string): string {
  return text
    .replace(/(?<=\p{L})\u0648/gu, 'u')
    .replace(/(?<=\p{L})[\u064a\u06cc](?=\p{L})/gu, 'i')
    .replace(/\u0628/g, 'p');
}

/** A name in Japanese writing: kana, maybe with kanji and Latin letters, and no other script. */
const JAPANESE_TEXT = /[\u3041-\u30ff]/;
const NOT_JAPANESE = /[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;


function transliterate(input: string, alternative = false): { text: string; transliterated: boolean } {
  let text = input.normalize('NFKC');
  if (alternative && BELARUSIAN.test(text)) text = belarusianToRussian(text);
  if (alternative && ARABIC.test(text)) text = arabicReading(text);
  const transliterated = /[^\u0000-\u024f\u1e00-\u1eff]/.test(text.replace(/[\u2000-\u206f\u3000-\u303f\u30fb]/g, ''));
  // Legal forms in CJK characters (株式会社) as their Latin abbreviation before the characters are read.
  if (CJK_OR_HANGUL.test(text)) text = foldCjkCompanyForms(joinBrokenKana(text));
  if (GREEK.test(text)) {
    text = text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
    for (const [re, to] of GREEK_RULES) text = text.replace(re, to);
  }
  if (HANGUL.test(text)) text = romanizeHangul(text);
  if (/[\u30a0-\u30ff]/.test(text)) text = romanizeKatakana(text, alternative);
  if (HAN.test(text)) text = romanizeHan(text);
  return { text: anyAscii(text), transliterated };
}

/**
 * Orthographic fold of one ASCII lower-case token: spellings of the same sound in the languages of the
 * lists (German sch/w, Polish cz/w, Hungarian cs/gy, Dutch oe, French ou, Slavic patronymic endings).
 */
export function foldToken(token: string): string {
  let t = token;
  t = t.replace(/(tsch|tsj|tch|tsh|cz|cs|tx)/g, 'ch');
  t = t.replace(/(vitj|vic|vici|vics|wicz|vicz|vits)$/, 'vich');
  t = t.replace(/sch|sz|sh/g, 'sh');
  t = t.replace(/gy/g, 'd');
  t = t.replace(/dzh|dj/g, 'j');
  t = t.replace(/ph/g, 'f');
  t = t.replace(/th/g, 't');
  t = t.replace(/kh/g, 'h');
  t = t.replace(/ck|q/g, 'k');
  // c as k (Kevin/Cevin, Marc/Mark, Bank/Banc) except in ch; a soft c is rarer in names than the swap.
  t = t.replace(/c(?!h)/g, 'k');
  t = t.replace(/w/g, 'v');
  t = t.replace(/ou|oo|oe/g, 'u');
  t = t.replace(/ee/g, 'i');
  t = t.replace(/y/g, 'i');
  t = t.replace(/(.)\1+/g, '$1');
  // A silent final e (French Poutine, Vladimire) in longer tokens.
  if (t.length >= 6) t = t.replace(/([^aeiou])e$/, '$1');
  return t;
}

const SKELETON_CLASS: Record<string, string> = { b: 'b', p: 'b', f: 'b', v: 'b', w: 'b', d: 't', t: 't', g: 'k', k: 'k', c: 'k', q: 'k', x: 'k', s: 's', z: 's', j: 'j', l: 'r', r: 'r', m: 'm', n: 'n' };

/** Consonant classes only, repeats collapsed: `vladimir`, `fldymyr` and `volodymyr` all give `brtmr`. */
export function skeleton(fold: string): string {
  let out = '';
  // ts/dz: Belarusian and Ukrainian spellings of a Russian t/d (Putsin, Uladzimir).
  const s = fold.replace(/ch/g, 'j').replace(/ts/g, 't').replace(/dz/g, 'd');
  for (const ch of s) {
    const c = SKELETON_CLASS[ch];
    if (c && out[out.length - 1] !== c) out += c;
  }
  return out;
}

/** What makeToken works out from a word's text alone (its fold, skeleton, phonetic code, name data). */
interface WordFacts {
  form: string | undefined;
  fold: string;
  initial: boolean;
  particle: boolean;
  given: GivenName | undefined;
  patronymic: boolean;
  skeleton: string;
  phonetic: string;
  /** Begins with a joining particle (`alqaeda`, `alexander`). */
  prefixed: boolean;
}

/**
 * WordFacts by text, kept across calls: screening normalizes every query, and its words (given names above all)
 * come back query after query, while the facts cost a double metaphone, a fold and a skeleton each. At most
 * WORD_FACTS_MAX words (a few MB), then started afresh. A pure function's results: nothing else reads them.
 */
const WORD_FACTS_MAX = 1 << 16;
const wordFacts = new Map<string, WordFacts>();

function factsOf(text: string): WordFacts {
  let facts = wordFacts.get(text);
  if (facts) return facts;
  const form = companyFormKind(text);
  const fold = foldToken(text);
  const initial = text.length === 1;
  const particle = PARTICLES.has(text) || form !== undefined || companyFormKind(fold) !== undefined;
  facts = {
    form,
    fold,
    initial,
    particle,
    given: particle || initial ? undefined : givenNameGroups(foldToken).lookup(fold),
    patronymic: PATRONYMIC.test(fold),
    skeleton: skeleton(fold),
    phonetic: /^[a-z]+$/.test(text) ? doubleMetaphone(text)[0] : text,
    prefixed: text.length > 3 && JOINING_PREFIX.test(text),
  };
  if (wordFacts.size >= WORD_FACTS_MAX) wordFacts.clear();
  wordFacts.set(text, facts);
  return facts;
}

function makeToken(text: string, translit: boolean): NameToken {
  const { form, fold, initial, particle, given, patronymic, skeleton, phonetic, prefixed } = factsOf(text);
  const token: NameToken = {
    translit,
    patronymic,
    text,
    fold,
    skeleton,
    phonetic,
    weight: particle ? 0.3 : initial ? 0.6 : patronymic ? 0.4 : 1,
    initial,
  };
  if (given) token.given = given;
  if (form) token.form = form;
  // Transliterated words count too: scripts such as Arabic write the article and abd joined (الـ, عبد).
  if (!particle && (translit || prefixed)) token.particlePrefix = true;
  return token;
}

/** A token of a script reading (scripts.ts), with its own alternatives and pattern. */
function readingToken(w: ReadingWord): NameToken {
  const translit = !w.alphabetic;
  const t = makeToken(w.text, translit);
  if (w.alts?.length) t.alts = w.alts.filter((a) => a !== w.text).map((a) => makeToken(a, translit));
  if (w.syllable) t.syllable = true;
  if (w.readings) t.readings = true;
  if (w.pattern) t.pattern = w.pattern;
  if (w.particle) t.weight = 0.3;
  return t;
}

/** Lithuanian and Latvian nominative endings added to foreign names (Putinas, Vladimirs). */
const BALTIC_ENDING = /(?<=[^aeiou])(as|is|us|s)$/;
/** East Slavic pleophony: Ukrainian and Belarusian -olo-/-oro- where Russian (Church Slavonic) has -la-/-ra- (Volodymyr, Vladimir). */
const PLEOPHONY = /^([bcdghkmnpstvwz]h?)o([lr])o(?=[^aeiouy])/;

/** Alternative readings of one Latin token: without a Baltic ending, with the Russian form of a pleophonic stem. */
function latinAlternatives(text: string): string[] {
  const out: string[] = [];
  // A stem of five letters or more: shorter ones are more often a name of their own (Thomas is not Thom).
  const stem = text.replace(BALTIC_ENDING, '');
  if (stem !== text && stem.length >= 5) out.push(stem);
  if (PLEOPHONY.test(text)) out.push(text.replace(PLEOPHONY, '$1$2a'));
  return out;
}

/** Pinyin with tone numbers (Xi2 Jin4ping2): every syllable ends in a digit 1-5. */
const TONE_NUMBERS = /^(?:[a-z]+[1-5])+$/;

function words(text: string): string[] {
  const out = text
    .toLowerCase()
    .replace(/['`´’‘ʻʼ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return /[1-5]/.test(text) ? out.map((w) => (TONE_NUMBERS.test(w) ? w.replace(/[1-5]/g, '') : w)) : out;
}

export function normalizeName(input: string): NormalizedName {
  const { text, transliterated } = transliterate(input);
  const alternative = transliterated && (BELARUSIAN.test(input) || KATAKANA.test(input) || ARABIC.test(input)) ? words(transliterate(input, true).text) : [];
  const all = words(text);
  const altOf = new Map<string, string[]>();
  if (alternative.length === all.length) all.forEach((w, i) => alternative[i] !== w && altOf.set(w, [alternative[i]!]));
  if (!transliterated) for (const w of all) {
    const alts = latinAlternatives(w);
    if (alts.length > 0) altOf.set(w, alts);
  }
  const result = normalizeWords(input, all, transliterated);
  if (!transliterated) listedParts(input, result.tokens);
  // Kana write every vowel: their romanisation is a spelling, not the consonants of an abjad, so it gets no
  // consonant-skeleton leniency (ソニー is not Sana); the loanword patterns (japanese.ts) read it instead.
  if (transliterated && JAPANESE_TEXT.test(input) && !NOT_JAPANESE.test(input)) for (const t of result.tokens) t.translit = false;
  for (const t of result.tokens) {
    const alts = altOf.get(t.text);
    if (alts) t.alts = alts.map((w) => makeToken(w, transliterated));
  }
  let readings: NameToken[][] | undefined;
  // A legal form written out or with dots (Limited Liability Company, S.A.) as its abbreviation: another
  // reading, so that the words as written still meet a listing that writes them out, in any order or with a typo.
  const folded = foldCompanyPhrases(all);
  if (folded) readings = [normalizeWords(input, folded, transliterated).tokens];
  const joined = transliterated ? undefined : particlesJoined(result.tokens.map((t) => t.text));
  if (joined) {
    const tokens = normalizeWords(input, joined, transliterated).tokens;
    let k = 0;
    for (const t of tokens) {
      // The written tokens from k on that this joined word is made of: its particles, then the word.
      let particles = 0;
      for (let rest = t.text; k < result.tokens.length && rest.startsWith(result.tokens[k]!.text); k++) {
        rest = rest.slice(result.tokens[k]!.text.length);
        if (rest === '') {
          if (result.tokens[k]!.part) t.part = result.tokens[k]!.part;
          k++;
          break;
        }
        particles += result.tokens[k]!.weight;
      }
      if (particles > 0) t.particlesJoined = particles;
    }
    (readings ??= []).push(tokens);
  }
  if (transliterated) {
    readings ??= [];
    for (const r of scriptReadings(input.normalize('NFKC'))) {
      // A pattern word's plain reading is no title even when it reads like one (معمر plain mr is Muammar).
      const tokens = r.filter((w) => w.pattern || !TITLES.has(w.text)).map(readingToken);
      if (tokens.length > 0) readings.push(tokens);
    }
  }
  for (const part of bracketedParts(input) ?? []) {
    const n = normalizeName(part);
    if (n.tokens.length > 0) (readings ??= []).push(n.tokens, ...(n.readings ?? []));
  }
  if (readings && readings.length > 0) result.readings = readings;
  return result;
}

/**
 * The same name written twice side by side, in Latin letters and in its script, without brackets (`Agha Jan
 * Alizai اغا جان عالیزی`): two runs of words in two scripts with as many words each (a transcription keeps
 * the words), two or more. Undefined otherwise: a name with one foreign word (`ガスプロム Holdings`) is one name.
 */
function sideBySide(input: string): string[] | undefined {
  const words = input.trim().split(/\s+/);
  if (words.length < 4 || words.length % 2 !== 0) return undefined;
  const half = words.length / 2;
  const first = words.slice(0, half);
  const second = words.slice(half);
  const script = (ws: string[]) => (ws.every((w) => NOT_LATIN.test(w)) ? 'other' : ws.every((w) => !NOT_LATIN.test(w)) ? 'latin' : 'mixed');
  const a = script(first);
  const b = script(second);
  return a !== 'mixed' && b !== 'mixed' && a !== b ? [first.join(' '), second.join(' ')] : undefined;
}

const BRACKETED = /^([^()（）]+?)\s*[(（]([^()（）]+)[)）][\s,.;]*$/;
const NOT_LATIN = /[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f]/;

/**
 * A name followed by its other forms in brackets, as the UN list writes some: the name in Latin letters and in
 * its own script (`Djaafar Abou Mohamed (جعفر ابو محمد)`), or in its script and then its spellings
 * (`حسن غول (Hassan Ghul; Hassan Gul)`). Each form is also read alone (another reading), so that it meets a
 * name written in one form only. Undefined for a bracket in the same script that lists no other names
 * (`HANIFA MONEY EXCHANGE OFFICE (BRANCH ...)`), which stays one name.
 */
export function bracketedParts(input: string): string[] | undefined {
  const m = BRACKETED.exec(input.trim());
  if (!m) return sideBySide(input);
  const outside = m[1]!.trim();
  const inside = m[2]!.split(/[;；]/).map((s) => s.trim()).filter(Boolean);
  if (inside.length < 2 && NOT_LATIN.test(outside) === NOT_LATIN.test(m[2]!)) return undefined;
  return [outside, ...inside];
}

/**
 * The parts of a name written `SURNAME, Given Middle...` (NameToken.part), set on its tokens: only when the
 * comma splits the name once and the words on each side are the tokens (titles apart), so that the parts are
 * what the writer said, never a guess.
 */
function listedParts(input: string, tokens: NameToken[]): void {
  const comma = /^([^,]+),([^,]+)$/.exec(input.trim());
  if (!comma) return;
  const surname = words(comma[1]!).filter((w) => !TITLES.has(w)).length;
  const rest = words(comma[2]!).filter((w) => !TITLES.has(w)).length;
  if (surname === 0 || rest === 0 || surname + rest !== tokens.length) return;
  let given = false;
  tokens.forEach((t, i) => {
    if (i < surname) t.part = 'surname';
    else if (given) t.part = 'middle';
    else if (t.weight === 1 && !t.initial && t.form === undefined) (t.part = 'given'), (given = true);
  });
}

function normalizeWords(input: string, words: string[], transliterated: boolean): NormalizedName {
  // Titles are dropped; company forms stay as light tokens, so that a misspelt form ("Limted") still
  // lines up with the listed one instead of counting as an unexplained word.
  const kept = words.filter((w) => !TITLES.has(w));
  const final = kept.length > 0 ? kept : words;
  return {
    original: input,
    tokens: final.map((w) => makeToken(w, transliterated)),
    removed: kept.length > 0 ? words.filter((w) => TITLES.has(w)) : [],
    transliterated,
  };
}
