import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { concat, encodeTlv, readTlvs } from '../domain/lds.ts';

/**
 * Secure messaging after chip authentication (Doc 9303-11 §9.8): the session keys from the shared secret (§9.7.1),
 * the MAC (3DES: ISO/IEC 9797-1 MAC algorithm 3, the "retail MAC"; AES: CMAC, NIST SP 800-38B, cut to 8 bytes)
 * and the protection of command and response APDUs. The block ciphers are OpenSSL's (Node's crypto); CMAC and the
 * retail MAC are written here over them because Node exposes neither and no installed package does (ADR 0197).
 */
export type SmCipher = '3DES' | 'AES-128' | 'AES-192' | 'AES-256';

export interface SessionKeys {
  cipher: SmCipher;
  kEnc: Uint8Array;
  kMac: Uint8Array;
}

const blockOf = (cipher: SmCipher): number => (cipher === '3DES' ? 8 : 16);
const aesName = (key: Uint8Array): string => `aes-${key.length * 8}`;

/** KDF(K, c) = H(K || c) (§9.7.1): SHA-1 for 3DES and AES-128, SHA-256 for AES-192/256; c = 1 for K_enc, 2 for K_mac. */
export function deriveSessionKeys(sharedSecret: Uint8Array, cipher: SmCipher): SessionKeys {
  const kdf = (counter: number): Uint8Array => {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    const hash = cipher === 'AES-192' || cipher === 'AES-256' ? 'sha256' : 'sha1';
    const digest = createHash(hash).update(sharedSecret).update(c).digest();
    // 3DES takes two 8-byte keys (K1 || K2); their parity bits are ignored by DES, so they are left as derived.
    return new Uint8Array(digest.subarray(0, { '3DES': 16, 'AES-128': 16, 'AES-192': 24, 'AES-256': 32 }[cipher]));
  };
  return { cipher, kEnc: kdf(1), kMac: kdf(2) };
}

/** ISO/IEC 9797-1 padding method 2: 80 then zeros up to a whole block (a whole block added when already aligned). */
export function pad(data: Uint8Array, block: number): Uint8Array {
  const out = new Uint8Array((Math.floor(data.length / block) + 1) * block);
  out.set(data);
  out[data.length] = 0x80;
  return out;
}

export function unpad(data: Uint8Array): Uint8Array {
  let i = data.length - 1;
  while (i >= 0 && data[i] === 0) i--;
  if (i < 0 || data[i] !== 0x80) throw new Error('padding is not ISO/IEC 9797-1 method 2');
  return data.subarray(0, i);
}

function ecb(name: string, key: Uint8Array, block: Uint8Array): Uint8Array {
  const c = createCipheriv(name, key, null).setAutoPadding(false);
  return new Uint8Array(Buffer.concat([c.update(block), c.final()]));
}

const xor = (a: Uint8Array, b: Uint8Array): Uint8Array => a.map((v, i) => v ^ b[i]!);

/**
 * ISO/IEC 9797-1 MAC algorithm 3 with DES (the retail MAC), over data already padded to 8 bytes: single DES with
 * K1 in CBC over every block, then the last chaining value decrypted with K2 and encrypted with K1 again. That
 * last step is two-key triple DES (E_K1 D_K2 E_K1) of the last block's input; single DES is triple DES with K1
 * thrice (OpenSSL 3 keeps single DES in its legacy provider only).
 */
export function retailMac(key: Uint8Array, padded: Uint8Array): Uint8Array {
  if (padded.length === 0 || padded.length % 8 !== 0) throw new Error('the retail MAC takes whole 8-byte blocks');
  const k1 = key.subarray(0, 8);
  const single = concat(k1, k1);
  let h: Uint8Array = new Uint8Array(8);
  for (let i = 0; i < padded.length - 8; i += 8) h = ecb('des-ede-ecb', single, xor(h, padded.subarray(i, i + 8)));
  return ecb('des-ede-ecb', key.subarray(0, 16), xor(h, padded.subarray(padded.length - 8)));
}

/** Doubling in GF(2^128) for the CMAC subkeys (SP 800-38B §6.1). */
function double(block: Uint8Array): Uint8Array {
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = ((block[i]! << 1) | (i < 15 ? block[i + 1]! >> 7 : 0)) & 0xff;
  if (block[0]! & 0x80) out[15] = out[15]! ^ 0x87;
  return out;
}

/** AES-CMAC (NIST SP 800-38B, RFC 4493), the full 16 bytes. */
export function aesCmac(key: Uint8Array, message: Uint8Array): Uint8Array {
  const name = `${aesName(key)}-ecb`;
  const k1 = double(ecb(name, key, new Uint8Array(16)));
  const k2 = double(k1);
  const blocks = Math.max(1, Math.ceil(message.length / 16));
  const complete = message.length > 0 && message.length % 16 === 0;
  const last = new Uint8Array(16);
  last.set(message.subarray((blocks - 1) * 16));
  if (!complete) last[message.length - (blocks - 1) * 16] = 0x80;
  let x: Uint8Array = new Uint8Array(16);
  for (let i = 0; i < blocks - 1; i++) x = ecb(name, key, xor(x, message.subarray(i * 16, i * 16 + 16)));
  return ecb(name, key, xor(x, xor(last, complete ? k1 : k2)));
}

/** The 8-byte MAC of secure messaging over SSC || data (§9.8.3), the input padded first as the protocol says. */
export function smMac(keys: SessionKeys, ssc: Uint8Array, data: Uint8Array): Uint8Array {
  const input = pad(concat(ssc, data), blockOf(keys.cipher));
  return keys.cipher === '3DES' ? retailMac(keys.kMac, input) : aesCmac(keys.kMac, input).subarray(0, 8);
}

/** The send sequence counter as the cipher's block: 8 bytes for 3DES, 16 for AES (§9.8.2). */
export function sscBytes(keys: SessionKeys, counter: number): Uint8Array {
  const out = new Uint8Array(blockOf(keys.cipher));
  new DataView(out.buffer).setUint32(out.length - 4, counter);
  return out;
}

/** CBC with a zero IV for 3DES; for AES the IV is E(K_enc, SSC) (§9.8.6.2). */
function ivOf(keys: SessionKeys, ssc: Uint8Array): Uint8Array {
  return keys.cipher === '3DES' ? new Uint8Array(8) : ecb(`${aesName(keys.kEnc)}-ecb`, keys.kEnc, ssc);
}

const cbcName = (keys: SessionKeys): string => (keys.cipher === '3DES' ? 'des-ede-cbc' : `${aesName(keys.kEnc)}-cbc`);

export function smEncrypt(keys: SessionKeys, ssc: Uint8Array, plain: Uint8Array): Uint8Array {
  const c = createCipheriv(cbcName(keys), keys.kEnc, ivOf(keys, ssc)).setAutoPadding(false);
  return new Uint8Array(Buffer.concat([c.update(pad(plain, blockOf(keys.cipher))), c.final()]));
}

export function smDecrypt(keys: SessionKeys, ssc: Uint8Array, encrypted: Uint8Array): Uint8Array {
  if (encrypted.length === 0 || encrypted.length % blockOf(keys.cipher) !== 0) throw new Error('the encrypted data is not whole blocks');
  const d = createDecipheriv(cbcName(keys), keys.kEnc, ivOf(keys, ssc)).setAutoPadding(false);
  return unpad(new Uint8Array(Buffer.concat([d.update(encrypted), d.final()])));
}

/** A plain command APDU, short form: header, optional data, optional Le (0 stands for 256). */
export interface CommandApdu {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  data?: Uint8Array;
  le?: number;
}

/**
 * Protects a command (§9.8.4): CLA with the SM bits (0C), the data encrypted in DO'87', Le in DO'97', and DO'8E'
 * the MAC over SSC || padded header || DOs. `ssc` is the counter already incremented for this command.
 */
export function protectCommand(keys: SessionKeys, ssc: Uint8Array, apdu: CommandApdu): Uint8Array {
  const header = new Uint8Array([apdu.cla | 0x0c, apdu.ins, apdu.p1, apdu.p2]);
  const do87 = apdu.data?.length ? encodeTlv(0x87, concat(new Uint8Array([0x01]), smEncrypt(keys, ssc, apdu.data))) : new Uint8Array();
  const do97 = apdu.le === undefined ? new Uint8Array() : encodeTlv(0x97, new Uint8Array([apdu.le & 0xff]));
  const mac = smMac(keys, ssc, concat(pad(header, blockOf(keys.cipher)), do87, do97));
  const body = concat(do87, do97, encodeTlv(0x8e, mac));
  if (body.length > 255) throw new Error('a protected command longer than a short APDU');
  return concat(header, new Uint8Array([body.length]), body, new Uint8Array([0x00]));
}

export interface ProtectedResponse {
  /** DO'87' (encrypted data), DO'99' (status), DO'8E' (MAC) as read; null when absent. */
  encrypted: Uint8Array | null;
  status: number | null;
  mac: Uint8Array | null;
  /** The trailing status word, outside the protection. */
  sw: number;
  /** What the MAC covers: DO'87' || DO'99' as sent. */
  macInput: Uint8Array;
}

/** Splits a response APDU into its secure-messaging objects; throws on a response that is not one. */
export function parseResponse(response: Uint8Array): ProtectedResponse {
  if (response.length < 2) throw new Error('a response APDU has at least a status word');
  const body = response.subarray(0, response.length - 2);
  const sw = (response[response.length - 2]! << 8) | response[response.length - 1]!;
  const out: ProtectedResponse = { encrypted: null, status: null, mac: null, sw, macInput: new Uint8Array() };
  const covered: Uint8Array[] = [];
  for (const tlv of body.length ? readTlvs(body) : []) {
    const raw = body.subarray(tlv.start, tlv.end);
    if (tlv.tag === 0x87) {
      if (tlv.value[0] !== 0x01) throw new Error('DO\'87\' does not start with the padding indicator 01');
      out.encrypted = tlv.value.subarray(1);
      covered.push(raw);
    } else if (tlv.tag === 0x99) {
      if (tlv.value.length !== 2) throw new Error('DO\'99\' is not two bytes');
      out.status = (tlv.value[0]! << 8) | tlv.value[1]!;
      covered.push(raw);
    } else if (tlv.tag === 0x8e) {
      out.mac = tlv.value;
    } else {
      throw new Error(`unexpected data object ${tlv.tag.toString(16)} in a protected response`);
    }
  }
  out.macInput = concat(...covered);
  return out;
}

/** A response protected the way a chip protects it (§9.8.5): for the chip simulator and its tests. */
export function protectResponse(keys: SessionKeys, ssc: Uint8Array, data: Uint8Array, sw: number): Uint8Array {
  const do87 = data.length ? encodeTlv(0x87, concat(new Uint8Array([0x01]), smEncrypt(keys, ssc, data))) : new Uint8Array();
  const do99 = encodeTlv(0x99, new Uint8Array([sw >> 8, sw & 0xff]));
  const mac = smMac(keys, ssc, concat(do87, do99));
  return concat(do87, do99, encodeTlv(0x8e, mac), new Uint8Array([sw >> 8, sw & 0xff]));
}


