import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isCountryCode } from '../domain/countries.ts';
import { AppError, type FieldError } from './errors.ts';
import { unsafeTextProblem } from '../domain/unsafe-text.ts';

/**
 * Bodies are validated strictly: no type coercion, no silently dropped fields (an unknown field is an
 * error the caller should hear about). Query strings and path parameters are text, so they are coerced.
 * `verbose` puts each failing schema on its error, so a message can say what the field takes (toFieldErrors).
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = new Ajv({ allErrors: true, verbose: true, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false });
  const coercing = new Ajv({ allErrors: true, verbose: true, coerceTypes: true, removeAdditional: false, useDefaults: true, strict: false });
  for (const ajv of [strict, coercing]) {
    addFormats(ajv);
    // An assigned ISO 3166-1 alpha-2 code in upper case: "XX" and "UN" have the shape but name no country.
    ajv.addFormat('country-code', isCountryCode);
  }
  return ({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? strict : coercing).compile(schema as object);
    // Every string and key is also held to one rule on characters (platform/domain/unsafe-text.ts), each bad field named.
    // Both are reported together: every bad field at once.
    const check = Object.assign((data: unknown, context?: never) => {
      const valid = validate(data, context);
      const problems = unsafeTextPointers(data, '');
      const errors = [...(valid ? [] : validate.errors ?? []), ...problems.map(({ pointer, message }) => ({ instancePath: pointer, schemaPath: '#', keyword: 'text', params: {}, message }))];
      check.errors = errors.length === 0 ? null : errors;
      return errors.length === 0;
    }, { errors: null as ErrorObject[] | null | undefined, schemaEnv: (validate as unknown as { schemaEnv: unknown }).schemaEnv });
    return check as never;
  };
}

/**
 * A body validator outside a route (the hosted flow's steps share one route): the same strict compiler and the
 * same words as every route's body, as field errors (none when the body is valid).
 */
let sharedCompiler: FastifySchemaCompiler<unknown> | undefined;
export function bodyValidator(schema: object): (data: unknown) => FieldError[] {
  sharedCompiler ??= createValidatorCompiler();
  const validate = sharedCompiler({ schema, httpPart: 'body', method: 'PUT', url: '' }) as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
  return (data) => (validate(data) ? [] : toFieldErrors(validate.errors ?? [], 'body'));
}


/**
 * Every string (or key) that breaks the character rule, with its pointer and why. Every validated part of every
 * request is walked, so nothing is built on the way unless something is found.
 */
export function unsafeTextPointers(value: unknown, at: string, out: { pointer: string; message: string }[] = []): { pointer: string; message: string }[] {
  if (typeof value === 'string') {
    const problem = unsafeTextProblem(value);
    if (problem) out.push({ pointer: at, message: problem });
    return out;
  }
  // Only parsed JSON is walked: an upload's bytes (a Buffer) are data, and walking them would cost their size.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    const problem = unsafeTextProblem(key);
    if (problem) {
      out.push({ pointer: at + `/${escape(key)}`, message: problem });
      continue;
    }
    unsafeTextPointers(item, at + `/${escape(key)}`, out);
  }
  return out;
}

/**
 * Ajv errors as `{pointer, message}` pairs a caller can map onto their form: one error per field, in words a
 * person understands. A union (a nullable field, a set of literals) fails once per branch ("must match
 * pattern", "must be null"); only the branch that explains the field speaks (unionErrors).
 */
export function toFieldErrors(errors: ErrorObject[], part: string): FieldError[] {
  const prefix = part === 'body' ? '' : part === 'querystring' ? '/query' : `/${part}`;
  const best = new Map<string, { message: string; rank: number }>();
  for (const e of unionErrors(errors)) {
    const { pointer, message, rank } = describe(e);
    const at = prefix + pointer || '/';
    const current = best.get(at);
    if (!current || rank < current.rank) best.set(at, { message, rank });
  }
  return [...best].map(([pointer, { message }]) => ({ pointer, message }));
}

/**
 * The errors left once every failed union is reduced to its explaining branch: the first branch whose kind fits
 * the value (no type or literal error at the union's own place), e.g. the string branch of a nullable e-mail
 * holding "bad". When no branch fits, one error says what the union takes ("must be \"true\" or \"false\"").
 * Outer unions first: a dropped branch takes its inner unions with it.
 */
function unionErrors(errors: ErrorObject[]): ErrorObject[] {
  const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  let live = errors.filter((e) => !isUnion(e));
  const unions = errors.filter(isUnion).sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  const dropped: string[] = [];
  for (const union of unions) {
    if (dropped.some((p) => union.schemaPath.startsWith(p))) continue;
    const base = `${union.schemaPath}/`;
    const branches = new Map<number, ErrorObject[]>();
    for (const e of live) {
      if (!e.schemaPath.startsWith(base)) continue;
      const index = Number(e.schemaPath.slice(base.length).split('/')[0]);
      branches.set(index, [...(branches.get(index) ?? []), e]);
    }
    const misfit = (branch: ErrorObject[]) => branch.some((e) => e.instancePath === union.instancePath && KIND_KEYWORDS.has(e.keyword));
    const fitting = [...branches].find(([, branch]) => !misfit(branch));
    for (const [index] of branches) if (index !== fitting?.[0]) dropped.push(`${base}${index}/`);
    live = live.filter((e) => !dropped.some((p) => e.schemaPath.startsWith(p)));
    // oneOf can also fail because two branches match: then no branch has errors, and Ajv's own words stay.
    if (!fitting) live.push(branches.size ? { ...union, keyword: 'union', message: `must be ${alternatives((union.schema as Schema[]).map(kindOf))}` } : union);
  }
  return live;
}

/** Keywords that say the value is of the wrong kind for a branch, not a wrong value of the right kind. */
const KIND_KEYWORDS = new Set(['type', 'const', 'enum']);

type Schema = { type?: string | string[]; const?: unknown; enum?: unknown[]; description?: string; format?: string };

/** How a union branch is named in "must be X or Y": its literal value, or its type. */
function kindOf(schema: Schema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(', ');
  return Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type ?? 'valid';
}

const alternatives = (items: string[]): string =>
  items.length <= 2 ? items.join(' or ') : `one of ${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** What a format asks for, in words. */
const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address', uri: 'a URL', 'country-code': 'an ISO 3166-1 alpha-2 country code such as GB', date: 'a date YYYY-MM-DD', 'date-time': 'a date and time such as 2026-01-31T12:00:00Z', uuid: 'a UUID',
};

/**
 * One error in words, and its rank: when a field fails several ways, the lowest rank is the one told
 * (a wrong type before a wrong value, a wrong shape before a wrong length).
 */
function describe(e: ErrorObject): { pointer: string; message: string; rank: number } {
  const pointer = e.instancePath;
  const parent = (e.parentSchema ?? {}) as Schema;
  // The schema's description says what the pattern means when it is written as what the value must be ("an
  // e-mail address such as ..."); the raw regex helps nobody.
  const hint = parent.description && /^(a|an|one of|the) /i.test(parent.description) ? parent.description : undefined;
  switch (e.keyword) {
    case 'required':
      return { pointer: `${pointer}/${escape((e.params as { missingProperty: string }).missingProperty)}`, message: 'is required', rank: 0 };
    case 'additionalProperties':
      return { pointer: `${pointer}/${escape((e.params as { additionalProperty: string }).additionalProperty)}`, message: 'is not a known field', rank: 0 };
    case 'type':
    case 'union':
    case 'text':
      return { pointer, message: e.message ?? 'is invalid', rank: 1 };
    case 'const':
      return { pointer, message: `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`, rank: 2 };
    case 'enum':
      return { pointer, message: `must be ${alternatives((e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)))}`, rank: 2 };
    case 'format': {
      const words = FORMAT_WORDS[(e.params as { format: string }).format] ?? hint;
      return words ? { pointer, message: `must be ${words}`, rank: 3 } : { pointer, message: 'has an invalid format', rank: 3.5 };
    }
    case 'pattern':
      // A pattern without words gives way to anything that says more (a format such as `uri` on the same field).
      return hint ? { pointer, message: `must be ${hint}`, rank: 3 } : { pointer, message: 'has an invalid format', rank: 3.5 };
    default:
      return { pointer, message: e.message ?? 'is invalid', rank: 4 };
  }
}

/** A key as a JSON Pointer segment (RFC 6901). */
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export function validationError(errors: FieldError[]): AppError {
  const detail = errors.length === 1 ? `${errors[0]!.pointer} ${errors[0]!.message}` : `${errors.length} fields are invalid`;
  return new AppError('validation_failed', detail, { errors });
}
