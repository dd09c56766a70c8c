/**
 * Controlled perturbations of listed names for the evaluation, each a kind the matcher claims to handle.
 * Seeded, so every run builds the same labelled set.
 */
export type Rng = () => number;

/** mulberry32: small, seeded, good enough to sample test cases. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(r: Rng, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

export type Kind = 'exact' | 'typo' | 'swapped_tokens' | 'dropped_middle' | 'last_first' | 'spelling_variant' | 'cyrillic' | 'case_diacritics';

export const KINDS: Kind[] = ['exact', 'typo', 'swapped_tokens', 'dropped_middle', 'last_first', 'spelling_variant', 'cyrillic', 'case_diacritics'];

/** "LAST, First Middle" to tokens in reading order (First Middle LAST), the way people type names. */
export function readingOrder(name: string): string[] {
  const m = /^([^,]+),\s*(.+)$/.exec(name);
  const ordered = m ? `${m[2]} ${m[1]}` : name;
  return ordered.split(/\s+/).filter(Boolean);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One keyboard-style edit (substitute, delete, insert, transpose) in one token of 4+ letters. */
function typo(r: Rng, tokens: string[]): string[] | undefined {
  const candidates = tokens.map((t, i) => [t, i] as const).filter(([t]) => /^[A-Za-z]{4,}$/.test(t));
  if (candidates.length === 0) return undefined;
  const [token, index] = pick(r, candidates);
  const pos = 1 + Math.floor(r() * (token.length - 2));
  const op = Math.floor(r() * 4);
  const c = pick(r, [...LETTERS]);
  let out: string;
  if (op === 0) out = token.slice(0, pos) + c + token.slice(pos + 1);
  else if (op === 1) out = token.slice(0, pos) + token.slice(pos + 1);
  else if (op === 2) out = token.slice(0, pos) + c + token.slice(pos);
  else out = token.slice(0, pos) + token[pos + 1] + token[pos] + token.slice(pos + 2);
  if (out.toLowerCase() === token.toLowerCase()) return undefined;
  const copy = [...tokens];
  copy[index] = out;
  return copy;
}

const VARIANTS: Array<[RegExp, string]> = [
  [/ph/i, 'f'],
  [/v/i, 'w'],
  [/w/i, 'v'],
  [/ou/i, 'u'],
  [/u/i, 'ou'],
  [/y/i, 'i'],
  [/i(?=[aeou])/i, 'y'],
  [/kh/i, 'h'],
  [/sh/i, 'sch'],
  [/ch/i, 'tch'],
  [/ee/i, 'i'],
  [/k/i, 'c'],
  [/c(?=[aou])/i, 'k'],
  [/j/i, 'dj'],
  [/ss/i, 's'],
  [/mm/i, 'm'],
];

/** One transliteration-style spelling change (v/w, ph/f, ou/u, kh/h, sh/sch, ...) somewhere in the name. */
function spelling(r: Rng, tokens: string[]): string[] | undefined {
  const joined = tokens.join(' ');
  const options = VARIANTS.filter(([re]) => re.test(joined));
  if (options.length === 0) return undefined;
  const [re, to] = pick(r, options);
  return joined.replace(re, (m) => (m === m.toUpperCase() ? to.toUpperCase() : to)).split(' ');
}

const TO_CYRILLIC: Array<[string, string]> = [
  ['shch', 'щ'], ['sch', 'ш'], ['kh', 'х'], ['zh', 'ж'], ['ts', 'ц'], ['ch', 'ч'], ['sh', 'ш'], ['yu', 'ю'], ['ya', 'я'], ['yo', 'ё'],
  ['a', 'а'], ['b', 'б'], ['v', 'в'], ['w', 'в'], ['g', 'г'], ['d', 'д'], ['e', 'е'], ['z', 'з'], ['i', 'и'], ['y', 'й'], ['j', 'дж'],
  ['k', 'к'], ['q', 'к'], ['c', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'], ['t', 'т'],
  ['u', 'у'], ['f', 'ф'], ['h', 'х'], ['x', 'кс'],
];

/** The name written in Cyrillic letters, as a Russian-speaking clerk would (the query is then non-Latin). */
export function toCyrillic(name: string): string {
  let s = name.toLowerCase();
  let out = '';
  outer: while (s.length > 0) {
    for (const [lat, cyr] of TO_CYRILLIC) {
      if (s.startsWith(lat)) {
        out += cyr;
        s = s.slice(lat.length);
        continue outer;
      }
    }
    out += s[0];
    s = s.slice(1);
  }
  return out;
}

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ', c: 'ç', s: 'ş' };

function caseAndDiacritics(r: Rng, tokens: string[]): string[] {
  return tokens.map((t) => {
    const lower = t.toLowerCase();
    const accented = [...lower].map((ch) => (ACCENTS[ch] && r() < 0.3 ? ACCENTS[ch] : ch)).join('');
    return r() < 0.5 ? accented.toUpperCase() : accented[0]!.toUpperCase() + accented.slice(1);
  });
}

/** The query for one kind of perturbation, or undefined when the kind does not apply to this name. */
export function perturb(kind: Kind, name: string, r: Rng, person = true): string | undefined {
  const tokens = readingOrder(name);
  switch (kind) {
    case 'exact':
      return name;
    case 'typo':
      return typo(r, tokens)?.join(' ');
    case 'swapped_tokens': {
      if (tokens.length < 2) return undefined;
      const i = Math.floor(r() * (tokens.length - 1));
      const copy = [...tokens];
      [copy[i], copy[i + 1]] = [copy[i + 1]!, copy[i]!];
      return copy.join(' ');
    }
    case 'dropped_middle':
      // Middle names are a thing of people; dropping a word from a company name changes the name.
      return person && tokens.length >= 3 ? [tokens[0], ...tokens.slice(2)].join(' ') : undefined;
    case 'last_first':
      return person && tokens.length >= 2 ? `${tokens[tokens.length - 1]}, ${tokens.slice(0, -1).join(' ')}` : undefined;
    case 'spelling_variant':
      return spelling(r, tokens)?.join(' ');
    case 'cyrillic':
      return /^[A-Za-z\s'-]+$/.test(tokens.join(' ')) ? toCyrillic(tokens.join(' ')) : undefined;
    case 'case_diacritics':
      return caseAndDiacritics(r, tokens).join(' ');
  }
}
