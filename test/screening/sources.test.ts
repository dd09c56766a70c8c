/**
 * The scheduled refresh from download sources, against a real HTTP server (node:http on 127.0.0.1) that
 * serves the fixture lists with ETag and Last-Modified: first fetch imports, a 304 or the same bytes make no
 * new version, changed bytes make a new version with a diff, and errors (HTTP 500, too big, too slow, not a
 * list) are recorded per source while the previous version stays loaded.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreeningService, type ListVersion } from '../../src/modules/screening/screening.service.ts';
import { DEFAULT_SOURCE_IDS, parseSourcesSetting, sourceEntriesFromSettings } from '../../src/modules/screening/sources.ts';
import { redactUrl } from '../../src/modules/screening/sources.fetch.ts';
import { readSourceState } from '../../src/modules/screening/sources.fetch.ts';
import { FIXTURES } from './fixture-lists.ts';

const UN = fs.readFileSync(path.join(FIXTURES, 'un.xml'), 'utf8');
const UK = fs.readFileSync(path.join(FIXTURES, 'uk_sanctions_list.xml'), 'utf8');

interface Served {
  body: string;
  status?: number;
  etags?: boolean;
  delayMs?: number;
}

/** Routes: path → what to serve. Every request is logged with its conditional headers. */
const routes = new Map<string, Served>();
const requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }> = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const served = routes.get(req.url ?? '');
    const log = { path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'], status: 0 };
    requests.push(log);
    const answer = () => {
      if (!served) return res.writeHead((log.status = 404)).end('not found');
      if (served.status && served.status !== 200) return res.writeHead((log.status = served.status)).end('server error');
      const etag = `"${createHash('sha256').update(served.body).digest('hex').slice(0, 16)}"`;
      if (served.etags !== false && req.headers['if-none-match'] === etag) return res.writeHead((log.status = 304)).end();
      const headers: Record<string, string> = { 'content-type': 'application/xml' };
      if (served.etags !== false) Object.assign(headers, { etag, 'last-modified': 'Sun, 01 Feb 2026 10:00:00 GMT' });
      res.writeHead((log.status = 200), headers).end(served.body);
    };
    if (served?.delayMs) setTimeout(answer, served.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function setup(extra: { maxBytes?: number; timeoutMs?: number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-src-'));
  const saved: ListVersion[] = [];
  const store = { save: async (v: ListVersion) => void saved.push(v), hashes: async () => undefined };
  const sources = parseSourcesSetting(`un_sc_sanctions=${base}/un/consolidated.xml,gb_fcdo_sanctions=${base}/uk/UK-Sanctions-List.xml`);
  const service = createScreeningService({ sources: { sources, dir, ...extra }, store });
  return { dir, saved, service };
}

describe('refresh from download sources (SCREENING_SOURCES)', () => {
  it('imports on the first fetch, makes no version on 304, a new version with a diff on change, and survives a server error', async () => {
    routes.set('/un/consolidated.xml', { body: UN });
    routes.set('/uk/UK-Sanctions-List.xml', { body: UK });
    const { dir, saved, service } = setup();
    expect(service.isLoaded()).toBe(false);

    // 1. First fetch: both lists downloaded and imported, one version each.
    await service.refresh();
    expect(service.versions().map((v) => v.list).sort()).toEqual(['gb_fcdo_sanctions', 'un_sc_sanctions']);
    expect(saved.map((v) => v.list).sort()).toEqual(['gb_fcdo_sanctions', 'un_sc_sanctions']);
    expect(service.screen({ name: 'Ivan Petrovich Testov' }).decision).toBe('Potential Match');
    expect(fs.existsSync(path.join(dir, 'un_sc_sanctions', 'un_sc_sanctions.xml'))).toBe(true);
    const first = requests.filter((r) => r.path === '/un/consolidated.xml');
    expect(first).toHaveLength(1);
    expect(first[0]!.ifNoneMatch).toBeUndefined();
    expect(service.sourceStatus().find((s) => s.id === 'un_sc_sanctions')).toMatchObject({ status: 'updated', loaded: true, failures: 0 });

    // 2. Second fetch: conditional request answered 304; no new version, nothing changed.
    requests.length = 0;
    const second = await service.refresh();
    expect(requests.find((r) => r.path === '/un/consolidated.xml')).toMatchObject({ status: 304, ifNoneMatch: expect.stringMatching(/^"/), ifModifiedSince: 'Sun, 01 Feb 2026 10:00:00 GMT' });
    expect(second.every((d) => d.added.length + d.changed.length + d.removed.length === 0)).toBe(true);
    expect(saved).toHaveLength(2);
    expect(service.sourceStatus().find((s) => s.id === 'un_sc_sanctions')!.status).toBe('not_modified');

    // 3. A server without validators answers 200 with the same bytes: same sha256, no new version.
    routes.set('/un/consolidated.xml', { body: UN, etags: false });
    await service.refresh();
    expect(service.sourceStatus().find((s) => s.id === 'un_sc_sanctions')!.status).toBe('unchanged');
    expect(saved).toHaveLength(2);

    // 4. A changed file: a new version of that list only, and the diff names the changed entity.
    const beforeChange = service.versions().find((v) => v.list === 'un_sc_sanctions')!.contentHash;
    routes.set('/un/consolidated.xml', { body: UN.replace('<GENDER>Male</GENDER>', '<GENDER>Female</GENDER>') });
    const changes = await service.refresh();
    expect(changes.find((d) => d.list === 'un_sc_sanctions')).toMatchObject({ from: beforeChange, changed: ['un_sc_sanctions:9001'], added: [], removed: [] });
    expect(changes.find((d) => d.list === 'gb_fcdo_sanctions')).toMatchObject({ changed: [], added: [], removed: [] });
    expect(saved.map((v) => v.list)).toEqual([...saved.slice(0, 2).map((v) => v.list), 'un_sc_sanctions']);
    const afterChange = service.versions().find((v) => v.list === 'un_sc_sanctions')!.contentHash;
    expect(afterChange).not.toBe(beforeChange);

    // 5. Server error: recorded with the time of the last success; the old version stays loaded and usable.
    const okAt = service.sourceStatus().find((s) => s.id === 'un_sc_sanctions')!.lastSuccessAt;
    routes.set('/un/consolidated.xml', { body: '', status: 500 });
    const afterError = await service.refresh();
    expect(afterError.find((d) => d.list === 'un_sc_sanctions')).toMatchObject({ added: [], changed: [], removed: [] });
    const status = service.sourceStatus().find((s) => s.id === 'un_sc_sanctions')!;
    expect(status).toMatchObject({ status: 'error', lastError: expect.stringMatching(/HTTP 500/), failures: 1, lastSuccessAt: okAt, loaded: true });
    expect(service.versions().find((v) => v.list === 'un_sc_sanctions')!.contentHash).toBe(afterChange);
    expect(service.sourceStatus().find((s) => s.id === 'gb_fcdo_sanctions')!.status).toBe('not_modified');
    expect(saved).toHaveLength(3);

    // 6. Recovery: the next success clears the failure count and keeps the last error for the record.
    routes.set('/un/consolidated.xml', { body: UN.replace('<GENDER>Male</GENDER>', '<GENDER>Female</GENDER>') });
    await service.refresh();
    expect(service.sourceStatus().find((s) => s.id === 'un_sc_sanctions')).toMatchObject({ status: 'not_modified', failures: 0, lastError: expect.stringMatching(/500/) });

    // A new process on the same folder loads the downloaded files without fetching.
    const restarted = createScreeningService({ sources: { sources: parseSourcesSetting(`un_sc_sanctions=${base}/un/consolidated.xml`), dir } });
    requests.length = 0;
    await restarted.load();
    expect(requests).toHaveLength(0);
    expect(restarted.versions()[0]!.contentHash).toBe(afterChange);
  });

  it('an error page served with 200, a file over the size limit and a slow server keep the previous file', async () => {
    routes.set('/un/consolidated.xml', { body: UN });
    routes.set('/uk/UK-Sanctions-List.xml', { body: UK });
    // Each fetch below but the slow one must finish within the timeout, on a loaded machine too: 1 s, not less.
    const { dir, service } = setup({ maxBytes: 64 * 1024, timeoutMs: 1_000 });
    await service.refresh();
    const loaded = service.versions().map((v) => v.contentHash);

    routes.set('/un/consolidated.xml', { body: '<html><body>Service unavailable</body></html>' });
    routes.set('/uk/UK-Sanctions-List.xml', { body: UK + ' '.repeat(70 * 1024) });
    await service.refresh();
    let status = service.sourceStatus();
    expect(status.find((s) => s.id === 'un_sc_sanctions')).toMatchObject({ status: 'error', lastError: expect.stringMatching(/not answer a list/) });
    expect(status.find((s) => s.id === 'gb_fcdo_sanctions')).toMatchObject({ status: 'error', lastError: expect.stringMatching(/limit/) });
    expect(service.versions().map((v) => v.contentHash)).toEqual(loaded);
    expect(fs.readFileSync(path.join(dir, 'un_sc_sanctions', 'un_sc_sanctions.xml'), 'utf8')).toBe(UN);

    routes.set('/un/consolidated.xml', { body: UN.replace('Male', 'Female'), delayMs: 4_000 });
    const started = Date.now();
    await service.refresh();
    expect(Date.now() - started).toBeLessThan(3_000); // the timeout, not the server's 4 s
    status = service.sourceStatus();
    expect(status.find((s) => s.id === 'un_sc_sanctions')).toMatchObject({ status: 'error', lastError: expect.stringMatching(/within 1000 ms/), failures: 2 });
    expect(readSourceState(dir, 'un_sc_sanctions').files[`${base}/un/consolidated.xml`]!.etag).toMatch(/^"/);
    expect(service.versions().map((v) => v.contentHash)).toEqual(loaded);
  });

  it('an unreachable source is recorded; screening says no list is loaded instead of No Match', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-src-'));
    // A port that was just free: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const service = createScreeningService({ sources: { sources: parseSourcesSetting(`un_sc_sanctions=http://127.0.0.1:${port}/consolidated.xml`), dir, timeoutMs: 2_000 } });
    await service.refresh();
    expect(service.sourceStatus()[0]).toMatchObject({ id: 'un_sc_sanctions', status: 'error', loaded: false, lastError: expect.stringMatching(/ECONNREFUSED|fetch failed/) });
    expect(() => service.screen({ name: 'Ivan Testov' })).toThrow(/no screening lists are loaded/);
  });
});

describe('SCREENING_SOURCES setting', () => {
  it('takes official ids, id=url and id=url1|url2, and refuses what it cannot fetch', () => {
    const s = parseSourcesSetting('us_ofac_sdn, gb_fcdo_sanctions ,eu_fsf=https://example.test/fsf/content?token=abc,my_list=https://example.test/a.csv|https://example.test/b.csv');
    expect(s.map((x) => [x.id, x.format, x.urls.length])).toEqual([
      ['us_ofac_sdn', 'ofac_xml', 1],
      ['gb_fcdo_sanctions', 'uk_sl_xml', 1],
      ['eu_fsf', 'eu_xml', 1],
      ['my_list', undefined, 2],
    ]);
    // An official id at an address of another format is recognised on disk instead.
    expect(parseSourcesSetting('gb_fcdo_sanctions=https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv')[0]!.format).toBeUndefined();
    expect(parseSourcesSetting('')).toEqual([]);
    expect(() => parseSourcesSetting('nope')).toThrow(/unknown source "nope"/);
    // The EU FSF file is fetched with the public token the EU publishes on data.europa.eu (ADR 0099).
    expect(parseSourcesSetting('eu_fsf')[0]!.urls).toEqual(['https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw']);
    expect(() => parseSourcesSetting('x=ftp://example.test/a.xml')).toThrow(/http/);
    expect(() => parseSourcesSetting('us_ofac_sdn,us_ofac_sdn')).toThrow(/twice/);
  });
});

describe('which sources are downloaded (sourceEntriesFromSettings)', () => {
  it.each<[string, { sources?: string; lists?: string }, string[]]>([
    ['a fresh install: the official free sources', {}, ['us_ofac_sdn', 'un_sc_sanctions', 'eu_fsf', 'gb_fcdo_sanctions']],
    ['an empty setting counts as unset', { sources: ' ', lists: '' }, ['us_ofac_sdn', 'un_sc_sanctions', 'eu_fsf', 'gb_fcdo_sanctions']],
    ['SCREENING_LISTS alone: an air-gapped install, nothing downloaded', { lists: '/srv/lists' }, []],
    ['SCREENING_LISTS and SCREENING_SOURCES: both', { lists: '/srv/lists', sources: 'un_sc_sanctions' }, ['un_sc_sanctions']],
    ['none turns downloads off', { sources: 'none' }, []],
    ['NONE in any case', { sources: 'NONE' }, []],
    ['a chosen set', { sources: 'us_ofac_sdn, us_ofac_cons' }, ['us_ofac_sdn', 'us_ofac_cons']],
  ])('%s', (_, settings, ids) => {
    expect(sourceEntriesFromSettings(settings)).toEqual(ids);
  });
  it('the defaults are OFAC SDN, UN, the UK Sanctions List and EU FSF, all fetchable without a setting or a secret', () => {
    const sources = parseSourcesSetting([...DEFAULT_SOURCE_IDS]);
    expect(sources.map((s) => [s.id, s.format])).toEqual([['us_ofac_sdn', 'ofac_xml'], ['un_sc_sanctions', 'un_xml'], ['eu_fsf', 'eu_xml'], ['gb_fcdo_sanctions', 'uk_sl_xml']]);
    for (const s of sources) expect(s.urls.every((u) => u.startsWith('https://'))).toBe(true);
    // The token is public but still never written to messages or state.
    expect(redactUrl(sources[2]!.urls[0]!)).toBe('https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?…');
  });
});
