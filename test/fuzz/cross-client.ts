import fc from 'fast-check';
import type { Fixture, IdContext } from './fixture.ts';
import { createChecker, operationsOf, type Operation } from './openapi-document.ts';
import { discoverIds, hintsFor, idFor } from './requests.ts';
import { validArbitrary, type Schema } from './schema-arbitrary.ts';

/**
 * Tenant isolation for every route, generated from /openapi.json (a new route is covered by being documented):
 * client B's token on client A's real ids, and on A's client path, answers exactly what a missing id answers,
 * nothing of A's leaks, nothing of A's changes. Link-token routes (hosted flow, portal, sandbox) answer a
 * replaced link, a link of the other kind and an unknown one alike. Returns what it checked and what failed.
 */
type Inject = (o: any) => Promise<{ statusCode: number; body: string }>;

/** What differs between two answers to the same question: the request id and the path echoed in `instance`. */
const stable = (body: string) => {
  try {
    const { request_id, instance, ...rest } = JSON.parse(body) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return body;
  }
};
const fill = (op: Operation, ids: (name: string) => string) => op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(ids(name)));
/** An id of the right shape that names nothing: the real id's prefix (`acc_`), a tail of zeros. */
const missing = (real: string) => `${real.replace(/_[^_]*$/, '')}_${'0'.repeat(Math.max(8, real.length - real.lastIndexOf('_') - 1))}`;
const secrets = (ctx: IdContext) => [ctx.accountId, ctx.contactId, ctx.subscriptionId, ctx.deliveryId, ctx.verifyToken, ctx.portalToken, ...Object.values(ctx.extra), 'Fuzz firm', 'Hartley', 'ada@example.com'];

export async function crossClientCheck(app: { inject: Inject }, doc: Schema, fixture: Fixture) {
  await discoverIds(app, doc, fixture);
  const ops = operationsOf(doc);
  const checker = createChecker(doc);
  const failures: string[] = [];
  const routes: string[] = [];
  const linkRoutes: string[] = [];
  const a = fixture.contexts[0]!;
  const b = fixture.foreign[0]!;
  const snapshot = async () => {
    const get = async (url: string) => (await app.inject({ url, headers: fixture.a.auth })).body;
    const acc = `/clients/${a.clientId}/accounts/${a.accountId}`;
    return Promise.all([get(acc), get(`${acc}/contacts/${a.contactId}`), get(`${acc}/contacts/${a.contactId}/reports/aml`), get(`/clients/${a.clientId}/subscriptions/${a.subscriptionId}`), get(`/clients/${a.clientId}/events?limit=200`)]);
  };
  const before = await snapshot();
  for (const op of ops.filter((o) => !o.isPublic && o.params.some((p) => p.in === 'path' && p.name !== 'clientId'))) {
    const headers: Record<string, string> = { authorization: fixture.b.auth.authorization, 'x-partner-api-key': fixture.partnerKey };
    let payload: string | undefined;
    if (op.body?.json) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(fc.sample(validArbitrary(op.body.schema, checker.resolve, 0, hintsFor(fixture)), { numRuns: 1, seed: 42 })[0]);
    }
    const send = (url: string) => app.inject({ method: op.method, url, headers, payload });
    const real = (name: string) => idFor(name, op.path, a)!;
    const aIdsUnderB = await send(fill(op, (n) => (n === 'clientId' ? b.clientId : real(n))));
    const missingUnderB = await send(fill(op, (n) => (n === 'clientId' ? b.clientId : missing(real(n)))));
    const aPath = await send(fill(op, real));
    const nobodysPath = await send(fill(op, (n) => (n === 'clientId' ? missing(a.clientId) : missing(real(n)))));
    if (aIdsUnderB.statusCode < 400) failures.push(`${op.key}: B's token on A's ids answered ${aIdsUnderB.statusCode}`);
    if (aIdsUnderB.statusCode !== missingUnderB.statusCode || stable(aIdsUnderB.body) !== stable(missingUnderB.body)) {
      failures.push(`${op.key}: A's ids answered ${aIdsUnderB.statusCode} ${stable(aIdsUnderB.body)}, a missing id ${missingUnderB.statusCode} ${stable(missingUnderB.body)}`);
    }
    if (aPath.statusCode !== 404 || stable(aPath.body) !== stable(nobodysPath.body)) failures.push(`${op.key}: A's client path answered ${aPath.statusCode}, unlike a client that does not exist`);
    // `instance` echoes the caller's own path; everything else must say nothing of A's records.
    for (const r of [aIdsUnderB, aPath]) for (const secret of secrets(a)) if (stable(r.body).includes(secret)) failures.push(`${op.key}: leaks ${secret}`);
    routes.push(op.key);
  }
  if (JSON.stringify(await snapshot()) !== JSON.stringify(before)) failures.push("A's records changed under B's calls");

  // Replacing a request revokes the link it had.
  const other = fixture.contexts[1]!;
  const replaced = other.verifyToken;
  const again = await app.inject({ method: 'PUT', url: `/clients/${a.clientId}/accounts/${other.accountId}/contacts/${other.contactId}/reports/onboarding`, headers: { ...fixture.a.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ config: { parameters: { suppress_invitation_mail: 'true', personal_details: 'true' } } }) });
  if (again.statusCode !== 202) failures.push(`replacing a link: ${again.statusCode}`);
  for (const op of ops.filter((o) => o.isPublic && o.params.some((p) => p.name === 'token'))) {
    const portal = op.path.startsWith('/portal/');
    const tokens = [...(portal ? [] : [replaced]), portal ? a.verifyToken : a.portalToken, '0'.repeat(a.verifyToken.length)];
    const answers = new Set<string>();
    for (const token of tokens) {
      const url = fill(op, (n) => (n === 'token' ? token : n === 'step' ? 'personal_details' : n === 'slot' ? 'selfie' : (a.extra[n] ?? '')));
      const body = op.body?.json ? JSON.stringify(op.path.endsWith('/submit') ? { consent: true } : { address: { street: '1 Mill Lane', city: 'York', postcode: 'AB1 2CD', country: 'GB' } }) : op.body ? Buffer.from([0xff, 0xd8, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0]) : undefined;
      const r = await app.inject({ method: op.method, url, payload: body, headers: op.body ? { 'content-type': op.body.json ? 'application/json' : 'image/jpeg' } : {} });
      if (r.statusCode !== 404) failures.push(`${op.key}: token ${token.slice(0, 6)}… answered ${r.statusCode}`);
      for (const secret of [...secrets(a), 'Ada', 'Luis']) if (stable(r.body).includes(secret)) failures.push(`${op.key}: leaks ${secret}`);
      answers.add(stable(r.body));
    }
    if (answers.size !== 1) failures.push(`${op.key}: replaced, other-kind and unknown links answered differently: ${[...answers].join(' | ')}`);
    linkRoutes.push(op.key);
  }
  return { routes, linkRoutes, failures };
}
