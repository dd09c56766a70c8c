/**
 * Reads list files from disk: a path is a list file, a zip holding one, or a folder searched recursively
 * (so SCREENING_LISTS=../shared/data/lists loads every list in it). Each list gets an id, its format, the
 * entities and a content hash, which makes a version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { ListedEntity } from './domain/entity.ts';
import { hashEntities } from './domain/versions.ts';
import { DEFAULT_LIST_ID, OFAC_CONS_FILES, OFAC_SDN_FILES, detectFormat, parseList, type ListFormat } from './importers/detect.ts';

export interface LoadedList {
  id: string;
  format: ListFormat;
  /** File (or folder for OFAC CSV sets) it was read from. */
  source: string;
  entities: ListedEntity[];
  /** sha256 over the canonical entities: equal content, equal hash, whatever the file layout. */
  contentHash: string;
  loadMs: number;
  /** When the file (the newest file of an OFAC set, the zip) last changed on disk: the age of a local list. */
  modifiedAt?: string;
}

interface Found {
  format: ListFormat;
  source: string;
  read: () => { main: string; companions: Record<string, string> };
}

function readIf(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

function head(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const n = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

function ofacSet(dir: string, files: typeof OFAC_SDN_FILES | typeof OFAC_CONS_FILES, format: ListFormat): Found {
  return {
    format,
    source: dir,
    read: () => {
      const companions: Record<string, string> = {};
      for (const key of ['alternates', 'addresses', 'comments'] as const) {
        const content = readIf(path.join(dir, files[key]));
        if (content !== undefined) companions[key] = content;
      }
      return { main: fs.readFileSync(path.join(dir, files.primary), 'utf8'), companions };
    },
  };
}

function findInZip(file: string): Found[] {
  const entries = unzipSync(fs.readFileSync(file));
  const out: Found[] = [];
  for (const [name, data] of Object.entries(entries)) {
    const content = strFromU8(data);
    const format = detectFormat(path.basename(name), content.slice(0, 4096));
    if (format) out.push({ format, source: `${file}#${name}`, read: () => ({ main: content, companions: {} }) });
  }
  return out;
}

/** Every list under a path (file, zip or folder), without reading their whole content yet. */
export function findLists(target: string): Found[] {
  const stat = fs.statSync(target);
  if (stat.isFile()) {
    if (target.toLowerCase().endsWith('.zip')) return findInZip(target);
    const name = path.basename(target).toLowerCase();
    if (name === 'sdn.csv') return [ofacSet(path.dirname(target), OFAC_SDN_FILES, 'ofac_sdn_csv')];
    if (name === 'cons_prim.csv') return [ofacSet(path.dirname(target), OFAC_CONS_FILES, 'ofac_cons_csv')];
    const format = detectFormat(name, head(target));
    return format ? [{ format, source: target, read: () => ({ main: fs.readFileSync(target, 'utf8'), companions: {} }) }] : [];
  }
  const out: Found[] = [];
  for (const entry of fs.readdirSync(target, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    // Hidden entries are not lists: the download folder keeps its state and partial files there.
    if (entry.name.startsWith('.')) continue;
    out.push(...findLists(path.join(target, entry.name)));
  }
  return out;
}

function baseIdFor(found: Found): string {
  let id = DEFAULT_LIST_ID[found.format];
  if (/cons/i.test(path.basename(found.source)) && found.format === 'ofac_xml') id = 'us_ofac_cons';
  if (found.format === 'ftm_json' || found.format === 'senzing_json') {
    // OpenSanctions exports are named after their dataset (or sit in a folder named after it).
    const stem = path.basename(found.source).replace(/\.(ftm\.)?json(l)?$/i, '').replace(/^entities$/i, '');
    id = `${id}_${slug(stem || path.basename(path.dirname(found.source)))}`;
  }
  return id;
}

/**
 * Ids must stay stable between loads (versions and diffs are per list id): a list keeps the plain format
 * id unless another list of the same load shares it, then every one of them is suffixed with its folder.
 * `id=path` in the list of paths names a list explicitly.
 */
function assignIds(found: Array<Found & { explicitId?: string }>): string[] {
  const bases = found.map((f) => f.explicitId ?? baseIdFor(f));
  const counts = new Map<string, number>();
  for (const b of bases) counts.set(b, (counts.get(b) ?? 0) + 1);
  const taken = new Set<string>();
  return found.map((f, i) => {
    let id = bases[i]!;
    if (!f.explicitId && counts.get(id)! > 1) {
      const file = f.source.split('#')[0]!;
      const folder = f.format === 'ofac_sdn_csv' || f.format === 'ofac_cons_csv' ? file : path.dirname(file);
      id = `${id}_${slug(path.basename(folder))}`;
    }
    while (taken.has(id)) id = `${id}_2`;
    taken.add(id);
    return id;
  });
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

/** Parses `id=path` or `path`. */
export function parseListSpec(spec: string): { id?: string; path: string } {
  const m = /^([a-z0-9_]+)=(.+)$/.exec(spec.trim());
  return m ? { id: m[1]!, path: m[2]! } : { path: spec.trim() };
}

function modifiedAt(source: string): string | undefined {
  const file = source.split('#')[0]!;
  try {
    const stat = fs.statSync(file);
    const times = stat.isDirectory()
      ? fs.readdirSync(file).filter((n) => !n.startsWith('.')).map((n) => fs.statSync(path.join(file, n)).mtimeMs)
      : [stat.mtimeMs];
    return times.length ? new Date(Math.max(...times)).toISOString() : undefined;
  } catch {
    return undefined;
  }
}

export function loadLists(specs: string[]): LoadedList[] {
  const found: Array<Found & { explicitId?: string }> = [];
  for (const spec of specs) {
    const { id, path: p } = parseListSpec(spec);
    if (!fs.existsSync(p)) throw new Error(`screening list path not found: ${p}`);
    const lists = findLists(p);
    if (id && lists.length !== 1) throw new Error(`"${id}=${p}" must name exactly one list, found ${lists.length}`);
    for (const f of lists) found.push(id ? { ...f, explicitId: id } : f);
  }
  const ids = assignIds(found);
  return found.map((f, i) => {
    const started = performance.now();
    const { main, companions } = f.read();
    const entities = parseList(f.format, ids[i]!, main, companions);
    return { id: ids[i]!, format: f.format, source: f.source, entities, contentHash: hashEntities(entities), loadMs: performance.now() - started, modifiedAt: modifiedAt(f.source) };
  });
}
