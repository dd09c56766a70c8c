import { describe, expect, it } from 'vitest';
import { aesCmac, parseResponse, protectCommand, retailMac, smDecrypt, smMac, pad, type SessionKeys } from './secure-messaging.ts';

const hex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex').toUpperCase();

describe('AES-CMAC (RFC 4493 test vectors)', () => {
  const key = hex('2b7e151628aed2a6abf7158809cf4f3c');
  const m = hex('6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51 30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710');
  it.each([
    [0, 'bb1d6929e95937287fa37d129b756746'],
    [16, '070a16b46b4d4144f79bdd9dd04a287c'],
    [40, 'dfa66747de9ae63030ca32611497c827'],
    [64, '51f0bebf7e3b9d92fc49741779363cfe'],
  ])('a message of %i bytes', (length, mac) => {
    expect(toHex(aesCmac(key, m.subarray(0, length)))).toBe(mac.toUpperCase());
  });
});

/**
 * Doc 9303-11 Appendix D.4 (the worked example of secure messaging with 3DES after BAC): the protected SELECT and
 * READ BINARY, and the chip's responses, byte for byte. The retail MAC and the 3DES encryption are checked on it.
 */
describe('3DES secure messaging (Doc 9303-11 worked example)', () => {
  const keys: SessionKeys = { cipher: '3DES', kEnc: hex('979EC13B1CBFE9DCD01AB0FED307EAE5'), kMac: hex('F1CB1F1FB5ADF208806B89DC579DC1F8') };
  const ssc = (last: number): Uint8Array => hex(`887022120C06C2${last.toString(16).padStart(2, '0')}`);

  it('the protected SELECT EF.COM', () => {
    expect(toHex(protectCommand(keys, ssc(0x27), { cla: 0x00, ins: 0xa4, p1: 0x02, p2: 0x0c, data: hex('011E') })))
      .toBe('0CA4020C158709016375432908C044F68E08BF8B92D635FF24F800');
  });

  it('the retail MAC of the SELECT response and the READ BINARY', () => {
    expect(toHex(retailMac(keys.kMac, pad(hex('887022120C06C228 99029000'), 8)))).toBe('FA855A5D4C50A8ED');
    expect(toHex(smMac(keys, ssc(0x28), hex('99029000')))).toBe('FA855A5D4C50A8ED');
    expect(toHex(protectCommand(keys, ssc(0x29), { cla: 0x00, ins: 0xb0, p1: 0x00, p2: 0x00, le: 4 }))).toBe('0CB000000D9701048E08ED6705417E96BA5500');
  });

  it('the READ BINARY response: MAC and data', () => {
    const response = parseResponse(hex('8709019FF0EC34F9922651990290008E08AD55CC17140B2DED9000'));
    expect(toHex(smMac(keys, ssc(0x2a), response.macInput))).toBe(toHex(response.mac!));
    expect(toHex(smDecrypt(keys, ssc(0x2a), response.encrypted!))).toBe('60145F01');
  });
});
