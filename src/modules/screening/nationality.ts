/**
 * Nationality codes of identity documents for screening. i18n-iso-countries knows ISO 3166 alpha-3; ICAO
 * 9303 adds its own codes, handled here.
 */
import countries from 'i18n-iso-countries';

/**
 * ISO alpha-2 for the nationality an ICAO 9303 MRZ states (alpha-3, with ICAO's own codes): `D` is Germany,
 * the British national categories (GBD, GBN, GBO, GBP, GBS) are GB; stateless, refugee and unspecified
 * (XXA, XXB, XXC, XXX) and the specimen state UTO are no nationality.
 */
export function mrzNationality(code: string | undefined | null): string | undefined {
  const c = (code ?? '').replace(/</g, '').trim().toUpperCase();
  if (c === 'D') return 'DE';
  if (/^GB[DNOPS]$/.test(c)) return 'GB';
  if (!/^[A-Z]{3}$/.test(c) || /^XX[ABCX]$/.test(c) || c === 'UTO') return undefined;
  return countries.alpha3ToAlpha2(c) ?? undefined;
}
