import { describe, expect, it } from 'vitest';
import { filtersOf, lzwEach, runLengthEach, undoRespelling } from './pdf-filters.ts';
import { lzwZerosBomb } from '../../../../test/fuzz/attack-files.ts';

async function collect(run: (onChunk: (chunk: Buffer) => boolean) => Promise<void>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  await run((chunk) => { pieces.push(Buffer.from(chunk)); return false; });
  return Buffer.concat(pieces);
}

describe('PDF stream filters', () => {
  it('reads filter names, single or in an array, short names expanded', () => {
    expect(filtersOf('<< /Length 5 /Filter /FlateDecode >>')).toEqual(['FlateDecode']);
    expect(filtersOf('<< /Filter [ /AHx /LZW ] /Length 5 >>')).toEqual(['ASCIIHexDecode', 'LZWDecode']);
    expect(filtersOf('<< /Length 5 >>')).toEqual([]);
  });

  it('decodes the LZW example of ISO 32000-1, 7.4.4.2', async () => {
    const encoded = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect((await collect((on) => lzwEach(encoded, true, on))).toString('latin1')).toBe('-----A---B');
  });

  it('decodes an LZW run through 9- to 12-bit codes and a full table, byte for byte', async () => {
    const { data, decodedBytes } = lzwZerosBomb(5_000);
    const out = await collect((on) => lzwEach(data, true, on));
    expect(out.length).toBe(decodedBytes);
    expect(out.every((b) => b === 0)).toBe(true);
  });

  it('stops LZW decoding when told, however much is left', async () => {
    const { data } = lzwZerosBomb(100_000);
    let seen = 0;
    await lzwEach(data, true, (chunk) => (seen += chunk.length) > 1024 * 1024);
    expect(seen).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  it('decodes RunLength literals and repeats up to the end marker', async () => {
    const encoded = Buffer.from([2, 0x61, 0x62, 0x63, 254, 0x78, 128, 0x7a]);
    expect((await collect((on) => runLengthEach(encoded, on))).toString('latin1')).toBe('abcxxx');
  });

  it('undoes ASCIIHex and ASCII85', () => {
    expect(undoRespelling('ASCIIHexDecode', Buffer.from('61 62\n63>')).toString()).toBe('abc');
    expect(undoRespelling('ASCIIHexDecode', Buffer.from('7>'))).toEqual(Buffer.from([0x70]));
    expect(undoRespelling('ASCII85Decode', Buffer.from('9jqo^z~>'))).toEqual(Buffer.concat([Buffer.from('Man '), Buffer.alloc(4)]));
    expect(undoRespelling('ASCII85Decode', Buffer.from('9jqo~>')).toString('latin1')).toBe('Man');
  });
});
