/**
 * Refresh outside the job queue: reload on a timer and hand what changed to a callback (the AML module's
 * `screening-refresh` job calls `service.refresh()` on SCREENING_REFRESH_CRON instead, which also fetches
 * SCREENING_SOURCES). Timers are unref'd so they never keep a process alive on their own.
 */
import type { ListDiff } from './domain/versions.ts';
import type { ScreeningService } from './screening.service.ts';
import type { ListSource } from './sources.ts';
import { fetchSources, type SourceFetchOptions } from './sources.fetch.ts';

export type ListChanges = Array<ListDiff & { list: string }>;

/**
 * Downloads each source's files into `dir/<source id>/` (see sources.fetch.ts: conditional requests, limits,
 * a failed or invalid download keeps the previous file). The service does this itself in `refresh()` when
 * it is given `sources`; this is the same for callers that manage the folder themselves.
 */
export async function downloadSources(
  sources: readonly ListSource[],
  dir: string,
  fetchImpl: typeof fetch = fetch,
  options: Omit<SourceFetchOptions, 'fetch'> = {},
): Promise<Array<{ id: string; ok: boolean; changed?: boolean; error?: string }>> {
  const results = await fetchSources(sources, dir, { ...options, fetch: fetchImpl });
  return results.map((r) => (r.state.status === 'error' ? { id: r.id, ok: false, error: r.state.lastError } : { id: r.id, ok: true, changed: r.changed }));
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

/**
 * After the start-up fetch, while no list has loaded (a fresh install whose first downloads failed), tries again
 * sooner than the hourly refresh: 1, 2, 5, 10 and 20 minutes later, then leaves it to the schedule. AML checks
 * wait for a first list meanwhile (SCREENING_LISTS_WAIT_SECONDS). Timers are unref'd.
 */
export function retryUntilLoaded(
  service: Pick<ScreeningService, 'refresh' | 'isLoaded'>,
  first: Promise<unknown>,
  options: { delaysMs?: number[]; onError?: (error: Error) => void } = {},
): { stop: () => void } {
  const delays = options.delaysMs ?? [60_000, 120_000, 300_000, 600_000, 1_200_000];
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (stopped || service.isLoaded() || attempt >= delays.length) return;
    timer = setTimeout(() => {
      service.refresh().catch((error: Error) => options.onError?.(error)).finally(next);
    }, delays[attempt++]);
    timer.unref();
  };
  void first.finally(next);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
