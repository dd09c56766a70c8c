import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { AppError, type FieldError } from './errors.ts';
import { unsafeTextProblem } from '../domain/unsafe-text.ts';

/**
 * Bodies are validated strictly: no type coercion, no silently dropped fields (an unknown field is an
 * error the caller should hear about). Query strings and path parameters are text, so they are coerced.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false });
  const coercing = new Ajv({ allErrors: true, coerceTypes: true, removeAdditional: false, useDefaults: true, strict: false });
  for (const ajv of [strict, coercing]) addFormats(ajv);
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

const escapeKey = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

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
      out.push({ pointer: at + escapeKey(key), message: problem });
      continue;
    }
    unsafeTextPointers(item, at + escapeKey(key), out);
  }
  return out;
}

/** Ajv errors as `{pointer, message}` pairs a caller can map onto their form. */
export function toFieldErrors(errors: ErrorObject[], part: string): FieldError[] {
  const prefix = part === 'body' ? '' : part === 'querystring' ? '/query' : `/${part}`;
  const seen = new Set<string>();
  const out: FieldError[] = [];
  // A union of literals fails once per literal ("must be equal to constant"): say once which values it takes.
  const constants = new Map<string, unknown[]>();
  for (const e of errors) {
    if (e.keyword === 'const') constants.set(e.instancePath, [...(constants.get(e.instancePath) ?? []), (e.params as { allowedValue: unknown }).allowedValue]);
  }
  for (const e of errors) {
    if (e.keyword === 'const') {
      const values = constants.get(e.instancePath);
      if (!values) continue;
      constants.delete(e.instancePath);
      out.push({ pointer: prefix + e.instancePath || '/', message: values.length === 1 ? `must be ${JSON.stringify(values[0])}` : `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}` });
      continue;
    }
    let pointer = prefix + e.instancePath;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      pointer += `/${(e.params as { missingProperty: string }).missingProperty}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      pointer += `/${(e.params as { additionalProperty: string }).additionalProperty}`;
      message = 'is not a known field';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'pattern' || e.keyword === 'format') {
      // The schema's description says what the pattern means; the raw regex helps nobody.
      const hint = (e.parentSchema as { description?: string } | undefined)?.description;
      message = hint ? `must be ${hint}` : `has an invalid format`;
    } else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      continue; // the branch errors above say more
    }
    const key = `${pointer}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: pointer || '/', message });
  }
  return out;
}

export function validationError(errors: FieldError[]): AppError {
  const detail = errors.length === 1 ? `${errors[0]!.pointer} ${errors[0]!.message}` : `${errors.length} fields are invalid`;
  return new AppError('validation_failed', detail, { errors });
}
