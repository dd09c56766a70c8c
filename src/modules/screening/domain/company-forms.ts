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
kind('llc', 'ltd limited llc ooo tov gmbh mbh sarl srl sro spzoo bv pty pte ltda kft doo eood bhd sdn sl slu fzllc fzco fze fzc sagl');
// Shares, public or not.
kind('jsc', 'jsc ojsc pjsc cjsc ao oao zao pao pat prat ag sa sas spa nv plc ab as asa oy oyj zrt nyrt ad ead dd sae saog');
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
];

const PHRASE_WORDS = new Set(['company', 'partnership', 'anonyme', 'anonima', 'azioni', 'aktiengesellschaft', 'haftung', 'obshchestvo', 'vidpovidalnistiu', 'sp']);

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
