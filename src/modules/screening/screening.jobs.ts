/**
 * The scheduled list refresh: download the official files (production) into a folder that SCREENING_LISTS
 * points at, reload, and hand what changed to a callback (the AML module re-screens contacts against
 * added and changed entries). Timers are unref'd so they never keep a process alive on their own.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ListDiff } from './domain/versions.ts';
import type { ScreeningService } from './screening.service.ts';
import type { ListSource } from './sources.ts';

export type ListChanges = Array<ListDiff & { list: string }>;

/** Downloads each source's files into `dir/<source id>/`; a failed download keeps the previous file. */
export async function downloadSources(
  sources: readonly ListSource[],
  dir: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Array<{ id: string; ok: boolean; error?: string }>> {
  const results: Array<{ id: string; ok: boolean; error?: string }> = [];
  for (const source of sources) {
    try {
      const target = path.join(dir, source.id);
      await fs.mkdir(target, { recursive: true });
      for (const url of source.urls) {
        const response = await fetchImpl(url, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
        const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'list').toLowerCase();
        // Write then rename: a reader never sees half a file.
        const tmp = path.join(target, `.${name}.part`);
        await fs.writeFile(tmp, Buffer.from(await response.arrayBuffer()));
        await fs.rename(tmp, path.join(target, name));
      }
      results.push({ id: source.id, ok: true });
    } catch (error) {
      results.push({ id: source.id, ok: false, error: (error as Error).message });
    }
  }
  return results;
}

export interface RefreshOptions {
  everyMs: number;
  /** Runs before each reload (for example downloadSources); its failure skips that round. */
  before?: () => Promise<unknown>;
  onChange: (changes: ListChanges) => Promise<void> | void;
  onError?: (error: Error) => void;
}

/** Reloads the lists every `everyMs`; calls onChange only when a list has added, changed or removed entries. */
export function startListRefresh(service: Pick<ScreeningService, 'refresh'>, options: RefreshOptions): { stop: () => void; runOnce: () => Promise<ListChanges> } {
  let running = false;
  async function runOnce(): Promise<ListChanges> {
    if (running) return [];
    running = true;
    try {
      await options.before?.();
      const changes = (await service.refresh()).filter((c) => c.added.length + c.changed.length + c.removed.length > 0);
      if (changes.length > 0) await options.onChange(changes);
      return changes;
    } finally {
      running = false;
    }
  }
  const timer = setInterval(() => {
    runOnce().catch((error: Error) => options.onError?.(error));
  }, options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
