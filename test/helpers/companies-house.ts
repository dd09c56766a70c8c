import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CH_FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'companies', 'fixtures');
export const CH_API_KEY = 'test-companies-house-key-0b7e';
export const CH_STREAM_KEY = 'test-companies-house-stream-key-51aa';

type Json = Record<string, any>;
export interface StandInCompany { profile: Json; officers?: Json; pscs?: Json }

/** The fixtures in test/companies/fixtures/api, each company's profile, officers and PSC list, as the API answers them. */
export function loadApiFixtures(): Map<string, StandInCompany> {
  const dir = path.join(CH_FIXTURES, 'api');
  const read = (n: string, f: string) => {
    try { return JSON.parse(readFileSync(path.join(dir, n, f), 'utf8')); } catch { return undefined; }
  };
  return new Map(readdirSync(dir).map((n) => [n, { profile: read(n, 'profile.json'), officers: read(n, 'officers.json'), pscs: read(n, 'pscs.json') }]));
}

/**
 * A stand-in for the Companies House public data API on loopback: the real paths (/company/{n},
 * /company/{n}/officers, /company/{n}/persons-with-significant-control), paging (items_per_page, start_index),
 * HTTP basic authentication with the key as user (401 otherwise), 404 for what it does not have, and 429 with
 * Retry-After for the next `tooMany` requests when a test asks for it. Its companies can be changed by the test.
 */
export async function startCompaniesHouse(options: { key?: string } = {}) {
  const companies = loadApiFixtures();
  const requests: Array<{ path: string; authorization: string | undefined }> = [];
  let tooMany = 0;
  /** What each stream (`companies`, `officers`, `persons-with-significant-control`) sends on its next connection, then ends. */
  const streams = new Map<string, string[]>();
  const expected = `Basic ${Buffer.from(`${options.key ?? CH_API_KEY}:`).toString('base64')}`;
  const page = (list: Json, url: URL) => {
    const size = Number(url.searchParams.get('items_per_page') ?? 35);
    const start = Number(url.searchParams.get('start_index') ?? 0);
    return { ...list, items_per_page: size, start_index: start, items: (list.items ?? []).slice(start, start + size) };
  };
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname + url.search, authorization: req.headers.authorization });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    // The streaming API (stream.companieshouse.gov.uk) under /stream: its own key; JSON lines and blank heartbeats.
    const stream = /^\/stream\/(companies|officers|persons-with-significant-control)$/.exec(url.pathname);
    if (stream) {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${CH_STREAM_KEY}:`).toString('base64')}`) return send(401, { error: 'Invalid Authorization' });
      res.writeHead(200, { 'content-type': 'application/json' });
      for (const line of streams.get(stream[1]!) ?? []) res.write(`${line}\n`);
      streams.set(stream[1]!, []);
      return res.end();
    }
    if (req.headers.authorization !== expected) return send(401, { error: 'Invalid Authorization', type: 'ch:service' });
    if (tooMany > 0) {
      tooMany--;
      return send(429, { error: 'Too Many Requests' }, { 'retry-after': '1' });
    }
    const m = /^\/company\/([A-Z0-9]{8})(?:\/(officers|persons-with-significant-control))?$/.exec(url.pathname);
    const company = m ? companies.get(m[1]!) : undefined;
    if (!m || !company) return send(404, { errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
    if (!m[2]) return send(200, company.profile);
    const list = m[2] === 'officers' ? company.officers : company.pscs;
    if (!list) return send(404, { errors: [{ error: 'not-found', type: 'ch:service' }] });
    return send(200, page(list, url));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, companies, requests, streams,
    /** The next `n` requests are answered 429 with Retry-After: 1. */
    rateLimitNext(n: number) { tooMany = n; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type CompaniesHouseStandIn = Awaited<ReturnType<typeof startCompaniesHouse>>;
