/**
 * The Companies House public data API (https://api.company-information.service.gov.uk): the company profile,
 * its officers and its persons with significant control. HTTP basic authentication with the API key as the
 * user name and no password; 600 requests per 5 minutes per key (domain/rate-window.ts), a 429 waited out
 * (Retry-After) and tried again a few times. 404 is "no such company" (null), anything else an error.
 */
import { createRateWindow } from './domain/rate-window.ts';
import type { ChCompanyProfile, ChList, ChOfficer, ChPsc, RegisterExtract, RegisterSource } from './domain/register.ts';


export class RegisterUnavailableError extends Error {}

export interface ChClientOptions {
  apiKey: string;
  baseUrl?: string;
  /** Requests per window (600) and window length (5 minutes), as Companies House sets them. */
  limit?: number;
  windowMs?: number;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const PAGE = 100;
const MAX_ITEMS = 1000;

export function createChClient(options: ChClientOptions): RegisterSource {
  const base = (options.baseUrl ?? 'https://api.company-information.service.gov.uk').replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const window = createRateWindow(options.limit ?? 600, options.windowMs ?? 300_000);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function get<T>(path: string): Promise<T | null> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const wait = window.delay(now());
      if (wait > 0) await sleep(wait);
      window.record(now());
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          headers: { authorization: auth, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new RegisterUnavailableError(`Companies House did not answer: ${(error as Error).message}`);
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const seconds = Number(response.headers.get('retry-after'));
        window.block(now(), Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : 10_000);
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new RegisterUnavailableError(`Companies House answered ${response.status}`);
      }
      return (await response.json()) as T;
    }
    throw new RegisterUnavailableError('Companies House kept answering 429 (rate limit)');
  }

  /** Every page of a list (100 a page, at most 1000 items). */
  async function all<T>(path: string): Promise<T[] | null> {
    const items: T[] = [];
    for (let start = 0; start < MAX_ITEMS; start += PAGE) {
      const page = await get<ChList<T>>(`${path}?items_per_page=${PAGE}&start_index=${start}`);
      if (!page) return start === 0 ? [] : items;
      items.push(...(page.items ?? []));
      if (!page.items?.length || items.length >= (page.total_results ?? 0)) break;
    }
    return items;
  }

  return {
    name: 'companies_house_api',
    async company(number: string): Promise<RegisterExtract | null> {
      const profile = await get<ChCompanyProfile>(`/company/${encodeURIComponent(number)}`);
      if (!profile) return null;
      const officers = await all<ChOfficer>(`/company/${encodeURIComponent(number)}/officers`);
      const pscs = await all<ChPsc>(`/company/${encodeURIComponent(number)}/persons-with-significant-control`);
      return { profile, officers, pscs };
    },
  };
}
