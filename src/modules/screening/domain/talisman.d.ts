// talisman ships no type declarations: double metaphone (normalize.ts) and Jaro-Winkler (the reference jaro-winkler.test.ts checks jaro-winkler.ts against).
declare module 'talisman/metrics/jaro-winkler.js' {
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
declare module 'talisman/phonetics/double-metaphone.js' {
  const doubleMetaphone: (word: string) => [string, string];
  export default doubleMetaphone;
}
