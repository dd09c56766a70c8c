import fc from 'fast-check';
import type { Fixture } from './fixture.ts';
import { checkAnswer, createChecker, fuzzOrder, operationsOf, type Answer, type Failure, type Operation } from './openapi-document.ts';
import { discoverIds, requestArbitrary, uploadBodies } from './requests.ts';
import type { Schema } from './schema-arbitrary.ts';

/**
 * Property-based fuzzing of every operation in /openapi.json: requests generated from the document's own
 * schemas (path ids biased to real records, query, If-Match, Idempotency-Key, JSON and binary bodies), valid
 * and broken in one place, sent to the real service; each answer is checked against what the document says.
 */
export interface FuzzReport {
  operations: number;
  requests: number;
  brokenRequests: number;
  ms: number;
  /** operation -> status -> count */
  statuses: Record<string, Record<string, number>>;
  failures: Failure[];
}

export async function fuzz(options: {
  app: { inject: (o: any) => Promise<any> };
  doc: Schema;
  fixture: Fixture;
  runs: number;
  seed: number;
  only?: (op: Operation) => boolean;
  onProgress?: (op: Operation, done: number) => void;
}): Promise<FuzzReport> {
  const started = performance.now();
  const checker = createChecker(options.doc);
  const uploads = await uploadBodies();
  await discoverIds(options.app, options.doc, options.fixture);
  const ops = fuzzOrder(operationsOf(options.doc)).filter(options.only ?? (() => true));
  const report: FuzzReport = { operations: ops.length, requests: 0, brokenRequests: 0, ms: 0, statuses: {}, failures: [] };
  for (const [i, op] of ops.entries()) {
    const requests = fc.sample(requestArbitrary(op, options.fixture, checker, uploads), { numRuns: options.runs, seed: options.seed + i });
    const statuses: Record<string, number> = (report.statuses[op.key] = {});
    for (const request of requests) {
      report.requests++;
      if (request.broken) report.brokenRequests++;
      // Generated keys repeat often (fast-check favours small values): most get a unique tail, so replays and
      // "same key, other body" 422s happen without hiding every write behind one.
      if (request.headers['idempotency-key'] && !request.broken && report.requests % 4) request.headers['idempotency-key'] += `-${report.requests}`;
      const shown = { method: request.method, url: request.url, headers: { ...request.headers, authorization: request.headers.authorization ? '(set)' : '' }, body: Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : request.payload?.slice(0, 500), broken: request.broken };
      let answer: Answer;
      const sent = performance.now();
      if (process.env.FUZZ_TRACE) process.stderr.write(`    sending ${JSON.stringify(shown).slice(0, 300)}${Buffer.isBuffer(request.payload) ? ` first bytes ${request.payload.subarray(0, 24).toString('hex')}` : ''}\n`);
      try {
        answer = await options.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
        // FUZZ_TRACE=1: each request with its time, to find the one that is slow.
        if (process.env.FUZZ_TRACE) process.stderr.write(`    ${answer.statusCode} ${Math.round(performance.now() - sent)} ms ${JSON.stringify(shown).slice(0, 300)}\n`);
      } catch (error) {
        report.failures.push({ operation: op.key, kind: 'exception', detail: String(error), request: shown });
        continue;
      }
      statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      for (const f of checkAnswer(op, request, answer, checker)) report.failures.push({ operation: op.key, ...f, request: shown });
    }
    options.onProgress?.(op, requests.length);
  }
  report.ms = performance.now() - started;
  return report;
}

/** Failures grouped by operation and kind, with the first example of each: what a person fixes. */
export function summariseFailures(failures: Failure[]): { key: string; count: number; example: Failure }[] {
  const groups = new Map<string, { key: string; count: number; example: Failure }>();
  for (const f of failures) {
    const key = `${f.operation} ${f.kind}${f.status ? ` ${f.status}` : ''}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { key, count: 1, example: f });
  }
  return [...groups.values()];
}
