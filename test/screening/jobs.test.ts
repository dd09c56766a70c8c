/** The refresh job and the downloader, with a fake fetch (no network in tests). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScreeningService } from '../../src/modules/screening/screening.service.ts';
import { downloadSources, retryUntilLoaded, startListRefresh } from '../../src/modules/screening/screening.jobs.ts';

const UN = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/un.xml'), 'utf8');

describe('list refresh', () => {
  it('downloads a source, reloads, and reports only real changes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-dl-'));
    let body = UN;
    const fakeFetch = (async () => new Response(body, { status: 200 })) as unknown as typeof fetch;
    const sources = [{ id: 'un_sc_sanctions', publisher: 'UN', format: 'un_xml' as const, urls: ['https://example.test/resources/consolidated.xml'] }];
    expect(await downloadSources(sources, dir, fakeFetch)).toEqual([{ id: 'un_sc_sanctions', ok: true, changed: true }]);
    expect(fs.existsSync(path.join(dir, 'un_sc_sanctions/un_sc_sanctions.xml'))).toBe(true);

    const service = createScreeningService({ lists: [dir] });
    await service.load();
    const seen: unknown[] = [];
    const job = startListRefresh(service, { everyMs: 3_600_000, before: () => downloadSources(sources, dir, fakeFetch), onChange: (c) => void seen.push(c) });
    try {
      expect(await job.runOnce()).toEqual([]);
      body = UN.replace('<GENDER>Male</GENDER>', '<GENDER>Female</GENDER>');
      const changes = await job.runOnce();
      expect(changes).toMatchObject([{ list: 'un_sc_sanctions', changed: ['un_sc_sanctions:9001'], added: [], removed: [] }]);
      expect(seen).toHaveLength(1);
    } finally {
      job.stop();
    }
  });

  it('a failed download is reported and keeps the previous file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-dl-'));
    const failing = (async () => new Response('nope', { status: 503 })) as unknown as typeof fetch;
    const [r] = await downloadSources([{ id: 'x', publisher: 'X', format: 'un_xml', urls: ['https://example.test/x.xml'] }], dir, failing);
    expect(r).toMatchObject({ id: 'x', ok: false, error: expect.stringMatching(/503/) });
  });
});

describe('retry while no list has loaded', () => {
  it('fetches again on the short schedule until a list loads, then stops', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-retry-'));
    let calls = 0;
    // The publisher is down for the start-up fetch and the first retry, then answers.
    const fakeFetch = (async () => (++calls <= 2 ? new Response('busy', { status: 503 }) : new Response(UN, { status: 200 }))) as unknown as typeof fetch;
    const sources = [{ id: 'un_sc_sanctions', publisher: 'UN', format: 'un_xml' as const, urls: ['https://example.test/consolidated.xml'] }];
    const service = createScreeningService({ sources: { sources, dir, fetch: fakeFetch } });
    const first = service.refresh();
    const retry = retryUntilLoaded(service, first, { delaysMs: [20, 20, 20, 20] });
    try {
      await first;
      expect(service.isLoaded()).toBe(false);
      for (let i = 0; i < 100 && !service.isLoaded(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(service.isLoaded()).toBe(true);
      await new Promise((r) => setTimeout(r, 150));
      expect(calls).toBe(3);
    } finally {
      retry.stop();
    }
  });
});
