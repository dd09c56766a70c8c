/**
 * `kyc screen`, `kyc compare`, `kyc lists load|diff|sources|fetch`. JSON lines in, JSON lines out, so a whole customer
 * base can be piped through: `cat contacts.jsonl | npx kyc screen --lists ../shared/data/lists`.
 */
import readline from 'node:readline';
import { parse, UsageError } from '../../platform/cli.ts';
import { diffEntities } from './domain/versions.ts';
import { loadLists, type LoadedList } from './lists.loader.ts';
import { decide } from './domain/outcome.ts';
import { createScreeningService, NoListsLoadedError, type ScreenedMatch } from './screening.service.ts';
import { bestPerEntity } from './domain/several-names.ts';
import path from 'node:path';
import { listPathsFromEnv, OFFICIAL_SOURCES, parseSourcesSetting, sourceEntriesFromSettings } from './sources.ts';
import { fetchSources, redactUrl } from './sources.fetch.ts';

const USAGE = `Usage:
  kyc screen [--lists PATH ...] [--threshold X] [--explain]   JSON lines {"id","name","dob"?,"country"? (residence),"nationality"?,"gender"?,"type"?,"other_names"?}
                                                             on stdin; other_names (previous names, names on documents)
                                                             are screened too, and each match says which name matched
  kyc compare [--threshold X]                                JSON lines {"id","name1","name2","type"?} on stdin
  kyc lists load [PATH ...]                                  summary of each list found (default: SCREENING_LISTS)
  kyc lists diff OLD_PATH NEW_PATH                           added/changed/removed entity ids per list
  kyc lists sources                                          the official download sources (ids for SCREENING_SOURCES)
  kyc lists fetch [--dir DIR] [SOURCE ...]                   download sources now (default: SCREENING_SOURCES into
                                                             SCREENING_SOURCES_DIR); one line per source with its outcome
Lists: --lists PATH (repeatable, or comma-separated, further paths may follow) or env SCREENING_LISTS.`;

function out(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}

/** Unset: the per-topic thresholds (domain/thresholds.ts). */
function threshold(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const t = Number(raw);
  if (!(t > 0 && t <= 1)) throw new UsageError(`--threshold must be a number in (0, 1], got "${raw}"`);
  return t;
}

async function* lines(): AsyncGenerator<{ n: number; value: Record<string, unknown> | Error }> {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
      yield { n, value: value as Record<string, unknown> };
    } catch (error) {
      yield { n, value: error as Error };
    }
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function matchLine(m: ScreenedMatch & { screenedName?: string }, explain: boolean) {
  return {
    ...(m.screenedName !== undefined ? { screened_name: m.screenedName } : {}),
    list: m.list,
    entity_id: m.entityId,
    listed_name: m.listedName,
    matched_name: m.matchedName,
    score: m.score,
    topics: m.topics,
    reasons: m.reasons,
    // PEP matches: role (pep, or rca for a relative or close associate), category, former, the relation explained.
    ...(m.pep ? { pep: m.pep } : {}),
    ...(explain ? { source_url: m.sourceUrl, programs: m.programs, explanation: m.explanation } : {}),
  };
}

async function screen(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { lists: { type: 'string', multiple: true }, threshold: { type: 'string' }, explain: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const paths = values.lists ? [...values.lists.flatMap((l) => l.split(',')), ...positionals].map((p) => p.trim()).filter(Boolean) : listPathsFromEnv();
  if (!values.lists && positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (list paths go after --lists)`);
  const t = threshold(values.threshold);
  const service = createScreeningService({ lists: paths, ...(t !== undefined ? { threshold: t } : {}), pepDomesticCountry: (process.env.PEP_DOMESTIC_COUNTRY || 'GB').toUpperCase() });
  await service.load();
  if (!service.isLoaded()) throw new NoListsLoadedError();
  let failures = 0;
  for await (const { n, value } of lines()) {
    if (value instanceof Error) {
      failures++;
      out({ id: null, line: n, error: `invalid JSON line: ${value.message}` });
      continue;
    }
    const id = value.id ?? null;
    const name = str(value.name);
    const type: 'person' | 'company' | undefined = value.type === 'person' || value.type === 'company' ? value.type : undefined;
    const others = value.other_names;
    const badOthers = others !== undefined && (!Array.isArray(others) || others.some((o) => !str(o)));
    if (!name || (value.type !== undefined && !type) || badOthers) {
      failures++;
      out({ id, line: n, error: !name ? '"name" must be a non-empty string' : badOthers ? '"other_names" must be an array of non-empty strings' : '"type" must be "person" or "company"' });
      continue;
    }
    const gender: 'male' | 'female' | undefined = value.gender === 'male' || value.gender === 'female' ? value.gender : undefined;
    const query = { dob: str(value.dob), country: str(value.country), nationality: str(value.nationality), gender, type };
    if (others === undefined) {
      const result = service.screen({ name, ...query });
      out({ id, decision: result.decision, matches: result.matches.map((m) => matchLine(m, values.explain ?? false)) });
      continue;
    }
    // Every name the person gave is screened; each listed entity once, with the name that matched it best.
    const names = [...new Set([name, ...(others as string[]).map((o) => str(o)!)])];
    const matches = bestPerEntity(names.map((q) => ({ name: q, matches: service.screen({ name: q, ...query }).matches })));
    out({ id, decision: decide(matches).decision, matches: matches.map((m) => matchLine(m, values.explain ?? false)) });
  }
  return failures > 0 ? 1 : 0;
}

async function compare(argv: string[]): Promise<number> {
  const { values } = parse(argv, { threshold: { type: 'string' }, explain: { type: 'boolean' } });
  const t = threshold(values.threshold);
  const service = createScreeningService(t !== undefined ? { threshold: t } : {});
  let failures = 0;
  for await (const { n, value } of lines()) {
    if (value instanceof Error || !str(value.name1) || !str(value.name2)) {
      failures++;
      out({ id: value instanceof Error ? null : (value.id ?? null), line: n, error: value instanceof Error ? `invalid JSON line: ${value.message}` : '"name1" and "name2" must be non-empty strings' });
      continue;
    }
    const r = service.compare(str(value.name1)!, str(value.name2)!);
    out({ id: value.id ?? null, score: r.score, match: r.match, ...(values.explain ? { explanation: r.comparison } : {}) });
  }
  return failures > 0 ? 1 : 0;
}

function summary(l: LoadedList) {
  return {
    list: l.id,
    format: l.format,
    source: l.source,
    entities: l.entities.length,
    names: l.entities.reduce((s, e) => s + e.names.length, 0),
    persons: l.entities.filter((e) => e.schema === 'person').length,
    peps: l.entities.filter((e) => e.topics.includes('role.pep')).length,
    /** Relatives and close associates of PEPs (FtM Family and Associate records). */
    rcas: l.entities.filter((e) => e.topics.includes('role.rca')).length,
    content_hash: l.contentHash,
    load_ms: Math.round(l.loadMs),
  };
}

async function lists(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'load') {
    const paths = rest.length > 0 ? rest : listPathsFromEnv();
    if (paths.length === 0) throw new UsageError('kyc lists load: give PATH ... or set SCREENING_LISTS');
    for (const l of loadLists(paths)) out(summary(l));
    return 0;
  }
  if (sub === 'diff') {
    if (rest.length !== 2) throw new UsageError('kyc lists diff OLD_PATH NEW_PATH');
    const before = loadLists([rest[0]!]);
    const after = loadLists([rest[1]!]);
    // Lists are paired by format and order within it: the ids carry folder names that differ between versions.
    for (const a of after) {
      const sameFormat = after.filter((x) => x.format === a.format);
      const b = before.filter((x) => x.format === a.format)[sameFormat.indexOf(a)];
      const d = diffEntities(b?.entities ?? [], a.entities);
      out({ list: a.id, format: a.format, from: b?.contentHash ?? null, to: a.contentHash, added: d.added, changed: d.changed, removed: d.removed, unchanged: d.unchanged });
    }
    return 0;
  }
  if (sub === 'sources') {
    for (const s of OFFICIAL_SOURCES) out({ id: s.id, publisher: s.publisher, format: s.format, urls: s.urls.map(redactUrl), ...(s.note ? { note: s.note } : {}) });
    return 0;
  }
  if (sub === 'fetch') {
    const { values, positionals } = parse(rest, { dir: { type: 'string' } });
    let sources;
    try {
      // Without SOURCE arguments: what the service downloads (the official free sources unless configured otherwise).
      sources = parseSourcesSetting(positionals.length > 0 ? positionals : sourceEntriesFromSettings({ sources: process.env.SCREENING_SOURCES, lists: process.env.SCREENING_LISTS }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (sources.length === 0) throw new UsageError('kyc lists fetch: downloads are off (SCREENING_SOURCES=none, or SCREENING_LISTS alone); give SOURCE ... (see kyc lists sources)');
    const dir = path.resolve(values.dir ?? (process.env.SCREENING_SOURCES_DIR || path.join(process.env.DATA_DIR || './data', 'screening-sources')));
    let failed = 0;
    for (const r of await fetchSources(sources, dir)) {
      const { files, ...state } = r.state;
      if (state.status === 'error') failed++;
      out({ ...state, changed: r.changed, files: Object.values(files).map((f) => path.join(dir, r.id, f.file)) });
    }
    return failed > 0 ? 1 : 0;
  }
  throw new UsageError(USAGE);
}

export async function run(command: string, argv: string[]): Promise<number> {
  try {
    if (command === 'screen') return await screen(argv);
    if (command === 'compare') return await compare(argv);
    if (command === 'lists') return await lists(argv);
    throw new UsageError(USAGE);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof NoListsLoadedError) {
      process.stderr.write(`kyc ${command}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
