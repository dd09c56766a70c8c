import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossClientCheck } from './cross-client.ts';
import { operationsOf } from './openapi-document.ts';
import { fuzz, summariseFailures, type FuzzReport } from './openapi-fuzzer.ts';
import { fuzzRuns, fuzzSeed, startFuzzService } from './service.ts';

/**
 * Every operation of /openapi.json (docs/bad-input.md): tenant isolation generated for every route, then
 * fuzzing from the document's own schemas: no 5xx, every answer as documented for its status, every 4xx a
 * problem, every broken request a 4xx. A few requests per operation here (FUZZ_RUNS raises it); `npm run fuzz`
 * runs long and prints the figures. One service: the isolation check runs first, on the untouched records.
 */
const RUNS = fuzzRuns(12);
let service: Awaited<ReturnType<typeof startFuzzService>>;
let isolation: Awaited<ReturnType<typeof crossClientCheck>>;
let report: FuzzReport;

beforeAll(async () => {
  service = await startFuzzService();
  isolation = await crossClientCheck(service.t.app, service.doc, service.fixture);
  report = await fuzz({ app: service.t.app, doc: service.doc, fixture: service.fixture, runs: RUNS, seed: fuzzSeed() });
}, 600_000);
afterAll(async () => service?.t.close());

describe('cross-client access, every route of /openapi.json', () => {
  it("B's token on A's ids answers as a missing id, on A's client path as any foreign client; nothing leaks or changes", () => {
    expect(isolation.routes.length).toBeGreaterThanOrEqual(20);
    expect(isolation.failures).toEqual([]);
  });

  it('link-token routes answer a replaced link, a link of the other kind and an unknown one alike', () => {
    expect(isolation.linkRoutes.length).toBeGreaterThanOrEqual(6);
  });
});

describe('fuzzing /openapi.json', () => {
  it('reaches every operation in the document, each with its share of requests', () => {
    const keys = operationsOf(service.doc).map((o) => o.key);
    expect(keys.length).toBeGreaterThanOrEqual(43);
    expect(Object.keys(report.statuses).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(Object.values(report.statuses[key]!).reduce((a, b) => a + b, 0), key).toBe(RUNS);
  });

  it('answers every request, broken or not, without a server error, as the document says, problems for every 4xx', () => {
    const groups = summariseFailures(report.failures).map((g) => `${g.count} x ${g.key}: ${g.example.detail}\n  ${JSON.stringify(g.example.request).slice(0, 400)}`);
    expect(groups).toEqual([]);
  });

  it('hits real records: reads of the seeded ids succeed, not only 404s', () => {
    for (const key of ['GET /clients/{clientId}/accounts/{accountId}', 'GET /clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml', 'GET /verify/{token}/flow']) {
      expect(report.statuses[key]?.['200'] ?? 0, `${key} ${JSON.stringify(report.statuses[key])}`).toBeGreaterThan(0);
    }
  });
});
