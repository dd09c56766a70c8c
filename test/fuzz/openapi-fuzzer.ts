import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import sharp from 'sharp';
import type { Fixture, IdContext } from './fixture.ts';
import { deref, invalidArbitrary, validArbitrary, type Hints, type Schema } from './schema-arbitrary.ts';

/**
 * Property-based fuzzing of every operation in /openapi.json: requests generated from the document's own
 * schemas (path ids biased to real records, query, If-Match, Idempotency-Key, JSON and binary bodies), valid
 * and broken in one place, sent to the real service; each answer is checked against what the document says.
 */
export interface Operation {
  key: string;
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }[];
  body?: { contentTypes: string[]; schema: Schema; json: boolean; required: boolean };
  isPublic: boolean;
  responses: Record<string, Record<string, Schema | undefined> | undefined>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken on purpose (the answer must be a 4xx), or undefined for a valid-shaped request. */
  broken?: string;
}

export interface Failure {
  operation: string;
  kind: 'server-error' | 'undocumented-status' | 'wrong-content-type' | 'schema-mismatch' | 'not-problem-json' | 'invalid-accepted' | 'exception';
  status?: number;
  detail: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: string; broken?: string };
}

export interface FuzzReport {
  operations: number;
  requests: number;
  brokenRequests: number;
  ms: number;
  /** operation -> status -> count */
  statuses: Record<string, Record<string, number>>;
  failures: Failure[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const WRITE = new Set(['POST', 'PUT', 'PATCH']);

export function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      const contentTypes = Object.keys(content ?? {});
      const responses: Operation['responses'] = {};
      for (const [status, r] of Object.entries((op.responses ?? {}) as Record<string, Schema>)) {
        responses[status] = r.content ? Object.fromEntries(Object.entries(r.content as Record<string, { schema?: Schema }>).map(([ct, c]) => [ct, c.schema])) : undefined;
      }
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: Schema) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} })),
        body: content ? { contentTypes, schema: content[contentTypes[0]!]!.schema ?? {}, json: contentTypes.some((c) => c.includes('json')), required: Boolean(op.requestBody.required) } : undefined,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        responses,
      });
    }
  }
  return ops;
}

/** Hosted-flow routes first (later triggers replace their links), reads, writes, deletes last. */
export function fuzzOrder(ops: Operation[]): Operation[] {
  const rank = (o: Operation) => (o.isPublic ? 0 : o.method === 'GET' ? 1 : o.method === 'DELETE' ? 3 : 2);
  return [...ops].sort((x, y) => rank(x) - rank(y));
}

export function createChecker(doc: Schema) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const coercing = new Ajv({ strict: false, coerceTypes: true });
  addFormats(coercing);
  const cache = new Map<string, ValidateFunction>();
  const compile = (a: Ajv, key: string, schema: Schema) => {
    let v = cache.get(key);
    if (!v) cache.set(key, (v = a.compile({ ...schema, components: doc.components })));
    return v;
  };
  const resolve = (ref: string) => {
    const name = ref.replace('#/components/schemas/', '');
    const s = doc.components?.schemas?.[name];
    if (!s) throw new Error(`unresolved $ref ${ref}`);
    return s as Schema;
  };
  return {
    resolve,
    /** Body validity as the server judges it: strict for JSON bodies. */
    bodyValid: (op: Operation, value: unknown) => compile(ajv, `body ${op.key}`, op.body!.schema)(value),
    /** A path or query value is text; the server coerces it before validating. */
    textValid: (key: string, schema: Schema, text: string) => compile(coercing, `text ${key}`, { type: 'object', properties: { v: schema }, required: ['v'] })({ v: text }),
    response: (op: Operation, status: string, contentType: string) => {
      const schema = op.responses[status]?.[contentType];
      return schema ? compile(ajv, `res ${op.key} ${status} ${contentType}`, schema) : undefined;
    },
  };
}

type Checker = ReturnType<typeof createChecker>;

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

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Every rule the document and the conventions promise, for one answer. */
export function checkAnswer(op: Operation, request: FuzzRequest, answer: Answer, checker: Checker): Omit<Failure, 'operation' | 'request'>[] {
  const out: Omit<Failure, 'operation' | 'request'>[] = [];
  const status = answer.statusCode;
  const fail = (kind: Failure['kind'], detail: string) => out.push({ kind, status, detail });
  if (status >= 500) fail('server-error', answer.body.slice(0, 300));
  if (request.broken && status < 400) fail('invalid-accepted', `broken ${request.broken} answered ${status}`);
  const contentType = String(answer.headers['content-type'] ?? '').split(';')[0]!.trim();
  let json: unknown;
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(answer.body);
    } catch {
      fail('schema-mismatch', `${contentType} body is not JSON`);
    }
  }
  if (status >= 400) {
    const p = json as { type?: unknown; title?: unknown; status?: unknown } | undefined;
    if (contentType !== 'application/problem+json' || typeof p?.type !== 'string' || typeof p.title !== 'string' || p.status !== status) {
      fail('not-problem-json', `${contentType} ${answer.body.slice(0, 200)}`);
    }
  }
  const documented = op.responses[String(status)];
  if (!(String(status) in op.responses)) {
    fail('undocumented-status', `status ${status} is not in the document (${Object.keys(op.responses).join(', ')})`);
    return out;
  }
  if (documented === undefined) {
    if (answer.body.length > 0 && status !== 204) fail('wrong-content-type', `a body (${contentType}) where the document has none`);
    return out;
  }
  const validate = checker.response(op, String(status), contentType);
  if (!validate) {
    fail('wrong-content-type', `${contentType || 'no content type'} is not documented for ${status} (${Object.keys(documented).join(', ')})`);
    return out;
  }
  if (json !== undefined && !validate(json)) {
    fail('schema-mismatch', JSON.stringify(validate.errors?.slice(0, 3)));
  }
  return out;
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
      try {
        answer = await options.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
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

export { deref };
