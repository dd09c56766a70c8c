import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLeakCheck, type LeakCheckResult } from '../helpers/leak-check.ts';
import { databaseKind, freshDatabase } from '../helpers/service.ts';

/**
 * No personal test value reaches the logs, the webhook bodies, the raw database or the raw storage files, in
 * any common encoding; after an erasure, no key the service still holds opens the sealed copies taken before.
 * The real service runs as its own process (`src/main.ts`), on PGlite or, in the postgres project, PostgreSQL.
 */
let result: LeakCheckResult;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (databaseKind === 'postgres') {
    const database = await freshDatabase();
    databaseUrl = database.url;
    drop = database.drop;
  }
  result = await runLeakCheck({ databaseUrl });
}, 240_000);
afterAll(async () => drop?.());

describe('leak check', () => {
  it('the flow ran: onboarding READY, an AML report, webhooks delivered, the erasure done', () => {
    expect(result.flow.onboarding).toMatch(/^READY/);
    expect(result.flow.erasure).toBe('COMPLETED, then GET 404');
    expect(result.webhooks).toBeGreaterThanOrEqual(4);
  });

  it('no personal value, in any encoding, in logs, webhooks, the raw database or storage', () => {
    // The search does find the values where they are (the plaintext inputs): an empty result means absent.
    expect(result.control).toBeGreaterThanOrEqual(30);
    for (const [source, s] of Object.entries(result.sources)) {
      if (source !== 'storage files after erasure') expect(s.bytes, source).toBeGreaterThan(0);
      expect(s.hits, source).toEqual([]);
    }
    // The erased contact's documents are gone from storage (no retention for a sandbox client).
    expect(result.sources['storage files after erasure']!.items).toBe(0);
  });

  it('after the erasure, no key left opens the sealed copies taken before it', () => {
    expect(result.afterErasure.contactKeyLeft).toBe(false);
    expect(result.afterErasure.sealedCopies).toBeGreaterThanOrEqual(2);
    expect(result.afterErasure.opened).toBe(0);
  });
});
