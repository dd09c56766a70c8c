/**
 * The account's name against the registered name. Registers and callers write one company many ways: case,
 * punctuation, "&" or "and", "The" in front, "Ltd" or "Limited", "PLC" or "Public Limited Company". Both are
 * folded the same way and compared as words; the legal form is compared by kind (the screening module's
 * legal-form table, given as `formKind`, so Ltd = Limited and LLP = Limited Liability Partnership).
 */

/** A legal form's kind (`ltd` and `limited` → `llc`), or undefined for an ordinary word. */
export type FormKind = (word: string) => string | undefined;

export interface NameComparison {
  /** `MATCH`: the same words and the same kind of legal form; `FORM_DIFFERS`: same words, another legal form. */
  result: 'MATCH' | 'FORM_DIFFERS' | 'MISMATCH';
  account: string;
  registered: string;
}

const PHRASES: Array<[RegExp, string]> = [
  [/\bpublic limited company\b/g, 'plc'],
  [/\blimited liability partnership\b/g, 'llp'],
  [/\bcommunity interest company\b/g, 'cic'],
  [/\bcompany\b/g, 'co'],
];

/** Lower case ASCII words, "&" as "and", no punctuation, "the" dropped at the start, written-out legal forms as one word. */
export function nameWords(name: string): string[] {
  let text = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/&/g, ' and ').replace(/[.'’]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  for (const [re, to] of PHRASES) text = text.replace(re, to);
  const words = text.split(' ').filter(Boolean);
  return words[0] === 'the' && words.length > 1 ? words.slice(1) : words;
}

/** The name's words split into the distinctive part and the trailing legal forms (folded to their kind). */
export function foldName(name: string, formKind: FormKind): { words: string[]; forms: string[] } {
  const words = nameWords(name);
  let end = words.length;
  const forms: string[] = [];
  while (end > 1) {
    const kind = formKind(words[end - 1]!) ?? (words[end - 1] === 'cic' ? 'cic' : undefined);
    if (!kind) break;
    forms.unshift(kind);
    end--;
  }
  return { words: words.slice(0, end), forms };
}

export function compareCompanyNames(account: string, registered: string, formKind: FormKind): NameComparison {
  const a = foldName(account, formKind);
  const r = foldName(registered, formKind);
  const same = a.words.join(' ') === r.words.join(' ');
  // A name given without its legal form ("Acme" for "ACME LIMITED") names the company all the same.
  const formsAgree = a.forms.length === 0 || a.forms.join(' ') === r.forms.join(' ');
  return { result: !same ? 'MISMATCH' : formsAgree ? 'MATCH' : 'FORM_DIFFERS', account, registered };
}
