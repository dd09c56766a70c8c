import { describe, expect, it } from 'vitest';
import { nulPointer } from './validation.ts';

describe('nulPointer', () => {
  it('names the first string or key holding U+0000 as a JSON Pointer, keys escaped', () => {
    expect(nulPointer({ name: 'Ada', address: { lines: ['1 Mill Lane', 'Fl\u0000at 2'] } }, '')).toBe('/address/lines/1');
    expect(nulPointer({ 'a/b': { 'c~d': 'x\u0000' } }, '/query')).toBe('/query/a~1b/c~0d');
    expect(nulPointer({ ok: 'yes', ['k\u0000ey']: 1 }, '')).toBe('/k\u0000ey');
    expect(nulPointer('\u0000', '/params')).toBe('/params');
  });

  it('finds nothing in clean values, and never walks bytes', () => {
    expect(nulPointer({ name: 'Ada', tags: ['a', 'b'], n: 3, none: null }, '')).toBeUndefined();
    expect(nulPointer(Buffer.from([0x41, 0x00, 0x42]), '')).toBeUndefined();
  });
});
