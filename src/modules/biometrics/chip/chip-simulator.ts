import { createDiffieHellman, createECDH, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import { concat, readTlvs } from '../domain/lds.ts';
import { padTo } from './chip-auth.ts';
import type { DhPrivateKey } from './chip-sample.ts';
import { sameBytes } from '../../../platform/crypto/hash.ts';
import { parseDer } from './pki.ts';
import { deriveSessionKeys, pad, protectResponse, smDecrypt, smMac, sscBytes, type SessionKeys, type SmCipher } from './secure-messaging.ts';

/**
 * TEST ONLY: a passport chip's side of chip authentication (Doc 9303-11 §6.2) and of the secure messaging after it,
 * as a real chip does it: the shared secret from its own static private key (the one whose public half is in
 * DG14) and the terminal's ephemeral public key, the session keys from it, and each protected command checked
 * (its MAC with the send sequence counter) before it is run and its response protected. A command whose MAC does
 * not verify gets a plain 6988 (incorrect secure messaging data objects), as chips answer.
 */
export interface SimulatedChip {
  /** MSE:Set KAT / General Authenticate with the terminal's ephemeral key; then `send` runs protected commands. */
  authenticate(ephemeralPublicKey: Uint8Array, cipher: SmCipher): void;
  send(command: Uint8Array): Uint8Array;
}

/** The private scalar of an EC key (SEC 1 ECPrivateKey's privateKey), whatever its curve. */
function scalarOf(privateKey: KeyObject): Uint8Array {
  const sec1 = parseDer(new Uint8Array(privateKey.export({ type: 'sec1', format: 'der' })), 'ECPrivateKey') as asn1js.Sequence;
  return new Uint8Array((sec1.valueBlock.value[1] as asn1js.OctetString).valueBlock.valueHexView);
}

const plain = (sw: number): Uint8Array => new Uint8Array([sw >> 8, sw & 0xff]);

/** The chip's half of the key agreement with its static private key (EC or DH) and the terminal's ephemeral key. */
function sharedSecret(caKey: KeyObject | DhPrivateKey, ephemeralPublicKey: Uint8Array): Uint8Array {
  if ('x' in caKey) {
    const dh = createDiffieHellman(caKey.p, caKey.g);
    dh.setPrivateKey(caKey.x);
    return padTo(new Uint8Array(dh.computeSecret(ephemeralPublicKey)), caKey.p.length);
  }
  const curve = caKey.asymmetricKeyDetails?.namedCurve;
  if (!curve) throw new Error('the chip authentication key must be an EC key on a named curve');
  const ecdh = createECDH(curve);
  ecdh.setPrivateKey(scalarOf(caKey));
  return new Uint8Array(ecdh.computeSecret(ephemeralPublicKey));
}

/** A chip holding `files` (by file identifier, e.g. 0x0101 for DG1) and the chip authentication key `caKey`. */
export function simulatedChip(caKey: KeyObject | DhPrivateKey, files: Map<number, Uint8Array>): SimulatedChip {
  let keys: SessionKeys | null = null;
  let ssc = 0;
  let selected: Uint8Array | null = null;

  return {
    authenticate(ephemeralPublicKey, cipher) {
      keys = deriveSessionKeys(sharedSecret(caKey, ephemeralPublicKey), cipher);
      ssc = 0;
      selected = null;
    },
    send(command) {
      if (!keys) return plain(0x6982);
      const header = command.subarray(0, 4);
      const body = command.subarray(5, 5 + command[4]!);
      const objects = readTlvs(body);
      const raw = (tag: number) => {
        const t = objects.find((o) => o.tag === tag);
        return t ? body.subarray(t.start, t.end) : new Uint8Array();
      };
      const mac = objects.find((o) => o.tag === 0x8e)?.value;
      ssc += 1;
      const commandSsc = sscBytes(keys, ssc);
      const block = keys.cipher === '3DES' ? 8 : 16;
      if (!mac || !sameBytes(smMac(keys, commandSsc, concat(pad(header, block), raw(0x87), raw(0x97))), mac)) {
        keys = null; // a chip ends the secure messaging session on an SM error
        return plain(0x6988);
      }
      const encrypted = objects.find((o) => o.tag === 0x87)?.value;
      const data = encrypted ? smDecrypt(keys, commandSsc, encrypted.subarray(1)) : new Uint8Array();
      const le = objects.find((o) => o.tag === 0x97)?.value[0];
      let out: Uint8Array = new Uint8Array();
      let sw = 0x9000;
      if (header[1] === 0xa4) {
        const file = files.get((data[0]! << 8) | data[1]!);
        if (file) selected = file;
        else sw = 0x6a82;
      } else if (header[1] === 0xb0) {
        const offset = (header[2]! << 8) | header[3]!;
        if (!selected) sw = 0x6986;
        else out = selected.subarray(offset, offset + (le === 0 ? 256 : (le ?? 0)));
      } else {
        sw = 0x6d00;
      }
      ssc += 1;
      return protectResponse(keys, sscBytes(keys, ssc), out, sw);
    },
  };
}

const CIPHER_OF: Record<string, SmCipher> = { 1: '3DES', 2: 'AES-128', 3: 'AES-192', 4: 'AES-256' };

/**
 * What an honest reader and chip return for a chip authentication session the server started: the chip agrees the
 * keys with the server's ephemeral public key, then answers each of the server's commands in order.
 */
export function answerChipAuthentication(caKey: KeyObject | DhPrivateKey, dg1: Uint8Array, start: { protocol: string; ephemeralPublicKey: Uint8Array; commands: Uint8Array[] }): Uint8Array[] {
  const chip = simulatedChip(caKey, new Map([[0x0101, dg1]]));
  chip.authenticate(start.ephemeralPublicKey, CIPHER_OF[start.protocol.slice(-1)]!);
  return start.commands.map((command) => chip.send(command));
}
