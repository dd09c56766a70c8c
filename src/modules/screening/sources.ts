/**
 * Where the lists come from. Production downloads the publishers' own files from these addresses on a
 * schedule (the refresh job); tests and air-gapped installs point SCREENING_LISTS at local files or
 * folders instead. OpenSanctions data is licensed (CC BY-NC for non-commercial use): an operator loads
 * their own licensed copy, the product never bundles it.
 */
import type { ListFormat } from './importers/detect.ts';
import { FORMAT_EXTENSION } from './sources.fetch.ts';

export interface ListSource {
  id: string;
  publisher: string;
  /** Unknown for an operator's own `id=url` source: the loader recognises the file then. */
  format?: ListFormat;
  /** Files to download; for OFAC CSV sets the companions sit beside the primary file. */
  urls: string[];
  /** Whether a licence or a token is needed to fetch it. */
  note?: string;
  /** Downloaded by a fresh install without any setting (DEFAULT_SOURCE_IDS). */
  byDefault?: boolean;
}

export const OFFICIAL_SOURCES: readonly ListSource[] = [
  {
    id: 'us_ofac_sdn',
    publisher: 'US Treasury OFAC, Specially Designated Nationals',
    format: 'ofac_xml',
    urls: ['https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML'],
    byDefault: true,
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
    byDefault: true,
  },
  {
    id: 'eu_fsf',
    publisher: 'European Union Financial Sanctions Files',
    format: 'eu_xml',
    // The EU's own open-data catalogue (data.europa.eu, dataset "Consolidated list of persons, groups and entities
    // subject to EU financial sanctions") publishes this address with this public token; open-source screening
    // tools use the same one. If the EU withdraws it, the source fails visibly (status `error`) and the operator
    // gives `eu_fsf=URL` with the token of their own FSF account (ADR 0099).
    urls: ['https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw'],
    note: 'the public token the EU publishes on data.europa.eu; eu_fsf=URL gives your own FSF token instead',
    byDefault: true,
  },
  {
    id: 'gb_fcdo_sanctions',
    publisher: 'UK Sanctions List (FCDO), the single UK list since 28 January 2026',
    format: 'uk_sl_xml',
    urls: ['https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml'],
    note: 'also published as UK-Sanctions-List.csv at the same address; the XML is preferred (one element per designation)',
    byDefault: true,
  },
  {
    id: 'gb_hmt_sanctions',
    publisher: 'UK HM Treasury OFSI consolidated list',
    format: 'hmt_csv',
    urls: ['https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv'],
    note: 'OFSI stopped updating the consolidated list when the UK Sanctions List replaced it (January 2026): prefer gb_fcdo_sanctions',
  },
  {
    id: 'opensanctions_peps',
    publisher: 'OpenSanctions politically exposed persons',
    format: 'ftm_json',
    urls: ['https://data.opensanctions.org/datasets/latest/peps/entities.ftm.json'],
    note: 'CC BY-NC 4.0: commercial use needs an OpenSanctions licence',
  },
];

/** The official free sources a fresh install downloads without any setting: OFAC SDN, UN, UK Sanctions List, EU FSF. */
export const DEFAULT_SOURCE_IDS: readonly string[] = OFFICIAL_SOURCES.filter((s) => s.byDefault).map((s) => s.id);

/**
 * The one rule for which sources are downloaded (ADR 0099), from the raw settings:
 * - `SCREENING_SOURCES=none`: nothing is downloaded;
 * - `SCREENING_SOURCES=a,b,...`: exactly those;
 * - unset (or empty) with `SCREENING_LISTS` set: nothing (an air-gapped install that manages its own files);
 * - unset with no `SCREENING_LISTS`: the official free sources (DEFAULT_SOURCE_IDS).
 */
export function sourceEntriesFromSettings(settings: { sources?: string; lists?: string }): string[] {
  const raw = (settings.sources ?? '').trim();
  if (raw.toLowerCase() === 'none') return [];
  if (raw) return raw.split(',').map((e) => e.trim()).filter(Boolean);
  return (settings.lists ?? '').trim() ? [] : [...DEFAULT_SOURCE_IDS];
}

/** SCREENING_LISTS: comma-separated paths (files, folders, zips), each optionally `id=path`. */
export function listPathsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return (env.SCREENING_LISTS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * SCREENING_SOURCES: comma-separated sources to download on the refresh schedule. An entry is the id of an
 * official source (`us_ofac_sdn`, `un_sc_sanctions`, `gb_fcdo_sanctions`, ...), `id=url` (an official id
 * with another address, such as the EU FSF address with your token, or a list of your own whose format is
 * recognised after download) or `id=url1|url2|...` for a set of files (OFAC's CSV set).
 */
export function parseSourcesSetting(raw: string | readonly string[], official: readonly ListSource[] = OFFICIAL_SOURCES): ListSource[] {
  const entries = (typeof raw === 'string' ? raw.split(',') : raw).map((e) => e.trim()).filter(Boolean);
  const out: ListSource[] = [];
  for (const entry of entries) {
    const m = /^([a-z0-9_]+)(?:=(.+))?$/.exec(entry);
    if (!m) throw new Error(`SCREENING_SOURCES: "${entry}" is neither a source id nor id=url`);
    const id = m[1]!;
    const known = official.find((s) => s.id === id);
    if (out.some((s) => s.id === id)) throw new Error(`SCREENING_SOURCES: source "${id}" is named twice`);
    if (!m[2]) {
      if (!known) throw new Error(`SCREENING_SOURCES: unknown source "${id}"; known: ${official.map((s) => s.id).join(', ')}; or give id=url`);
      if (known.urls.some((u) => u.includes('<'))) throw new Error(`SCREENING_SOURCES: source "${id}" ${known.note ?? 'needs an address of your own'}: give ${id}=url`);
      out.push(known);
      continue;
    }
    const urls = m[2].split('|').map((u) => u.trim());
    for (const u of urls) {
      let parsed: URL;
      try {
        parsed = new URL(u);
      } catch {
        throw new Error(`SCREENING_SOURCES: "${id}" has an invalid URL`);
      }
      if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error(`SCREENING_SOURCES: "${id}" must be an http or https URL`);
    }
    // An official id keeps its format for a single file whose name does not say otherwise (the EU's
    // `.../content?token=` says nothing); a set of files, a zip or another format is recognised on disk.
    const ext = /\.(xml|csv|json|jsonl|ndjson|zip)$/i.exec(new URL(urls[0]!).pathname)?.[1]?.toLowerCase();
    const keep = known?.format && urls.length === 1 && (!ext || ext === FORMAT_EXTENSION[known.format]);
    out.push({ id, publisher: known?.publisher ?? id, ...(keep ? { format: known.format } : {}), urls });
  }
  return out;
}
