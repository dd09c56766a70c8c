/**
 * Text every request field must be free of, whatever the field (one rule, applied by the validator to every
 * string and key of every JSON request part). Refused rather than normalised: silently dropping characters
 * changes what the caller stored without telling them, and a name that differs from what was sent is worse in
 * a KYC record than an answer that says which field to fix.
 *
 * - U+0000: PostgreSQL text cannot hold it.
 * - Other control characters (C0 but TAB, LF and CR; DEL; C1): no name, address or note needs them, and they
 *   reach logs, CSV exports and terminals.
 * - Lone surrogates (U+D800 to U+DFFF not in a pair): not Unicode text; they break encoders downstream.
 * - Bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069): they make a name
 *   display differently from how it is stored and compared (U+202E turns "Ada" into something else on screen).
 * - Invisible characters that only hide a difference (U+200B zero-width space, U+2060 word joiner, U+FEFF):
 *   "Vladimir\u200BPutin" must not slip past screening. Zero-width joiners (U+200C, U+200D) are legitimate
 *   in Persian, Indic and emoji text and are kept.
 */
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]|\p{Cs}/u;

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why this text is refused (naming the first offending character), or undefined when it is acceptable. */
export function unsafeTextProblem(text: string): string | undefined {
  const found = UNSAFE.exec(text);
  if (!found) return undefined;
  const code = found[0].codePointAt(0)!;
  if (code === 0) return 'must not contain the NUL character (\\u0000)';
  if (code >= 0xd800 && code <= 0xdfff) return `must not contain a lone surrogate (${hex(code)}): it is not valid Unicode text`;
  if (code <= 0x9f) return `must not contain the control character ${hex(code)}`;
  if (code === 0x200b || code === 0x2060 || code === 0xfeff) return `must not contain the invisible character ${hex(code)}`;
  return `must not contain the bidirectional control character ${hex(code)}`;
}
