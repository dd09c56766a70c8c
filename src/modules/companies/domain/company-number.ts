/**
 * UK company registration numbers as Companies House writes them: eight characters, digits zero-padded on the
 * left, or a two-letter prefix (SC Scotland, NI Northern Ireland, OC/SO/NC LLPs, LP/SL/NL limited partnerships,
 * FC/SF/NF overseas companies, R0 old Northern Irish, ...) and six digits.
 */
const PREFIXED = /^([A-Z]{2}|R0)(\d{1,6})$/;

/** The number in register form ("12345" → "00012345", "sc 1234" → "SC001234"), or undefined when it cannot be one. */
export function normaliseCompanyNumber(input: string): string | undefined {
  const text = input.toUpperCase().replace(/[\s.\-/]/g, '');
  if (/^\d{1,8}$/.test(text)) return text.padStart(8, '0');
  const m = PREFIXED.exec(text);
  if (m) return `${m[1]}${m[2]!.padStart(6, '0')}`;
  return undefined;
}
