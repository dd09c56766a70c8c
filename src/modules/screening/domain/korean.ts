/**
 * Korean personal names in Hangul as the lists and passports write them in Latin letters. Hangul is an
 * alphabet in syllable blocks; any-ascii transliterates each block (김정은 → Gim Jeong Eun, one capital per
 * syllable), and the romanisation systems differ by regular rules applied here per syllable:
 *
 * - Revised Romanization (South Korea, 2000): any-ascii's letters, with a syllable-final ㄱ ㄷ ㅂ read k t p
 *   (박 Bak).
 * - McCune-Reischauer (the older standard, still used by North Korea and most lists for older names),
 *   without its diacritics and apostrophes: ŏ → o, ŭ → u (eo, eu in RR), and the plain stops at the start of
 *   a name part voiceless: g d b j → k t p ch (김정은 Kim Chong-un); si → shi.
 * - The North Korean official spelling and most press: RR consonants with the MR vowels (Kim Jong Un).
 * - Surnames have conventional spellings of their own (이 Lee/Yi/Rhee/Ri, 박 Park/Pak, 최 Choi): a short
 *   table for the commonest ones.
 *
 * A name written as one word (김정은) is split into surname (one syllable, or two for the compound surnames)
 * and given name; the given name is offered both joined (Jongun) and by syllable (Jong Un, Jong-un).
 */
import anyAscii from 'any-ascii';
import type { ReadingWord } from './reading-word.ts';

const HANGUL_SYLLABLE = /^[\uac00-\ud7a3]+$/;
const COMPOUND_SURNAMES = new Set(['남궁', '황보', '제갈', '선우', '독고', '사공', '서문', '동방']);

/** Conventional spellings of common surnames, first the one most lists use. */
const SURNAMES: Record<string, string[]> = {
  김: ['kim', 'gim'], 이: ['lee', 'yi', 'rhee', 'ri', 'rhie'], 리: ['ri', 'lee', 'rhee'], 박: ['park', 'pak', 'bak'], 최: ['choi', 'choe'],
  정: ['jung', 'jeong', 'chung', 'jong', 'chong'], 강: ['kang', 'gang'], 조: ['cho', 'jo', 'joh'], 윤: ['yoon', 'yun'], 장: ['jang', 'chang'],
  임: ['lim', 'im', 'rim', 'yim'], 림: ['rim', 'lim'], 한: ['han'], 오: ['oh', 'o'], 서: ['seo', 'suh', 'so'], 신: ['shin', 'sin'],
  권: ['kwon', 'gwon'], 황: ['hwang'], 안: ['ahn', 'an'], 송: ['song'], 류: ['ryu', 'yoo', 'yu', 'rhyu'], 유: ['yoo', 'yu', 'ryu'],
  전: ['jeon', 'chun', 'jun', 'chon'], 홍: ['hong'], 고: ['ko', 'go'], 문: ['moon', 'mun'], 양: ['yang', 'ryang'], 손: ['son', 'sohn'],
  배: ['bae', 'pae'], 백: ['baek', 'paek', 'baik'], 허: ['heo', 'huh', 'hur', 'ho'], 노: ['roh', 'noh', 'no', 'ro'], 로: ['ro', 'roh'],
  남: ['nam'], 심: ['shim', 'sim'], 하: ['ha'], 곽: ['kwak', 'gwak'], 성: ['sung', 'seong', 'song'], 차: ['cha'], 주: ['joo', 'ju', 'chu'],
  우: ['woo', 'u'], 구: ['koo', 'ku', 'gu'], 민: ['min'], 현: ['hyun', 'hyeon', 'hyon'], 변: ['byun', 'byeon', 'pyon'], 엄: ['eom', 'um'],
  원: ['won'], 천: ['cheon', 'chun', 'chon'], 방: ['bang', 'pang'], 공: ['kong', 'gong'], 함: ['ham'], 염: ['yeom', 'yum'], 여: ['yeo', 'yo'],
  추: ['choo', 'chu'], 도: ['do', 'to'], 석: ['seok', 'suk', 'sok'], 선: ['sun', 'seon'], 설: ['seol', 'sul'], 마: ['ma'], 길: ['gil', 'kil'],
  연: ['yeon', 'yon'], 표: ['pyo'], 명: ['myung', 'myeong'], 기: ['ki', 'gi'], 반: ['ban', 'pan'], 왕: ['wang'], 금: ['keum', 'kum', 'geum'],
  옥: ['ok'], 육: ['yook', 'yuk'], 인: ['in'], 맹: ['maeng'], 제: ['je'], 모: ['mo'], 탁: ['tak'], 국: ['kook', 'kuk', 'guk'], 진: ['jin', 'chin'],
  지: ['ji', 'chi'], 채: ['chae'], 위: ['wi'], 편: ['pyun', 'pyeon'], 용: ['yong', 'ryong'], 태: ['tae'], 봉: ['bong', 'pong'],
};

/** Syllables of one Hangul word as any-ascii writes them: 김정은 → gim, jeong, eun. */
function syllables(word: string): string[] {
  // any-ascii writes an initial ㄹ as l (룡 Lyong); RR and MR write r there, l only at the end of a syllable.
  return (anyAscii(word).match(/[A-Z][a-z]*/g) ?? []).map((s) => s.toLowerCase().replace(/^l/, 'r'));
}

/** RR with the syllable-final stops as pronounced (박 bak, not bag). */
function rr(s: string): string {
  return s.replace(/(?<=[aeiouy])(kk|g)$/, 'k').replace(/(?<=[aeiouy])(d|s|ss|j|ch|h)$/, 't').replace(/(?<=[aeiouy])b$/, 'p');
}

/** MR vowels (ŏ ŭ without the breve) on RR consonants. */
function mrVowels(s: string): string {
  return s.replace(/eo/g, 'o').replace(/eu/g, 'u');
}

/** McCune-Reischauer without diacritics; `initial`: the syllable starts a name part (stops unvoiced). */
function mr(s: string, initial: boolean): string {
  let out = mrVowels(s).replace(/^si/, 'shi');
  if (initial) out = out.replace(/^g/, 'k').replace(/^d/, 't').replace(/^b/, 'p').replace(/^j/, 'ch');
  return out;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/**
 * Spellings common in passports and the press beside the two systems: ㅓ as u after a consonant cluster
 * with y or in -eong/-eok (Myung, Hyun, Sung, Suk), ㅜ as oo (Moo, Koo), ㅢ as ee or i (Hee), and the
 * South Korean initial-sound rule (룡 ryong is yong in the South).
 */
function popular(s: string): string[] {
  const out = [s.replace(/yeo/, 'yu').replace(/eo(?=ng|k)/, 'u'), s.replace(/u(?!i)/, 'oo'), s.replace(/ui/, 'ee'), s.replace(/ui/, 'i'), s.replace(/^r(?=y)/, '')];
  return out.filter((x) => x !== s && x.length > 1);
}

/** The forms of one given-name part (syllables), joined: RR, MR, RR with MR vowels. */
function givenForms(parts: string[]): { rr: string; others: string[] } {
  const r = parts.map(rr);
  return { rr: r.join(''), others: unique([parts.map((p, i) => mr(rr(p), i === 0)).join(''), r.map(mrVowels).join(''), parts.join(''), r.map((p) => popular(p)[0] ?? p).join('')]) };
}

function surnameWord(hangul: string, parts: string[]): ReadingWord {
  const known = SURNAMES[hangul];
  const r = parts.map(rr).join('');
  const forms = unique([...(known ?? []), r, mr(r, true), mrVowels(r)]).filter((f) => f.length > 1);
  return { text: forms[0] ?? r, alts: forms.slice(1) };
}

/**
 * Readings of a name with Hangul words: the surname first (a one-word name of 2-4 syllables is split),
 * the given name joined in one reading and by syllable in the other. Undefined when there is no Hangul
 * word a person's name could be.
 */
export function koreanReadings(input: string): ReadingWord[][] | undefined {
  const words = input.split(/[\s,.\-·・]+/).filter(Boolean);
  if (!words.some((w) => HANGUL_SYLLABLE.test(w))) return undefined;
  if (words.some((w) => !HANGUL_SYLLABLE.test(w)) || words.length > 4) return undefined;
  let surname: string;
  let given: string[];
  if (words.length === 1) {
    const w = words[0]!;
    if (w.length < 2 || w.length > 4) return undefined;
    const k = w.length >= 3 && COMPOUND_SURNAMES.has(w.slice(0, 2)) ? 2 : 1;
    surname = w.slice(0, k);
    given = [w.slice(k)];
  } else {
    surname = words[0]!;
    given = words.slice(1);
  }
  const first = surnameWord(surname, syllables(surname));
  const joined: ReadingWord[] = [first];
  const split: ReadingWord[] = [first];
  for (const g of given) {
    const parts = syllables(g);
    const forms = givenForms(parts);
    joined.push({ text: forms.rr, alts: forms.others });
    for (const [i, p] of parts.entries()) split.push({ text: rr(p), alts: unique([mr(rr(p), i === 0), mrVowels(rr(p)), p, ...popular(rr(p))]), syllable: true });
  }
  return split.length === joined.length ? [joined] : [joined, split];
}
