/**
 * normalize.ts keeps what it works out from a word's text (WordFacts) across calls: a token must come out the
 * same whether its word was met before or not, and what depends on more than the text (transliterated or not)
 * must not be taken from the earlier call.
 */
import { describe, expect, it } from 'vitest';
import { normalizeName } from './normalize.ts';

describe('normalizeName, a word met again', () => {
  it('gives the same tokens the second time as the first', () => {
    for (const name of ['Vladimir Vladimirovich PUTIN', 'Abd el Rahman Al-Haddad', 'Gazprom Neft OOO', 'Bill Smith', 'V. V. Putin']) {
      const first = normalizeName(name);
      expect(normalizeName(name), name).toEqual(first);
    }
  });

  it('takes the transliterated flag from the call, not from the word met before', () => {
    const latin = normalizeName('Vladimir Ivanov').tokens;
    const cyrillic = normalizeName('Владимир Иванов').tokens;
    expect(cyrillic.map((t) => t.text)).toEqual(latin.map((t) => t.text));
    expect(cyrillic.every((t) => t.translit && t.particlePrefix)).toBe(true);
    expect(normalizeName('Vladimir Ivanov').tokens.some((t) => t.translit || t.particlePrefix)).toBe(false);
  });
});
