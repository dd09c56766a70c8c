import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { readTlv, SOD_TAG } from '../domain/lds.ts';
import { hashName, OID, parseDer, parseSignedData, PkiError } from './pki.ts';

/**
 * EF.SOD: tag 77 around a CMS SignedData whose content is the LDSSecurityObject (Doc 9303-10 §4.6.2):
 *   LDSSecurityObject ::= SEQUENCE { version INTEGER, hashAlgorithm AlgorithmIdentifier,
 *     dataGroupHashValues SEQUENCE OF SEQUENCE { dataGroupNumber INTEGER, dataGroupHashValue OCTET STRING },
 *     ldsVersionInfo SEQUENCE { ldsVersion PrintableString, unicodeVersion PrintableString } OPTIONAL }
 */
export interface SecurityObject {
  version: number;
  hashAlgorithm: string;
  hashes: Map<number, Uint8Array>;
  ldsVersion: string | null;
  unicodeVersion: string | null;
}

export interface ParsedSod {
  signedData: pkijs.SignedData;
  securityObject: SecurityObject;
  /** The encapsulated LDSSecurityObject bytes, as signed. */
  content: Uint8Array;
}

export function parseSod(sod: Uint8Array): ParsedSod {
  // The file is tag 77 around the CMS; accept a bare ContentInfo too (some readers strip the tag).
  const der = sod[0] === SOD_TAG ? readTlv(sod).value : sod;
  const { signedData, content } = parseSignedData(der, OID.ldsSecurityObject, 'EF.SOD');
  return { signedData, securityObject: parseSecurityObject(content), content };
}

export function parseSecurityObject(bytes: Uint8Array): SecurityObject {
  const root = parseDer(bytes, 'LDSSecurityObject');
  if (!(root instanceof asn1js.Sequence)) throw new PkiError('LDSSecurityObject: not a SEQUENCE');
  const [version, algorithm, hashes, versionInfo] = root.valueBlock.value;
  if (!(version instanceof asn1js.Integer) || !(algorithm instanceof asn1js.Sequence) || !(hashes instanceof asn1js.Sequence)) {
    throw new PkiError('LDSSecurityObject: unexpected structure');
  }
  const hashAlgorithm = hashName(new pkijs.AlgorithmIdentifier({ schema: algorithm }).algorithmId);
  const map = new Map<number, Uint8Array>();
  for (const item of hashes.valueBlock.value) {
    const [num, value] = item instanceof asn1js.Sequence ? item.valueBlock.value : [];
    if (!(num instanceof asn1js.Integer) || !(value instanceof asn1js.OctetString)) throw new PkiError('LDSSecurityObject: bad DataGroupHash');
    map.set(num.valueBlock.valueDec, new Uint8Array(value.getValue()));
  }
  let ldsVersion: string | null = null;
  let unicodeVersion: string | null = null;
  if (versionInfo instanceof asn1js.Sequence) {
    const [l, u] = versionInfo.valueBlock.value;
    ldsVersion = l instanceof asn1js.PrintableString ? l.valueBlock.value : null;
    unicodeVersion = u instanceof asn1js.PrintableString ? u.valueBlock.value : null;
  }
  return { version: version.valueBlock.valueDec, hashAlgorithm, hashes: map, ldsVersion, unicodeVersion };
}
