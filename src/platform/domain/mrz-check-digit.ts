/** ICAO 9303 part 3, 4.9: check digits over MRZ characters with the repeating weights 7, 3, 1. Shared: the documents module reads printed MRZs with it, the biometrics module compares a chip's DG1 with one. */

const WEIGHTS = [7, 3, 1] as const;

/** Value of one MRZ character: digits as themselves, A=10 ... Z=35, the filler `<` as 0; other characters: undefined. */
export function charValue(ch: string): number | undefined {
  if (ch === '<') return 0;
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return undefined;
}

/** The check digit of `text`, or undefined when it holds a character the MRZ alphabet does not have. */
export function checkDigit(text: string): number | undefined {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const v = charValue(text[i]!);
    if (v === undefined) return undefined;
    sum += v * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

/**
 * True when `digit` is the check digit of `text`. ICAO allows `<` as the check digit of an all-filler
 * optional field (value 0), so `<` counts as 0 only when the field is all filler.
 */
export function isCheckDigitValid(text: string, digit: string): boolean {
  const expected = checkDigit(text);
  if (expected === undefined) return false;
  if (digit === '<') return /^<*$/.test(text);
  return digit === String(expected);
}
