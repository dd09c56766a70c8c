import fc from 'fast-check';

/**
 * JSON Schema (the subset the OpenAPI document uses: type, enum, const, anyOf/oneOf, properties, required,
 * additionalProperties, items, min/max lengths and values, pattern, format) to fast-check arbitraries: values
 * that satisfy a schema, and values that break it in one place. Pure; $refs are resolved through `resolve`.
 * docs/adr/0070-openapi-fuzzing.md says why this is ours rather than a package.
 */
export type Schema = Record<string, any>;
export type Resolve = (ref: string) => Schema;
/** Realistic values by property name (a real date for `date_of_birth`), mixed in so requests get past business rules. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;
/** The hint for an object the schema leaves open (a flow step's answers): shapes the service will recognise. */
export const OPEN_OBJECT = '(open object)';

/** Strings are kept short unless the schema asks for more: long values are the invalid side's job. */
const SOFT_MAX_STRING = 24;
const SOFT_MAX_ITEMS = 3;

/** Text that stresses storage and rendering: NUL, lone surrogates, RTL marks, SQL and HTML metacharacters. */
const NASTY = ['\u0000', '\ud800', '\u202e', "'", '"', '\\', '%', '_', '<script>', '${x}', '../', '\r\n', '\u00a0', '🙂', 'İ', 'ß'];
const nastyString = fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 4, unit: 'binary' })), { maxLength: 6 }).map((p) => p.join(''));

export function deref(schema: Schema, resolve: Resolve): Schema {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) s = resolve(s.$ref);
  return s;
}

function typesOf(s: Schema): string[] | undefined {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  return undefined;
}

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, SOFT_MAX_STRING);
  const fits = (v: string) => v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  let base: fc.Arbitrary<string>;
  if (s.format === 'date-time') base = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  else if (s.format === 'date') base = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  else if (s.format === 'email') base = fc.emailAddress();
  // Web addresses under a reserved name: a generated webhook never reaches a real host (RFC 2606).
  else if (s.format === 'uri' || s.format === 'url' || s.pattern === '^https?://') base = fc.tuple(fc.constantFrom('https', 'http'), fc.stringMatching(/^[a-z0-9-]{1,12}$/), fc.webPath()).map(([scheme, host, p]) => `${scheme}://${host}.example.invalid${p}`);
  else if (s.pattern) base = fc.stringMatching(new RegExp(s.pattern));
  else base = fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, SOFT_MAX_STRING)) }) }, { weight: 1, arbitrary: nastyString });
  return base.map((v) => (v.length > max && !s.pattern && !s.format ? v.slice(0, max) : v)).filter(fits);
}

function numberArbitrary(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : undefined);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : undefined);
  if (integer) return fc.integer({ min: Math.ceil(min ?? -1_000_000), max: Math.floor(max ?? 1_000_000) });
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** Values valid against `schema`. */
export function validArbitrary(schema: Schema, resolve: Resolve, depth = 0, hints: Hints = {}): fc.Arbitrary<unknown> {
  const s = deref(schema, resolve);
  if (!s || Object.keys(s).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) return fc.oneof(...union.map((b: Schema) => validArbitrary(b, resolve, depth + 1, hints)));
  if (Array.isArray(s.allOf)) return validArbitrary(mergeAllOf(s.allOf, resolve), resolve, depth, hints);
  const types = typesOf(s);
  if (!types) return s.properties ? objectArbitrary(s, resolve, depth, hints) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => typedArbitrary(t, s, resolve, depth, hints)));
}

function typedArbitrary(type: string, s: Schema, resolve: Resolve, depth: number, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': return stringArbitrary(s);
    case 'integer': return numberArbitrary(s, true);
    case 'number': return numberArbitrary(s, false);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? SOFT_MAX_ITEMS, Math.max(min, depth > 2 ? min : SOFT_MAX_ITEMS));
      return fc.array(validArbitrary(s.items ?? {}, resolve, depth + 1, hints), { minLength: min, maxLength: max });
    }
    case 'object': return objectArbitrary(s, resolve, depth, hints);
    default: throw new Error(`schema type ${type} has no generator`);
  }
}

function objectArbitrary(s: Schema, resolve: Resolve, depth: number, hints: Hints = {}): fc.Arbitrary<Record<string, unknown>> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(s.required ?? []);
  const model = Object.fromEntries(Object.entries(props).map(([k, v]) => {
    const generic = validArbitrary(v, resolve, depth + 1, hints);
    return [k, hints[k] ? fc.oneof({ weight: 3, arbitrary: hints[k] }, { weight: 1, arbitrary: generic }) : generic];
  }));
  const record = fc.record(model, { requiredKeys: [...required].filter((k) => k in props) });
  if (s.additionalProperties === true || (s.additionalProperties === undefined && Object.keys(props).length === 0)) {
    // An open object (a flow step's answers): extra keys of any kind alongside the known ones.
    const open = fc.tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }))
      .map(([known, extra]) => ({ ...extra, ...known }));
    return hints[OPEN_OBJECT] ? fc.oneof(open, hints[OPEN_OBJECT] as fc.Arbitrary<Record<string, unknown>>) : open;
  }
  return record as fc.Arbitrary<Record<string, unknown>>;
}

function mergeAllOf(parts: Schema[], resolve: Resolve): Schema {
  const out: Schema = { type: 'object', properties: {}, required: [] };
  for (const p of parts.map((x) => deref(x, resolve))) {
    Object.assign(out.properties, p.properties ?? {});
    out.required.push(...(p.required ?? []));
    if (p.additionalProperties === false) out.additionalProperties = false;
  }
  return out;
}

/** A JSON value of a different kind than the schema allows (type confusion). */
function otherType(types: string[] | undefined): fc.Arbitrary<unknown> {
  const all: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 8 })], ['integer', fc.integer()], ['number', fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n))],
    ['boolean', fc.boolean()], ['null', fc.constant(null)], ['array', fc.array(fc.integer(), { maxLength: 2 })], ['object', fc.constant({ unexpected: 1 })],
  ];
  const allowed = new Set(types ?? []);
  if (allowed.has('number')) allowed.add('integer');
  const rest = all.filter(([t]) => !allowed.has(t)).map(([, a]) => a);
  return fc.oneof(...rest);
}

/**
 * Values that break `schema` somewhere: the wrong type, a missing required field, an unknown field, a string
 * too long or off-pattern, a number out of range, a value outside an enum, too many items. The caller checks
 * the result against the schema (a mutation can happen to stay valid, for example inside a permissive union).
 */
export function invalidArbitrary(schema: Schema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema, resolve);
  const options: fc.Arbitrary<unknown>[] = [];
  const types = typesOf(s);
  if (types || s.enum || s.properties) options.push(otherType(types ?? (s.properties ? ['object'] : ['string'])));
  if (Array.isArray(s.enum)) options.push(fc.string({ maxLength: 12 }).filter((v) => !s.enum.includes(v)));
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union) && depth < 6) options.push(...union.map((b: Schema) => invalidArbitrary(b, resolve, depth + 1)));
  if (types?.includes('string')) {
    if (s.maxLength !== undefined) options.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 64 }).map((n) => 'x'.repeat(n)));
    if (s.minLength) options.push(fc.constant(''));
    if (s.pattern || s.format) options.push(fc.constantFrom('\u0000', 'not valid', '2026-13-45', 'é', ' '.repeat(3), 'a\nb', 'javascript:alert(1)'));
  }
  if (types?.includes('integer') || types?.includes('number')) {
    if (s.maximum !== undefined) options.push(fc.integer({ min: Math.floor(s.maximum) + 1, max: Math.floor(s.maximum) + 1_000_000 }));
    if (s.minimum !== undefined) options.push(fc.integer({ min: Math.ceil(s.minimum) - 1_000_000, max: Math.ceil(s.minimum) - 1 }));
    if (types.includes('integer')) options.push(fc.constantFrom(1.5, 1e300, -0.5));
  }
  if (types?.includes('array') && depth < 6) {
    if (s.maxItems !== undefined) options.push(fc.array(validArbitrary(s.items ?? {}, resolve, depth + 1), { minLength: s.maxItems + 1, maxLength: s.maxItems + 3 }));
    if (s.minItems) options.push(fc.constant([]));
    if (s.items) options.push(invalidArbitrary(s.items, resolve, depth + 1).map((bad) => [bad]));
  }
  if ((types?.includes('object') || s.properties) && depth < 6) {
    const valid = objectArbitrary(s, resolve, depth) as fc.Arbitrary<Record<string, unknown>>;
    const required: string[] = s.required ?? [];
    if (required.length) options.push(fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => omit(v, k)));
    if (s.additionalProperties === false) {
      options.push(fc.tuple(valid, fc.constantFrom('unexpected', '__proto__', 'constructor', 'isAdmin')).map(([v, k]) => withKey(v, k, { polluted: true })));
    }
    const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
    if (props.length) {
      options.push(fc.tuple(valid, fc.constantFrom(...props)).chain(([v, [k, p]]) => invalidArbitrary(p, resolve, depth + 1).map((bad) => ({ ...v, [k]: bad }))));
    }
  }
  if (options.length === 0) return otherType(undefined);
  return fc.oneof(...options);
}

const omit = (v: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== key));

/** Defines the key as an own property, `__proto__` included, the way JSON.parse would. */
function withKey(v: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out = { ...v };
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}
