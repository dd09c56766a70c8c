import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { AccountCreateBody, ContactCreateBody, ContactReplaceBody } from '../../modules/accounts/accounts.schemas.ts';
import { OnboardingTriggerBody } from '../../modules/onboarding/onboarding.schemas.ts';
import { CursorQuery } from './schemas.ts';
import { createValidatorCompiler, toFieldErrors, unsafeTextPointers } from './validation.ts';

const pointers = (value: unknown, at = '') => unsafeTextPointers(value, at).map((p) => p.pointer);

describe('unsafeTextPointers', () => {
  it('names every string or key holding a refused character as a JSON Pointer, keys escaped', () => {
    expect(pointers({ name: 'Ada', address: { lines: ['1 Mill Lane', 'Fl\u0000at 2'] } })).toEqual(['/address/lines/1']);
    expect(pointers({ 'a/b': { 'c~d': 'x\u0000' } }, '/query')).toEqual(['/query/a~1b/c~0d']);
    expect(pointers({ ok: 'yes', ['k\u0000ey']: 1 })).toEqual(['/k\u0000ey']);
    expect(pointers('\u0000', '/params')).toEqual(['/params']);
  });

  it('reports every bad field at once, each with its reason', () => {
    expect(unsafeTextPointers({ first_name: 'Ada\u202E', middle_name: 'x\uD800', last_name: 'Hart\u0007ley', city: 'York' }, '')).toEqual([
      { pointer: '/first_name', message: 'must not contain the bidirectional control character U+202E' },
      { pointer: '/middle_name', message: 'must not contain a lone surrogate (U+D800): it is not valid Unicode text' },
      { pointer: '/last_name', message: 'must not contain the control character U+0007' },
    ]);
  });

  it('finds nothing in clean values, and never walks bytes', () => {
    expect(pointers({ name: 'Ada', tags: ['a', 'b'], n: 3, none: null, notes: 'line one\nline two\tend' })).toEqual([]);
    expect(pointers(Buffer.from([0x41, 0x00, 0x42]))).toEqual([]);
  });
});

/** The real request schemas through the real compiler: what each kind of mistake is told. */
describe('toFieldErrors over the real schemas', () => {
  const compile = createValidatorCompiler();
  const errorsFor = (schema: unknown, data: unknown, httpPart = 'body') => {
    const validate = compile({ schema, httpPart, method: 'POST', url: '/' } as never) as unknown as ((data: unknown) => boolean) & { errors: ErrorObject[] | null };
    return validate(data) ? [] : toFieldErrors(validate.errors!, httpPart);
  };
  const contact = (fields: Record<string, unknown>) => ({ first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', ...fields });

  it.each([
    ['an e-mail without @', ContactCreateBody, contact({ email: 'ada.example.com' }), [['/email', 'must be an e-mail address such as name@example.com']]],
    ['an e-mail that is a number', ContactCreateBody, contact({ email: 5 }), [['/email', 'must be string or null']]],
    ['a date in another format', ContactCreateBody, contact({ date_of_birth: '12/04/1985' }), [['/date_of_birth', 'must be a date YYYY-MM-DD (date of birth), or "" to clear']]],
    ['a date too long for the field', ContactCreateBody, contact({ passport_expiry_date: '2030-01-01T00:00:00Z' }), [['/passport_expiry_date', 'must be a date YYYY-MM-DD (passport expiry), or "" to clear']]],
    ['a three-letter country', ContactCreateBody, contact({ primary_address: { country_code: 'GBR' } }), [['/primary_address/country_code', 'must be an ISO 3166-1 alpha-2 country code such as GB']]],
    ['an address that is text', ContactCreateBody, contact({ primary_address: 'York' }), [['/primary_address', 'must be object or null']]],
    ['an unknown field inside the address', ContactCreateBody, contact({ primary_address: { town: 'York' } }), [['/primary_address/town', 'is not a known field']]],
    ['a name too long', ContactCreateBody, contact({ first_name: 'A'.repeat(101) }), [['/first_name', 'must NOT have more than 100 characters']]],
    ['a contact type that is not one of the two', ContactReplaceBody, contact({ type: 'OTHER' }), [['/type', 'must be "PRIMARY" or "ADDITIONAL"']]],
    ['an address type other than PRIMARY', ContactCreateBody, contact({ primary_address: { type: 'HOME' } }), [['/primary_address/type', 'must be one of "PRIMARY", "" or null']]],
    ['a missing type and name together', AccountCreateBody, { primary_contact: contact({}) }, [['/name', 'is required'], ['/type', 'is required']]],
    ['booleans for "true"/"false" parameters', OnboardingTriggerBody, { config: { parameters: { idscan: true, selfie: 'false', face_match: 'no' } } },
      [['/config/parameters/idscan', 'must be "true" or "false"'], ['/config/parameters/face_match', 'must be "true" or "false"']]],
    ['a redirect that is not a URL', OnboardingTriggerBody, { config: { parameters: { frontend_redirect_url: 'not a url' } } }, [['/config/parameters/frontend_redirect_url', 'must be a URL']]],
    ['a ttl of the wrong type', OnboardingTriggerBody, { config: { parameters: {}, ttl_in_days: 'ten' } }, [['/config/ttl_in_days', 'must be integer']]],
  ])('%s', (_name, schema, data, expected) => {
    expect(errorsFor(schema, data)).toEqual(expected.map(([pointer, message]) => ({ pointer, message })));
  });

  it('points query errors under /query', () => {
    expect(errorsFor(CursorQuery, { limit: 'many' }, 'querystring')).toEqual([{ pointer: '/query/limit', message: 'must be integer' }]);
  });

  it('escapes keys in pointers (RFC 6901)', () => {
    expect(errorsFor(ContactCreateBody, contact({ 'a/b~c': 1 }))).toEqual([{ pointer: '/a~1b~0c', message: 'is not a known field' }]);
  });
});
