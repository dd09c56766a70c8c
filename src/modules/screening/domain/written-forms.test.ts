/**
 * Reading rules for names as lists and customers write them in their own scripts (ADR 0194-0196): Japanese
 * company names (legal forms in kanji, katakana loanwords, broken words, alias lists), Arabic-script letters and
 * compounds, and a name followed by its other forms in brackets. Names here are not the evaluation's.
 */
import { describe, expect, it } from 'vitest';
import { expectMatch, expectNoMatch } from '../../../../test/helpers/name-match.ts';
import type { ListedEntity } from './entity.ts';
import { foldCjkCompanyForms } from './company-forms.ts';
import { joinBrokenKana, loanwordPattern } from './japanese.ts';
import { Matcher } from './matcher.ts';
import { bracketedParts, normalizeName } from './normalize.ts';


const entity = (id: string, names: string[], schema: ListedEntity['schema'] = 'company'): ListedEntity => ({
  id,
  sourceId: id,
  list: 'test',
  schema,
  names: names.map((full) => ({ full, quality: 'primary' })),
  birthDates: [],
  nationalities: [],
  citizenships: [],
  countries: [],
  topics: ['sanction'],
  programs: [],
});

describe('Japanese and Chinese legal forms (company-forms.ts)', () => {
  it('folds forms written joined or broken by a space into their Latin abbreviation', () => {
    expect(foldCjkCompanyForms('ロスネフチ株式会社').trim()).toBe('ロスネフチ jsc');
    expect(foldCjkCompanyForms('有限 会社ガスプロム').trim()).toBe('llc ガスプロム');
    expect(foldCjkCompanyForms('公開株式会社ズベルバンク').trim()).toBe('jsc ズベルバンク');
    expect(foldCjkCompanyForms('华为技术有限公司')).toContain(' ltd ');
  });
  it.each([
    ['kabushiki kaisha after the name', 'ロスネフチ株式会社', 'Rosneft PJSC'],
    ['yugen kaisha before the name, broken by a space', '有限 会社ガスプロム', 'Gazprom LLC'],
    ['godo kaisha', 'アエロフロート合同会社', 'Aeroflot LLC'],
    ['a Latin word joined to the form', 'ABC有限会社', 'ABC Limited'],
  ])('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  it('kabushiki kaisha written out in Latin letters is the form kk', () => {
    expect(normalizeName('Toyota Kabushiki Kaisha').readings?.[0]?.map((t) => t.form)).toEqual([undefined, 'jsc']);
  });
});

describe('katakana loanwords (japanese.ts)', () => {
  it('a loanword is a pattern of the Latin spellings of the source word', () => {
    const p = loanwordPattern('ガスプロム')!;
    expect(p.test('gazprom')).toBe(true);
    expect(p.test('gasprom')).toBe(true);
    expect(p.test('gazpromneft')).toBe(false);
  });
  it.each([
    ['tse for a German z (Konzern)', 'コンツェルン', 'Concern'],
    ['je for a Russian zh, added vowels dropped', 'イジェフスク', 'Izhevsk'],
    ['r for l in a short word', 'アルロサ', 'Alrosa'],
    ['che for a Russian che', 'メチェル', 'Mechel'],
    ['ー for an English -er', 'センター', 'Center'],
  ])('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  // These matched before through the consonant skeleton of the romanisation; the patterns must keep them.
  it.each([
    ['ガスプロム', 'Gazprom'],
    ['ロスネフチ', 'Rosneft'],
    ['ズベルバンク', 'Sberbank'],
    ['アエロフロート', 'Aeroflot'],
  ])('still: %s ~ %s', (a, b) => expectMatch(a, b));
  it.each([
    ['another company', 'ロスネフチ', 'Rosatom'],
    ['a longer name', 'ガスプロム', 'Gazprombank'],
    ['other consonants', 'ズベルバンク', 'Sovcombank'],
    ['a shorter name', 'アルロサ', 'Rosa'],
    ['another ending', 'ノヴァテク', 'Novartis'],
  ])('%s: %s !~ %s', (_d, a, b) => expectNoMatch(a, b));
  // Kana write every vowel: their romanisation gets no consonant-skeleton leniency (normalize.ts).
  it.each([
    ['ユニクロ', 'Inhocar'],
    ['ニトリ', 'Inter'],
    ['サントリー', 'Sundial'],
    ['バンダイ', 'Bandes'],
  ])('kana are spelt, not consonants only: %s !~ %s', (a, b) => expectNoMatch(a, b));
  it('a space before the long-vowel mark or a small kana is joined up', () => {
    expect(joinBrokenKana('アエロフロ ート')).toBe('アエロフロート');
    expect(joinBrokenKana('イジ ュマシュ')).toBe('イジュマシュ');
    expect(joinBrokenKana('ガス プロム')).toBe('ガス プロム');
    expectMatch('アエロフロ ート', 'Aeroflot');
  });
  it('a katakana word written joined to kanji or Latin letters is a word of its own', () => {
    expectMatch('ガスプロムABC', 'Gazprom ABC');
  });
  it('an alias list after 別称 is several names', () => {
    expectMatch('（別称、ガスプロム、ロスネフチ）', 'Rosneft');
    expectMatch('（別称、ガスプロム、ロスネフチ）', 'Gazprom');
  });
  it('kana person names still read in Hepburn: a small kana after ji', () => {
    expect(normalizeName('じゅん').readings?.[0]?.[0]?.text).toBe('jun');
  });
});

describe('Arabic script: letters, compounds and endings (arabic.ts)', () => {
  it.each([
    ['Persian yeh in ad-Din (الدین)', 'جلال الدین حقانی', 'Jalaluddin Haqqani'],
    ['Abd joined to an article word in the script, apart in Latin', 'عبدالكريم خان', 'Abdul Karim Khan'],
    ['initial ayn and alef are one vowel', 'عامر خان', 'Amir Khan'],
    ['ar-Rahman joined with the first word in Latin', 'حبيب الرحمن', 'Habiburrahman'],
    ['al-Haq joined', 'انوار الحق', 'Anwarulhaq'],
    ['a compound joined while Abd stays apart', 'عزیز الرحمان عبد الاحد', 'Azizurrahman Abdul Ahad'],
    ['a Persian ending written apart', 'آخوند زاده', 'Akhundzada'],
    ['a Pashto ending written apart', 'گل خیل', 'Gulkhel'],
    ['heh doachashmee (ھ) is h', 'طاھر', 'Taher'],
  ])('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
  it.each([
    ['an initial ayn before alef is still a vowel', 'عامر خان', 'Mir Khan'],
    ['an ending does not make another name', 'آخوند زاده', 'Akhundov'],
  ])('%s: %s !~ %s', (_d, a, b) => expectNoMatch(a, b));
  it('a title written in the script is dropped as its Latin form is (Hajji, Mullah)', () => {
    const m = new Matcher([entity('k', ['HAJJI MUHAMMAD KHAN'], 'person'), entity('h', ['MULLAH HASAN AKHUND'], 'person')]);
    expect(m.screen({ name: 'حاجي محمد خان', type: 'person' }).map((x) => x.entityId)).toContain('k');
    expect(m.screen({ name: 'ملا حسن آخوند', type: 'person' }).map((x) => x.entityId)).toContain('h');
  });
  it('bin joined to the next word, as Latin writes it', () => {
    const m = new Matcher([entity('b', ['OSAMA MOHAMMED BINLADEN'], 'person')]);
    expect(m.screen({ name: 'أسامة محمد بن لادن', type: 'person' }).map((x) => x.entityId)).toContain('b');
  });
  it('a legal form transcribed into Arabic script (لمتد limited) is a legal form', () => {
    const forms = normalizeName('نور لمتد').readings?.flatMap((r) => r.map((t) => t.form));
    expect(forms).toContain('llc');
    expectMatch('نور لمتد', 'Noor Limited');
  });
  it('the index finds a Persian z (ض ذ ظ) and s (ث) spelling', () => {
    const m = new Matcher([entity('faiz', ['FAIZ'], 'person'), entity('other', ['FAID'], 'person')]);
    expect(m.screen({ name: 'فيض', type: 'person' }).map((x) => x.entityId)).toContain('faiz');
  });
});

describe('a name with its other forms in brackets (normalize.ts)', () => {
  it('splits a name in two scripts and a list of spellings', () => {
    expect(bracketedParts('Djaafar Abou Mohamed (جعفر ابو محمد)')).toEqual(['Djaafar Abou Mohamed', 'جعفر ابو محمد']);
    expect(bracketedParts('حسن گل (Hassan Gul; Hasan Gul)')).toEqual(['حسن گل', 'Hassan Gul', 'Hasan Gul']);
  });
  it('splits the same name written side by side in Latin letters and its script, word for word', () => {
    expect(bracketedParts('Karim Noor Khan كريم نور خان')).toEqual(['Karim Noor Khan', 'كريم نور خان']);
    expect(bracketedParts('ガスプロム Holdings')).toBeUndefined();
    expect(bracketedParts('Gazprom Export Holdings ガスプロム')).toBeUndefined();
    expectMatch('Karim Noor Khan كريم نور خان', 'كريم نور خان');
  });
  it('leaves a bracket in the same script that names no other form', () => {
    expect(bracketedParts('HANIFA EXCHANGE OFFICE (BRANCH IN ALBU KAMAL)')).toBeUndefined();
  });
  it.each([
    ['the Latin form alone', 'Karim Noor (كريم نور)', 'Karim Noor'],
    ['the script form alone', 'Karim Noor (كريم نور)', 'كريم نور'],
    ['one spelling of a list', 'محمد علي (Mohammed Ali; Muhammad Ali)', 'Muhammad Ali'],
  ])('%s: %s ~ %s', (_d, a, b) => expectMatch(a, b));
});
