/**
 * Where the lists come from. Production downloads the publishers' own files from these addresses on a
 * schedule (the refresh job); tests and air-gapped installs point SCREENING_LISTS at local files or
 * folders instead. OpenSanctions data is licensed (CC BY-NC for non-commercial use): an operator loads
 * their own licensed copy, the product never bundles it.
 */
import type { ListFormat } from './importers/detect.ts';

export interface ListSource {
  id: string;
  publisher: string;
  format: ListFormat;
  /** Files to download; for OFAC CSV sets the companions sit beside the primary file. */
  urls: string[];
  /** Whether a licence or a token is needed to fetch it. */
  note?: string;
}

export const OFFICIAL_SOURCES: readonly ListSource[] = [
  {
    id: 'us_ofac_sdn',
    publisher: 'US Treasury OFAC, Specially Designated Nationals',
    format: 'ofac_xml',
    urls: ['https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML'],
  },
  {
    id: 'us_ofac_cons',
    publisher: 'US Treasury OFAC, consolidated non-SDN lists',
    format: 'ofac_xml',
    urls: ['https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONSOLIDATED.XML'],
  },
  {
    id: 'un_sc_sanctions',
    publisher: 'United Nations Security Council consolidated list',
    format: 'un_xml',
    urls: ['https://scsanctions.un.org/resources/xml/en/consolidated.xml'],
  },
  {
    id: 'eu_fsf',
    publisher: 'European Union Financial Sanctions Files',
    format: 'eu_xml',
    urls: ['https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=<your token>'],
    note: 'needs the free token from the EU FSF site',
  },
  {
    id: 'gb_hmt_sanctions',
    publisher: 'UK HM Treasury OFSI consolidated list',
    format: 'hmt_csv',
    urls: ['https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv'],
  },
  {
    id: 'opensanctions_peps',
    publisher: 'OpenSanctions politically exposed persons',
    format: 'ftm_json',
    urls: ['https://data.opensanctions.org/datasets/latest/peps/entities.ftm.json'],
    note: 'CC BY-NC 4.0: commercial use needs an OpenSanctions licence',
  },
];

/** SCREENING_LISTS: comma-separated paths (files, folders, zips), each optionally `id=path`. */
export function listPathsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return (env.SCREENING_LISTS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}
