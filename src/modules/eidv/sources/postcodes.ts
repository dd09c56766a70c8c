import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { foldPostcode, normalPostcode } from '../domain/address.ts';

export type PostcodeAnswer = 'LIVE' | 'TERMINATED' | 'UNKNOWN' | 'BAD_FORMAT';

export interface PostcodeDirectory {
  readonly size: number;
  /** A postcode's standing: in use, terminated (`doterm` set), not in the directory, or not a UK postcode's format. */
  lookup(postcode: string): PostcodeAnswer;
}

/**
 * The ONS Postcode Directory (ONSPD, open data under the Open Government Licence), read from the CSV the operator
 * downloads (`EIDV_POSTCODE_DIRECTORY`, e.g. Data/ONSPD_FEB_2025_UK.csv). Only the postcode columns are kept: `pcds`
 * (or `pcd`, `pcd7`, `pcd8` in other releases) and `doterm`, the month a postcode was terminated (empty while in
 * use). Streamed row by row: the full file is about 2.7 million rows; the set kept is the folded postcodes only.
 */
export async function loadPostcodeDirectory(file: string): Promise<PostcodeDirectory> {
  const live = new Set<string>();
  const terminated = new Set<string>();
  const parser = createReadStream(file).pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, relax_column_count: true }));
  let checked = false;
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    if (!checked) {
      if (!['pcds', 'pcd', 'pcd7', 'pcd8'].some((c) => c in row)) throw new Error(`${file} is not an ONS Postcode Directory CSV (no pcds or pcd column)`);
      checked = true;
    }
    const postcode = foldPostcode(row.pcds ?? row.pcd ?? row.pcd7 ?? row.pcd8 ?? '');
    if (!postcode) continue;
    if ((row.doterm ?? '').trim()) terminated.add(postcode);
    else live.add(postcode);
  }
  return {
    size: live.size + terminated.size,
    lookup(postcode: string): PostcodeAnswer {
      if (!normalPostcode(postcode)) return 'BAD_FORMAT';
      const folded = foldPostcode(postcode);
      return live.has(folded) ? 'LIVE' : terminated.has(folded) ? 'TERMINATED' : 'UNKNOWN';
    },
  };
}

/** Without the directory only the format is known: a well-formed postcode is not called unknown. */
export const formatOnlyDirectory: PostcodeDirectory = {
  size: 0,
  lookup: (postcode) => (normalPostcode(postcode) ? 'LIVE' : 'BAD_FORMAT'),
};
