/** One word of a name as a script reading gives it (scripts.ts and the per-script readers beside it). */
export interface ReadingWord {
  /** Lower-case ASCII. */
  text: string;
  /** Other spellings of the same word (other romanisation systems, other readings of a kanji). */
  alts?: string[];
  /** Latin spellings the word can have (arabic.ts). */
  pattern?: RegExp;
  /** A particle (bin, ibn): weak evidence on its own. */
  particle?: boolean;
  /**
   * A romanisation that writes the vowels (Korean, kana, pinyin): compared as a Latin spelling, without the
   * consonant-skeleton leniency that abjads need.
   */
  alphabetic?: boolean;
  /** One syllable of a name part written by syllable (Jong Un, Jin Ping): a different syllable is a different name, never a typo. */
  syllable?: boolean;
  /** The alternatives are other readings altogether (a kanji name's), not spellings near the text. */
  readings?: boolean;
}
