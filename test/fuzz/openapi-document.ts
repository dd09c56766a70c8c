import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Schema } from './schema-arbitrary.ts';

/**
 * What /openapi.json promises, in a form the fuzzer can use: its operations (params, bodies, documented
 * answers), ajv validators built from its components, and the check of one answer against all of it.
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

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

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
        body: content ? bodyOf(contentTypes, content[contentTypes[0]!]!.schema ?? {}, Boolean(op.requestBody.required)) : undefined,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        responses,
      });
    }
  }
  return ops;
}

/** Hosted-flow routes first (later triggers replace their links), reads, writes, deletes last. */
/**
 * A request body as the fuzzer sends it. A file upload may also be sent as JSON (the chip's data), but its schema
 * is "bytes" (format binary, no type): no JSON value breaks it, so it is fuzzed as bytes. Taken for JSON, the
 * search for a breaking body never ends (fast-check's filter retries for ever and the event loop with it).
 */
function bodyOf(contentTypes: string[], schema: Schema, required: boolean): NonNullable<Operation['body']> {
  return { contentTypes, schema, json: contentTypes.some((c) => c.includes('json')) && schema.format !== 'binary', required };
}

export function fuzzOrder(ops: Operation[]): Operation[] {
  // Within the hosted flow, the operations that close a flow (submit, the sandbox's completion) come last:
  // after them every write to that link is a 409.
  const closes = (o: Operation) => /\/(submit|complete)$/.test(o.path);
  const rank = (o: Operation) => (o.isPublic ? (closes(o) ? 0.5 : 0) : o.method === 'GET' ? 1 : o.method === 'DELETE' ? 3 : 2);
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

export type Checker = ReturnType<typeof createChecker>;
export interface Answer {
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
