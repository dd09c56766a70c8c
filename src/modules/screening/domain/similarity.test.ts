/**
 * surelyDissimilar lets screening skip the string metrics of a pair: it may say so only of pairs whose
 * similarity is really under SURELY_BELOW. Checked on every pair of a set of name tokens with their typos,
 * swaps and other spellings, and on pairs it must leave to the metrics.
 */
import { describe, expect, it } from 'vitest';
import { normalizeName, type NameToken } from './normalize.ts';
import { SURELY_BELOW, surelyDissimilar, tokenSimilarity } from './similarity.ts';

const WORDS = `James John Jon Johan Robert Roberto Michael Mikhail William Bill David Dawid Mary Maria Mayra Marie
  Smith Smyth Schmidt Garcia Garsia Muller Müller Mueller Ivanov Ivanova Ivanovich Petrov Petrova Putin Putina
  Putinas Mohammed Muhammad Mohamed Ahmed Ahmad Ali Aliyev Hassan Hasan Hussein Karovi Karova Lokiseti Kalinga
  Wang Wong Chen Cheng Li Lee Nguyen Nguen Kim Gim Park Pak Sato Satoh O'Brien Obrien D'Souza Dsouza Al-Haddad
  Ltd Limited LLC GmbH Bank Banca Vladimir Wladimir Vladimirovich Xi Jinping Jin Ping Ng Ma Mao Ana Anna Ann`.split(/\s+/);

/** Each word, a letter dropped, two letters swapped and one changed: the typos screening must still weigh. */
function variants(w: string): string[] {
  const out = [w];
  if (w.length > 3) out.push(w.slice(0, 2) + w.slice(3), w.slice(0, 1) + w[2] + w[1] + w.slice(3), w.slice(0, -1) + 'x');
  return out;
}

const tokens: NameToken[] = WORDS.flatMap(variants).flatMap((w) => normalizeName(w).tokens);

describe('surelyDissimilar', () => {
  it('holds only for pairs whose similarity is under SURELY_BELOW, and does hold for most unrelated pairs', () => {
    let said = 0;
    let pairs = 0;
    for (const a of tokens) {
      for (const b of tokens) {
        pairs++;
        if (!surelyDissimilar(a, b)) continue;
        said++;
        expect(tokenSimilarity(a, b).score, `${a.text} / ${b.text}`).toBeLessThan(SURELY_BELOW);
      }
    }
    // Unrelated names share few letters: the bound must spare the metrics for a good part of the pairs.
    expect(said).toBeGreaterThan(pairs / 4);
  });

  it('leaves typos, other spellings and recorded equivalents to the metrics', () => {
    const tok = (s: string) => normalizeName(s).tokens[0]!;
    for (const [a, b] of [['Putin', 'Putni'], ['Smith', 'Smyth'], ['Bill', 'William'], ['Muller', 'Müller'], ['Ltd', 'Limited']] as const) {
      expect(surelyDissimilar(tok(a), tok(b)), `${a} / ${b}`).toBe(false);
    }
  });

  it('bounds two given names that are not recorded equivalents (a query\'s given name meets most candidates\' given names)', () => {
    const tok = (s: string) => normalizeName(s).tokens[0]!;
    for (const [a, b] of [['John', 'Mary'], ['James', 'Peter']] as const) {
      expect(tok(a).given && tok(b).given, `${a} and ${b} are given names`).toBeTruthy();
      expect(surelyDissimilar(tok(a), tok(b)), `${a} / ${b}`).toBe(true);
      expect(tokenSimilarity(tok(a), tok(b)).score).toBeLessThan(SURELY_BELOW);
    }
  });

  it('bounds names made of the same letters in another order by their edit similarity', () => {
    // Every letter shared, so the bound from shared characters alone is 1: only the edit similarity says no.
    const tok = (s: string) => normalizeName(s).tokens[0]!;
    for (const [a, b] of [['Karovita', 'Tavikaro'], ['Lomiseta', 'Setalomi'], ['Kalorami', 'Ramikalo']] as const) {
      expect(surelyDissimilar(tok(a), tok(b)), `${a} / ${b}`).toBe(true);
      expect(tokenSimilarity(tok(a), tok(b)).score).toBeLessThan(SURELY_BELOW);
    }
  });

  it('holds only for pairs under SURELY_BELOW among names made of syllables, which share most of their letters', () => {
    const syllables = 'ka ro mi ta se lo vi an de bo'.split(' ');
    const made: NameToken[] = [];
    for (const x of syllables) for (const y of syllables) for (const z of ['ta', 'vi', 'ro']) made.push(normalizeName(x + y + z).tokens[0]!);
    let said = 0;
    for (const a of made) {
      for (const b of made) {
        if (!surelyDissimilar(a, b)) continue;
        said++;
        expect(tokenSimilarity(a, b).score, `${a.text} / ${b.text}`).toBeLessThan(SURELY_BELOW);
      }
    }
    expect(said).toBeGreaterThan(made.length * made.length / 2);
  });

  it('says the same whichever order the pairs come in (it keeps the character counts of the last few first tokens)', () => {
    // Row by row (a token's counts reused across its row, as screening calls it), then column by column
    // (a new first token on every call, more than it keeps): the answers must agree pair by pair.
    const rows = tokens.map((a) => tokens.map((b) => surelyDissimilar(a, b)));
    for (let j = 0; j < tokens.length; j++) {
      for (let i = 0; i < tokens.length; i++) expect(surelyDissimilar(tokens[i]!, tokens[j]!), `${tokens[i]!.text} / ${tokens[j]!.text}`).toBe(rows[i]![j]);
    }
  });
});
