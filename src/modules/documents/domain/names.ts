/**
 * Comparing a name as a person typed it (any script, diacritics) with the same name as an MRZ prints it
 * (A-Z only, ICAO 9303 part 3 section 6 transliteration, possibly truncated).
 */

/** Letters with more than one accepted MRZ form: ICAO recommends the first; many states print the second. */
const MULTI: Record<string, string[]> = {
  Ä: ['AE', 'A'], Ö: ['OE', 'O'], Ü: ['UE', 'U'], Å: ['AA', 'A'], Æ: ['AE'], Ø: ['OE'], Œ: ['OE'], ß: ['SS'],
  Þ: ['TH'], Ð: ['D'], Đ: ['D'], Ł: ['L'], Ĳ: ['IJ'], Ħ: ['H'], Ŀ: ['L'], Ŋ: ['N'], Ñ: ['N', 'NXX'],
};

/** ICAO 9303-3 table for Cyrillic (Russian, Ukrainian, Belarusian, Bulgarian, Serbian letters). */
const CYRILLIC: Record<string, string> = {
  А: 'A', Б: 'B', В: 'V', Г: 'G', Д: 'D', Е: 'E', Ё: 'E', Ж: 'ZH', З: 'Z', И: 'I', Й: 'I', К: 'K', Л: 'L', М: 'M',
  Н: 'N', О: 'O', П: 'P', Р: 'R', С: 'S', Т: 'T', У: 'U', Ф: 'F', Х: 'KH', Ц: 'TS', Ч: 'CH', Ш: 'SH', Щ: 'SHCH',
  Ъ: 'IE', Ы: 'Y', Ь: '', Э: 'E', Ю: 'IU', Я: 'IA', Є: 'IE', І: 'I', Ї: 'I', Ґ: 'G', Ў: 'U', Ђ: 'D', Ј: 'J',
  Љ: 'LJ', Њ: 'NJ', Ћ: 'C', Џ: 'DZ', Ѕ: 'DZ',
};

/** At most this many variants per name: each multi-form letter doubles them. */
const MAX_VARIANTS = 16;

/**
 * Every MRZ spelling of `name` as token lists: upper case, apostrophes dropped, hyphens and other
 * punctuation as separators, diacritics either transliterated (table) or stripped.
 */
export function mrzSpellings(name: string): string[][] {
  let variants = [''];
  for (const ch of name.normalize('NFC').toUpperCase()) {
    if (ch === "'" || ch === '’' || ch === 'ʼ') continue;
    const forms = MULTI[ch] ?? [CYRILLIC[ch] ?? stripMarks(ch)];
    const next: string[] = [];
    for (const v of variants) for (const f of forms) if (next.length < MAX_VARIANTS) next.push(v + f);
    variants = next;
  }
  return [...new Set(variants)].map((v) => v.split(/[^A-Z]+/).filter(Boolean));
}

/** Text in A-Z with ICAO's first-choice transliteration; characters other than letters are kept as they are. */
export function transliterate(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').toUpperCase()) {
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += MULTI[ch]?.[0] ?? CYRILLIC[ch] ?? base;
  }
  return out;
}

function stripMarks(ch: string): string {
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
  return /^[A-Z]+$/.test(base) ? base : ' ';
}

/** MRZ name text (spaces or `<` between words) as tokens. */
export function mrzTokens(text: string): string[] {
  return text.toUpperCase().split(/[^A-Z]+/).filter(Boolean);
}

/**
 * True when the document's name agrees with the contact's: every token the contact gave, in order, at the
 * start of the document's tokens (documents often carry further given names), or the contact's spelling
 * cut where the MRZ truncated it.
 */
export function namesAgree(contactName: string, documentName: string, truncated = false): boolean {
  const doc = mrzTokens(documentName);
  if (doc.length === 0) return false;
  const joinedDoc = doc.join('');
  return mrzSpellings(contactName).some((tokens) => {
    if (tokens.length === 0) return false;
    if (tokens.every((t, i) => doc[i] === t)) return true;
    // Spacing differs between systems ("VAN DER BERG" / "VANDERBERG"); compare without separators.
    const joined = tokens.join('');
    if (joinedDoc === joined) return true;
    return truncated && joined.startsWith(joinedDoc) && joinedDoc.length >= 2;
  });
}
