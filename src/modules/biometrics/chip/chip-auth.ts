import { createDiffieHellman, createECDH } from 'node:crypto';
import * as asn1js from 'asn1js';
import { parseDg14, type Dg14 } from './dg14.ts';
import { parseDer } from './pki.ts';
import { deriveSessionKeys, parseResponse, protectCommand, smDecrypt, smMac, sscBytes, type SessionKeys, type SmCipher } from './secure-messaging.ts';
import { publicKeyFromSpki } from './signature.ts';
import { sameBytes } from '../../../platform/crypto/hash.ts';

/**
 * Chip authentication (Doc 9303-11 §6.2) checked by the server (ADR 0198, after ADR 0127): the server, not the
 * reader, makes the ephemeral key pair, agrees the shared secret with the chip's static key from DG14, derives the
 * session keys and keeps them; the ephemeral private key is dropped at once. ECDH (the curves of ADR 0125) or DH. It hands the reader its ephemeral
 * public key and two commands it protected with those keys (SELECT EF.DG1, READ BINARY of its first bytes). Only a
 * chip holding DG14's private key derives the same keys, so only it can answer those commands with responses whose
 * MACs verify here; the reader, which never holds the keys, can neither forge nor alter them.
 *
 * Session keys follow the protocol DG14 names: 3DES (retail MAC) or AES-128/192/256 (CMAC). The send sequence
 * counter starts at 0 after chip authentication (§9.8.2): the first command is protected with 1, its response 2.
 */

/** What the server keeps (sealed) between the session request and the chip upload: no ephemeral private key. */
export interface ChipAuthSession {
  protocol: string;
  name: string;
  cipher: SmCipher;
  /** The chip's key the secret was agreed with: DG14's SubjectPublicKeyInfo, base64. The upload's DG14 must hold it. */
  chipKey: string;
  kEnc: string;
  kMac: string;
  /** The commands handed out, in order; the answer to the last is READ BINARY of the first `readLength` bytes of DG1. */
  commands: number;
  readLength: number;
}

/** What the reader gets: how to start chip authentication with the chip, and the commands to pass to it after. */
export interface ChipAuthStart {
  protocol: string;
  name: string;
  /** 1: MSE:Set KAT (3DES, Doc 9303-11 §6.2.4.1); 2: MSE:Set AT then General Authenticate. */
  version: 1 | 2;
  keyId: number | null;
  /** The server's ephemeral public key: an uncompressed EC point (04 || x || y), or for DH the public value (as long as p). */
  ephemeralPublicKey: Uint8Array;
  /** Protected command APDUs, to be sent to the chip as they are, in order, after chip authentication. */
  commands: Uint8Array[];
  session: ChipAuthSession;
}

export class ChipAuthUnsupportedError extends Error {}

const CA_PREFIX = '0.4.0.127.0.7.2.2.3.';
const CIPHERS: Record<string, SmCipher> = { 1: '3DES', 2: 'AES-128', 3: 'AES-192', 4: 'AES-256' };
/** The first bytes of DG1 read back under the new keys: a TD2 DG1, the shortest, has 77 bytes. */
export const READ_LENGTH = 32;
const DG1_FID = new Uint8Array([0x01, 0x01]);

/**
 * The protocol to run: the DG14 ChipAuthenticationInfo for a key (with `keyId` when the chip has several), ECDH
 * keys before DH ones.
 */
function chooseProtocol(dg14: Dg14, keyId: number | null): { protocol: string; name: string; version: 1 | 2; keyId: number | null; spki: Uint8Array; agreement: 'ECDH' | 'DH' } {
  const keys = dg14.chipAuthenticationKeys.filter((k) => keyId === null || k.keyId === keyId);
  if (keys.length === 0) throw new ChipAuthUnsupportedError(keyId === null ? 'DG14 holds no chip authentication key' : `DG14 holds no chip authentication key ${keyId}`);
  const key = keys.find((k) => k.keyAgreement === 'ECDH') ?? keys.find((k) => k.keyAgreement === 'DH');
  if (!key) throw new ChipAuthUnsupportedError('DG14 holds no ECDH or DH chip authentication key');
  const agreement = key.keyAgreement as 'ECDH' | 'DH';
  const family = agreement === 'ECDH' ? '2.' : '1.';
  // A ChipAuthenticationInfo for this key (same key id, or none named); without one, Doc 9303-11 implies 3DES, version 1.
  const info = dg14.chipAuthentication.find((c) => c.protocol.startsWith(`${CA_PREFIX}${family}`) && (key.keyId === null || c.keyId === null || c.keyId === key.keyId));
  const protocol = info?.protocol ?? `${CA_PREFIX}${family}1`;
  if (!CIPHERS[protocol.slice(-1)]) throw new ChipAuthUnsupportedError(`unknown chip authentication protocol ${protocol}`);
  const version = info?.version === 2 || !protocol.endsWith('.1') ? 2 : 1;
  return { protocol, name: info?.name ?? `CA-${agreement}-3DES-CBC-CBC`, version, keyId: key.keyId, spki: key.spki, agreement };
}

/**
 * DH domain parameters and public value from a SubjectPublicKeyInfo: X9.42 `dhpublicnumber` ({p, g, q, ...}) or
 * PKCS #3 `dhKeyAgreement` ({p, g, ...}) parameters, both starting with p and g; the key a DER INTEGER in the BIT STRING.
 */
export function dhKeyOf(spki: Uint8Array): { p: Uint8Array; g: Uint8Array; y: Uint8Array } {
  const root = parseDer(spki, 'chip authentication key');
  const [alg, bits] = root instanceof asn1js.Sequence ? root.valueBlock.value : [];
  const params = alg instanceof asn1js.Sequence ? alg.valueBlock.value[1] : undefined;
  const [p, g] = params instanceof asn1js.Sequence ? params.valueBlock.value : [];
  if (!(p instanceof asn1js.Integer) || !(g instanceof asn1js.Integer) || !(bits instanceof asn1js.BitString)) throw new ChipAuthUnsupportedError('the DH chip authentication key has no domain parameters or public value');
  const y = parseDer(new Uint8Array(bits.valueBlock.valueHexView), 'DH public value');
  if (!(y instanceof asn1js.Integer)) throw new ChipAuthUnsupportedError('the DH public value is not an INTEGER');
  const unsigned = (i: asn1js.Integer) => {
    const v = new Uint8Array(i.valueBlock.valueHexView);
    return v[0] === 0 && v.length > 1 ? v.subarray(1) : v;
  };
  const prime = unsigned(p);
  if (prime.length < 128) throw new ChipAuthUnsupportedError(`a DH modulus of ${prime.length * 8} bits is too short`);
  return { p: prime, g: unsigned(g), y: unsigned(y) };
}

/** A shared secret as an octet string as long as the modulus (Doc 9303-11 §9.7.1: leading zeros kept). */
export function padTo(value: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  out.set(value.subarray(Math.max(0, value.length - length)), Math.max(0, length - value.length));
  return out;
}

/** The server's side of the key agreement: its ephemeral public key and the shared secret; the private key is not kept. */
function agree(chosen: ReturnType<typeof chooseProtocol>): { ephemeralPublicKey: Uint8Array; secret: Uint8Array } {
  try {
    if (chosen.agreement === 'DH') {
      const { p, g, y } = dhKeyOf(chosen.spki);
      const dh = createDiffieHellman(p, g);
      const ephemeralPublicKey = padTo(new Uint8Array(dh.generateKeys()), p.length);
      return { ephemeralPublicKey, secret: padTo(new Uint8Array(dh.computeSecret(y)), p.length) };
    }
    const { curve, point } = ecPointOf(chosen.spki);
    const ecdh = createECDH(curve);
    const ephemeralPublicKey = new Uint8Array(ecdh.generateKeys());
    return { ephemeralPublicKey, secret: new Uint8Array(ecdh.computeSecret(point)) };
  } catch (error) {
    if (error instanceof ChipAuthUnsupportedError) throw error;
    throw new ChipAuthUnsupportedError(`the chip authentication key cannot be used: ${(error as Error).message}`);
  }
}

/** The EC point in a SubjectPublicKeyInfo (the BIT STRING), and the curve OpenSSL names for its parameters. */
function ecPointOf(spki: Uint8Array): { curve: string; point: Uint8Array } {
  const { type, curve } = publicKeyFromSpki(spki);
  if (type !== 'ec' || !curve) throw new ChipAuthUnsupportedError('the chip authentication key is not an EC key');
  const root = parseDer(spki, 'chip authentication key');
  const bits = root instanceof asn1js.Sequence ? root.valueBlock.value[1] : undefined;
  if (!(bits instanceof asn1js.BitString)) throw new ChipAuthUnsupportedError('the chip authentication key has no public point');
  return { curve, point: new Uint8Array(bits.valueBlock.valueHexView) };
}

const keysOf = (s: ChipAuthSession): SessionKeys => ({ cipher: s.cipher, kEnc: new Uint8Array(Buffer.from(s.kEnc, 'hex')), kMac: new Uint8Array(Buffer.from(s.kMac, 'hex')) });

/** The server's side of the key agreement and the commands it protects, for the chip whose DG14 the reader sent. */
export function startChipAuthentication(dg14Bytes: Uint8Array, keyId: number | null = null): ChipAuthStart {
  const chosen = chooseProtocol(parseDg14(dg14Bytes), keyId);
  const { ephemeralPublicKey, secret } = agree(chosen);
  const cipher = CIPHERS[chosen.protocol.slice(-1)]!;
  const keys = deriveSessionKeys(secret, cipher);
  const commands = [
    protectCommand(keys, sscBytes(keys, 1), { cla: 0x00, ins: 0xa4, p1: 0x02, p2: 0x0c, data: DG1_FID }),
    protectCommand(keys, sscBytes(keys, 3), { cla: 0x00, ins: 0xb0, p1: 0x00, p2: 0x00, le: READ_LENGTH }),
  ];
  return {
    protocol: chosen.protocol, name: chosen.name, version: chosen.version, keyId: chosen.keyId, ephemeralPublicKey, commands,
    session: {
      protocol: chosen.protocol, name: chosen.name, cipher, chipKey: Buffer.from(chosen.spki).toString('base64'),
      kEnc: Buffer.from(keys.kEnc).toString('hex'), kMac: Buffer.from(keys.kMac).toString('hex'), commands: commands.length, readLength: READ_LENGTH,
    },
  };
}

export interface ChipAuthResult {
  /** Every response carries a MAC that verifies with the session keys, status 9000, and the read is READ_LENGTH bytes. */
  valid: boolean;
  /** DG1's first bytes as the chip sent them (decrypted), when the responses verified. */
  read: Uint8Array | null;
  error?: string;
}

/** The chip's response APDUs to the session's commands, in order, checked with the keys only the server holds. */
export function verifyChipAuthResponses(session: ChipAuthSession, responses: Uint8Array[]): ChipAuthResult {
  const fail = (error: string): ChipAuthResult => ({ valid: false, read: null, error });
  if (responses.length !== session.commands) return fail(`${session.commands} responses expected, ${responses.length} sent`);
  const keys = keysOf(session);
  let read: Uint8Array | null = null;
  for (const [i, bytes] of responses.entries()) {
    const ssc = sscBytes(keys, 2 * i + 2);
    let response: ReturnType<typeof parseResponse>;
    try {
      response = parseResponse(bytes);
    } catch (error) {
      return fail(`response ${i + 1}: ${(error as Error).message}`);
    }
    if (!response.mac) return fail(`response ${i + 1}: no MAC (status ${response.sw.toString(16)}): the chip did not accept the protected command`);
    if (!sameBytes(smMac(keys, ssc, response.macInput), response.mac)) return fail(`response ${i + 1}: the MAC does not verify with the session keys`);
    if (response.status !== 0x9000 || response.sw !== 0x9000) return fail(`response ${i + 1}: status ${(response.status ?? response.sw).toString(16)}, not 9000`);
    if (i === responses.length - 1) {
      if (!response.encrypted) return fail('the READ BINARY response carries no data');
      try {
        read = smDecrypt(keys, ssc, response.encrypted);
      } catch (error) {
        return fail(`the READ BINARY data: ${(error as Error).message}`);
      }
      if (read.length !== session.readLength) return fail(`the READ BINARY data is ${read.length} bytes, ${session.readLength} asked for`);
    }
  }
  return { valid: true, read };
}
