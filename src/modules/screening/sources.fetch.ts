/**
 * Fetching the configured list sources (SCREENING_SOURCES) into a folder: conditional requests (ETag,
 * Last-Modified), a size and a time limit per file, a file replaced only when its bytes changed, and a
 * state per source (last attempt, success, change, error) kept beside the files so every process that
 * shares the folder can show it. A failure never removes the previous file: the list keeps its last
 * good version.
 *
 * Layout of `dir`:
 *   <source id>/<file>          the list file(s) as the loader reads them (`id=dir/<source id>`)
 *   .state/<source id>.json     validators, sha256 and the outcome of the last attempts
 *   .tmp/                       downloads in progress (renamed into place when complete)
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { detectFormat, parseList } from './importers/detect.ts';
import type { ListSource } from './sources.ts';

export interface SourceFetchOptions {
  fetch?: typeof fetch;
  /** Largest accepted file; a bigger answer is aborted and recorded as an error. */
  maxBytes?: number;
  /** Whole request including the body, per file. */
  timeoutMs?: number;
  now?: () => Date;
}

export const DEFAULT_SOURCE_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_SOURCE_TIMEOUT_MS = 5 * 60_000;

export type SourceOutcome = 'updated' | 'not_modified' | 'unchanged' | 'error';

export interface SourceState {
  id: string;
  /** Outcome of the last attempt: `updated` (new bytes), `not_modified` (HTTP 304), `unchanged` (same sha256), `error`. */
  status: SourceOutcome | 'never';
  lastAttemptAt?: string;
  /** Last attempt that ended with the file current (updated, not_modified or unchanged). */
  lastSuccessAt?: string;
  /** Last time the file's bytes changed. */
  lastChangeAt?: string;
  lastError?: string;
  lastErrorAt?: string;
  /** Consecutive failed attempts. */
  failures: number;
  /** Per URL: validators and the sha256 of the file on disk. */
  files: Record<string, { file: string; etag?: string; lastModified?: string; sha256: string; bytes: number }>;
}

export interface SourceFetchResult {
  id: string;
  changed: boolean;
  state: SourceState;
}

export const FORMAT_EXTENSION: Partial<Record<string, string>> = {
  ofac_xml: 'xml', un_xml: 'xml', eu_xml: 'xml', uk_sl_xml: 'xml', hmt_csv: 'csv', uk_sl_csv: 'csv', ftm_json: 'json', senzing_json: 'json',
};

/** Query strings carry tokens (EU FSF): never in messages or state. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * The name a URL's file gets on disk. One-file sources are named after their id and format so the loader
 * recognises them whatever the URL looks like (`.../content?token=...`); OFAC CSV sets keep their file
 * names (sdn.csv, alt.csv, ...), by which the loader recognises a set.
 */
export function fileNameFor(source: ListSource, url: string): string {
  const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'list').toLowerCase();
  const ext = source.format ? FORMAT_EXTENSION[source.format] : undefined;
  if (source.urls.length === 1 && ext) return `${source.id}.${ext}`;
  return fromUrl.replace(/[^a-z0-9._-]/g, '_');
}

function statePath(dir: string, id: string): string {
  return path.join(dir, '.state', `${id}.json`);
}

export function readSourceState(dir: string, id: string): SourceState {
  try {
    return JSON.parse(fs.readFileSync(statePath(dir, id), 'utf8')) as SourceState;
  } catch {
    return { id, status: 'never', failures: 0, files: {} };
  }
}

function writeSourceState(dir: string, state: SourceState): void {
  const file = statePath(dir, state.id);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.part`;
  fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

/** Whether a source has all its files on disk (so the loader can read it). */
export function sourceFolder(dir: string, source: ListSource): string | undefined {
  const state = readSourceState(dir, source.id);
  const folder = path.join(dir, source.id);
  const complete = source.urls.every((u) => state.files[u] && fs.existsSync(path.join(folder, state.files[u]!.file)));
  return complete ? folder : undefined;
}

class SourceError extends Error {}

/** Reads a body up to `maxBytes`, hashing as it goes; cancels the stream beyond the limit. */
async function readLimited(response: Response, maxBytes: number, url: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError(`${redactUrl(url)} is ${declared} bytes, more than the limit of ${maxBytes}`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new SourceError(`${redactUrl(url)} is more than the limit of ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, total);
}

/**
 * Fetches one source. All its files are fetched before any replaces the one on disk (an OFAC CSV set
 * is never half old, half new). Never throws for a network or HTTP failure: the state says what happened.
 */
export async function fetchSource(source: ListSource, dir: string, options: SourceFetchOptions = {}): Promise<SourceFetchResult> {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? DEFAULT_SOURCE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS;
  const now = (options.now ?? (() => new Date()))().toISOString();
  const previous = readSourceState(dir, source.id);
  const folder = path.join(dir, source.id);
  const tmpDir = path.join(dir, '.tmp');
  const state: SourceState = { ...previous, id: source.id, lastAttemptAt: now, files: { ...previous.files } };
  const staged: Array<{ tmp: string; target: string }> = [];
  let changed = false;
  let notModified = 0;
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.mkdirSync(tmpDir, { recursive: true });
    for (const url of source.urls) {
      const known = previous.files[url];
      const onDisk = known && fs.existsSync(path.join(folder, known.file));
      const headers: Record<string, string> = { 'user-agent': 'kyc-screening-refresh/1' };
      if (onDisk && known.etag) headers['if-none-match'] = known.etag;
      if (onDisk && known.lastModified) headers['if-modified-since'] = known.lastModified;
      let response: Response;
      try {
        response = await doFetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new SourceError(`${redactUrl(url)}: ${describe(error, timeoutMs)}`);
      }
      if (response.status === 304 && onDisk) {
        await response.body?.cancel().catch(() => undefined);
        notModified++;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new SourceError(`HTTP ${response.status} from ${redactUrl(url)}`);
      }
      let body: Buffer;
      try {
        body = await readLimited(response, maxBytes, url);
      } catch (error) {
        if (error instanceof SourceError) throw error;
        throw new SourceError(`${redactUrl(url)}: ${describe(error, timeoutMs)}`);
      }
      if (body.length === 0) throw new SourceError(`${redactUrl(url)} answered an empty file`);
      const sha256 = createHash('sha256').update(body).digest('hex');
      const file = fileNameFor(source, url);
      const etag = response.headers.get('etag') ?? undefined;
      const lastModified = response.headers.get('last-modified') ?? undefined;
      state.files[url] = { file, sha256, bytes: body.length, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
      if (onDisk && known.sha256 === sha256 && known.file === file) continue;
      if (source.urls.length === 1 && !file.endsWith('.zip')) validate(source, file, body, url);
      const tmp = path.join(tmpDir, `${source.id}.${randomUUID()}.part`);
      fs.writeFileSync(tmp, body);
      staged.push({ tmp, target: path.join(folder, file) });
      changed = true;
    }
    for (const s of staged) fs.renameSync(s.tmp, s.target);
    // Files of an earlier layout (another URL, another name) would make the loader see two lists.
    const current = new Set(source.urls.map((u) => state.files[u]!.file));
    for (const u of Object.keys(state.files)) if (!source.urls.includes(u)) delete state.files[u];
    for (const f of fs.readdirSync(folder)) if (!current.has(f)) fs.rmSync(path.join(folder, f), { force: true, recursive: true });
    state.status = changed ? 'updated' : notModified === source.urls.length ? 'not_modified' : 'unchanged';
    state.lastSuccessAt = now;
    if (changed) state.lastChangeAt = now;
    state.failures = 0;
    writeSourceState(dir, state);
    return { id: source.id, changed, state };
  } catch (error) {
    for (const s of staged) fs.rmSync(s.tmp, { force: true });
    // The previous validators stay: they still describe the files on disk.
    const failed: SourceState = {
      ...previous,
      id: source.id,
      status: 'error',
      lastAttemptAt: now,
      lastError: error instanceof SourceError ? error.message : `${(error as Error).message}`,
      lastErrorAt: now,
      failures: (previous.failures ?? 0) + 1,
    };
    writeSourceState(dir, failed);
    return { id: source.id, changed: false, state: failed };
  }
}

/**
 * A new file is put in place only if it is a list: an error page served with status 200, a truncated
 * file or a list in another format than expected keeps the previous file.
 */
function validate(source: ListSource, file: string, body: Buffer, url: string): void {
  const content = body.toString('utf8');
  const format = detectFormat(file, content.slice(0, 4096));
  if (!format) throw new SourceError(`${redactUrl(url)} did not answer a list file in a known format`);
  if (source.format && format !== source.format) throw new SourceError(`${redactUrl(url)} answered ${format}, expected ${source.format}`);
  let entities: number;
  try {
    entities = parseList(format, source.id, content).length;
  } catch (error) {
    throw new SourceError(`${redactUrl(url)} could not be read as ${format}: ${(error as Error).message}`);
  }
  if (entities === 0) throw new SourceError(`${redactUrl(url)} holds no entries`);
}

function describe(error: unknown, timeoutMs: number): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no complete answer within ${timeoutMs} ms`;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

/** Fetches every source, one after another (the publishers are slow and rate-limit, parallelism buys little). */
export async function fetchSources(sources: readonly ListSource[], dir: string, options: SourceFetchOptions = {}): Promise<SourceFetchResult[]> {
  const results: SourceFetchResult[] = [];
  for (const source of sources) results.push(await fetchSource(source, dir, options));
  return results;
}
