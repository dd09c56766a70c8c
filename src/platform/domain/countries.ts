import countries from 'i18n-iso-countries';

/** ISO 3166-1 alpha-2, upper case. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** ISO 3166-1 alpha-3 (as MRZs use), with the ICAO extras that are not countries. */
const ICAO_EXTRA = new Set(['D', 'GBD', 'GBN', 'GBO', 'GBP', 'GBS', 'UNO', 'UNA', 'UNK', 'XXA', 'XXB', 'XXC', 'XXX', 'EUE', 'XOM', 'XPO', 'XCC', 'XES', 'XIM', 'XDC', 'XBA', 'RKS']);
export function isAlpha3CountryOrIcaoCode(code: string): boolean {
  return ICAO_EXTRA.has(code) || (/^[A-Z]{3}$/.test(code) && countries.isValid(code));
}

export function alpha3ToAlpha2(code: string): string | undefined {
  if (code === 'D') return 'DE';
  return countries.alpha3ToAlpha2(code) ?? undefined;
}
