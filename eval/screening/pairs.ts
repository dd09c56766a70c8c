/**
 * Labelled name pairs: the rows of names/ofac_fixtures.csv (query, result, OFAC's score), labelled by us,
 * and every pair of the 81 spellings in names/putin_names.txt (all the same person).
 *
 * The labels are ours, not OFAC's (its score is a similarity, not a verdict), and only row numbers are kept
 * here so that the shared data is never copied into the repository. The rule: a pair is the same name when
 * every word of the query is the same name (spelling, transliteration or a typo of it) as a word of the
 * result, and the result adds at most middle names, patronymics, second surnames, particles or titles. So
 * `VLADIMIR PUTIN` ~ `PUTIN, Vladimir Vladimirovich` and `AL-QAEDA` ~ `AL QA'IDA` are the same name; a surname
 * alone against a full name (`PUTIN` / `PUTIN, Vladimir`), a person against an organisation named after them
 * (`KIM IL SUNG MILITARY UNIVERSITY`), and another given name (`KIM, Jong Sik`) are not. The labels were set
 * from that rule before the matcher was run on them, and no threshold or constant is chosen on them.
 */
import crypto from 'node:crypto';

/** sha256 of the ofac_fixtures.csv the labels were made for: another file makes the labels meaningless. */
export const OFAC_FIXTURES_SHA256 = '51db29d10b7c1b783ae9ba3eae910f312fd7fccac225dd89b3b538ae2c6df498';
/** 1-based data row numbers (header excluded) labelled the same name. */
export const OFAC_SAME_NAME_ROWS = new Set([1, 2, 13, 14, 20, 21, 24, 25, 53, 54, 55, 58, 59, 60, 62, 86, 88, 89, 90, 91, 94, 95, 117, 134, 135, 151, 152, 153, 154, 163]);

export function checkFixtures(csv: string): boolean {
  return crypto.createHash('sha256').update(csv).digest('hex') === OFAC_FIXTURES_SHA256;
}

export interface PairOutcome {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export function f1(o: PairOutcome): { precision: number; recall: number; f1: number } {
  const precision = o.tp + o.fp === 0 ? 1 : o.tp / (o.tp + o.fp);
  const recall = o.tp + o.fn === 0 ? 1 : o.tp / (o.tp + o.fn);
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

export function add(o: PairOutcome, label: boolean, predicted: boolean): void {
  if (label && predicted) o.tp++;
  else if (label) o.fn++;
  else if (predicted) o.fp++;
  else o.tn++;
}
