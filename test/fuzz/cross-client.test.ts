import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdContext } from './fixture.ts';
import { createChecker, discoverIds, hintsFor, idFor, operationsOf, type Operation } from './openapi-fuzzer.ts';
import { validArbitrary } from './schema-arbitrary.ts';
import { startFuzzService } from './service.ts';

/**
 * Tenant isolation for every route, generated from /openapi.json (a new route is covered by being documented):
 * client B's token on client A's real ids, and on A's client path, answers exactly what a missing id answers,
 * and nothing of A's leaks or changes. The hosted-flow and portal routes, whose credential is the link token,
 * answer a replaced link, another kind of link and an unknown one alike.
 */
let s: Awaited<ReturnType<typeof startFuzzService>>;
let ops: Operation[];
let checker: ReturnType<typeof createChecker>;

beforeAll(async () => {
  s = await startFuzzService();
  await discoverIds(s.t.app, s.doc, s.fixture);
  ops = operationsOf(s.doc);
  checker = createChecker(s.doc);
}, 600_000);
afterAll(async () => s?.t.close());

/** What differs between two answers to the same question: the request id and the path echoed in `instance`. */
const stable = (body: string) => {
  try {
    const { request_id, instance, ...rest } = JSON.parse(body) as Record<string, unknown>;
    return rest;
  } catch {
    return body;
  }
};
const fill = (op: Operation, ids: (name: string) => string) => op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(ids(name)));
/** An id of the right shape that names nothing: the param's own prefix (`acc_`), random tail. */
const missing = (real: string) => `${real.replace(/_[^_]*$/, '')}_${'0'.repeat(Math.max(8, real.length - real.lastIndexOf('_') - 1))}`;

function secrets(ctx: IdContext): string[] {
  return [ctx.accountId, ctx.contactId, ctx.subscriptionId, ctx.deliveryId, ctx.verifyToken, ctx.portalToken, ...Object.values(ctx.extra), 'Fuzz firm', 'Hartley', 'ada@example.com'];
}

describe('cross-client access, every route of /openapi.json', () => {
  it("B's token on A's ids (under B's client path) answers exactly as a missing id, and on A's client path as any foreign client", async () => {
    const a = s.fixture.contexts[0]!;
    const b = s.fixture.foreign[0]!;
    const before = await snapshot(a);
    const checked: string[] = [];
    for (const op of ops.filter((o) => !o.isPublic && o.params.some((p) => p.in === 'path' && p.name !== 'clientId'))) {
      const headers: Record<string, string> = { authorization: s.fixture.b.auth.authorization, 'x-partner-api-key': s.fixture.partnerKey };
      let payload: string | undefined;
      if (op.body?.json) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(fc.sample(validArbitrary(op.body.schema, checker.resolve, 0, hintsFor(s.fixture)), { numRuns: 1, seed: 42 })[0]);
      }
      const send = async (url: string) => s.t.app.inject({ method: op.method as 'GET', url, headers, payload });
      const real = (name: string) => idFor(name, op.path, a)!;
      const aIdsUnderB = await send(fill(op, (n) => (n === 'clientId' ? b.clientId : real(n))));
      const missingUnderB = await send(fill(op, (n) => (n === 'clientId' ? b.clientId : missing(real(n)))));
      const aPath = await send(fill(op, real));
      const nobodysPath = await send(fill(op, (n) => (n === 'clientId' ? missing(a.clientId) : missing(real(n)))));

      expect(aIdsUnderB.statusCode, `${op.key} with A's ids`).toBeGreaterThanOrEqual(400);
      expect([aIdsUnderB.statusCode, stable(aIdsUnderB.body)], `${op.key}: A's ids vs missing ids`).toEqual([missingUnderB.statusCode, stable(missingUnderB.body)]);
      expect(aPath.statusCode, `${op.key} on A's client path`).toBe(404);
      expect(stable(aPath.body), `${op.key}: A's client path vs a client that does not exist`).toEqual(stable(nobodysPath.body));
      // `instance` echoes the caller's own path; everything else must say nothing of A's records.
      for (const r of [aIdsUnderB, aPath]) for (const secret of secrets(a)) expect(JSON.stringify(stable(r.body)).includes(secret), `${op.key} leaks ${secret}`).toBe(false);
      checked.push(op.key);
    }
    expect(checked.length).toBeGreaterThanOrEqual(20);
    expect(await snapshot(a)).toEqual(before);
  });

  it('link-token routes answer a replaced link, a link of the other kind and an unknown one with the same 404, and nothing of the contact', async () => {
    const [a, other] = s.fixture.contexts;
    // Replacing a request revokes the link it had.
    const base = `/clients/${a!.clientId}/accounts/${other!.accountId}/contacts/${other!.contactId}/reports/onboarding`;
    const replaced = other!.verifyToken;
    const again = await s.t.app.inject({ method: 'PUT', url: base, headers: s.fixture.a.auth, payload: { config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true' } } } });
    expect(again.statusCode, again.body).toBe(202);
    const checked: string[] = [];
    for (const op of ops.filter((o) => o.isPublic && o.params.some((p) => p.name === 'token'))) {
      const portal = op.path.startsWith('/portal/');
      const wrongKind = portal ? a!.verifyToken : a!.portalToken;
      const unknown = '0'.repeat(a!.verifyToken.length);
      const answers = [];
      for (const token of [portal ? undefined : replaced, wrongKind, unknown]) {
        if (token === undefined) continue;
        const url = fill(op, (n) => (n === 'token' ? token : n === 'step' ? 'personal_details' : n === 'slot' ? 'selfie' : ''));
        const body = op.body?.json ? JSON.stringify(op.path.endsWith('/submit') ? { consent: true } : { address: { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' } }) : op.body ? Buffer.from([0xff, 0xd8, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0]) : undefined;
        const r = await s.t.app.inject({ method: op.method as 'GET', url, payload: body, headers: op.body ? { 'content-type': op.body.json ? 'application/json' : 'image/jpeg' } : {} });
        expect(r.statusCode, `${op.key} ${token}`).toBe(404);
        for (const secret of [...secrets(a!), 'Ada', 'Luis']) expect(JSON.stringify(stable(r.body)).includes(secret), `${op.key} leaks ${secret}`).toBe(false);
        answers.push(stable(r.body));
      }
      expect(new Set(answers.map((x) => JSON.stringify(x))).size, `${op.key}: ${JSON.stringify(answers)}`).toBe(1);
      checked.push(op.key);
    }
    expect(checked.length).toBeGreaterThanOrEqual(6);
  });
});

/** A's records as A reads them: the cross-client calls must leave them exactly so. */
async function snapshot(ctx: IdContext) {
  const get = async (url: string) => (await s.t.app.inject({ url, headers: s.fixture.a.auth })).body;
  const acc = `/clients/${ctx.clientId}/accounts/${ctx.accountId}`;
  return Promise.all([
    get(acc), get(`${acc}/contacts/${ctx.contactId}`), get(`${acc}/contacts/${ctx.contactId}/reports/aml`),
    get(`/clients/${ctx.clientId}/subscriptions/${ctx.subscriptionId}`), get(`/clients/${ctx.clientId}/events?limit=200`),
  ]);
}
