/**
 * The name matcher's guarantees, one row each. Scores are checked against the default threshold
 * (DEFAULT_THRESHOLD), the line the product draws between "Potential Match" and "No Match".
 */
import { describe, expect, it } from 'vitest';
import { compareNames, compareNormalized, scoreAndPart, scoreNormalized } from './compare.ts';
import { DEFAULT_THRESHOLD } from './matcher.ts';
import { normalizeName } from './normalize.ts';

const MATCHES: Array<[string, string, string]> = [
  ['identical names', 'Vladimir Putin', 'Vladimir Putin'],
  ['case and diacritics are ignored', 'JOSÉ LUIS RODRÍGUEZ ZAPATERO', 'jose luis rodriguez zapatero'],
  ['"LAST, First" equals "First Last"', 'PUTIN, Vladimir', 'Vladimir Putin'],
  ['tokens in any order', 'Orbán Viktor', 'Viktor Orban'],
  ['a missing middle name', 'John Smith', 'John Richard Smith'],
  ['a missing patronymic', 'Vladimir Putin', 'Vladimir Vladimirovich Putin'],
  ['initials stand for given names', 'V. V. Putin', 'Vladimir Vladimirovich Putin'],
  ['a one-letter typo in a long token', 'Vladimr Putin', 'Vladimir Putin'],
  ['swapped letters', 'Vladimir Putni', 'Vladimir Putin'],
  ['German transliteration of a Russian name', 'Wladimir Wladimirowitsch Putin', 'Vladimir Vladimirovich Putin'],
  ['Polish spelling of a patronymic', 'Władimir Władimirowicz Putin', 'Vladimir Vladimirovich Putin'],
  ['French spelling', 'Vladimir Vladimirovitch Poutine', 'Vladimir Vladimirovich Putin'],
  ['Cyrillic against Latin', 'Владимир Владимирович Путин', 'Vladimir Vladimirovich Putin'],
  ['Ukrainian form of the name', 'Путін Володимир Володимирович', 'Vladimir Vladimirovich Putin'],
  ['Greek script', 'Βλαντίμιρ Πούτιν', 'Vladimir Putin'],
  ['Arabic script without vowels', 'فلاديمير بوتين', 'Vladimir Putin'],
  ['Hebrew script', 'ולדימיר פוטין', 'Vladimir Putin'],
  ['Korean script (epenthetic eu dropped)', '블라디미르 푸틴', 'Vladimir Putin'],
  ['Japanese katakana (loanword conventions reversed)', 'ウラジーミル・プーチン', 'Vladimir Putin'],
  ['Chinese transcription of a foreign name (the tables\' conventions reversed)', '弗拉基米尔·普京', 'Vladimir Putin'],
  ['Chinese transcription of another Russian name', '谢尔盖·拉夫罗夫', 'Sergey Lavrov'],
  ['Chinese transcription: lone consonants and a patronymic', '伊万·伊万诺维奇·伊万诺夫', 'Ivan Ivanovich Ivanov'],
  ['Chinese transcription: a cluster (普里 pri) and zh (任)', '叶夫根尼·普里戈任', 'Yevgeniy Prigozhin'],
  ['a native Chinese name, surname and given name as romanised', '习近平', 'XI Jinping'],
  ['a native Chinese surname read as a surname (单 Shan)', '单雄信', 'Shan Xiongxin'],
  ['honorifics are ignored', 'President Vladimir Putin', 'Vladimir Putin'],
  ['a title in another language is ignored', 'Президент Путин', 'Vladimir Putin'],
  ['Baltic ending', 'Vladimiras Putinas', 'Vladimir Putin'],
  ['Baltic ending removed against another script', 'Vladimiras Putinas', 'ウラジーミル・プーチン'],
  ['Latvian ending against a Ukrainian form', 'Vladimirs Putins', 'Putin Volodymyr Volodymyrovych'],
  ['East Slavic pleophony (Ukrainian -olo- for Russian -la-)', 'Putin Volodymyr Volodymyrovych', 'Wladimir Putin'],
  ['East Slavic pleophony in another name', 'Volodymyr Lytvyn', 'Vladimir Litvin'],
  ['Belarusian ц/дз for t/d and initial у for v', 'Уладзімір Уладзіміравіч Пуцін', 'Президент Путин'],
  ['Belarusian form against initials', 'Уладзімір Пуцін', 'Путин В. В.'],
  ['Arabic و/ي read as long vowels and ب as p, against a surname-only form', 'فلاديمير فلاديميروفيتش بوتين', 'Президент Путин'],
  ['Arabic without vowels against a Chinese transcription', 'فلادمير بوتن', '弗拉基米尔·普京'],
  ['katakana initial u before a consonant read as v (initials)', 'ウラジーミル・プーチン', 'В. В. Путин'],
  ['Hungarian spelling', 'Vlagyimir Putyin', 'Vladimir Putin'],
  ['Arabic name spellings', 'Hafez Mohammad Sayeed', 'Hafiz Muhammad Saeed'],
  ['Turkish dotted letters', 'Süleyman Şahin', 'SULEYMAN SAHIN'],
  ['company forms are light and misspelt forms still line up', 'Gazprom Neft OAO', 'GAZPROM NEFT'],
  ['a hyphenated name equals its parts', 'Hans-Peter Müller', 'Hans Peter Mueller'],
];

const NON_MATCHES: Array<[string, string, string]> = [
  ['different people who share a first name', 'Vladimir Putin', 'Vladimir Vinogradov'],
  ['different people who share a surname', 'Maria Putina', 'Vladimir Putin'],
  ['a full name against a listed initial only', 'Thomas Rousseau', 'Thomas R. Carper'],
  ['phonetic keys alone are not enough', 'Michael Lefebvre', 'Michael Lawler'],
  ['a one-letter change in a short given name', 'Mary Harris', 'Mark Harris'],
  ['a surname against a patronymic', 'Ivan Pavlov', 'PROKOPENKO, Ivan Pavlovitch'],
  ['unrelated names', 'John Smith', 'Osama bin Laden'],
  ['a short stem is no Baltic ending (Linus is not Lin)', 'Linus Reed', 'Lin Reed'],
  ['particles alone', 'Al', 'Al Qaeda'],
  ['a Chinese transcription against another name', '鲍里斯·约翰逊', 'Vladimir Putin'],
  ['a Chinese transcription against a name with another surname', '弗拉基米尔·普京', 'Vladimir Pudov'],
  ['a native Chinese name is not read as a transcription', '习近平', 'Sidin Pin'],
  // ADR 0185: a surname or a given name alone names one part of a full name, not the name.
  ['a surname alone against a full name', 'PUTIN', 'PUTIN, Vladimir'],
  ['a surname alone against a full name with a patronymic', 'PUTIN', 'PUTIN, Vladimir Vladimirovich'],
  ['a surname and a patronymic, without the given name', 'PUTIN VLADIMIROVICH', 'PUTIN, Vladimir Vladimirovich'],
  ['a given name alone against a full name', 'MAHMOOD', 'AHMADINEJAD, Mahmood'],
  ['a surname with its particle alone against a full name', 'BIN LADEN', 'BIN LADEN, Hamza'],
];

describe('names that must match (score >= default threshold)', () => {
  it.each(MATCHES)('%s: %s ~ %s', (_why, a, b) => {
    expect(compareNames(a, b).score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });
});

describe('names that must not match (score < default threshold)', () => {
  it.each(NON_MATCHES)('%s: %s !~ %s', (_why, a, b) => {
    expect(compareNames(a, b).score).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('explanations', () => {
  it('lists every aligned token pair with its reason and the unmatched tokens', () => {
    const c = compareNames('PUTIN, Vladimir', 'Vladimir Vladimirovich Putin');
    expect(c.pairs.map((p) => [p.query, p.listed, p.reason])).toEqual(
      expect.arrayContaining([
        ['putin', 'putin', 'exact'],
        ['vladimir', 'vladimir', 'exact'],
      ]),
    );
    expect(c.unmatchedListed).toEqual(['vladimirovich']);
    expect(c.reordered).toBe(true);
  });
  it('a query token missing from the listed name costs more than a listed token missing from the query', () => {
    const query = normalizeName('John Richard Smith');
    const listed = normalizeName('John Smith');
    expect(compareNormalized(listed, query).score).toBeGreaterThan(compareNormalized(query, listed).score);
  });
  it('screening direction: a query word the listed name lacks is no match (Daniel Green is not the vessel DANIEL)', () => {
    expect(compareNormalized(normalizeName('Daniel Green'), normalizeName('DANIEL')).score).toBeLessThan(DEFAULT_THRESHOLD);
  });
  it('screening direction: a listed patronymic the query lacks is still a match', () => {
    expect(compareNormalized(normalizeName('Vladimir Putin'), normalizeName('Vladimir Vladimirovich Putin')).score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });
  it('a missing given name or surname costs more than a missing middle name (ADR 0185)', () => {
    const middle = compareNames('John Smith', 'John Richard Smith');
    const given = compareNames('Smith', 'John Smith');
    expect(middle.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(middle.onePartOnly).toBe(false);
    expect(given.score).toBeLessThan(middle.score);
    expect(given.onePartOnly).toBe(true);
  });
  it('an initial covers a name part: "Путин В. В." names the given name too', () => {
    expect(compareNormalized(normalizeName('Путин В. В.'), normalizeName('Vladimir Vladimirovich Putin')).onePartOnly).toBe(false);
  });
  it('a surname with a title is a form of address for the person, not a surname alone (the Putin spellings)', () => {
    expect(compareNames('Präsident Putin', 'PUTIN, Vladimir').score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(compareNames('Präsident Putin', 'PUTIN, Vladimir').score).toBeGreaterThan(compareNames('Putin', 'PUTIN, Vladimir').score);
  });
  it('a particle written joined to the next word is the same name as written apart (ADR 0187)', () => {
    expect(compareNames('ALQAEDA', 'AL QAEDA').score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(compareNames('Abdelrahman Hassan', 'Abd el Rahman Hassan').score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(compareNames('Jan Vandijk', 'VAN DIJK, Jan').score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    // Two names both written apart are compared as written: joining both would make one letter weigh less.
    expect(compareNames('AL QAEDA', 'AL QAIDA').score).toBe(compareNames('QAEDA AL', 'AL QAIDA').score);
    // A joined word left unmatched costs what its particle and word would: the listed name's missing surname.
    expect(compareNames('Mohammed Ali', 'AL-HOUTHI, Mohammed Ali').score).toBe(compareNames('Mohammed Ali', 'AL HOUTHI, Mohammed Ali').score);
    expect(compareNames('Mohammed Ali', 'AL-HOUTHI, Mohammed Ali').score).toBeLessThan(compareNames('Mohammed Ali', 'HOUTHI, Mohammed Ali').score);
  });
  it('a query without the surname the listing marks (SURNAME, Given Middle) names part of the name only (ADR 0187)', () => {
    const c = compareNames('Mohammed Ali', 'AL-HOUTHI, Mohammed Ali');
    expect(c.score).toBeLessThan(DEFAULT_THRESHOLD);
    expect(c.onePartOnly).toBe(true);
    expect(compareNames('Mohammed Ali Houthi', 'AL-HOUTHI, Mohammed Ali').score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    // Without the comma the listing does not say which word is the surname: a missing word may be a middle name.
    expect(compareNames('Mohammed Ali', 'Mohammed Ali Houthi').onePartOnly).toBe(false);
    expect(compareNames('Mohammed Ali', 'Mohammed Ali Houthi').score).toBeGreaterThan(c.score);
    // A surname written inside a query word is not missing (as for one name part: Xijinping joins Xi Jinping).
    expect(compareNames('Xijinping', 'XI, Jinping').onePartOnly).toBe(false);
  });
  it('an empty name matches nothing', () => {
    expect(compareNames('', 'Vladimir Putin').score).toBe(0);
    expect(compareNames('---', 'Vladimir Putin').score).toBe(0);
  });

  it('the score-only comparison screening uses first gives the full comparison\'s score exactly', () => {
    // Every kind of pair: exact, reordered, typo, initials, missing tokens, equivalents alone and with a
    // surname, particles only, other scripts with their readings, company forms, nothing in common.
    const names = ['Vladimir Putin', 'PUTIN, Vladimir Vladimirovich', 'Vladimr Putin', 'V. V. Putin', 'Putin', 'Bob Smith', 'Robert Smith',
      'Bob', 'al', 'Владимир Путин', '김정은', 'Kim Jong Un', 'علي خامنئي', 'Ali Khamenei', 'ООО Газпром', 'Gazprom LLC', 'Daniel Green', 'DANIEL', 'Maria Mayra Lopez', '',
      'Präsident Putin', 'MAHMOOD', 'AHMADINEJAD, Mahmood', 'BIN LADEN', 'Путин В. В.', 'ALQAEDA', 'AL QAEDA', 'Abd el Rahman bin Awad', 'Mohammed Ali', 'AL-HOUTHI, Mohammed Ali', 'BIN LADIN, Usama bin Muhammad', 'Xijinping', 'XI, Jinping'];
    let checked = 0;
    for (const a of names) {
      for (const b of names) {
        const q = normalizeName(a);
        const l = normalizeName(b);
        const full = compareNormalized(q, l);
        expect(scoreNormalized(q, l), `${a} / ${b}`).toBe(full.score);
        expect(scoreAndPart(q, l), `${a} / ${b}`).toEqual({ score: full.score, onePartOnly: full.onePartOnly });
        checked++;
      }
    }
    expect(checked).toBe(names.length ** 2);
  });
});

describe('the score-only comparison told the score the caller drops below', () => {
  it('gives the exact score, or 0 only for a pair whose exact score is under that score, and does stop early', () => {
    const given = ['John', 'Mary', 'Vladimir', 'V.', 'Bob', 'Robert'];
    const family = ['Smith', 'Smyth', 'Putin', 'Karovita', 'al Haddad'];
    const names = given.flatMap((g) => family.flatMap((f) => [`${g} ${f}`, `${f.toUpperCase()}, ${g}`]));
    let stopped = 0;
    for (const below of [0.5, 0.7802, 0.83, 0.95]) {
      for (const a of names) {
        for (const b of names) {
          const q = normalizeName(a);
          const l = normalizeName(b);
          const exact = scoreAndPart(q, l);
          const told = scoreAndPart(q, l, new Map(), undefined, below);
          if (told.score === 0) {
            // Stopped (or truly 0): either way under what the caller keeps.
            if (exact.score > 0) stopped++;
            expect(exact.score, `${a} / ${b} below ${below}`).toBeLessThan(below);
          } else expect(told, `${a} / ${b} below ${below}`).toEqual(exact);
        }
      }
    }
    // Most pairs share one name part at most: a query token without any counterpart ends the comparison.
    expect(stopped).toBeGreaterThan(names.length ** 2 / 2);
  });
});

describe('the similarity memo (one per query)', () => {
  it('keeps the same text written in Latin and transliterated apart: a score never depends on which was compared first', () => {
    // Vladamir against Vladimir is a typo; against Владимир (transliterated, vowels guessed) a phonetic match.
    const query = normalizeName('Vladamir Putin');
    const latin = normalizeName('Vladimir Putin');
    const cyrillic = normalizeName('Владимир Путин');
    const alone = [scoreNormalized(query, latin), scoreNormalized(query, cyrillic)];
    expect(alone[0]).not.toBe(alone[1]);
    const latinFirst = new Map();
    expect([scoreNormalized(query, latin, latinFirst), scoreNormalized(query, cyrillic, latinFirst)]).toEqual(alone);
    const cyrillicFirst = new Map();
    expect([scoreNormalized(query, cyrillic, cyrillicFirst), scoreNormalized(query, latin, cyrillicFirst)].reverse()).toEqual(alone);
  });
});
