import { describe, expect, it } from 'vitest';
import { unsafeTextPointers } from './validation.ts';

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
