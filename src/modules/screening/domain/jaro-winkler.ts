/**
 * Jaro-Winkler as talisman 1.1.4 computes it (metrics/jaro.js, metrics/jaro-winkler.js: boost threshold 0.7,
 * scaling 0.1, prefix up to 4), to the last bit, without allocating: talisman builds four arrays per call,
 * and screening calls it for every new token pair of every query (ADR 0216). The npm packages that could
 * replace it compute other variants (another match window, no boost threshold) and allocate as well; they
 * would change scores.
 * jaro-winkler.test.ts checks this one against talisman's on many pairs.
 */

/** Scratch, grown as needed: which characters of the longer string are matched, which of the shorter. */
let matchedLong = new Uint8Array(64);
let matchedShort = new Uint8Array(64);

function jaro(a: string, b: string): number {
  if (a === b) return 1;
  // talisman: the longer string is `max`, `b` when both are as long.
  const short = a.length > b.length ? b : a;
  const long = a.length > b.length ? a : b;
  const ls = short.length;
  const ll = long.length;
  if (ll > matchedLong.length) matchedLong = new Uint8Array(ll * 2);
  if (ls > matchedShort.length) matchedShort = new Uint8Array(ls * 2);
  const range = Math.max(((ll / 2) | 0) - 1, 0);
  let matches = 0;
  for (let i = 0; i < ls; i++) {
    const c = short.charCodeAt(i);
    const end = Math.min(i + range + 1, ll);
    for (let j = Math.max(i - range, 0); j < end; j++) {
      if (matchedLong[j] === 0 && c === long.charCodeAt(j)) {
        matchedShort[i] = 1;
        matchedLong[j] = 1;
        matches++;
        break;
      }
    }
  }
  // Transpositions: the matched characters of each string, in order, compared pairwise; the flags are
  // cleared on the way so the scratch is clean for the next call.
  let transpositions = 0;
  let j = 0;
  for (let i = 0; i < ls; i++) {
    if (matchedShort[i] === 0) continue;
    matchedShort[i] = 0;
    while (matchedLong[j] === 0) j++;
    matchedLong[j] = 0;
    if (short.charCodeAt(i) !== long.charCodeAt(j)) transpositions++;
    j++;
  }
  if (matches === 0) return 0;
  const t = (transpositions / 2) | 0;
  const m = matches;
  // The same operations in the same order as talisman, so the same floating-point result.
  return (m / a.length + m / b.length + (m - t) / m) / 3;
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const dj = jaro(a, b);
  if (dj < 0.7) return dj;
  const prefixLimit = Math.min(a.length, b.length, 4);
  let l = 0;
  for (let i = 0; i < prefixLimit; i++) {
    if (a.charCodeAt(i) === b.charCodeAt(i)) l++;
    else break;
  }
  return dj + l * 0.1 * (1 - dj);
}
