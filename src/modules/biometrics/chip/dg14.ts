import * as asn1js from 'asn1js';
import { readTlv } from '../domain/lds.ts';
import { toArrayBuffer } from './pki.ts';

/**
 * DG14 (Doc 9303-11 §9.2): SecurityInfos ::= SET OF SEQUENCE { protocol OID, requiredData ANY, optionalData ANY }.
 * Read here: ActiveAuthenticationInfo (the hash of ECDSA active authentication), ChipAuthenticationInfo and
 * ChipAuthenticationPublicKeyInfo (whether the chip does chip authentication, and with what key), PACEInfo.
 */
export interface Dg14 {
  /** ActiveAuthenticationInfo's signature algorithm, as a hash name (ecdsa-plain-SHA256 -> sha256). */
  aaHash: string | null;
  aaSignatureAlgorithm: string | null;
  chipAuthentication: Array<{ protocol: string; name: string; version: number | null; keyId: number | null }>;
  chipAuthenticationKeys: Array<{ protocol: string; keyAgreement: 'DH' | 'ECDH' | 'unknown'; keyId: number | null; spki: Uint8Array }>;
  pace: boolean;
  protocols: string[];
}

const AA_INFO = '2.23.136.1.1.5';
const CA_PREFIX = '0.4.0.127.0.7.2.2.3.';
const PK_DH = '0.4.0.127.0.7.2.2.1.1';
const PK_ECDH = '0.4.0.127.0.7.2.2.1.2';
const PACE_PREFIX = '0.4.0.127.0.7.2.2.4.';
const PLAIN_HASH: Record<string, string> = {
  '0.4.0.127.0.7.1.1.4.1.1': 'sha1', '0.4.0.127.0.7.1.1.4.1.2': 'sha224', '0.4.0.127.0.7.1.1.4.1.3': 'sha256',
  '0.4.0.127.0.7.1.1.4.1.4': 'sha384', '0.4.0.127.0.7.1.1.4.1.5': 'sha512',
};
const CA_NAMES: Record<string, string> = {
  '1.1': 'CA-DH-3DES-CBC-CBC', '1.2': 'CA-DH-AES-CBC-CMAC-128', '1.3': 'CA-DH-AES-CBC-CMAC-192', '1.4': 'CA-DH-AES-CBC-CMAC-256',
  '2.1': 'CA-ECDH-3DES-CBC-CBC', '2.2': 'CA-ECDH-AES-CBC-CMAC-128', '2.3': 'CA-ECDH-AES-CBC-CMAC-192', '2.4': 'CA-ECDH-AES-CBC-CMAC-256',
};

const int = (v: asn1js.AsnType | undefined): number | null => (v instanceof asn1js.Integer ? v.valueBlock.valueDec : null);

export function parseDg14(dg14: Uint8Array): Dg14 {
  const outer = readTlv(dg14);
  if (outer.tag !== 0x6e) throw new Error(`DG14 must start with tag 6E, found ${outer.tag.toString(16)}`);
  const asn = asn1js.fromBER(toArrayBuffer(outer.value));
  if (asn.offset === -1 || !(asn.result instanceof asn1js.Set)) throw new Error('DG14: SecurityInfos is not a SET');
  const out: Dg14 = { aaHash: null, aaSignatureAlgorithm: null, chipAuthentication: [], chipAuthenticationKeys: [], pace: false, protocols: [] };
  for (const info of asn.result.valueBlock.value) {
    if (!(info instanceof asn1js.Sequence)) continue;
    const [oidNode, required, optional] = info.valueBlock.value;
    if (!(oidNode instanceof asn1js.ObjectIdentifier)) continue;
    const protocol = oidNode.valueBlock.toString();
    out.protocols.push(protocol);
    if (protocol === AA_INFO) {
      const alg = optional instanceof asn1js.ObjectIdentifier ? optional.valueBlock.toString() : null;
      out.aaSignatureAlgorithm = alg;
      out.aaHash = alg ? (PLAIN_HASH[alg] ?? null) : null;
    } else if (protocol.startsWith(CA_PREFIX)) {
      out.chipAuthentication.push({ protocol, name: CA_NAMES[protocol.slice(CA_PREFIX.length)] ?? protocol, version: int(required), keyId: int(optional) });
    } else if (protocol === PK_DH || protocol === PK_ECDH) {
      const spki = required ? new Uint8Array(required.toBER(false)) : new Uint8Array();
      out.chipAuthenticationKeys.push({ protocol, keyAgreement: protocol === PK_DH ? 'DH' : 'ECDH', keyId: int(optional), spki });
    } else if (protocol.startsWith(PACE_PREFIX)) {
      out.pace = true;
    }
  }
  return out;
}
