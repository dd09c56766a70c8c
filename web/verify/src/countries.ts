import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';

/**
 * Country names in the page's languages, from the same package whose list the server checks codes against
 * (i18n-iso-countries), so every code offered is one the server takes. Only the names of the languages the page
 * speaks are bundled (a few kilobytes each), not the library and its 80 locales.
 */
const NAMES: Record<string, Record<string, string | string[]>> = { en: en.countries, es: es.countries };

export interface CountryOption { code: string; name: string }

const cache = new Map<string, CountryOption[]>();

/** Every country as code and name in `lang` (English for a language without names), sorted as that language sorts. */
export function countryOptions(lang: string): CountryOption[] {
  const key = NAMES[lang] ? lang : 'en';
  let options = cache.get(key);
  if (!options) {
    const collator = new Intl.Collator(key);
    // A few countries have several names (official first, as the library's getName gives): the first is shown.
    options = Object.entries(NAMES[key]!).map(([code, name]) => ({ code, name: Array.isArray(name) ? name[0]! : name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(key, options);
  }
  return options;
}
