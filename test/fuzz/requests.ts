import fc from 'fast-check';
import sharp from 'sharp';
import type { Fixture, IdContext } from './fixture.ts';
import { createChecker, operationsOf, type Checker, type FuzzRequest, type Operation } from './openapi-document.ts';
import { invalidArbitrary, OPEN_OBJECT, validArbitrary, type Hints, type Schema } from './schema-arbitrary.ts';

/**
 * The requests of one operation as a fast-check arbitrary: path ids biased to the seeded tenant's real
 * records, query, If-Match, Idempotency-Key, JSON or binary bodies, content types and authorization, valid
 * or broken in one place. Also where ids the fixture does not make come from (discoverIds).
 */
const WRITE = new Set(['POST', 'PUT', 'PATCH']);

/** Bytes an upload might carry: junk, junk behind real magic numbers, tiny real images, a PDF, chip JSON. */
export async function uploadBodies(): Promise<fc.Arbitrary<Buffer>> {
  const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#884422' } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#224488' } }).jpeg().toBuffer();
  const magic = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...Buffer.from('%PDF-1.7\n')], [...Buffer.from('RIFF\0\0\0\0WEBP')], [0, 0, 0, 0x18, ...Buffer.from('ftypheic')], [...Buffer.from('{"dg1":')], [...Buffer.from('<html><script>')]];
  return fc.oneof(
    fc.uint8Array({ minLength: 0, maxLength: 64 }).map((b) => Buffer.from(b)),
    fc.tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 64 })).map(([m, rest]) => Buffer.concat([Buffer.from(m), Buffer.from(rest)])),
    fc.constantFrom(png, jpeg, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), Buffer.from('{"dg1":"AAAA","sod":"AAAA"}')),
    fc.tuple(fc.constantFrom(png, jpeg), fc.nat(40)).map(([img, cut]) => img.subarray(0, img.length - cut - 1)),
  );
}

const isoDate = (from: string, to: string) => fc.date({ min: new Date(from), max: new Date(to), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Realistic values by field name, so a good share of valid-shaped requests get past the business rules. */
export const HINTS: Hints = {
  first_name: fc.constantFrom('Ada', 'Luis', 'Zoë', "Seán", 'Nguyễn', 'Viktor'),
  middle_name: fc.constantFrom('Mary', 'Ivanovich', ''),
  last_name: fc.constantFrom('Hartley', 'Reyes', "O'Brien", 'Sanctionov', 'Müller-Lüdenscheidt'),
  name: fc.constantFrom('Hartley Bakery Ltd', 'Reyes & Söhne GmbH', 'Viktor Ivanovich Sanctionov'),
  email: fc.constantFrom('ada@example.com', 'luis.reyes@example.org'),
  phone: fc.constantFrom('+44 20 7946 0000', '020 7946 0000'),
  date_of_birth: isoDate('1930-01-01', '2010-01-01'),
  driving_license_expiry_date: isoDate('2015-01-01', '2036-01-01'),
  passport_expiry_date: isoDate('2015-01-01', '2036-01-01'),
  street: fc.constantFrom('1 Mill Lane', '22 Rue de la Paix'),
  city: fc.constantFrom('York', 'Paris'),
  postcode: fc.constantFrom('AB1 2CD', '75002'),
  country_code: fc.constantFrom('GB', 'FR', 'DE', 'RU', 'gb'),
  country: fc.constantFrom('GB', 'FR'),
  callback_url: fc.constantFrom('https://hooks.example.invalid/kyc', 'http://10.0.0.1/hook', 'http://127.0.0.1:1/hook'),
  api_secret: fc.stringMatching(/^[a-z0-9]{16,40}$/),
  host: fc.constantFrom('smtp.example.invalid'),
  from_address: fc.constantFrom('kyc@example.com'),
  // The hosted flow's steps take an open object; these are the answers its steps expect (flow.service.ts).
  [OPEN_OBJECT]: fc.oneof(
    fc.record({ address: fc.record({ street: fc.constantFrom('1 Mill Lane'), city: fc.constantFrom('York'), postcode: fc.constantFrom('AB1 2CD'), country: fc.constantFrom('GB', 'FR', 'gb') }) }),
    fc.record({ email: fc.constantFrom('ada@example.com', 'not-an-email') }),
    fc.record({ names: fc.array(fc.record({ first_name: fc.constantFrom('Ada'), last_name: fc.constantFrom('Hartley'), from: isoDate('1990-01-01', '2020-01-01') }, { requiredKeys: ['first_name', 'last_name'] }), { maxLength: 3 }) }),
    fc.record({ addresses: fc.array(fc.record({ street: fc.constantFrom('1 Mill Lane'), city: fc.constantFrom('York'), postcode: fc.constantFrom('AB1 2CD'), country: fc.constantFrom('GB'), from: isoDate('2015-01-01', '2027-01-01'), to: isoDate('2015-01-01', '2027-01-01') }, { requiredKeys: ['street', 'city', 'postcode', 'country', 'from'] }), { maxLength: 3 }) }),
  ),
};

const basic = (text: string) => `Basic ${Buffer.from(text, 'latin1').toString('base64')}`;
const ODD_AUTHORIZATION = [basic('%zz:%'), basic('no-colon'), basic(':'), basic('a:b:c'), 'Basic !!!', 'Basic', 'Bearer', 'Bearer a.b.c', 'Digest x', basic(`${'a'.repeat(5000)}:x`)];

const MALFORMED_JSON = ['{', '{"a":', '[1,2', 'nul', '"unterminated', '{"a":1}}', '\u0000', '{"a":NaN}', '[' .repeat(5000), '1e999999', '{"__proto__":{"admin":true}}', '\ufeff{}'];

const FIXTURE_PARAMS = ['clientId', 'accountId', 'contactId', 'subscriptionId', 'deliveryId', 'token', 'step', 'slot'];

export function idFor(param: string, path: string, ctx: IdContext): string | undefined {
  switch (param) {
    case 'clientId': case 'accountId': case 'contactId': case 'subscriptionId': case 'deliveryId': return ctx[param];
    case 'token': return path.startsWith('/portal/') ? ctx.portalToken : ctx.verifyToken;
    default: return ctx.extra[param];
  }
}

/** Real ids as field values: a body that names a contact or an account names one that exists. */
export function hintsFor(fixture: Fixture): Hints {
  return {
    ...HINTS,
    account_id: fc.constantFrom(...fixture.contexts.map((c) => c.accountId)),
    contact_id: fc.constantFrom(...fixture.contexts.map((c) => c.contactId)),
  };
}

const fill = (path: string, ctx: IdContext) => path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(idFor(name, path, ctx) ?? 'missing'));

/**
 * Ids for path parameters the fixture does not create (a route added later, `/things/{thingId}`): read from
 * the collection route (`GET /things`), or made through it (`POST /things` with generated bodies) when it is
 * empty. A parameter with neither is an error: the new route needs an id source here.
 */
export async function discoverIds(app: { inject: (o: any) => Promise<any> }, doc: Schema, fixture: Fixture): Promise<string[]> {
  const checker = createChecker(doc);
  const ops = operationsOf(doc);
  const found: string[] = [];
  for (const op of ops) {
    for (const p of op.params.filter((x) => x.in === 'path' && !FIXTURE_PARAMS.includes(x.name))) {
      if (fixture.contexts[0]!.extra[p.name] || found.includes(p.name)) continue;
      const collection = op.path.slice(0, op.path.indexOf(`/{${p.name}}`));
      const list = ops.find((o) => o.method === 'GET' && o.path === collection);
      const create = ops.find((o) => o.method === 'POST' && o.path === collection && o.body?.json);
      for (const [client, contexts] of [[fixture.a, fixture.contexts], [fixture.b, fixture.foreign]] as const) {
        const headers = { authorization: client.auth.authorization };
        const read = async () => (list ? ((await app.inject({ method: 'GET', url: fill(collection, contexts[0]!), headers })).json()?.data ?? []).map((r: { id: string }) => r.id) as string[] : []);
        let ids = await read();
        if (ids.length === 0 && create) {
          // Bodies name only the last record: making one may use it up (an erasure request erases it).
          const bodies = fc.sample(validArbitrary(create.body!.schema, checker.resolve, 0, hintsFor({ ...fixture, contexts: contexts.slice(-1) })), { numRuns: 60, seed: 7 });
          for (const body of bodies) {
            const r = await app.inject({ method: 'POST', url: fill(collection, contexts[0]!), headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
            if (r.statusCode < 300) {
              const id = r.json()?.id as string | undefined;
              ids = id ? [id] : await read();
              break;
            }
          }
        }
        if (ids.length === 0) throw new Error(`${op.key}: no id for {${p.name}}: ${collection} lists none and creating one failed; give the fuzzer an id source (test/fuzz/fixture.ts)`);
        contexts.forEach((c, i) => (c.extra[p.name] = ids[i % ids.length]!));
      }
      found.push(p.name);
    }
  }
  return found;
}

/** The arbitrary of one operation's requests. Unknown path parameter names fail loudly: a new route needs an id source. */
export function requestArbitrary(op: Operation, fixture: Fixture, checker: Checker, uploads: fc.Arbitrary<Buffer>): fc.Arbitrary<FuzzRequest> {
  const { resolve } = checker;
  for (const p of op.params) {
    if (p.in === 'path' && !FIXTURE_PARAMS.includes(p.name) && !fixture.contexts[0]?.extra[p.name]) {
      throw new Error(`${op.key}: the fuzzer has no id source for path parameter {${p.name}} (discoverIds found none)`);
    }
  }
  const hints = hintsFor(fixture);
  const ctx = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...fixture.contexts) }, { weight: 1, arbitrary: fc.constantFrom(...fixture.foreign) }, { weight: 1, arbitrary: fc.constant(undefined) });
  // Which part of the request is broken, if any.
  const breakable: string[] = [];
  if (op.params.some((p) => p.in === 'path')) breakable.push('path');
  if (op.params.some((p) => p.in === 'query')) breakable.push('query');
  if (op.body) breakable.push('body', 'raw-body', 'content-type');
  if (WRITE.has(op.method) && !op.isPublic) breakable.push('idempotency-key');
  if (!op.isPublic) breakable.push('auth');
  const broken = breakable.length ? fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constantFrom(...breakable) }) : fc.constant(undefined);

  return fc.tuple(ctx, broken).chain(([context, brokenPart]) => {
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    const pathParams = op.params.filter((p) => p.in === 'path');
    const brokenPath = brokenPart === 'path' ? fc.constantFrom(...pathParams.map((p) => p.name)) : fc.constant(undefined);
    parts.brokenPath = brokenPath;
    for (const p of pathParams) {
      const real = context && idFor(p.name, op.path, context);
      const known = p.name === 'step' ? fixture.steps : p.name === 'slot' ? fixture.slots : real ? [real] : [];
      const valid = known.length
        ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: validArbitrary(p.schema, resolve) })
        : validArbitrary(p.schema, resolve);
      parts[`path:${p.name}`] = fc.record({ valid, invalid: fc.oneof(invalidArbitrary(p.schema, resolve).map(String), fc.constantFrom('..', '%2e%2e', 'a'.repeat(300), '\u0000', 'x y', 'é')) });
    }
    const query = op.params.filter((p) => p.in === 'query');
    for (const p of query) {
      parts[`query:${p.name}`] = fc.record({ present: fc.boolean(), valid: validArbitrary(p.schema, resolve), invalid: invalidArbitrary(p.schema, resolve) });
    }
    parts.brokenQuery = brokenPart === 'query' ? fc.constantFrom(...query.map((p) => p.name)) : fc.constant(undefined);
    if (op.params.some((p) => p.name === 'if-match')) parts.ifMatch = fc.oneof(fc.constant(undefined), fc.nat(20).map((n) => `"${n}"`), fc.constantFrom('*', 'W/"1"', '"abc"', '1', '"99999999999"', ''));
    if (WRITE.has(op.method)) {
      parts.idempotencyKey = brokenPart === 'idempotency-key'
        ? fc.constantFrom('has space', 'k'.repeat(256), 'tab\there', 'ключ')
        : fc.oneof(fc.constant(undefined), fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/));
    }
    if (op.body) {
      if (op.body.json) {
        parts.body = brokenPart === 'body'
          ? invalidArbitrary(op.body.schema, resolve).filter((v) => !checker.bodyValid(op, v)).map((v) => JSON.stringify(v))
          : brokenPart === 'raw-body' ? fc.constantFrom(...MALFORMED_JSON) : validArbitrary(op.body.schema, resolve, 0, hints).map((v) => JSON.stringify(v));
        parts.contentType = brokenPart === 'content-type'
          ? fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', undefined)
          : fc.constantFrom('application/json', 'application/json; charset=utf-8');
      } else {
        parts.body = brokenPart === 'body' || brokenPart === 'raw-body' ? fc.constant(Buffer.alloc(0)) : uploads;
        parts.contentType = brokenPart === 'content-type' ? fc.constantFrom('text/plain', 'application/json', undefined) : fc.constantFrom(...op.body.contentTypes);
      }
    }
    parts.auth = brokenPart === 'auth' ? fc.constantFrom('none', 'garbage', 'basic') : fc.constant('ok');
    // Public routes ignore a bearer but the token endpoint reads HTTP Basic: odd ones must not upset either.
    parts.publicAuth = fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_AUTHORIZATION) });
    parts.partnerKey = fc.oneof({ weight: 4, arbitrary: fc.constant(fixture.partnerKey) }, { weight: 1, arbitrary: fc.constantFrom(undefined, 'kyp_wrong') });

    return fc.record(parts).map((g): FuzzRequest => {
      let url = op.path;
      let broke: string | undefined;
      for (const p of pathParams) {
        const v = g[`path:${p.name}`] as { valid: unknown; invalid: string };
        const breakThis = g.brokenPath === p.name && !checker.textValid(`${op.key} ${p.name}`, p.schema, v.invalid);
        if (breakThis) broke = `path ${p.name}`;
        url = url.replace(`{${p.name}}`, encodeURIComponent(String(breakThis ? v.invalid : v.valid).replace(/\p{Cs}/gu, "\ufffd")));
      }
      const search = new URLSearchParams();
      for (const p of query) {
        const v = g[`query:${p.name}`] as { present: boolean; valid: unknown; invalid: unknown };
        const text = typeof v.invalid === 'object' && v.invalid !== null ? JSON.stringify(v.invalid) : String(v.invalid);
        if (g.brokenQuery === p.name && !checker.textValid(`${op.key} ${p.name}`, p.schema, text)) {
          search.set(p.name, text);
          broke = `query ${p.name}`;
        } else if (v.present && v.valid !== undefined && v.valid !== null) search.set(p.name, String(v.valid));
      }
      const headers: Record<string, string> = {};
      if (op.isPublic && g.publicAuth) headers.authorization = g.publicAuth as string;
      if (!op.isPublic) {
        if (g.auth === 'ok') headers.authorization = fixture.a.auth.authorization;
        else {
          broke = `auth ${g.auth}`;
          if (g.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
          if (g.auth === 'basic') headers.authorization = 'Basic Zm9vOmJhcg==';
        }
      }
      if (op.params.some((p) => p.name === 'x-partner-api-key') && g.partnerKey) headers['x-partner-api-key'] = g.partnerKey as string;
      if (g.ifMatch !== undefined) headers['if-match'] = g.ifMatch as string;
      if (g.idempotencyKey !== undefined) {
        headers['idempotency-key'] = g.idempotencyKey as string;
        if (brokenPart === 'idempotency-key') broke = 'idempotency-key';
      }
      let payload: string | Buffer | undefined;
      if (op.body) {
        payload = g.body as string | Buffer;
        if (g.contentType !== undefined) headers['content-type'] = g.contentType as string;
        if (brokenPart === 'body' || brokenPart === 'raw-body' || brokenPart === 'content-type') broke = `${brokenPart}${brokenPart === 'content-type' ? ` ${g.contentType}` : ''}`;
      }
      const qs = search.toString();
      return { method: op.method, url: qs ? `${url}?${qs}` : url, headers, payload, broken: broke };
    });
  });
}
