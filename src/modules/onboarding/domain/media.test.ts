import { describe, expect, it } from 'vitest';
import { sniff } from './media.ts';

const bytes = (...head: number[]) => new Uint8Array([...head, ...new Array(16).fill(0)]);

describe('sniff: the type comes from the content', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ['pdf', new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
    ['heic', new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, ...new TextEncoder().encode('heic'), 0, 0, 0, 0])],
    ['json', new TextEncoder().encode('  {"dg1": "..." , "sod": ""}')],
  ])('%s', (kind, data) => expect(sniff(data)).toBe(kind));

  it('an executable renamed .jpg is not an image', () => {
    expect(sniff(new TextEncoder().encode('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00'))).toBeUndefined();
    expect(sniff(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeUndefined();
  });

  it('too short to tell is refused', () => expect(sniff(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined());
});
