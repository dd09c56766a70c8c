import { describe, expect, it } from 'vitest';
import { parseChipUpload } from './chip-upload.ts';

const files = { sod: 'dxA=', dg1: 'YQA=', dg2: 'dQA=' };
const pointers = (json: unknown) => parseChipUpload(json).errors.map((e) => e.pointer).sort();

describe('the chip upload\'s chip authentication answers', () => {
  it('the challenge and the chip\'s response APDUs (hex), read as bytes; the reader\'s claim alone stays a claim', () => {
    const { upload } = parseChipUpload({ ...files, chip_authentication: { challenge: '0011223344556677', responses: ['990290008E08FA855A5D4C50A8ED9000', '6988'] } });
    expect(upload?.chipAuthentication).toEqual({ challenge: '0011223344556677', responses: [Uint8Array.from(Buffer.from('990290008E08FA855A5D4C50A8ED9000', 'hex')), Uint8Array.from([0x69, 0x88])] });
    expect(upload?.chipAuthenticationAsserted).toBeNull();
    const claim = parseChipUpload({ ...files, chip_authentication: { performed: true } }).upload;
    expect(claim).toMatchObject({ chipAuthenticationAsserted: true, chipAuthentication: null });
  });

  it('one error per bad field, all at once', () => {
    expect(pointers({ ...files, chip_authentication: { responses: ['90', 'zz', 7] } })).toEqual(['/chip_authentication/challenge', '/chip_authentication/responses/0', '/chip_authentication/responses/1', '/chip_authentication/responses/2']);
    expect(pointers({ ...files, chip_authentication: { challenge: '0011223344556677' } })).toEqual(['/chip_authentication/responses']);
    expect(pointers({ ...files, chip_authentication: { challenge: '0011223344556677', responses: [], extra: 1 } })).toEqual(['/chip_authentication/extra', '/chip_authentication/responses']);
    expect(pointers({ ...files, chip_authentication: {} })).toEqual(['/chip_authentication']);
    expect(pointers({ ...files, chip_authentication: 'yes' })).toEqual(['/chip_authentication']);
  });

  it('with active authentication too, both name the same challenge (one challenge row, used once)', () => {
    const aa = { challenge: '0011223344556677', signature: 'AAAA' };
    expect(pointers({ ...files, active_authentication: aa, chip_authentication: { challenge: '8899aabbccddeeff', responses: ['9000'] } })).toEqual(['/chip_authentication/challenge']);
    expect(parseChipUpload({ ...files, active_authentication: aa, chip_authentication: { challenge: '0011223344556677', responses: ['9000'] } }).errors).toEqual([]);
  });
});
