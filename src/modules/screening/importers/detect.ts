/**
 * Which importer reads a file: by name for OFAC's CSV sets (they have no header), by the root element for
 * XML, by the header for the HMT CSV, by the first record for JSON lines. Pure: takes names and contents.
 */
import type { ListedEntity } from '../domain/entity.ts';
import { parseHmtCsv } from './hmt-csv.ts';
import { parseOfacCsv, type OfacCsvFiles } from './ofac-csv.ts';
import { parseUkSanctionsListCsv, parseUkSanctionsListXml } from './uk-sanctions-list.ts';
import { parseFtm, parseSenzing } from './opensanctions.ts';
import { parseEuXml, parseOfacXml, parseUnXml, parseXml } from './xml.ts';

export type ListFormat = 'ofac_sdn_csv' | 'ofac_cons_csv' | 'ofac_xml' | 'un_xml' | 'eu_xml' | 'hmt_csv' | 'uk_sl_xml' | 'uk_sl_csv' | 'ftm_json' | 'senzing_json';

/** The default list id per format; the loader adds a suffix when one load has two lists of one format. */
export const DEFAULT_LIST_ID: Record<ListFormat, string> = {
  ofac_sdn_csv: 'us_ofac_sdn',
  ofac_cons_csv: 'us_ofac_cons',
  ofac_xml: 'us_ofac_sdn',
  un_xml: 'un_sc_sanctions',
  eu_xml: 'eu_fsf',
  hmt_csv: 'gb_hmt_sanctions',
  uk_sl_xml: 'gb_fcdo_sanctions',
  uk_sl_csv: 'gb_fcdo_sanctions',
  ftm_json: 'opensanctions',
  senzing_json: 'opensanctions',
};

export const OFAC_SDN_FILES = { primary: 'sdn.csv', alternates: 'alt.csv', addresses: 'add.csv', comments: 'sdn_comments.csv' } as const;
export const OFAC_CONS_FILES = { primary: 'cons_prim.csv', alternates: 'cons_alt.csv', addresses: 'cons_add.csv', comments: 'cons_comments.csv' } as const;

/** The format of one file from its name and first bytes, or undefined when it is not a list file. */
export function detectFormat(fileName: string, head: string): ListFormat | undefined {
  const name = fileName.toLowerCase();
  if (name === 'sdn.csv') return 'ofac_sdn_csv';
  if (name === 'cons_prim.csv') return 'ofac_cons_csv';
  if (name.endsWith('.xml')) {
    if (/<sdnList\b/.test(head)) return 'ofac_xml';
    if (/<CONSOLIDATED_LIST\b/.test(head)) return 'un_xml';
    if (/<Designations\b/.test(head) || /<Designation>\s*<(LastUpdated|UniqueID|DateDesignated)>/.test(head)) return 'uk_sl_xml';
    if (/<export\b[^>]*fsd/.test(head) || /<export\b/.test(head)) return 'eu_xml';
    return undefined;
  }
  // The UK Sanctions List's header has "OFSI Group ID" too: "Unique ID" tells it from OFSI's ConList.
  if (name.endsWith('.csv') && /Name 6/.test(head) && /Unique ID/i.test(head)) return 'uk_sl_csv';
  if (name.endsWith('.csv') && /Name 6/.test(head) && /Group ID/.test(head)) return 'hmt_csv';
  if (/\.(json|jsonl|ndjson)$/.test(name)) {
    const first = head.split('\n', 1)[0] ?? '';
    if (/"RECORD_ID"/.test(first) && /"DATA_SOURCE"|"RECORD_TYPE"/.test(first)) return 'senzing_json';
    if (/"schema"\s*:/.test(first) && /"id"\s*:/.test(first)) return 'ftm_json';
  }
  return undefined;
}

/** Parses one list; for the OFAC CSV sets `contents` holds the companion files too. */
export function parseList(format: ListFormat, listId: string, main: string, companions: Partial<Omit<OfacCsvFiles, 'primary'>> = {}): ListedEntity[] {
  switch (format) {
    case 'ofac_sdn_csv':
    case 'ofac_cons_csv':
      return parseOfacCsv(listId, { primary: main, ...companions });
    case 'ofac_xml':
      return parseOfacXml(listId, parseXml(main));
    case 'un_xml':
      return parseUnXml(listId, parseXml(main));
    case 'eu_xml':
      return parseEuXml(listId, parseXml(main));
    case 'hmt_csv':
      return parseHmtCsv(listId, main);
    case 'uk_sl_xml':
      return parseUkSanctionsListXml(listId, main);
    case 'uk_sl_csv':
      return parseUkSanctionsListCsv(listId, main);
    case 'ftm_json':
      return parseFtm(listId, main);
    case 'senzing_json':
      return parseSenzing(listId, main);
  }
}
