import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestService } from '../helpers/service.ts';
import { buildFixture } from './fixture.ts';

/** FUZZ_RUNS requests per operation (npm test keeps it small; `npm run fuzz` sets more), FUZZ_SEED to replay a run. */
export const fuzzRuns = (fallback: number) => Number(process.env.FUZZ_RUNS ?? fallback);
export const fuzzSeed = () => Number(process.env.FUZZ_SEED ?? 20261122);

/**
 * The real service for fuzzing: the per-client rate limit raised so the fuzzer measures the API rather than
 * the limiter, webhooks to private addresses refused (a generated URL never reaches anything), no workers.
 */
export async function startFuzzService() {
  // One sanctioned person (FollowTheMoney JSON): screening answers from a loaded list, never "no list" 503s.
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-fuzz-'));
  const lists = path.join(dir, 'sanctions.ftm.json');
  writeFileSync(lists, `${JSON.stringify({ id: 'fuzz-sanctioned-1', schema: 'Person', properties: { name: ['Viktor Ivanovich Sanctionov'], birthDate: ['1961-03-04'], topics: ['sanction'], country: ['ru'] } })}\n`);
  const t = await startTestService({ RATE_LIMIT_PER_MINUTE: '10000000', WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_TIMEOUT_MS: '1000', SCREENING_LISTS: lists });
  const close = t.close;
  t.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  const fixture = await buildFixture(t);
  const doc = (await t.app.inject({ url: '/openapi.json' })).json();
  return { t, fixture, doc };
}
