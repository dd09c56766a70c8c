/**
 * Legal forms of companies: they say what kind of company it is, not which one. Each form is a light token
 * (normalize.ts) with its kind, and two forms of one kind written in another language or abbreviation line
 * up as spelling variants (similarity.ts): Ltd = Limited = LLC = GmbH = ООО (OOO); JSC = AO = OAO = PAO = PJSC = AG = SA.
 * Russian companies changed OAO to PAO and ZAO to AO in 2014, and lists carry both.
 */

/** Kind of each legal form (after transliteration, lower case). */
const KINDS = new Map<string, string>();
function kind(name: string, forms: string): void {
  for (const f of forms.split(' ')) KINDS.set(f, name);
}
// Limited liability.
// Japanese yk (yugen kaisha) and gk (godo kaisha) are limited companies, kk (kabushiki kaisha) a company with shares.
kind('llc', 'ltd limited llc ooo tov gmbh mbh sarl srl sro spzoo bv pty pte ltda kft doo eood bhd sdn sl slu fzllc fzco fze fzc sagl yk gk');
// Shares, public or not.
kind('jsc', 'jsc ojsc pjsc cjsc ao oao zao pao pat prat ag sa sas spa nv plc ab as asa oy oyj zrt nyrt ad ead dd sae saog kk');
kind('inc', 'inc incorporated corp corporation co company');
kind('lp', 'llp lp kg');
for (const f of 'pp cv de_cv eirl jv establishment est trading ko'.split(' ')) KINDS.set(f, f);

/** Whether a token is a legal form. */
export function isCompanyForm(text: string): boolean {
  return KINDS.has(text);
}

/** The kind of a legal form (its fold), or undefined. */
export function companyFormKind(text: string): string | undefined {
  return KINDS.get(text);
}

/** Legal forms written out in words, as one abbreviation (after transliteration: Общество с ограниченной ответственностью → obshchestvo s ...). */
const PHRASES: Array<[RegExp, string]> = [
  [/\b(public|open|closed|private) joint stock company\b/g, 'jsc'],
  [/\bjoint stock company\b/g, 'jsc'],
  [/\blimited liability (company|partnership)\b/g, 'llc'],
  [/\bpublic limited company\b/g, 'plc'],
  [/\bsociete anonyme\b/g, 'sa'],
  [/\bsociedad anonima\b/g, 'sa'],
  [/\bsocieta per azioni\b/g, 'spa'],
  [/\baktiengesellschaft\b/g, 'ag'],
  [/\bgesellschaft mit beschrankter haftung\b/g, 'gmbh'],
  [/\bobshchestvo s ogranichenn\w* otvetstvennost\w*/g, 'ooo'],
  [/\b(publichnoe |otkrytoe |zakrytoe |)aktsionernoe obshchestvo\b/g, 'ao'],
  [/\btovarystvo z obmezhenoiu vidpovidalnistiu\b/g, 'tov'],
  [/\bsp z o o\b/g, 'spzoo'],
  [/\bkabushiki [kg]aisha\b/g, 'kk'],
  [/\byugen [kg]aisha\b/g, 'yk'],
  [/\bgodo [kg]aisha\b/g, 'gk'],
];

const PHRASE_WORDS = new Set(['company', 'partnership', 'anonyme', 'anonima', 'azioni', 'aktiengesellschaft', 'haftung', 'obshchestvo', 'vidpovidalnistiu', 'sp', 'kaisha', 'gaisha']);

/**
 * Legal forms written out or with dots (S.A., L.L.C., B.V.) as one token. Single letters are joined only
 * at the end of a name, where legal forms go, and only when they spell one: "S. A. Smith" keeps its initials.
 * Undefined when the name has no such form.
 */
export function foldCompanyPhrases(words: string[]): string[] | undefined {
  let out = words;
  // The phrases all hold one of these words: most names hold none and are left alone.
  if (words.length > 1 && words.some((w) => PHRASE_WORDS.has(w))) {
    let text = words.join(' ');
    for (const [re, to] of PHRASES) text = text.replace(re, to);
    if (text !== words.join(' ')) out = text.split(' ').filter(Boolean);
  }
  if (out.length >= 3 && out[out.length - 1]!.length === 1) {
    let end = out.length;
    while (end > 0 && out[end - 1]!.length === 1) end--;
    const joined = out.slice(end).join('');
    if (end > 0 && out.length - end >= 2 && isCompanyForm(joined)) out = [...out.slice(0, end), joined];
  }
  return out === words ? undefined : out;
}

/**
 * Legal forms written in Chinese characters or Hangul, longest first, as the abbreviation of their kind.
 * Japanese: 株式会社 kabushiki kaisha (K.K., "Co., Ltd."), 有限会社 yugen kaisha, 合同会社 godo kaisha (G.K.), and
 * the forms Japanese lists use for Russian and other companies (公開株式会社 public joint-stock company, PAO;
 * 非公開株式会社 closed, ZAO; 有限責任会社 limited liability company, OOO). Chinese: 股份有限公司 company
 * limited by shares, 有限责任公司 limited liability company, 有限公司 limited company, 公司 company.
 * Korean: 주식회사 (chusik hoesa) and 유한회사 (yuhan hoesa). Japanese and Chinese write them joined to the name,
 * before or after it (株式会社カラシニコフ, CST有限会社), and a list may break one with a space (有限 会社).
 * Each becomes the most used abbreviation of its kind (jsc, llc), not its own (kk, yk): a form is looked up in
 * the name index by its exact spelling, and a rare one would weigh there like a rare name word.
 */
const CJK_FORMS: Array<[string, string]> = [
  ['非公開株式会社', 'jsc'], ['公開株式会社', 'jsc'], ['株式会社', 'jsc'], ['有限責任会社', 'llc'], ['有限会社', 'llc'], ['合同会社', 'llc'],
  ['股份有限公司', 'jsc'], ['有限责任公司', 'llc'], ['有限責任公司', 'llc'], ['有限公司', 'ltd'], ['公司', 'co'], ['会社', 'co'],
  ['주식회사', 'jsc'], ['유한회사', 'llc'],
];
const CJK_FORM = new RegExp(CJK_FORMS.map(([f]) => [...f].join('[\\s\u3000]*')).join('|'), 'g');
const CJK_FORM_OF = new Map(CJK_FORMS);

/** Legal forms in Chinese characters or Hangul replaced by their Latin abbreviation, set apart by spaces. */
export function foldCjkCompanyForms(text: string): string {
  return text.replace(CJK_FORM, (m) => ` ${CJK_FORM_OF.get(m.replace(/[\s\u3000]/g, ''))} `);
}
